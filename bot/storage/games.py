"""The tables being played: the `GameStore` interface, its rows and its refusals.

A game is one row from its lobby to its end: seats and settings, the game's
record and a snapshot of its state, its public messages, how far the
narration got, who is away, and the one deadline the timers wait for. The
promises, on every backend:

- every write is committed before its method returns, so nothing acknowledged
  to a player is lost in a crash;
- a game's record and snapshot change together, in one transaction;
- `commit_action` checks the stored version, so an action is never applied
  twice, whichever process or connection tries;
- a channel has at most one game in the lobby or running (`ChannelBusy`), held
  by a unique index, so it holds across processes too.

What a record holds is the game's business: storage keeps it as given, and
the version its caller says it stands for.
"""

from __future__ import annotations

import abc
import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from bot.kit.shards import Shards
from bot.storage.common import KEEP, Keep, StorageError
from engine.interface import JSON, Setting, Settings

__all__ = [
    "ChannelBusy",
    "GameNotFound",
    "GameRow",
    "GameStatus",
    "GameStore",
    "Owed",
    "Seat",
    "StaleVersion",
    "WrongStatus",
]


class GameStatus(enum.StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def active(self) -> bool:
        """Lobby or running: the game still occupies its channel."""
        return self in (GameStatus.LOBBY, GameStatus.RUNNING)


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

    def to_json(self) -> JSON:
        data: JSON = {"user_id": self.user_id, "name": self.name}
        if self.agent is not None:
            data["agent"] = self.agent
        return data

    @classmethod
    def from_json(cls, data: JSON) -> Seat:
        return cls(user_id=data.get("user_id"), name=data["name"], agent=data.get("agent"))


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game as stored; the JSON columns come back decoded."""

    id: int
    game: str  # which game the table plays: its name in the engine's registry
    guild_id: int | None
    channel_id: int
    status: GameStatus
    host_id: int
    settings: dict[str, Setting]
    seats: tuple[Seat, ...]
    record: JSON | None  # the game's own record format; None in the lobby
    snapshot: JSON | None  # engine state; a cache of replaying `record`
    version: int  # number of actions in `record`; part of every button's custom_id
    table_message_id: int | None
    ping_message_id: int | None
    lobby_message_id: int | None
    narration: JSON  # how far the public reveal narration got
    # The one stored deadline: when the timers must next act on this game (a
    # reminder or a timeout). Indexed, so the timers ask for the earliest only.
    deadline_at: datetime | None
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    # Per seat: timeouts in a row, away, kicked; and what the deadline is for (timers).
    presence: JSON = field(default_factory=dict)


#: What a game's public messages show now, asked when it is written
#: (`GameStore.owe_narration`): the version stored for the game as the caller
#: knows it, the narration column, the table message's id.
Owed = Callable[[], tuple[int, JSON, int | None]]


class GameStore(abc.ABC):
    """Games from lobby to end, and the deadlines the timers ask for.

    A write returns the game's row as it now stands, except its two large
    fields: `record` and `snapshot` are those just written (`start_game`,
    `commit_action`) or None (every other write), never read back; `game()`
    reads them. The game service keeps both in memory."""

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
        settings: Settings,
        seats: Sequence[Seat],
        *,
        game: str,
    ) -> GameRow:
        """A new game of `game` in the lobby; `ChannelBusy` if the channel already has one."""

    @abc.abstractmethod
    async def update_lobby(
        self,
        game_id: int,
        *,
        seats: Sequence[Seat] | None = None,
        settings: Settings | None = None,
        host_id: int | None = None,
    ) -> GameRow:
        """Change the seats, settings or host of a game still in the lobby."""

    @abc.abstractmethod
    async def start_game(
        self,
        game_id: int,
        record: JSON,
        snapshot: JSON,
        *,
        version: int,
        deadline_at: datetime | None = None,
        presence: JSON | None = None,
        narration: JSON | None = None,
    ) -> GameRow:
        """Lobby → running, with the record's deal and the engine's first state,
        whose version (the actions the record holds) the caller gives; and, in
        the same write, its first deadline, presence and narration."""

    @abc.abstractmethod
    async def commit_action(
        self,
        game_id: int,
        expected_version: int,
        record: JSON,
        snapshot: JSON,
        *,
        version: int,
        status: GameStatus | None = None,
        deadline_at: datetime | Keep | None = None,
        presence: JSON | None = None,
        narration: JSON | None = None,
        table_message_id: int | Keep | None = KEEP,
        row: GameRow | None = None,
    ) -> GameRow:
        """Store the record grown by one or more actions, and the state they lead
        to, at that state's `version` (above `expected_version`); with them, in
        the same write (one statement: one round trip), the presence, the next
        deadline, the narration and the table's id as they stand after it.
        Moves of several games that arrive together may share one statement.

        `row`, the game as the caller holds it (at `expected_version`): the
        row returned is made from it and what was written, nothing read back.

        Optimistic check: `StaleVersion` (and nothing written) unless the stored
        version is still `expected_version`, so an action is never applied twice.
        `status` FINISHED or CANCELLED ends the game in the same transaction.
        The deadline belonged to the version before: it is cleared unless a new
        one is given (or KEEP).
        """

    @abc.abstractmethod
    def owe_narration(self, game_id: int, owed: Owed) -> None:
        """What a game's public messages show (after a post: its id, the post no
        longer owed) is to be stored, with the next write of any game, or
        within a second or so: `owed()` says what it is then. Nothing is
        waited for; a crash before the write loses only what a restart finds
        again (the post, by its ids)."""

    @abc.abstractmethod
    async def flush(self) -> None:
        """Write what is owed now (before closing)."""

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
    async def set_narration(
        self,
        game_id: int,
        narration: JSON,
        *,
        table_message_id: int | Keep | None = KEEP,
    ) -> GameRow:
        """What the public messages show (the publisher's record, e.g. after a
        table post: its id, the post no longer owed), in one write."""

    @abc.abstractmethod
    async def set_presence(
        self,
        game_id: int,
        presence: JSON,
        *,
        deadline_at: datetime | Keep | None = KEEP,
        narration: JSON | None = None,
    ) -> GameRow:
        """Who is away or kicked, timeouts in a row, and (optionally) the
        deadline and the narration, in one write."""

    @abc.abstractmethod
    async def set_deadline(self, game_id: int, deadline_at: datetime | None) -> GameRow: ...

    @abc.abstractmethod
    async def finish(self, game_id: int, status: GameStatus = GameStatus.FINISHED) -> GameRow:
        """End a game in the lobby or running as FINISHED or CANCELLED; frees the channel."""
