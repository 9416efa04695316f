"""Computer players fill empty seats; a player kicked is played by the game's
stand-in, to the end. With the test game (tests/highcard); each shipped
game's computers play with its tests (tests/<game>/bot)."""

from __future__ import annotations

from bot.flow.due import DueMoves
from bot.i18n import t

from tests.highcard.players import COMMAND, PREFIX, Players


async def test_one_person_and_computers_finish_a_game(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:1], seed=41)
    await players.open(computers=("easy", "easy"))
    seats = players.live.row.seats
    assert [s.agent for s in seats] == [None, "easy", "easy"]
    assert all(s.name.startswith("🤖") for s in seats[1:])
    await players.play_to_end()
    assert players.over
    by_computers = [a for a in players.live.record["actions"] if a["seat"] != 0]
    assert len(by_computers) == 6, "the computer seats played their own cards"


async def test_only_the_host_adds_computers_and_they_can_be_removed(discord_server, bots):
    await bots.start()
    ana, ben = discord_server.users[:2]
    r = await discord_server.slash(ana, discord_server.channel, COMMAND, "new")
    lobby = r.message
    await discord_server.click(ben, lobby, label="Join")
    r = await discord_server.click(ben, lobby, label="Add computer")
    assert r.response.ephemeral and "Only" in r.message.content
    picker = (await discord_server.click(ana, lobby, label="Add computer")).message
    await discord_server.select(
        ana, picker, picker.find_select(prefix=f"{PREFIX}:")["custom_id"], ["easy"]
    )
    await bots.idle()
    assert "🤖" in discord_server.get_message(lobby.id).text
    await discord_server.click(ana, lobby, label="Remove computer")
    assert "🤖" not in discord_server.get_message(lobby.id).text
    r = await discord_server.click(ana, lobby, label="Remove computer")
    assert r.message.content == t("error.no_computer")


async def test_a_kicked_seat_is_played_by_the_games_stand_in(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=43)
    await players.open(turn_timer="off")
    ana, ben = players.users
    await discord_server.slash(
        ana, discord_server.channel, COMMAND, "kick", options={"player": ben}
    )
    await bots.idle()
    live = players.live
    seat = live.seat_of(ben.id)
    agent = DueMoves(bots.current.service).agent_for(live, seat)
    assert type(agent) is type(live.rules.stand_in(1, seat))
    await players.play_to_end()
    assert players.over
