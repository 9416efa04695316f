"""`Storage` in one SQLite file (aiosqlite): the default, for one process.

Many games share one connection, whose calls aiosqlite runs one at a time on
its own thread. Every write is one explicit transaction run there as a single
call (`_transaction`): no other statement can land inside it, and a write
costs one trip to that thread. BEGIN IMMEDIATE takes the file's write lock up
front, so a version read inside a write cannot be invalidated by another
process before the write.
"""

from __future__ import annotations

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

__all__ = ["MIGRATIONS", "SqliteStorage"]


class _Connection:
    """The `Executor` of sql_base.py for reads: each statement one trip to
    aiosqlite's thread (`execute_fetchall`), not three (execute, fetch, close)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def fetchone(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        with Trip():
            rows = list(await self._conn.execute_fetchall(sql, params))
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Sequence[object] = ()) -> Sequence[Row]:
        with Trip():
            return list(await self._conn.execute_fetchall(sql, params))

    async def execute(self, sql: str, params: Sequence[object] = ()) -> None:
        with Trip():
            await self._conn.execute(sql, params)


class _InThread:
    """The `Executor` of sql_base.py on the database thread itself: plain sqlite3
    calls, so a transaction's body never suspends and runs in one go there."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    async def fetchone(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        row: sqlite3.Row | None = self._conn.execute(sql, params).fetchone()
        return row

    async def fetchall(self, sql: str, params: Sequence[object] = ()) -> Sequence[Row]:
        return self._conn.execute(sql, params).fetchall()

    async def execute(self, sql: str, params: Sequence[object] = ()) -> None:
        self._conn.execute(sql, params)


def _run_transaction(conn: sqlite3.Connection, body: Callable[[Executor], Awaitable[T]]) -> T:
    """On the database thread: BEGIN IMMEDIATE, the whole body, COMMIT (or
    ROLLBACK). Nothing else can run on the connection meanwhile, so a
    transaction needs no lock and costs the event loop one wake-up, however
    many statements it has; under load, a trip per statement held a lock for
    a whole loop iteration each and queued every other game behind it."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        step = body(_InThread(conn))
        try:
            step.send(None)  # type: ignore[attr-defined]
        except StopIteration as done:
            result: T = done.value
        else:
            step.close()  # type: ignore[attr-defined]
            raise RuntimeError("a transaction's body awaited something besides the database")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:  # the body failed, or the commit did
            conn.execute("ROLLBACK")
        raise
    return result


class SqliteStorage(SqlStorage):
    backend = "sqlite"
    kept_seconds = math.inf  # one process writes this file: what it kept stays true

    def __init__(self, conn: aiosqlite.Connection, now: Callable[[], datetime]) -> None:
        super().__init__(now)
        self._conn = conn
        self._db = _Connection(conn)

    @classmethod
    async def connect(
        cls, path: str | Path, *, now: Callable[[], datetime] = utc_now
    ) -> SqliteStorage:
        """Open (creating if needed) the database at `path` and bring its schema up to date.

        `path` may be ":memory:" for a throw-away database.
        """
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves (see _write).
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            # WAL: readers never block the writer, and a commit is one append.
            await conn.execute("PRAGMA journal_mode = WAL")
            # NORMAL: a commit reaches the WAL before it returns, so it survives
            # the process being killed; only a power cut may lose the last
            # moments (never corrupting the file). FULL fsyncs every commit and
            # caps the bot near 15 moves a second on a disk (README, Performance).
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            # Wait rather than fail if an operator's sqlite3 shell holds a lock.
            await conn.execute("PRAGMA busy_timeout = 5000")
            await _migrate(conn)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, now)

    async def close(self) -> None:
        await self._conn.close()  # after the calls already queued

    async def journal_mode(self) -> str:
        async with self._read() as db:
            row = await db.fetchone("PRAGMA journal_mode")
        assert row is not None
        return str(row[0])  # type: ignore[index]

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[_Connection]:
        # No lock: each statement is one call on the database thread, and a
        # transaction is too (`_transaction`), so no read lands inside one.
        yield self._db

    async def _transaction(self, body: Callable[[Executor], Awaitable[T]]) -> T:
        # aiosqlite runs calls on its thread in order; `_execute` queues one
        # (the same private hook its own `execute_fetchall` uses).
        conn = self._conn
        with Trip():  # the whole transaction: one trip to the database thread
            result: T = await conn._execute(_run_transaction, conn._conn, body)  # type: ignore[no-untyped-call]
        return result

    def _to_db_time(self, moment: datetime) -> str:
        return timestamp(moment)

    def _from_db_time(self, value: Any) -> datetime:
        return datetime.fromisoformat(value)

    def _is_channel_busy(self, error: Exception) -> bool:
        return isinstance(error, sqlite3.IntegrityError)


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
                await conn.executescript(
                    f"BEGIN IMMEDIATE;\n{migration}\n"
                    f"INSERT INTO schema_migrations (version, applied_at)"
                    f" VALUES ({number}, '{applied}');\nCOMMIT;"
                )
                continue
            await conn.execute("BEGIN IMMEDIATE")
            await migration(_Connection(conn))
            await conn.execute(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                (number, applied),
            )
            await conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise


async def _adopt_user_version(conn: aiosqlite.Connection) -> int:
    """Make sure `schema_migrations` exists and return the highest version in it.

    A database made before the table existed counted its migrations in
    `PRAGMA user_version`; those are recorded as applied, once.
    """
    await conn.execute("BEGIN IMMEDIATE")
    try:
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
        )
        highest = await _scalar(conn, "SELECT MAX(version) FROM schema_migrations")
        if highest is None:
            legacy = int(await _scalar(conn, "PRAGMA user_version") or 0)
            now = timestamp(utc_now())
            await conn.executemany(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                [(number, now) for number in range(1, legacy + 1)],
            )
            highest = legacy
    except BaseException:
        await conn.execute("ROLLBACK")
        raise
    await conn.execute("COMMIT")
    return int(highest)


async def _scalar(conn: aiosqlite.Connection, sql: str) -> Any:
    cursor = await conn.execute(sql)
    try:
        row = await cursor.fetchone()
    finally:
        await cursor.close()
    return None if row is None else row[0]
