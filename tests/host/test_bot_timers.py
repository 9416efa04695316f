"""Timers, away players, kicks, idle lobbies and the record export, on a clock
the test moves by hand, with the test game (tests/highcard). What a game
plays at a timeout is with its tests (tests/<game>/bot)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from bot.flow import due
from bot.i18n import t
from bot.kit.clock import ManualClock
from bot.live import deadlines
from bot.web.door import Door

from tests.highcard.players import COMMAND, Players


async def _game(discord_server, bots, seats=3, seed=31, **options) -> Players:
    bots.clock = ManualClock()
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:seats], seed=seed)
    await players.open(**options)
    return players


def _table_text(discord_server, players) -> str:
    return discord_server.get_message(players.live.row.table_message_id).text


async def test_half_way_reminder_brings_the_table_down_with_a_mention(discord_server, bots):
    players = await _game(discord_server, bots, turn_timer="1m")
    old_table = players.live.row.table_message_id
    await bots.advance(31)
    table = discord_server.get_message(players.live.row.table_message_id)
    assert table.id != old_table and discord_server.get_message(old_table).deleted
    assert "Half the time" in table.content
    user = players.user_of(players.to_act())
    assert table.notified == {user.id}


async def test_timeouts_in_a_row_make_a_seat_away_until_its_player_is_back(
    discord_server, bots, monkeypatch
):
    """`AWAY_AFTER` timeouts in a row (two here: a High Card player has three
    turns; the third is played at once), then the hand brings them back."""
    monkeypatch.setattr(due, "AWAY_AFTER", 2)
    players = await _game(discord_server, bots, seats=3, turn_timer="1m")
    sleeper = players.to_act()
    for _ in range(2):
        while players.to_act() != sleeper:
            await players.step()
        await bots.advance(61)
    assert players.live.presence().away[sleeper]
    assert t("table.away", name=players.live.names()[sleeper]) in _table_text(
        discord_server, players
    )
    while players.state.hands[sleeper]:  # until its last turn came and went
        if players.to_act() == sleeper:
            # Played by the bot at once, with the clock standing still (the
            # 1-minute timer never runs out here): else this times out.
            await _played_for(bots, players, sleeper)
            continue
        await players.step()
    assert not players.over
    await players.hand(players.user_of(sleeper))
    await bots.idle()
    assert not players.live.presence().away[sleeper], "opening the hand brings a player back"


async def test_kicked_seat_is_played_to_the_end(discord_server, bots):
    players = await _game(discord_server, bots, seats=2, turn_timer="off")
    host, other = players.users
    other_seat = players.live.seat_of(other.id)
    r = await discord_server.slash(
        other, discord_server.channel, COMMAND, "kick", options={"player": host}
    )
    assert r.response.ephemeral and "Only" in r.message.content
    await discord_server.slash(
        host, discord_server.channel, COMMAND, "kick", options={"player": other}
    )
    await bots.idle()
    assert players.live.presence().kicked[other_seat]
    before = set(discord_server.messages)
    for _ in range(50):
        if players.over:
            break
        if players.to_act() == other_seat:  # the bot plays it at once, with no timer
            await _played_for(bots, players, other_seat)
            continue
        await players.step()
    assert players.over
    # The table names the seat the bot plays for them, and never mentions them again.
    later = [m for i, m in discord_server.messages.items() if i not in before and m.public]
    versions = [v["content"] for m in later for v in m.history] + [m.content for m in later]
    assert not any(other.mention in text for text in versions)
    assert not any(other.id in m.notified for m in later)
    assert any(host.id in m.notified for m in later), "the host is still mentioned"


async def test_leaving_a_running_game_asks_first(discord_server, bots):
    players = await _game(discord_server, bots, seats=2, turn_timer="off")
    ben = players.users[1]
    r = await discord_server.slash(ben, discord_server.channel, COMMAND, "leave")
    await discord_server.click(ben, r.message, label=t("leave.stay"))
    assert not any(players.live.presence().kicked)
    r = await discord_server.slash(ben, discord_server.channel, COMMAND, "leave")
    await discord_server.click(ben, r.message, label=t("leave.confirm"))
    await bots.idle()
    assert players.live.presence().kicked[players.live.seat_of(ben.id)]


async def test_a_game_nobody_plays_any_more_is_ended(discord_server, bots, monkeypatch):
    """With every seat the bot's (computers, people away, kicked or gone) the
    bot plays on, but not for ever: after `UNATTENDED_MOVES` such moves in a
    row the game ends and the table says why. While anyone plays, nothing is
    counted."""
    monkeypatch.setattr(deadlines, "UNATTENDED_MOVES", 2)
    players = await _game(discord_server, bots, seats=3, turn_timer="off")
    ana, ben, cleo = players.users
    await discord_server.slash(
        ana, discord_server.channel, COMMAND, "kick", options={"player": ben}
    )
    await bots.idle()
    ben_seat = players.live.seat_of(ben.id)
    for _ in range(3):  # Ana and Cleo play; the bot plays Ben's seat
        if players.to_act() == ben_seat:
            await _played_for(bots, players, ben_seat)
        else:
            await players.step()
        assert players.live.presence().unattended == 0
    for user in (ana, cleo):
        r = await discord_server.slash(user, discord_server.channel, COMMAND, "leave")
        await discord_server.click(user, r.message, label=t("leave.confirm"))
    # The last leave can hand the turn to the bot at once, so a move may be
    # counted already; the game ends after the rest.
    before = players.live
    version, counted = before.version, before.presence().unattended
    async with asyncio.timeout(20):
        while players.live.row.status == "running":
            await bots.idle()
            await asyncio.sleep(0.01)
    live = players.live
    assert live.row.status == "cancelled" and not players.over
    assert live.version == version + 2 - counted and live.presence().unattended == 2
    table = discord_server.get_message(live.row.table_message_id)
    assert t("table.ended_unattended") in table.text and not table.buttons()
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
    r = await discord_server.slash(ana, discord_server.channel, COMMAND, "new")
    await bots.idle()
    await bots.advance(599)
    assert t("lobby.idle_closed") not in discord_server.get_message(r.message.id).text
    await bots.advance(2)
    lobby = discord_server.get_message(r.message.id)
    assert t("lobby.idle_closed") in lobby.text and not lobby.buttons()
    r = await discord_server.slash(ana, discord_server.channel, COMMAND, "new")
    assert not r.response.ephemeral, "the channel is free again"


async def test_export_replays_to_the_same_final_state(discord_server, bots):
    players = await _game(discord_server, bots, seats=2, turn_timer="off")
    ana = players.users[0]
    r = await discord_server.slash(ana, discord_server.channel, COMMAND, "export")
    assert r.response.ephemeral
    assert r.message.content == t("error.export_running")
    await players.play_to_end()
    r = await discord_server.slash(ana, discord_server.channel, COMMAND, "export")
    (attachment,) = r.message.attachments
    assert attachment.filename == f"highcard-record-{players.game}.json"
    record = json.loads(attachment.data)
    assert record["format"] == "highcard-record/1"
    replayed = players.live.rules.replay(record)
    assert replayed.error is None
    assert replayed.state == players.state


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
        while not players.over and players.to_act() == seat:
            await bots.idle()
            await asyncio.sleep(0.01)
