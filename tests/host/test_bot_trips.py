"""What one move costs the database: two calls to SQLite's thread, one trip
each (bot.storage.sqlite), where it once took some 26 round trips under one
lock: the move with all that follows from it (#32.2), and the id of the
table it posted."""

from __future__ import annotations

import contextvars
from typing import Any

from bot.storage import sqlite
from engine import mammamia as engine

from tests.mammamia.driver import Players


async def test_a_played_turn_and_its_publishing_take_a_few_trips(discord_server, bots, monkeypatch):
    trips: list[str] = []
    transaction = sqlite.SqliteStorage._transaction
    statement = sqlite.SqliteStorage._statement

    async def counted_transaction(self: Any, body: Any) -> Any:
        name = body.__qualname__.split(".")[-3]
        if name != "_statement":  # counted below, with its statement
            trips.append(f"write:{name}")
        return await transaction(self, body)

    async def counted_statement(self: Any, sql: str, params: Any) -> Any:
        trips.append("write:" + " ".join(sql.split()[:4]))  # e.g. UPDATE games SET record
        token = in_statement.set(True)
        try:
            return await statement(self, sql, params)
        finally:
            in_statement.reset(token)

    # Every trip to SQLite's thread is one fetchall (fetchone and execute
    # call it); the statement's own trip is counted above.
    in_statement: contextvars.ContextVar[bool] = contextvars.ContextVar(
        "in_statement", default=False
    )
    fetchall = sqlite._Connection.fetchall

    async def counted(self: Any, sql: str, params: Any = ()) -> Any:
        if not in_statement.get():
            trips.append(f"read:{sql.split()[0]}")
        return await fetchall(self, sql, params)

    monkeypatch.setattr(sqlite._Connection, "fetchall", counted)
    monkeypatch.setattr(sqlite.SqliteStorage, "_transaction", counted_transaction)
    monkeypatch.setattr(sqlite.SqliteStorage, "_statement", counted_statement)

    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:3], seed=5)
    await players.open("classic")
    await bots.idle()
    live = players.live
    seat = live.state.to_act()[0]
    turn = next(a for a in engine.legal_actions(live.state, seat) if isinstance(a, engine.Turn))
    user = players.user_of(seat)
    await discord_server.slash(user, players.channel, "mammamia", "hand")  # read once
    await bots.idle()
    trips.clear()
    options = {"ingredient": turn.ingredient, "count": turn.count, "draw": turn.draw}
    if turn.order:
        options["order"] = turn.order
    await discord_server.slash(user, players.channel, "mammamia", "play", options=options)
    await bots.idle()
    assert live.version == 1
    # The move, its record, snapshot, clock and narration in one statement;
    # then the id of the table it posted. Nothing read.
    assert trips == ["write:UPDATE games SET record", "write:UPDATE games SET narration"], trips
