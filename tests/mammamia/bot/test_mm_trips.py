"""What a Mamma Mia! move costs the database (#45.2), by each of its own ways
to play a turn: typed (`/mammamia play`) and put together in the hand's
menus. One round trip, one statement, and nothing read or written before the
move; the host's side of it (the table's id riding on the next statement,
several games' moves sharing one) is tests/host/test_bot_trips.py's."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.games.mammamia import render as mm_render
from bot.storage import sql_batch
from engine import mammamia as engine

from tests.mammamia.driver import Players
from trips import Trips, one_row_then_the_table


def typed_turn(live: Any) -> tuple[int, dict[str, Any]]:
    """The seat to act and `/mammamia play`'s options for one of its turns."""
    seat = live.state.to_act()[0]
    turn = next(a for a in engine.legal_actions(live.state, seat) if isinstance(a, engine.Turn))
    options: dict[str, Any] = {"ingredient": turn.ingredient, "count": turn.count}
    options["draw"] = turn.draw
    if turn.order:
        options["order"] = turn.order
    return seat, options


async def play_typed(server: Any, players: Players) -> None:
    seat, options = typed_turn(players.live)
    user = players.user_of(seat)
    await server.slash(user, players.channel, "mammamia", "play", options=options)


async def test_a_typed_turn_is_one_trip_and_the_table_id_follows(discord_server, bots, monkeypatch):
    monkeypatch.setattr(sql_batch, "OWED_WAIT", 0.2)
    trips = Trips(monkeypatch)
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:3], seed=5)
    await players.open("classic")
    await bots.idle()
    live = players.live
    seat, _ = typed_turn(live)
    await discord_server.slash(players.user_of(seat), players.channel, "mammamia", "hand")
    await bots.idle()
    await asyncio.sleep(0.3)  # what the start owed is written
    trips.clear()
    await play_typed(discord_server, players)
    await bots.idle()
    assert live.version == 1
    await one_row_then_the_table(trips, bots, live)


async def test_a_turn_by_the_hand_controls_reads_nothing_and_writes_one_row(
    discord_server, bots, monkeypatch
):
    """The hand opened from the table, a turn picked in its menus, Play: the
    answers before the move read and write nothing; the move is one row."""
    monkeypatch.setattr(sql_batch, "OWED_WAIT", 60.0)  # no write of its own in this test
    trips = Trips(monkeypatch)
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=21)
    await players.open("classic", turn_timer="off")
    await bots.idle()
    trips.clear()
    live = players.live
    mover = players.user_of(live.state.current)
    table = discord_server.get_message(live.table_id)
    label = mm_render.t("table.button.hand")
    hand = (await discord_server.click(mover, table, label=label)).message
    hand = await players.pick_a_turn(mover, hand)
    assert trips.calls == [], trips.calls
    play = hand.find_button(prefix=f"mm:{players.game}:0:play:")
    await discord_server.click(mover, hand, play["custom_id"])
    await bots.idle()
    assert live.version == 1
    assert trips.calls == ["write:1 row"], trips.calls
