"""`Storage` on PostgreSQL (asyncpg): for several bot processes on one database.

Nothing here assumes a single process. Each write is one transaction on a
pooled connection; a write that checks a game first reads its row with
`SELECT … FOR UPDATE`, so a second writer of the same game waits for the first
to commit and then sees its version (`StaleVersion`). The one-active-game-per-
channel rule is a partial unique index, so two processes cannot both open a
lobby in one channel. Migrations run under an advisory lock, so processes
starting together apply each one once. What a process keeps in memory (each
player's preferences, each server's settings: asked for at every click) is
kept until a change is announced on a connection of its own that listens
(`LISTEN kept_changed`, fed by triggers), whichever process made it.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from functools import cache
from typing import TYPE_CHECKING, TypeAlias

import asyncpg

from bot.kit.metrics import Trip
from bot.storage.common import StorageError, utc_now
from bot.storage.migrations import POSTGRES_MIGRATIONS as MIGRATIONS
from bot.storage.sql import SqlStorage
from bot.storage.sql_base import Executor, Row, T

__all__ = ["MIGRATIONS", "PostgresStorage"]

log = logging.getLogger(__name__)

#: The channel on which a change to what processes keep is announced
#: (`user:<id>`, `meta:<key>`; migration 4's triggers).
KEPT_CHANGED = "kept_changed"

# pg_advisory_lock key held while migrating. Any fixed number: every version of
# the bot must lock the same one, or an old and a new process could migrate at once.
MIGRATION_LOCK = 0x6D616D6D616D6961


if TYPE_CHECKING:  # asyncpg's classes are generic in its stubs only
    from asyncpg.pool import PoolConnectionProxy

    _Conn: TypeAlias = asyncpg.Connection[asyncpg.Record] | PoolConnectionProxy[asyncpg.Record]


@cache
def _numbered(sql: str) -> str:
    """`?` placeholders (shared SQL) as PostgreSQL's `$1, $2, …`.
    The statements of sql_*.py hold no `?` inside literals."""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


class _Connection:
    """The `Executor` of sql_base.py over an asyncpg connection: each
    statement one round trip, timed (bot.kit.metrics)."""

    def __init__(self, conn: _Conn) -> None:
        self._conn = conn

    async def fetchone(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        with Trip():
            row: asyncpg.Record | None = await self._conn.fetchrow(_numbered(sql), *params)
        return row

    async def fetchall(self, sql: str, params: Sequence[object] = ()) -> Sequence[Row]:
        with Trip():
            rows: list[asyncpg.Record] = await self._conn.fetch(_numbered(sql), *params)
        return rows

    async def execute(self, sql: str, params: Sequence[object] = ()) -> None:
        with Trip():
            await self._conn.execute(_numbered(sql), *params)


def _lost(conn: _Conn) -> bool:
    """Whether a connection taken from the pool is closed: the pool takes
    back one whose server closed it, and it then answers nothing."""
    try:
        return conn.is_closed()
    except asyncpg.InterfaceError:  # "released back to the pool"
        return True


async def _kept_as_is(conn: object) -> None:
    """A connection going back to the pool, as it is: the bot sets no session
    state, listens to nothing on it (the listener has a connection of its own)
    and leaves no lock, so asyncpg's reset query (a round trip at every
    release) would undo nothing. An open transaction is still rolled back
    (asyncpg does that before calling this)."""


class PostgresStorage(SqlStorage):
    backend = "postgresql"
    lock_row = " FOR UPDATE"

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record], now: Callable[[], datetime]) -> None:
        super().__init__(now)
        self._pool = pool
        self._listener: asyncpg.Connection[asyncpg.Record] | None = None
        self._closing = False
        # The games' writes' connection (`_rows`), held between their statements.
        self._writer: PoolConnectionProxy[asyncpg.Record] | None = None

    @classmethod
    async def connect(
        cls,
        url: str,
        *,
        now: Callable[[], datetime] = utc_now,
        min_size: int = 1,
        max_size: int = 10,
    ) -> PostgresStorage:
        """Connect to the database at `url` (postgresql://…) and bring its schema up to date."""
        pool: asyncpg.Pool[asyncpg.Record] = await asyncpg.create_pool(
            url, min_size=min_size, max_size=max_size, reset=_kept_as_is
        )
        try:
            async with pool.acquire() as conn:
                await _migrate(conn)
        except BaseException:
            await pool.close()
            raise
        storage = cls(pool, now)
        try:
            await storage._listen(url)
        except (OSError, asyncpg.PostgresError) as error:  # kept for 30 s instead
            log.warning("not listening for changes to kept values: %s", error)
        return storage

    async def _listen(self, url: str) -> None:
        """Hear every change to what this process keeps (another process's
        included) on a connection of its own, and keep values for good from now."""
        listener = await asyncpg.connect(url)
        try:
            await listener.add_listener(KEPT_CHANGED, self._heard)
        except BaseException:
            await listener.close()
            raise
        listener.add_termination_listener(self._deaf)
        self._listener = listener
        self._preferences.clear(math.inf)
        self._meta.clear(math.inf)

    def _heard(self, _conn: object, _pid: int, _channel: str, payload: object) -> None:
        kind, _, key = str(payload).partition(":")
        if kind == "user" and key.lstrip("-").isdigit():
            self._preferences.drop(int(key))
        elif kind == "meta":
            self._meta.drop(key)
        else:  # not ours to read: forget everything rather than keep a stale value
            self._preferences.clear()
            self._meta.clear()

    def _deaf(self, _conn: object) -> None:
        """The listening connection is gone: a change may go unheard from now,
        so kept values are trusted for `kept_seconds` only."""
        self._listener = None
        self._preferences.clear(self.kept_seconds)
        self._meta.clear(self.kept_seconds)
        if not self._closing:
            log.warning(
                "lost the connection listening for changes; values kept %g s", self.kept_seconds
            )

    async def close(self) -> None:
        await self.flush()  # what is owed, written
        self._closing = True
        await self._let_writer_go()
        if self._listener is not None:
            await self._listener.close()
        await self._pool.close()

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[_Connection]:
        async with self._pool.acquire() as conn:
            yield _Connection(conn)

    async def _transaction(self, body: Callable[[Executor], Awaitable[T]]) -> T:
        # READ COMMITTED is enough: every check a write relies on reads its row
        # FOR UPDATE, which waits for, then sees, any other writer's commit.
        async with self._pool.acquire() as conn:
            transaction = conn.transaction()
            with Trip():
                await transaction.start()
            try:
                result = await body(_Connection(conn))
            except BaseException:
                with Trip():
                    await transaction.rollback()
                raise
            with Trip():
                await transaction.commit()
            return result

    async def _statement(self, sql: str, params: Sequence[object]) -> Row | None:
        # A statement outside a transaction block is a transaction of its own.
        async with self._pool.acquire() as conn:
            return await _Connection(conn).fetchone(sql, params)

    async def _rows(self, sql: str, params: Sequence[object]) -> Sequence[Row]:
        # The games' writes (sql_batch.py), one statement at a time, each a
        # transaction of its own: on one connection they keep between
        # statements, where taking one from the pool and giving it back was
        # a fifth of what a statement cost this process. One that failed goes
        # back to the pool (which replaces a broken one), and the next
        # statement takes another.
        conn = self._writer
        if conn is not None and _lost(conn):  # the server dropped it meanwhile
            await self._let_writer_go()
            conn = None
        if conn is None:
            conn = self._writer = await self._pool.acquire()
        try:
            return await _Connection(conn).fetchall(sql, params)
        except BaseException:
            await self._let_writer_go()
            raise

    async def _let_writer_go(self) -> None:
        conn, self._writer = self._writer, None
        if conn is not None:
            await self._pool.release(conn)

    def _param(self, kind: str) -> str:
        # PostgreSQL types a VALUES list's parameters from its first row: cast them.
        return f"CAST(? AS {'TIMESTAMPTZ' if kind == 'TIME' else kind})"

    def _to_db_time(self, moment: datetime) -> datetime:
        if moment.tzinfo is None:
            raise ValueError("timestamps must be timezone-aware")
        return moment.astimezone(UTC)

    def _from_db_time(self, value: object) -> datetime:
        assert isinstance(value, datetime)
        return value.astimezone(UTC)

    def _is_channel_busy(self, error: Exception) -> bool:
        return isinstance(error, asyncpg.UniqueViolationError)


async def _migrate(conn: _Conn) -> None:
    """Run the migrations this database has not seen yet, each in its own transaction."""
    await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        current = await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
        if current > len(MIGRATIONS):
            raise StorageError(
                f"the database is at schema version {current}, newer than this bot "
                f"({len(MIGRATIONS)}); upgrade the bot"
            )
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            async with conn.transaction():
                await conn.execute(script)  # several statements: no parameters
                await conn.execute("INSERT INTO schema_migrations (version) VALUES ($1)", number)
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
