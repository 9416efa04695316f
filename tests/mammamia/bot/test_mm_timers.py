"""Mamma Mia!'s moves at a timeout, on a clock the test moves by hand: the
safe turn, a decision declined (the host's timers, away players, kicks and
idle lobbies: tests/host/test_bot_timers.py)."""

from __future__ import annotations

from bot.games.mammamia import render
from bot.kit.clock import ManualClock
from engine import mammamia as engine

from tests.mammamia.driver import Players


async def _game(discord_server, bots, seats=3, seed=31, **options) -> Players:
    bots.clock = ManualClock()
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:seats], seed=seed)
    await players.open("classic", **options)
    return players


def _table_text(discord_server, players) -> str:
    return discord_server.get_message(players.live.row.table_message_id).text


async def test_timed_out_turn_is_played_safely_and_said_publicly(discord_server, bots):
    players = await _game(discord_server, bots, turn_timer="1m")
    live = players.live
    seat, version = live.state.current, live.version
    assert "<t:" in _table_text(discord_server, players), "the table shows the time left"
    hand = list(live.state.hands[seat])
    await bots.advance(59)
    assert players.live.version == version, "not before the deadline"
    await bots.advance(2)
    assert players.live.version == version + 1
    action = engine.from_json(players.live.record["actions"][-1])
    most = max(live.state.box.kinds, key=lambda k: (hand.count(k), -live.state.box.kinds.index(k)))
    assert action == engine.Turn(seat, most, 1, None, "supply")
    name = live.names()[seat]
    assert render.t("table.auto.timeout", name=name) in _table_text(discord_server, players)


async def test_timed_out_decision_declines(discord_server, bots):
    players = await _game(discord_server, bots, seed=5, turn_timer="off")
    while not (players.live.state.phase == "reveal" and players.live.state.pending):
        await players.step()
    pending, version = players.live.state.pending, players.live.version
    await bots.advance(61)
    assert players.live.version > version
    action = engine.from_json(players.live.record["actions"][version])
    if pending.covered:
        assert isinstance(action, engine.Choose), "a covered choice must be taken (MM-R10)"
    else:
        assert action == engine.Pay(pending.owner, False)
