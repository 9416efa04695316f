"""Regressions from a review: restarts after the last move, kicked players,
a host who leaves a lobby to the computers."""

from __future__ import annotations

import asyncio

from bot.games.mammamia import render
from engine import mammamia as engine

from tests.mammamia.driver import Players


async def test_restart_during_the_last_reveal_still_posts_the_ranking(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=51)
    await players.open("classic", turn_timer="off")
    while players.live.state.round < 3:
        await players.step()
    slow = 0.3  # only the last reveal is narrated slowly enough to be cut short
    bots.current.publisher.pace = slow
    while players.live.state.phase != "over":
        await bots.idle()  # the move's buttons are out
        await players.step(wait=False)
    await asyncio.sleep(0.05)  # the last move is stored; its narration has begun
    assert not players.live.row.narration.get("final_message_id")
    await bots.stop()
    bots.pace = 0.0
    await bots.start()
    await bots.idle()
    row = await bots.current.service.storage.game(players.game)
    final = discord_server.get_message(row.narration["final_message_id"])
    assert final is not None and not final.deleted
    assert engine.replay(row.record).state.winners


async def test_a_kicked_player_cannot_play_their_old_seat(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:3], seed=52)
    await players.open("classic", turn_timer="off")
    ana, ben = players.users[:2]
    ben_seat = players.live.seat_of(ben.id)
    await discord_server.slash(
        ana, discord_server.channel, "mammamia", "kick", options={"player": ben}
    )
    await bots.idle()
    hand = players.live.state.hands[ben_seat]
    kind = next(c for c in hand if c in render.KIND_EMOJI)
    options = {"ingredient": kind, "count": 1, "draw": "supply"}
    r = await discord_server.slash(ben, discord_server.channel, "mammamia", "play", options=options)
    assert r.response.ephemeral
    assert r.message.content == render.t("error.left_game")


async def test_host_leaving_a_lobby_of_computers_closes_it(discord_server, bots):
    await bots.start()
    ana = discord_server.users[0]
    r = await discord_server.slash(ana, discord_server.channel, "mammamia", "new")
    lobby = r.message
    picker = (await discord_server.click(ana, lobby, label="Add computer")).message
    await discord_server.select(
        ana, picker, picker.find_select(prefix="mm:")["custom_id"], ["easy"]
    )
    await bots.idle()
    await discord_server.click(ana, lobby, label="Leave")
    row = await bots.current.service.storage.game(1)
    assert row.status == "cancelled", "computers alone cannot hold a lobby"
