"""`Storage` in one SQLite file (aiosqlite): the default, for one process.

Many games share one connection, whose calls aiosqlite runs one at a time on
its own thread, each statement one call through its public API
(`execute_fetchall`, which steps the statement to its end there and lets its
cursor go, so no statement is ever left in progress under a COMMIT). The
connection's users take turns (`_turn`): a transaction's statements run
between its BEGIN IMMEDIATE and COMMIT with no other statement in between,
and a read never sees a write that is not committed yet. A move's writes are
one statement each, committed by themselves (`_statement`): one call, as a
read is. BEGIN IMMEDIATE takes the file's write lock up front, so a version
read inside a write cannot be invalidated by another process before the
write.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from bot.kit.metrics import Trip
from bot.storage.common import StorageError, utc_now
from bot.storage.migrations import SQLITE_MIGRATIONS as MIGRATIONS
from bot.storage.sql import SqlStorage
from bot.storage.sql_base import Executor, Row, T

__all__ = ["MIGRATIONS", "SqliteStorage", "backup"]

#: Pages copied at a time by `backup`, between which the bot may write.
BACKUP_STEP = 1024


class _Connection:
    """The `Executor` of sql_base.py: each statement one trip to aiosqlite's
    thread, run to its end there with its rows (`execute_fetchall`)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def fetchone(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Sequence[object] = ()) -> Sequence[Row]:
        with Trip():
            return list(await self._conn.execute_fetchall(sql, params))

    async def execute(self, sql: str, params: Sequence[object] = ()) -> None:
        await self.fetchall(sql, params)


class SqliteStorage(SqlStorage):
    backend = "sqlite"
    kept_seconds = math.inf  # one process writes this file: what it kept stays true

    def __init__(self, conn: aiosqlite.Connection, now: Callable[[], datetime]) -> None:
        super().__init__(now)
        self._conn = conn
        self._db = _Connection(conn)
        # The connection's turn: one transaction (or statement) at a time.
        self._turn = asyncio.Lock()

    @classmethod
    async def connect(
        cls, path: str | Path, *, now: Callable[[], datetime] = utc_now
    ) -> SqliteStorage:
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
            await conn.execute_fetchall("PRAGMA journal_mode = WAL")
            # NORMAL: a commit reaches the WAL before it returns, so it survives
            # the process being killed; only a power cut may lose the last
            # moments (never corrupting the file). FULL fsyncs every commit and
            # caps the bot near 15 moves a second on a disk (README, Performance).
            await conn.execute_fetchall("PRAGMA synchronous = NORMAL")
            await conn.execute_fetchall("PRAGMA foreign_keys = ON")
            # Wait rather than fail if an operator's sqlite3 shell holds a lock.
            await conn.execute_fetchall("PRAGMA busy_timeout = 5000")
            await _migrate(conn)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, now)

    async def close(self) -> None:
        await self.flush()  # what is owed, written
        async with self._turn:  # after the transaction under way, if any
            await self._conn.close()

    async def journal_mode(self) -> str:
        async with self._read() as db:
            row = await db.fetchone("PRAGMA journal_mode")
        assert row is not None
        return str(row[0])  # type: ignore[index]

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[_Connection]:
        async with self._turn:  # never inside a transaction of another task
            yield self._db

    async def _transaction(self, body: Callable[[Executor], Awaitable[T]]) -> T:
        async with self._turn:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                result = await body(self._db)
                await self._db.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:  # the body failed, or the commit did
                    # A cancelled COMMIT may still have run: nothing left to undo.
                    with contextlib.suppress(sqlite3.OperationalError):
                        await self._db.execute("ROLLBACK")
                raise
        return result

    async def _statement(self, sql: str, params: Sequence[object]) -> Row | None:
        # Autocommit (isolation_level None): the statement commits by itself.
        async with self._turn:
            return await self._db.fetchone(sql, params)

    async def _rows(self, sql: str, params: Sequence[object]) -> Sequence[Row]:
        async with self._turn:
            return await self._db.fetchall(sql, params)

    def _to_db_time(self, moment: datetime) -> str:
        return timestamp(moment)

    def _from_db_time(self, value: object) -> datetime:
        return datetime.fromisoformat(str(value))

    def _is_channel_busy(self, error: Exception) -> bool:
        return isinstance(error, sqlite3.IntegrityError)


def backup(source: Path, target: Path) -> None:
    """A consistent copy of the database file `source` at `target`, made by
    SQLite's online backup while a bot may be writing it (from another
    process: the bot waits only for each step of pages, never for the whole)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with (
        contextlib.closing(sqlite3.connect(source)) as conn,
        contextlib.closing(sqlite3.connect(target)) as copy,
    ):
        conn.backup(copy, pages=BACKUP_STEP)


def timestamp(moment: datetime) -> str:
    """UTC ISO-8601 with a fixed width, so text order is time order (ORDER BY works)."""
    if moment.tzinfo is None:
        raise ValueError("timestamps must be timezone-aware")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


async def _migrate(conn: aiosqlite.Connection) -> None:
    """Run the migrations this database has not seen yet, each atomically."""
    current = await _adopt_user_version(conn)
    if current > len(MIGRATIONS):
        raise StorageError(
            f"the database is at schema version {current}, newer than this bot "
            f"({len(MIGRATIONS)}); upgrade the bot"
        )
    for number, migration in enumerate(MIGRATIONS[current:], start=current + 1):
        applied = timestamp(utc_now())
        try:
            if isinstance(migration, str):
                script = (
                    f"BEGIN IMMEDIATE;\n{migration}\n"
                    f"INSERT INTO schema_migrations (version, applied_at)"
                    f" VALUES ({number}, '{applied}');\nCOMMIT;"
                )
                async with conn.executescript(script):
                    pass  # the cursor closed
                continue
            db = _Connection(conn)
            await db.execute("BEGIN IMMEDIATE")
            await migration(db)
            await db.execute(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                (number, applied),
            )
            await db.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                await conn.execute_fetchall("ROLLBACK")
            raise


async def _adopt_user_version(conn: aiosqlite.Connection) -> int:
    """Make sure `schema_migrations` exists and return the highest version in it.

    A database made before the table existed counted its migrations in
    `PRAGMA user_version`; those are recorded as applied, once.
    """
    await conn.execute_fetchall("BEGIN IMMEDIATE")
    try:
        await conn.execute_fetchall(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
        )
        highest = await _scalar(conn, "SELECT MAX(version) FROM schema_migrations")
        if highest is None:
            legacy = int(await _scalar(conn, "PRAGMA user_version") or 0)
            now = timestamp(utc_now())
            async with conn.executemany(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                [(number, now) for number in range(1, legacy + 1)],
            ):
                pass  # the cursor closed
            highest = legacy
    except BaseException:
        await conn.execute_fetchall("ROLLBACK")
        raise
    await conn.execute_fetchall("COMMIT")
    return int(highest)


async def _scalar(conn: aiosqlite.Connection, sql: str) -> Any:
    rows = list(await conn.execute_fetchall(sql))
    return rows[0][0] if rows else None
