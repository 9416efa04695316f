"""Regressions from a review: restarts after the last move, a host who
leaves a lobby to the computers. With the test game (tests/highcard); a
kicked player's old seat, played with a game's command: tests/<game>/bot."""

from __future__ import annotations

import asyncio

from tests.highcard.players import COMMAND, PREFIX, Players


async def test_restart_during_the_last_reveal_still_posts_the_ranking(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=51)
    await players.open(turn_timer="off")
    while players.state.round < 3:
        await players.step()
    slow = 0.3  # only the last reveal is narrated slowly enough to be cut short
    bots.current.publisher.pace = slow
    while not players.over:
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
    assert players.live.rules.replay(row.record).state.over


async def test_host_leaving_a_lobby_of_computers_closes_it(discord_server, bots):
    await bots.start()
    ana = discord_server.users[0]
    r = await discord_server.slash(ana, discord_server.channel, COMMAND, "new")
    lobby = r.message
    picker = (await discord_server.click(ana, lobby, label="Add computer")).message
    await discord_server.select(
        ana, picker, picker.find_select(prefix=f"{PREFIX}:")["custom_id"], ["easy"]
    )
    await bots.idle()
    await discord_server.click(ana, lobby, label="Leave")
    row = await bots.current.service.storage.game(1)
    assert row.status == "cancelled", "computers alone cannot hold a lobby"
