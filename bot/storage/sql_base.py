"""The connection both backends' SQL runs on: `SqlBackend`, and what it hands out.

Statements are written once, with `?` placeholders, in SQL that SQLite and
PostgreSQL read alike, by concern (`sql_games.py`, `sql_players.py`,
`sql_settings.py`, `sql_results.py`); each is a mixin over this one holder. A
backend (`sqlite.py`, `postgres.py`) supplies the connection handling (how a
transaction is begun and how a row is locked), how a moment is stored, and
how it recognises the one-active-game-per-channel index refusing an insert.
"""

from __future__ import annotations

import abc
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from typing import Any, Protocol, TypeVar

import orjson

__all__ = ["Executor", "Row", "SqlBackend", "T", "dumps"]

T = TypeVar("T")


class Row(Protocol):
    def __getitem__(self, key: str, /) -> Any: ...


class Executor(Protocol):
    """One connection, inside a transaction when it came from `_transaction`."""

    async def fetchone(self, sql: str, params: Sequence[object] = ()) -> Row | None: ...

    async def fetchall(self, sql: str, params: Sequence[object] = ()) -> Sequence[Row]: ...

    async def execute(self, sql: str, params: Sequence[object] = ()) -> None: ...


class SqlBackend(abc.ABC):
    """One database connection (or pool) and the clock: what every concern's SQL uses."""

    #: Appended to the read of a row inside a write, to lock the row until
    #: the commit (PostgreSQL). SQLite's BEGIN IMMEDIATE locks the file.
    lock_row = ""

    #: Seconds a setting or preference read is trusted (bot.storage.cache):
    #: another process may change it.
    kept_seconds = 30.0

    def __init__(self, now: Callable[[], datetime]) -> None:
        self._now = now

    @abc.abstractmethod
    def _read(self) -> AbstractAsyncContextManager[Executor]:
        """A connection for reading."""

    @abc.abstractmethod
    async def _transaction(self, body: Callable[[Executor], Awaitable[T]]) -> T:
        """`await body(db)` in one transaction, committed when it returns.
        `body` awaits nothing but `db`: a backend may run it in one go on its
        database thread (SQLite), so a write costs one trip there, not one a
        statement."""

    async def _statement(self, sql: str, params: Sequence[object]) -> Row | None:
        """One statement that is atomic by itself (an UPDATE whose WHERE does
        its checks), committed at once; its row. A backend may send it
        without BEGIN and COMMIT: one round trip on PostgreSQL, not three."""

        async def body(db: Executor) -> Row | None:
            return await db.fetchone(sql, params)

        return await self._transaction(body)

    async def _rows(self, sql: str, params: Sequence[object]) -> Sequence[Row]:
        """`_statement`, with every row it returns."""

        async def body(db: Executor) -> Sequence[Row]:
            return await db.fetchall(sql, params)

        return await self._transaction(body)

    def _param(self, kind: str) -> str:
        """A placeholder for a value of SQL type `kind` ("TIME": a moment)
        where nothing around it says its type (a VALUES list)."""
        return "?"

    @abc.abstractmethod
    def _to_db_time(self, moment: datetime) -> object:
        """A moment as a statement parameter."""

    @abc.abstractmethod
    def _from_db_time(self, value: object) -> datetime:
        """A moment as the database returned it."""

    @abc.abstractmethod
    def _is_channel_busy(self, error: Exception) -> bool:
        """Whether an INSERT failed on the one-active-game-per-channel index."""


def dumps(value: object) -> str:
    """JSON as stored: compact, and text as it is (not \\u-escaped)."""
    # For what is stored (strings, ints within 64 bits, lists, dicts with str or
    # int keys) orjson writes what json.dumps(ensure_ascii=False,
    # separators=(",", ":")) writes, in a sixth of the time (a game's state of
    # 1.7 KB: 3 µs against 17); every move writes its record. It differs on
    # what is never stored: small floats' notation, NaN, ints past 64 bits.
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
