"""Computer players fill empty seats and play their turns, decisions and help."""

from __future__ import annotations

import pytest

from bot.flow.due import DueMoves
from bot.games.mammamia import render
from engine import mammamia as engine

from driver import Players


@pytest.mark.real_computers
async def test_one_human_and_three_computers_finish_a_classic_game(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:1], seed=41)
    await players.open("classic", computers=("easy", "medium", "hard"))
    seats = players.live.row.seats
    assert [s.agent for s in seats] == [None, "easy", "medium", "hard"]
    assert all(s.name.startswith("🤖") for s in seats[1:])
    await players.play_to_end()
    live = players.live
    assert live.state.phase == "over"
    assert engine.replay(live.record).state.fingerprint() == live.state.fingerprint()
    by_computers = [a for a in live.record["actions"] if a["seat"] != 0]
    assert len(by_computers) > 30, "the computer seats played their own turns and decisions"


async def test_plus_game_of_two_humans_and_two_computers_with_help(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=42)
    await players.open("plus", computers=("easy", "medium"), help=True)
    await players.play_to_end()
    live = players.live
    assert live.state.help and live.state.phase == "over"
    helps = [a for a in live.record["actions"] if "help" in a or "ask" in a]
    assert helps, "help was asked for or answered during the game"


async def test_only_the_host_adds_computers_and_they_can_be_removed(discord_server, bots):
    await bots.start()
    ana, ben = discord_server.users[:2]
    r = await discord_server.slash(ana, discord_server.channel, "mammamia", "new")
    lobby = r.message
    await discord_server.click(ben, lobby, label="Join")
    r = await discord_server.click(ben, lobby, label="Add computer")
    assert r.response.ephemeral and "Only" in r.message.content
    picker = (await discord_server.click(ana, lobby, label="Add computer")).message
    await discord_server.select(
        ana, picker, picker.find_select(prefix="mm:")["custom_id"], ["hard"]
    )
    await bots.idle()
    assert "🤖" in discord_server.get_message(lobby.id).text
    await discord_server.click(ana, lobby, label="Remove computer")
    assert "🤖" not in discord_server.get_message(lobby.id).text
    r = await discord_server.click(ana, lobby, label="Remove computer")
    assert r.message.content == render.t("error.no_computer")


async def test_a_kicked_seat_is_played_by_the_heuristic_agent(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=43)
    await players.open("classic", turn_timer="off")
    ana, ben = players.users
    await discord_server.slash(
        ana, discord_server.channel, "mammamia", "kick", options={"player": ben}
    )
    await bots.idle()
    live = players.live
    seat = live.seat_of(ben.id)
    agent = DueMoves(bots.current.service).agent_for(live, seat)
    assert type(agent).__name__ == "HeuristicAgent"
    await players.play_to_end()
    assert players.live.state.phase == "over"
