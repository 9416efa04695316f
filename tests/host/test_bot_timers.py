"""Timers, away players, kicks, idle lobbies and the record export, on a clock
the test moves by hand."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from bot.games.mammamia import render
from bot.kit.clock import ManualClock
from bot.live import deadlines
from bot.web.door import Door
from engine import mammamia as engine

from driver import Players


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


async def test_half_way_reminder_brings_the_table_down_with_a_mention(discord_server, bots):
    players = await _game(discord_server, bots, turn_timer="1m")
    old_table = players.live.row.table_message_id
    await bots.advance(31)
    table = discord_server.get_message(players.live.row.table_message_id)
    assert table.id != old_table and discord_server.get_message(old_table).deleted
    assert "Half the time" in table.content
    user = players.user_of(players.live.state.current)
    assert table.notified == {user.id}


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


async def test_three_timeouts_make_a_seat_away_until_its_player_is_back(discord_server, bots):
    players = await _game(discord_server, bots, seats=2, turn_timer="1m")
    sleeper = players.live.state.current
    for _ in range(3):
        while players.live.state.current != sleeper or players.live.state.phase != "turn":
            await players.step()
        await bots.advance(61)
    assert players.live.presence().away[sleeper]
    assert render.t("table.away", name=players.live.names()[sleeper]) in _table_text(
        discord_server, players
    )
    while players.live.state.phase == "turn" and players.live.state.current != sleeper:
        await players.step()
    assert players.live.state.current != sleeper or players.live.state.phase != "turn", (
        "an away seat is played at once, without waiting for its clock"
    )
    user = players.user_of(sleeper)
    await discord_server.slash(user, discord_server.channel, "mammamia", "hand")
    await bots.idle()
    assert not players.live.presence().away[sleeper], "opening the hand brings a player back"


async def test_kicked_seat_is_played_to_the_end(discord_server, bots):
    players = await _game(discord_server, bots, seats=2, turn_timer="off")
    host, other = players.users
    other_seat = players.live.seat_of(other.id)
    r = await discord_server.slash(
        other, discord_server.channel, "mammamia", "kick", options={"player": host}
    )
    assert r.response.ephemeral and "Only" in r.message.content
    await discord_server.slash(
        host, discord_server.channel, "mammamia", "kick", options={"player": other}
    )
    await bots.idle()
    assert players.live.presence().kicked[other_seat]
    before = set(discord_server.messages)
    for _ in range(500):
        state = players.live.state
        if state.phase == "over":
            break
        if state.to_act()[0] == other_seat:  # the bot plays it at once, with no timer
            await _played_for(bots, players, other_seat)
            continue
        await players.step()
    assert players.live.state.phase == "over"
    # The table names the seat the bot plays for them, and never mentions them again.
    later = [m for i, m in discord_server.messages.items() if i not in before and m.public]
    versions = [v["content"] for m in later for v in m.history] + [m.content for m in later]
    assert not any(other.mention in text for text in versions)
    assert not any(other.id in m.notified for m in later)
    assert any(host.id in m.notified for m in later), "the host is still mentioned"


async def test_leaving_a_running_game_asks_first(discord_server, bots):
    players = await _game(discord_server, bots, seats=2, turn_timer="off")
    ben = players.users[1]
    r = await discord_server.slash(ben, discord_server.channel, "mammamia", "leave")
    await discord_server.click(ben, r.message, label=render.t("leave.stay"))
    assert not any(players.live.presence().kicked)
    r = await discord_server.slash(ben, discord_server.channel, "mammamia", "leave")
    await discord_server.click(ben, r.message, label=render.t("leave.confirm"))
    await bots.idle()
    assert players.live.presence().kicked[players.live.seat_of(ben.id)]


async def test_a_game_nobody_plays_any_more_is_ended(discord_server, bots, monkeypatch):
    """With every seat the bot's (computers, people away, kicked or gone) the
    bot plays on, but not for ever: after `UNATTENDED_MOVES` such moves in a
    row the game ends and the table says why. While anyone plays, nothing is
    counted."""
    monkeypatch.setattr(deadlines, "UNATTENDED_MOVES", 5)
    players = await _game(discord_server, bots, seats=2, turn_timer="off")
    ana, ben = players.users
    await discord_server.slash(
        ana, discord_server.channel, "mammamia", "kick", options={"player": ben}
    )
    await bots.idle()
    ben_seat = players.live.seat_of(ben.id)
    for _ in range(12):  # Ana plays; the bot plays Ben's seat
        if players.live.state.to_act()[0] == ben_seat:
            await _played_for(bots, players, ben_seat)
        else:
            await players.step()
        assert players.live.presence().unattended == 0
    r = await discord_server.slash(ana, discord_server.channel, "mammamia", "leave")
    await discord_server.click(ana, r.message, label=render.t("leave.confirm"))
    version = players.live.version
    async with asyncio.timeout(20):
        while players.live.row.status == "running":
            await bots.idle()
            await asyncio.sleep(0.01)
    live = players.live
    assert live.row.status == "cancelled" and live.state.phase != "over"
    assert live.version == version + 5 and live.presence().unattended == 5
    table = discord_server.get_message(live.row.table_message_id)
    assert render.t("table.ended_unattended") in table.text and not table.buttons()
    door = Door(bots.current.service, lambda: 0.0)  # the Activity says the same
    assert door.of(live, ana.id).ended == "table.ended_unattended"
    assert await bots.current.service.storage.active_game(discord_server.channel.id) is None
    await asyncio.sleep(0.05)
    await bots.idle()
    assert players.live.version == live.version, "nothing is played after it"


async def test_idle_lobby_closes_itself(discord_server, bots):
    bots.clock = ManualClock()
    await bots.start()
    ana = discord_server.users[0]
    r = await discord_server.slash(ana, discord_server.channel, "mammamia", "new")
    await bots.idle()
    await bots.advance(599)
    assert render.t("lobby.idle_closed") not in discord_server.get_message(r.message.id).text
    await bots.advance(2)
    lobby = discord_server.get_message(r.message.id)
    assert render.t("lobby.idle_closed") in lobby.text and not lobby.buttons()
    r = await discord_server.slash(ana, discord_server.channel, "mammamia", "new")
    assert not r.response.ephemeral, "the channel is free again"


async def test_export_replays_to_the_same_final_state(discord_server, bots):
    players = await _game(discord_server, bots, seats=2, turn_timer="off")
    ana = players.users[0]
    r = await discord_server.slash(ana, discord_server.channel, "mammamia", "export")
    assert r.response.ephemeral
    assert r.message.content == render.t("error.export_running")
    await players.play_to_end()
    r = await discord_server.slash(ana, discord_server.channel, "mammamia", "export")
    (attachment,) = r.message.attachments
    assert attachment.filename == f"mammamia-record-{players.game}.json"
    record = json.loads(attachment.data)
    assert record["format"] == "mammamia-record/1"
    replayed = engine.replay(record)
    assert replayed.error is None
    assert replayed.state.fingerprint() == players.live.state.fingerprint()


async def test_restart_with_a_deadline_pending(discord_server, bots):
    players = await _game(discord_server, bots, turn_timer="1m")
    version = players.live.version
    await bots.advance(40)
    await bots.stop()
    await bots.start()
    await bots.idle()
    assert players.live.version == version, "the deadline is kept, not restarted or lost"
    await bots.advance(21)
    assert players.live.version == version + 1


async def test_timers_read_due_games_not_every_unfinished_game(discord_server, bots, monkeypatch):
    """A wake asks the database for what is due (an indexed query), never for
    every unfinished game with its record."""
    players = await _game(discord_server, bots, turn_timer="1m")
    storage = bots.current.service.storage

    async def listing_everything(*args, **kwargs):
        raise AssertionError("the timers listed every unfinished game")

    monkeypatch.setattr(storage, "unfinished_games", listing_everything)
    version = players.live.version
    row = await storage.game(players.game)
    assert row.presence["armed"].get("due") is None, "the timeout is stored once, as deadline_at"
    await bots.advance(31)
    row = await storage.game(players.game)
    assert row.presence["armed"]["reminded"]
    await bots.advance(30)
    assert players.live.version == version + 1


async def _played_for(bots: Any, players: Any, seat: int) -> None:
    """Wait for the bot to move for `seat` (turn timers are off: a seat that
    waited for a person would wait for ever, and this would time out)."""
    async with asyncio.timeout(10):
        while players.live.state.phase != "over" and players.live.state.to_act()[0] == seat:
            await bots.idle()
            await asyncio.sleep(0.01)
