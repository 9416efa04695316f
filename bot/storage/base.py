"""What the bot asks of its database: the `Storage` interface and the rows it returns.

Two implementations stand behind it (SQLite in `sqlite.py`, PostgreSQL in
`postgres.py`); `open_storage` in `__init__.py` picks one. Both make the same
promises:

- every write is committed before its method returns, so nothing acknowledged
  to a player is lost in a crash;
- a game's record and snapshot change together, in one transaction;
- `commit_action` checks the stored version, so an action is never applied
  twice, whichever process or connection tries;
- a channel has at most one game in the lobby or running (`ChannelBusy`), held
  by a unique index, so it holds across processes too.

Rows come back as frozen dataclasses with the JSON columns already decoded.
What a record holds is the game's business: storage only counts its actions.
"""

from __future__ import annotations

import abc
import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, Self

from bot.shards import Shards

__all__ = [
    "DEFAULT_GAME",
    "KEEP",
    "ChannelBusy",
    "GameNotFound",
    "GameResult",
    "GameRow",
    "GameStatus",
    "Keep",
    "Rate",
    "Rating",
    "ResultRow",
    "Seat",
    "Shards",
    "StaleVersion",
    "Storage",
    "StorageError",
    "WrongStatus",
]

#: The game a lobby hosts when the caller names none.
DEFAULT_GAME = "mammamia"


class GameStatus(enum.StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def active(self) -> bool:
        """Lobby or running: the game still occupies its channel."""
        return self in (GameStatus.LOBBY, GameStatus.RUNNING)


class _Keep(enum.Enum):
    KEEP = enum.auto()


# "Leave this column as it is" for partial updates, where None means "clear it".
Keep = Literal[_Keep.KEEP]
KEEP: Keep = _Keep.KEEP


class StorageError(Exception):
    """Base class of the errors a caller is expected to handle."""


class GameNotFound(StorageError, LookupError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"no game {game_id}")
        self.game_id = game_id


class ChannelBusy(StorageError):
    """The channel already has a game in the lobby or running."""

    def __init__(self, channel_id: int, game: GameRow) -> None:
        super().__init__(f"channel {channel_id} already has game {game.id} ({game.status})")
        self.channel_id = channel_id
        self.game = game


class StaleVersion(StorageError):
    """The game moved on since the caller read it; nothing was written."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id} is at version {actual}, not {expected}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class WrongStatus(StorageError):
    """The operation does not apply to a game in this status; nothing was written."""

    def __init__(self, game_id: int, status: GameStatus, allowed: Sequence[GameStatus]) -> None:
        wanted = " or ".join(allowed)
        super().__init__(f"game {game_id} is {status}, not {wanted}")
        self.game_id = game_id
        self.status = status
        self.allowed = tuple(allowed)


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat at the table, in seat order. A computer seat has no user."""

    user_id: int | None
    name: str
    agent: str | None = None  # the AI agent playing a computer seat

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"user_id": self.user_id, "name": self.name}
        if self.agent is not None:
            data["agent"] = self.agent
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        return cls(user_id=data.get("user_id"), name=data["name"], agent=data.get("agent"))


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    game: str  # which game the table plays, e.g. "mammamia"
    guild_id: int | None
    channel_id: int
    status: GameStatus
    host_id: int
    settings: dict[str, Any]
    seats: tuple[Seat, ...]
    record: dict[str, Any] | None  # the game's own record format; None in the lobby
    snapshot: dict[str, Any] | None  # engine state; a cache of replaying `record`
    version: int  # number of actions in `record`; part of every button's custom_id
    table_message_id: int | None
    ping_message_id: int | None
    lobby_message_id: int | None
    narration: dict[str, Any]  # how far the public reveal narration got
    # The one stored deadline: when the timers must next act on this game (a
    # reminder or a timeout). Indexed, so the timers ask for the earliest only.
    deadline_at: datetime | None
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    # Per seat: timeouts in a row, away, kicked; and what the deadline is for (timers).
    presence: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One seat's result in one finished game (bot/stats.py)."""

    game_id: int
    seat: int
    player: str  # the rated player: a user id, or "computer:<difficulty>"
    user_id: int | None
    name: str
    place: int  # 1 is the best; tied seats share a place
    score: int  # the game's own measure: orders delivered, points
    made: tuple[str, ...] = ()  # what the seat made (orders, heroes), by key
    game: str = ""
    variant: str = ""
    guild_id: int = 0
    finished_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game's result, one row per seat."""

    game_id: int
    guild_id: int
    game: str
    variant: str
    finished_at: datetime
    seats: tuple[ResultRow, ...]


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating on a server, in one game, over one period."""

    player: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def ordinal(self) -> float:
        """The conservative estimate the leaderboard ranks by."""
        return self.mu - 3 * self.sigma


#: New ratings from prior ones: given the result and each player's prior
#: (mu, sigma) where they have one, every player's (mu, sigma) after it.
Rate = Callable[[GameResult, Mapping[str, tuple[float, float]]], Mapping[str, tuple[float, float]]]


def utc_now() -> datetime:
    return datetime.now(UTC)


class Storage(abc.ABC):
    """The bot's database. Open with `await open_storage(url_or_path)` (or `Storage.open`).

    A write returns the game's row as it now stands, except its two large
    fields: `record` and `snapshot` are those just written (`start_game`,
    `commit_action`) or None (every other write), never read back; `game()`
    reads them. The game service keeps both in memory."""

    #: "sqlite" or "postgresql".
    backend: str

    @classmethod
    async def open(
        cls, url_or_path: str | Path, *, now: Callable[[], datetime] = utc_now
    ) -> Storage:
        """Same as `open_storage`: a `postgresql://` URL, else a SQLite file path."""
        from bot.storage import open_storage  # the factory knows every backend

        return await open_storage(url_or_path, now=now)

    @abc.abstractmethod
    async def close(self) -> None: ...

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @abc.abstractmethod
    async def schema_version(self) -> int:
        """The highest migration applied (rows of `schema_migrations`)."""

    # -- reading games -----------------------------------------------------

    @abc.abstractmethod
    async def game(self, game_id: int) -> GameRow | None: ...

    @abc.abstractmethod
    async def active_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in the lobby or running, if any."""

    @abc.abstractmethod
    async def unfinished_games(self, *, shards: Shards | None = None) -> list[GameRow]:
        """Every game in the lobby or running, oldest first: what to resume at start-up."""

    @abc.abstractmethod
    async def ended_since(self, moment: datetime, *, shards: Shards | None = None) -> list[GameRow]:
        """Games that ended at or after `moment`, oldest first: their last public
        messages (the end of a reveal, the ranking) may still be owed."""

    @abc.abstractmethod
    async def last_finished_game(
        self, channel_id: int, *, include_cancelled: bool = False
    ) -> GameRow | None:
        """The channel's most recently ended game (for the record export, a rematch)."""

    @abc.abstractmethod
    async def next_deadline(self, *, shards: Shards | None = None) -> tuple[datetime, int] | None:
        """The earliest deadline of any unfinished game, and that game's id."""

    @abc.abstractmethod
    async def due_games(self, now: datetime, *, shards: Shards | None = None) -> list[GameRow]:
        """Unfinished games whose deadline is at or before `now`, earliest first."""

    @abc.abstractmethod
    async def oldest_lobby(self, *, shards: Shards | None = None) -> tuple[datetime, int] | None:
        """The lobby untouched for longest: when it last changed, and its id."""

    @abc.abstractmethod
    async def idle_lobbies(
        self, updated_before: datetime, *, shards: Shards | None = None
    ) -> list[GameRow]:
        """Lobbies that have not changed since before `updated_before`, oldest first."""

    # -- writing games -----------------------------------------------------

    @abc.abstractmethod
    async def create_lobby(
        self,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        settings: Mapping[str, Any],
        seats: Sequence[Seat],
        *,
        game: str = DEFAULT_GAME,
    ) -> GameRow:
        """A new game of `game` in the lobby; `ChannelBusy` if the channel already has one."""

    @abc.abstractmethod
    async def update_lobby(
        self,
        game_id: int,
        *,
        seats: Sequence[Seat] | None = None,
        settings: Mapping[str, Any] | None = None,
        host_id: int | None = None,
    ) -> GameRow:
        """Change the seats, settings or host of a game still in the lobby."""

    @abc.abstractmethod
    async def start_game(
        self,
        game_id: int,
        record: Mapping[str, Any],
        snapshot: Mapping[str, Any],
        *,
        deadline_at: datetime | None = None,
    ) -> GameRow:
        """Lobby → running, with the record's deal and the engine's first state."""

    @abc.abstractmethod
    async def commit_action(
        self,
        game_id: int,
        expected_version: int,
        record: Mapping[str, Any],
        snapshot: Mapping[str, Any],
        *,
        status: GameStatus | None = None,
        deadline_at: datetime | Keep | None = None,
        presence: Mapping[str, Any] | None = None,
    ) -> GameRow:
        """Store the record grown by one or more actions, and the state they lead to.

        Optimistic check: `StaleVersion` (and nothing written) unless the stored
        version is still `expected_version`, so an action is never applied twice.
        `status` FINISHED or CANCELLED ends the game in the same transaction.
        The deadline belonged to the version before: it is cleared unless a new
        one is given (or KEEP).
        """

    @abc.abstractmethod
    async def set_messages(
        self,
        game_id: int,
        *,
        table_message_id: int | Keep | None = KEEP,
        ping_message_id: int | Keep | None = KEEP,
        lobby_message_id: int | Keep | None = KEEP,
    ) -> GameRow:
        """Remember the game's public messages; only the ids given change (None clears)."""

    @abc.abstractmethod
    async def set_narration(self, game_id: int, narration: Mapping[str, Any]) -> GameRow:
        """How far the public narration got, e.g. `{"events_shown": 4}`, for resuming it."""

    @abc.abstractmethod
    async def set_presence(
        self,
        game_id: int,
        presence: Mapping[str, Any],
        *,
        deadline_at: datetime | Keep | None = KEEP,
    ) -> GameRow:
        """Who is away or kicked, timeouts in a row, and (optionally) the deadline."""

    @abc.abstractmethod
    async def set_deadline(self, game_id: int, deadline_at: datetime | None) -> GameRow: ...

    @abc.abstractmethod
    async def finish(self, game_id: int, status: GameStatus = GameStatus.FINISHED) -> GameRow:
        """End a game in the lobby or running as FINISHED or CANCELLED; frees the channel."""

    # -- meta --------------------------------------------------------------

    @abc.abstractmethod
    async def get_meta(self, key: str) -> str | None: ...

    @abc.abstractmethod
    async def set_meta(self, key: str, value: str) -> None: ...

    @abc.abstractmethod
    async def preferences(self, user_id: int) -> dict[str, Any]:
        """A user's own settings (`notify`, and whether DMs to them were refused)."""

    @abc.abstractmethod
    async def set_preferences(self, user_id: int, **changes: Any) -> dict[str, Any]:
        """Change some of a user's settings (None removes one); returns them all."""

    @abc.abstractmethod
    async def claim_preference(self, user_id: int, key: str) -> bool:
        """Set the flag `key` unless it is set already; True if this call set it.
        Read and written in one transaction, so of several concurrent claims
        exactly one wins: what is said once is said once."""

    # -- results and ratings -----------------------------------------------

    @abc.abstractmethod
    async def record_result(
        self, result: GameResult, rate: Rate, periods: Sequence[str] = ("all",)
    ) -> bool:
        """Store a finished game's result and move its players' ratings in each
        period, in one transaction. False, and nothing written, if this game's
        result is already stored: recording is idempotent, keyed by game id."""

    @abc.abstractmethod
    async def player_results(self, guild_id: int, game: str, player: str) -> list[ResultRow]:
        """Every stored result of one player on a server in one game, newest first."""

    @abc.abstractmethod
    async def computers_beaten(self, guild_id: int, game: str, player: str) -> dict[str, int]:
        """How many computer seats of each player key ("computer:hard") this
        player finished ahead of."""

    @abc.abstractmethod
    async def leaderboard(
        self, guild_id: int, game: str, period: str, *, min_games: int = 1, limit: int = 10
    ) -> list[Rating]:
        """The best rated players with at least `min_games` games, best first."""

    @abc.abstractmethod
    async def finished_games(self, guild_id: int, *, limit: int = 10) -> list[GameRow]:
        """The server's most recently finished games, newest first."""

    @abc.abstractmethod
    async def places(self, game_ids: Sequence[int]) -> dict[int, dict[int, int]]:
        """The stored place of each seat, by game id and seat."""

    @abc.abstractmethod
    async def forget_player(self, user_id: int) -> int:
        """Leave a user out of the statistics: delete their results and ratings,
        and keep only a seat name in the games they played. Returns the number
        of results deleted."""
