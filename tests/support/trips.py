"""Every trip a test's bot makes to SQLite's thread, labelled: what one move
costs the database (tests/host/test_bot_trips.py, and a game's own controls'
in its tests)."""

from __future__ import annotations

import asyncio
import contextvars
from typing import Any

import pytest

from bot.storage import sql_batch, sqlite


class Trips:
    """Every trip to SQLite's thread from now on (each is one `fetchall`:
    fetchone and execute call it): a write of the games' batch by the rows
    of its statement, a trip of another write by its name, a read by its verb."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[str] = []
        self.rows: list[int] = []
        writing: contextvars.ContextVar[str | None] = contextvars.ContextVar(
            "writing", default=None
        )
        transaction = sqlite.SqliteStorage._transaction
        statement = sqlite.SqliteStorage._statement
        rows = sqlite.SqliteStorage._rows
        fetchall = sqlite._Connection.fetchall

        async def labelled(label: str, call: Any) -> Any:
            token = writing.set(label)
            try:
                return await call
            finally:
                writing.reset(token)

        async def counted_transaction(storage: Any, body: Any) -> Any:
            name = body.__qualname__.split(".")[-3]
            return await labelled(f"write:{name}", transaction(storage, body))

        async def counted_statement(storage: Any, sql: str, params: Any) -> Any:
            label = "write:" + " ".join(sql.split()[:4])  # e.g. UPDATE games SET record
            return await labelled(label, statement(storage, sql, params))

        async def counted_rows(storage: Any, sql: str, params: Any) -> Any:
            count = len(params) // len(sql_batch.COLUMNS)
            self.rows.append(count)
            return await labelled(
                f"write:{count} row{'s' if count > 1 else ''}", rows(storage, sql, params)
            )

        async def counted(conn: Any, sql: str, params: Any = ()) -> Any:
            self.calls.append(writing.get() or f"read:{sql.split()[0]}")
            return await fetchall(conn, sql, params)

        monkeypatch.setattr(sqlite._Connection, "fetchall", counted)
        monkeypatch.setattr(sqlite.SqliteStorage, "_transaction", counted_transaction)
        monkeypatch.setattr(sqlite.SqliteStorage, "_statement", counted_statement)
        monkeypatch.setattr(sqlite.SqliteStorage, "_rows", counted_rows)

    def clear(self) -> None:
        self.calls.clear()
        self.rows.clear()


async def stored_table(bots: Any, game: int) -> str | None:
    """What the stored row says the table shows (a digest; the table stays
    where it is at a hand-over, edited: issue 45.4)."""
    row = await bots.current.service.storage.game(game)
    return None if row is None else row.narration.get("table")


async def one_row_then_the_table(trips: Trips, bots: Any, live: Any) -> None:
    """After a move: the move, its record, snapshot, clock (the ping's),
    narration and the table post it owes were one statement, nothing read,
    and what the table, edited since, shows not yet written; then, no move
    coming, that goes by itself a moment later, in one row."""
    assert trips.calls == ["write:1 row"], trips.calls
    posted = live.published.table
    assert posted is not None and await stored_table(bots, live.id) != posted
    trips.clear()
    for _ in range(50):
        if trips.calls:
            break
        await asyncio.sleep(0.02)
    assert trips.calls == ["write:1 row"], trips.calls
    assert await stored_table(bots, live.id) == posted
