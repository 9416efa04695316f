"""Durable game storage in one SQLite file (aiosqlite).

The service is the only writer of a game (it holds the game's lock), but
many games share this one connection, so every method runs under one
`asyncio.Lock` in an explicit transaction: two coroutines can never
interleave statements inside each other's transaction. Every write is
committed before its method returns, so a crash loses nothing that was
acknowledged to a player.

Rows come back as frozen dataclasses with the JSON columns already decoded;
no caller sees an `sqlite3.Row`.
"""

from __future__ import annotations

import asyncio
import enum
import json
import sqlite3
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, Self

import aiosqlite

from bot.migrations import MIGRATIONS

__all__ = [
    "KEEP",
    "RECORD_FORMAT",
    "ChannelBusy",
    "GameNotFound",
    "GameRow",
    "GameStatus",
    "Seat",
    "StaleVersion",
    "Storage",
    "StorageError",
    "WrongStatus",
]

RECORD_FORMAT = "mammamia-record/1"


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
    guild_id: int | None
    channel_id: int
    status: GameStatus
    host_id: int
    settings: dict[str, Any]
    seats: tuple[Seat, ...]
    record: dict[str, Any] | None  # "mammamia-record/1"; None in the lobby
    snapshot: dict[str, Any] | None  # engine state; a cache of replaying `record`
    version: int  # number of actions in `record`; part of every button's custom_id
    table_message_id: int | None
    ping_message_id: int | None
    lobby_message_id: int | None
    narration: dict[str, Any]  # how far the public reveal narration got
    deadline_at: datetime | None  # when the pending turn or decision times out
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    # Per seat: timeouts in a row, away, kicked; and the deadline being armed (timers).
    presence: dict[str, Any] = field(default_factory=dict)
    game: str = "mammamia"  # the game's name in the engine's registry


def _utc_now() -> datetime:
    return datetime.now(UTC)


class Storage:
    """The bot's database. Create with `await Storage.open(path)`."""

    def __init__(self, conn: aiosqlite.Connection, now: Callable[[], datetime]) -> None:
        self._conn = conn
        self._now = now
        self._lock = asyncio.Lock()

    # -- lifecycle ---------------------------------------------------------

    @classmethod
    async def open(cls, path: str | Path, *, now: Callable[[], datetime] = _utc_now) -> Storage:
        """Open (creating if needed) the database at `path` and bring its schema up to date.

        `path` may be ":memory:" for a throw-away database.
        """
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves (see _transaction).
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            # WAL: readers never block the writer, and a commit is one append.
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            # Wait rather than fail if an operator's sqlite3 shell holds a lock.
            await conn.execute("PRAGMA busy_timeout = 5000")
            await _migrate(conn)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, now)

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def schema_version(self) -> int:
        async with self._lock:
            return await _user_version(self._conn)

    async def journal_mode(self) -> str:
        async with self._lock:
            row = await _one(self._conn, "PRAGMA journal_mode", ())
            assert row is not None
            return str(row[0])

    # -- reading games -----------------------------------------------------

    async def game(self, game_id: int) -> GameRow | None:
        return await self._select_one("SELECT * FROM games WHERE id = ?", (game_id,))

    async def active_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in the lobby or running, if any."""
        return await self._select_one(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
            (channel_id,),
        )

    async def unfinished_games(self) -> list[GameRow]:
        """Every game in the lobby or running, oldest first: what to resume at start-up."""
        async with self._lock:
            cursor = await self._conn.execute(
                "SELECT * FROM games WHERE status IN ('lobby', 'running') ORDER BY id"
            )
            rows = await cursor.fetchall()
        return [_game_from_row(row) for row in rows]

    async def ended_since(self, moment: datetime) -> list[GameRow]:
        """Games that ended after `moment`, oldest first: their last public
        messages (the end of a reveal, the ranking) may still be owed."""
        async with self._lock:
            cursor = await self._conn.execute(
                "SELECT * FROM games WHERE status IN ('finished', 'cancelled')"
                " AND record IS NOT NULL AND finished_at >= ? ORDER BY id",
                (_timestamp(moment),),
            )
            rows = await cursor.fetchall()
        return [_game_from_row(row) for row in rows]

    async def last_finished_game(
        self, channel_id: int, *, include_cancelled: bool = False
    ) -> GameRow | None:
        """The channel's most recently ended game (for the record export, a rematch)."""
        ended = "('finished', 'cancelled')" if include_cancelled else "('finished')"
        return await self._select_one(
            f"SELECT * FROM games WHERE channel_id = ? AND status IN {ended}"
            " ORDER BY finished_at DESC, id DESC LIMIT 1",
            (channel_id,),
        )

    # -- writing games -----------------------------------------------------

    async def create_lobby(
        self,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        settings: Mapping[str, Any],
        seats: Sequence[Seat],
        game: str = "mammamia",
    ) -> GameRow:
        """A new game in the lobby; `ChannelBusy` if the channel already has one."""
        now = _timestamp(self._now())
        try:
            async with self._transaction() as conn:
                row = await _one(
                    conn,
                    "INSERT INTO games (game, guild_id, channel_id, status, host_id, settings,"
                    " seats, created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)"
                    " RETURNING *",
                    (
                        game,
                        guild_id,
                        channel_id,
                        host_id,
                        _dumps(settings),
                        _dumps([seat.to_json() for seat in seats]),
                        now,
                        now,
                    ),
                )
        except sqlite3.IntegrityError:
            # The partial unique index refused a second active game in the channel.
            busy = await self.active_game(channel_id)
            if busy is None:  # it ended in between; a real integrity error otherwise
                raise
            raise ChannelBusy(channel_id, busy) from None
        assert row is not None
        return _game_from_row(row)

    async def update_lobby(
        self,
        game_id: int,
        *,
        seats: Sequence[Seat] | None = None,
        settings: Mapping[str, Any] | None = None,
        host_id: int | None = None,
    ) -> GameRow:
        """Change the seats, settings or host of a game still in the lobby."""
        changes: dict[str, object] = {}
        if seats is not None:
            changes["seats"] = _dumps([seat.to_json() for seat in seats])
        if settings is not None:
            changes["settings"] = _dumps(settings)
        if host_id is not None:
            changes["host_id"] = host_id
        async with self._transaction() as conn:
            await _require_status(conn, game_id, (GameStatus.LOBBY,))
            return await self._update(conn, game_id, changes)

    async def start_game(
        self,
        game_id: int,
        record: Mapping[str, Any],
        snapshot: Mapping[str, Any],
        *,
        deadline_at: datetime | None = None,
    ) -> GameRow:
        """Lobby → running, with the record's deal and the engine's first state."""
        changes = {
            "status": GameStatus.RUNNING.value,
            "record": _dumps(record),
            "snapshot": _dumps(snapshot),
            "version": _action_count(record),
            "deadline_at": _optional_timestamp(deadline_at),
        }
        async with self._transaction() as conn:
            await _require_status(conn, game_id, (GameStatus.LOBBY,))
            return await self._update(conn, game_id, changes)

    async def commit_action(
        self,
        game_id: int,
        expected_version: int,
        record: Mapping[str, Any],
        snapshot: Mapping[str, Any],
        *,
        status: GameStatus | None = None,
        deadline_at: datetime | Keep | None = KEEP,
        presence: Mapping[str, Any] | None = None,
    ) -> GameRow:
        """Store the record grown by one or more actions, and the state they lead to.

        Optimistic check: `StaleVersion` (and nothing written) unless the stored
        version is still `expected_version`, so an action is never applied twice.
        `status` FINISHED or CANCELLED ends the game in the same transaction.
        """
        new_version = _action_count(record)
        if new_version <= expected_version:
            raise ValueError(
                f"the record has {new_version} actions; a commit after version "
                f"{expected_version} must add at least one"
            )
        changes: dict[str, object] = {
            "record": _dumps(record),
            "snapshot": _dumps(snapshot),
            "version": new_version,
        }
        if deadline_at is not KEEP:
            changes["deadline_at"] = _optional_timestamp(deadline_at)
        if presence is not None:
            changes["presence"] = _dumps(presence)
        if status is not None and status is not GameStatus.RUNNING:
            changes |= self._ending(status)
        async with self._transaction() as conn:
            current = await _require_status(conn, game_id, (GameStatus.RUNNING,))
            if current["version"] != expected_version:
                raise StaleVersion(game_id, expected_version, current["version"])
            return await self._update(conn, game_id, changes)

    async def set_messages(
        self,
        game_id: int,
        *,
        table_message_id: int | Keep | None = KEEP,
        ping_message_id: int | Keep | None = KEEP,
        lobby_message_id: int | Keep | None = KEEP,
    ) -> GameRow:
        """Remember the game's public messages; only the ids given change (None clears)."""
        given = {
            "table_message_id": table_message_id,
            "ping_message_id": ping_message_id,
            "lobby_message_id": lobby_message_id,
        }
        changes = {column: value for column, value in given.items() if value is not KEEP}
        async with self._transaction() as conn:
            return await self._update(conn, game_id, changes)

    async def set_narration(self, game_id: int, narration: Mapping[str, Any]) -> GameRow:
        """How far the public narration got, e.g. `{"events_shown": 4}`, for resuming it."""
        async with self._transaction() as conn:
            return await self._update(conn, game_id, {"narration": _dumps(narration)})

    async def set_presence(
        self, game_id: int, presence: Mapping[str, Any], *, deadline_at: Any = KEEP
    ) -> GameRow:
        """Who is away or kicked, timeouts in a row, and (optionally) the deadline."""
        changes: dict[str, object] = {"presence": _dumps(presence)}
        if deadline_at is not KEEP:
            changes["deadline_at"] = _optional_timestamp(deadline_at)
        async with self._transaction() as conn:
            return await self._update(conn, game_id, changes)

    async def set_deadline(self, game_id: int, deadline_at: datetime | None) -> GameRow:
        async with self._transaction() as conn:
            return await self._update(
                conn, game_id, {"deadline_at": _optional_timestamp(deadline_at)}
            )

    async def finish(self, game_id: int, status: GameStatus = GameStatus.FINISHED) -> GameRow:
        """End a game in the lobby or running as FINISHED or CANCELLED; frees the channel."""
        changes = self._ending(status)
        async with self._transaction() as conn:
            await _require_status(conn, game_id, (GameStatus.LOBBY, GameStatus.RUNNING))
            return await self._update(conn, game_id, changes)

    # -- meta --------------------------------------------------------------

    async def get_meta(self, key: str) -> str | None:
        async with self._lock:
            row = await _one(self._conn, "SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row["value"])

    async def set_meta(self, key: str, value: str) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # -- user preferences ------------------------------------------------

    async def preferences(self, user_id: int) -> dict[str, Any]:
        """A user's own settings (`notify`, and whether DMs to them were refused)."""
        async with self._lock:
            row = await _one(
                self._conn, "SELECT preferences FROM user_preferences WHERE user_id = ?", (user_id,)
            )
        return {} if row is None else dict(json.loads(row["preferences"]))

    async def set_preferences(self, user_id: int, **changes: Any) -> dict[str, Any]:
        """Change some of a user's settings (None removes one); returns them all."""
        async with self._transaction() as conn:
            row = await _one(
                conn, "SELECT preferences FROM user_preferences WHERE user_id = ?", (user_id,)
            )
            preferences = {} if row is None else dict(json.loads(row["preferences"]))
            preferences.update(changes)
            preferences = {k: v for k, v in preferences.items() if v is not None}
            await conn.execute(
                "INSERT INTO user_preferences (user_id, preferences) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET preferences = excluded.preferences",
                (user_id, _dumps(preferences)),
            )
        return preferences

    # -- internals ---------------------------------------------------------

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction, alone on the connection, committed on success.

        IMMEDIATE takes the write lock up front, so the reads inside (version
        checks) cannot be invalidated by another process before the write.
        """
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    async def _select_one(self, sql: str, params: Sequence[object]) -> GameRow | None:
        async with self._lock:
            row = await _one(self._conn, sql, params)
        return None if row is None else _game_from_row(row)

    async def _update(
        self, conn: aiosqlite.Connection, game_id: int, changes: Mapping[str, object]
    ) -> GameRow:
        """Apply `changes` (column → SQL value) to one game and return the new row."""
        columns = {**changes, "updated_at": _timestamp(self._now())}
        # Column names come from this module's literals only, never from callers.
        assignments = ", ".join(f"{column} = ?" for column in columns)
        row = await _one(
            conn,
            f"UPDATE games SET {assignments} WHERE id = ? RETURNING *",
            (*columns.values(), game_id),
        )
        if row is None:
            raise GameNotFound(game_id)
        return _game_from_row(row)

    def _ending(self, status: GameStatus) -> dict[str, object]:
        if status.active:
            raise ValueError(f"{status} does not end a game")
        return {
            "status": status.value,
            "finished_at": _timestamp(self._now()),
            "deadline_at": None,
        }


async def _migrate(conn: aiosqlite.Connection) -> None:
    """Run the migrations this database has not seen yet, each atomically."""
    current = await _user_version(conn)
    if current > len(MIGRATIONS):
        raise StorageError(
            f"the database is at schema version {current}, newer than this bot "
            f"({len(MIGRATIONS)}); upgrade the bot"
        )
    for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
        try:
            await conn.executescript(
                f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;"
            )
        except BaseException:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise


async def _user_version(conn: aiosqlite.Connection) -> int:
    row = await _one(conn, "PRAGMA user_version", ())
    assert row is not None
    return int(row[0])


async def _one(
    conn: aiosqlite.Connection, sql: str, params: Sequence[object]
) -> sqlite3.Row | None:
    cursor = await conn.execute(sql, params)
    try:
        return await cursor.fetchone()
    finally:
        await cursor.close()


async def _require_status(
    conn: aiosqlite.Connection, game_id: int, allowed: Sequence[GameStatus]
) -> sqlite3.Row:
    row = await _one(conn, "SELECT status, version FROM games WHERE id = ?", (game_id,))
    if row is None:
        raise GameNotFound(game_id)
    status = GameStatus(row["status"])
    if status not in allowed:
        raise WrongStatus(game_id, status, allowed)
    return row


def _game_from_row(row: sqlite3.Row) -> GameRow:
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        status=GameStatus(row["status"]),
        host_id=row["host_id"],
        settings=json.loads(row["settings"]),
        seats=tuple(Seat.from_json(seat) for seat in json.loads(row["seats"])),
        record=_optional_json(row["record"]),
        snapshot=_optional_json(row["snapshot"]),
        version=row["version"],
        table_message_id=row["table_message_id"],
        ping_message_id=row["ping_message_id"],
        lobby_message_id=row["lobby_message_id"],
        narration=json.loads(row["narration"]),
        deadline_at=_optional_datetime(row["deadline_at"]),
        created_at=datetime.fromisoformat(row["created_at"]),
        updated_at=datetime.fromisoformat(row["updated_at"]),
        finished_at=_optional_datetime(row["finished_at"]),
        presence=json.loads(row["presence"]),
        game=row["game"],
    )


def _action_count(record: Mapping[str, Any]) -> int:
    """How many actions a record holds: its own, or every game's in a match."""
    games = record.get("games")
    if isinstance(games, list):
        return sum(len(g.get("actions", ())) for g in games)
    return len(record.get("actions", ()))


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _optional_json(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _timestamp(moment: datetime) -> str:
    """UTC ISO-8601 with a fixed width, so text order is time order (ORDER BY works)."""
    if moment.tzinfo is None:
        raise ValueError("timestamps must be timezone-aware")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _optional_timestamp(moment: datetime | None) -> str | None:
    return None if moment is None else _timestamp(moment)


def _optional_datetime(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)
