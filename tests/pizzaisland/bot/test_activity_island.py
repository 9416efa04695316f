"""Pizza Island at the web table at every level, with a computer player, and
the table's clock: a turn timer and an away seat work for a player at the
table as for one with buttons (PI-I1 checked on every frame)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.clocks.timers import SHOWN_WAIT
from bot.i18n import t
from bot.kit.clock import ManualClock

from tests.mammamia.driver import Players
from tests.pizzaisland.driver import IslandPlayers
from viewers import Viewer, check_frames, session


async def _viewers(discord_server, bot, users) -> list[Viewer]:
    viewers = []
    for user in users:
        status, body = await session(discord_server, bot, user)
        assert status == 200, body
        viewers.append(await Viewer.open(bot, body["session"]))
    return viewers


@pytest.mark.parametrize("level", ["easy", "normal"])
async def test_a_match_at_the_table_with_a_computer(discord_server, bots, level):
    bots.activity = True
    bot = await bots.start()
    ana, ben = discord_server.users[:2]
    players = IslandPlayers(discord_server, bots, [ana, ben], seed=21)
    await players.open(computers=("easy",), level=level, scoring="wins")
    viewers = await _viewers(discord_server, bot, [ana, ben])
    rng = random.Random(21)
    ident = 0
    while players.live.rules.to_act(players.live.state):
        live = players.live
        version, seat = live.version, live.rules.to_act(live.state)[0]
        if live.row.seats[seat].agent is not None:  # the computer moves by itself
            # once its table is shown: a paced step may hold it up to SHOWN_WAIT.
            async with asyncio.timeout(SHOWN_WAIT + 5):
                while players.live.version == version:
                    await asyncio.sleep(0.005)
            continue
        frame = await viewers[seat].state(version)
        actions = frame["scene"]["actions"]
        assert actions, "the player to act has something to do at the table"
        ident += 1
        weights = [0.3 if a["label"] == t("pi.button.stop") else 1.0 for a in actions]
        choice: dict[str, Any] = rng.choices(actions, weights)[0]
        reply = await viewers[seat].act(choice["action"], version, ident)
        assert reply["type"] == "done", reply
        async with asyncio.timeout(10):
            while players.live.version == version:
                await asyncio.sleep(0.005)
    end = await viewers[0].state(players.live.version)
    assert end["scene"]["final"]["lines"]
    piles = {p["id"] for p in end["scene"]["centre"]}
    assert "deck" in piles and ("ship" in piles) == (level == "advanced")
    assert [s["seat"] for s in end["scene"]["seats"]] == [0, 1, 2]
    assert end["scene"]["panels"][0]["title"] == t("pi.table.standing")
    row = await bots.current.service.storage.game(players.game)
    for seat, viewer in enumerate(viewers):
        assert check_frames(viewer.frames, row, seat) > 10
        await viewer.close()


async def test_the_turn_timer_and_an_away_seat_at_the_table(discord_server, bots):
    """A player at the table who lets their clock run out is played for, as
    with buttons, and after three times is away; their table shows the clock
    and who is away, and opening it again brings them back."""
    bots.activity = True
    bots.clock = ManualClock()
    bot = await bots.start()
    ana, ben = discord_server.users[:2]
    players = Players(discord_server, bots, [ana, ben], seed=31)
    await players.open("classic", turn_timer="1m")
    sleeper = players.live.state.current
    user = players.user_of(sleeper)
    (viewer,) = await _viewers(discord_server, bot, [user])
    frame = await viewer.state(players.live.version)
    assert frame["scene"]["clock"]["label"] == t("table.time_left")
    for _ in range(3):
        while players.live.state.current != sleeper or players.live.state.phase != "turn":
            await players.step()
        await bots.advance(61)
    assert players.live.presence().away[sleeper]
    frame = await viewer.state(players.live.version)
    name = players.live.names()[sleeper]
    assert t("table.away", name=name) in frame["scene"]["notes"]
    await viewer.close()
    (viewer,) = await _viewers(discord_server, bot, [user])  # opening the table again
    await viewer.state(players.live.version)
    await bots.idle()
    assert not players.live.presence().away[sleeper], "opening the table brings a player back"
    await viewer.close()
