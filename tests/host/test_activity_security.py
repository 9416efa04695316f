"""The Activity's door (bot.web): who you are is checked by the server, and a
connection sees the public view plus the view of the seat its user holds,
and nothing else (MM-V1, PI-I1). Every route to another seat's cards is tried
and refused without a leak. With the test game (tests/highcard)."""

from __future__ import annotations

import base64
import json
from datetime import timedelta

import aiohttp

from bot.i18n import join_or, t
from bot.kit.clock import ManualClock
from bot.plugin.registry import presentations

from tests.highcard.engine import GAME
from tests.highcard.players import COMMAND, Players
from viewers import Viewer, base, check_frames, session


async def _two_games(discord_server, bots):
    """A game of Ana and Ben here, and one of Cleo and Dario in another channel."""
    other = discord_server.add_channel("other-table")
    bots.activity = True
    bots.clock = ManualClock()
    bot = await bots.start()
    ana, ben, cleo, dario = discord_server.users[:4]
    here = Players(discord_server, bots, [ana, ben], seed=3)
    await here.open()
    there = Players(discord_server, bots, [cleo, dario], seed=4)
    there.channel = other
    await there.open()
    return bot, here, there, other


async def test_each_seat_sees_its_own_hand_and_a_spectator_the_public_table(discord_server, bots):
    bot, here, _there, _other = await _two_games(discord_server, bots)
    ana, ben, cleo = discord_server.users[:3]
    viewers = {}
    for user in (ana, ben, cleo):
        status, body = await session(discord_server, bot, user)
        assert status == 200, body
        viewers[user.id] = await Viewer.open(bot, body["session"])
    first = {uid: await v.state() for uid, v in viewers.items()}
    assert first[ana.id]["seat"] == 0 and first[ana.id]["you"]["seat"] == 0
    assert first[ben.id]["seat"] == 1 and first[ben.id]["you"]["seat"] == 1
    spectator = first[cleo.id]  # Cleo plays in the other channel, not here
    assert spectator["seat"] is None and spectator["you"] is None
    assert spectator["scene"]["actions"] == []
    # A spectator's action, even a legal one of the seat to act, is refused.
    live = here.live
    legal = GAME.legal_actions(live.state, GAME.to_act(live.state)[0])[0].to_json()
    answer = await viewers[cleo.id].act(legal, live.version, ident=99)
    assert answer == {"type": "refused", "id": 99, "text": t("error.not_in_game")}
    assert here.live.version == live.version
    # A few moves, from the table and from the buttons; every frame checked.
    for _ in range(6):
        live = here.live
        seat = GAME.to_act(live.state)[0]
        if seat == 0:
            legal = GAME.legal_actions(live.state, 0)
            answer = await viewers[ana.id].act(legal[0].to_json(), live.version, ident=live.version)
            assert answer["type"] == "done", answer
            await bots.idle()
        else:
            await here.step()
    row = await bots.current.service.storage.game(here.game)
    for user, seat in ((ana, 0), (ben, 1), (cleo, None)):
        await viewers[user.id].state(here.live.version)
        assert check_frames(viewers[user.id].frames, row, seat) >= 3
    for viewer in viewers.values():
        await viewer.close()


async def test_every_route_to_another_seats_cards_is_refused(discord_server, bots):
    bot, here, there, other = await _two_games(discord_server, bots)
    ana, ben, cleo, dario = discord_server.users[:4]
    refused = t("activity.refused.session")

    # A code used twice, a made-up code, an instance the user is not in.
    code = discord_server.authorize(ana)
    status, body = await session(discord_server, bot, ana, code=code)
    assert status == 200
    good = body["session"]
    assert (await session(discord_server, bot, ana, code=code))[0] == 403
    assert (await session(discord_server, bot, ana, code="made-up"))[0] == 403
    theirs = discord_server.launch(cleo, other)
    status, body = await session(discord_server, bot, ana, instance=theirs, code=None)
    assert status == 403 and body == {"error": refused}
    assert (await session(discord_server, bot, ana, instance="i-unknown"))[0] == 403

    # Another game's id: Ana's session is for this channel; the other game is refused.
    viewer = await Viewer.open(bot, good, game_id=there.game)
    frame = await viewer.wait(lambda f: f["type"] == "refused")
    every = [f"/{shown.command} new" for shown in presentations().values()]  # the test game too
    starts = t("activity.no_game", commands=join_or(every))
    assert frame["text"] == starts and len(viewer.frames) == 1
    await viewer.close()
    # A game id that does not exist says no more than that.
    viewer = await Viewer.open(bot, good, game_id=999999)
    assert (await viewer.wait(lambda f: True))["type"] == "refused"
    await viewer.close()

    # A player of another channel: Dario's session is for the other table.
    status, body = await session(discord_server, bot, dario, channel=other)
    assert status == 200
    viewer = await Viewer.open(bot, body["session"], game_id=here.game)
    assert (await viewer.wait(lambda f: True))["type"] == "refused"
    await viewer.close()
    viewer = await Viewer.open(bot, body["session"])  # their own table: their own seat
    mine = await viewer.state()
    assert mine["game"] == there.game and mine["seat"] == 1
    await viewer.close()

    # A forged session: Ana's, rewritten to say Ben, with her signature.
    payload, signature = good.split(".")
    data = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    data["u"] = ben.id
    forged = base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")
    for token in (f"{forged}.{signature}", "not-a-session", good + "x", None):
        viewer = await Viewer.open(bot, token)  # type: ignore[arg-type]
        frame = await viewer.wait(lambda f: True)
        assert frame == {"type": "refused", "text": refused}
        await viewer.close()

    # Another seat: Ana names Ben's seat in her action; it is played (or refused) as hers.
    viewer = await Viewer.open(bot, good)
    state = await viewer.state()
    live = here.live
    ben_turn = GAME.to_act(live.state)[0] == 1
    if not ben_turn:
        await here.step()
        state = await viewer.state(here.live.version)
    legal = GAME.legal_actions(here.live.state, 1)
    answer = await viewer.act({**legal[0].to_json(), "seat": 1}, state["version"], ident=7)
    assert answer["type"] == "refused", answer
    assert here.live.version == state["version"]  # nothing was applied for Ben
    # A stale version and a malformed action are refused too.
    answer = await viewer.act({"turn": {"nonsense": 1}}, state["version"], ident=8)
    assert answer["type"] == "refused"
    answer = await viewer.act(legal[0].to_json(), state["version"] - 1, ident=9)
    assert answer["type"] == "refused"
    row = await bots.current.service.storage.game(here.game)
    assert check_frames(viewer.frames, row, 0) >= 1
    await viewer.close()

    # An expired session: twelve hours on, the same token is refused.
    bots.clock.advance(timedelta(hours=12, seconds=1).total_seconds())
    viewer = await Viewer.open(bot, good)
    assert await viewer.wait(lambda f: True) == {"type": "refused", "text": refused}
    await viewer.close()


async def test_open_the_table_launches_the_activity_from_the_lobby_and_the_table(
    discord_server, bots
):
    """The lobby and the table offer Open the table, answered with Discord's
    launch response (callback type 12), which puts the user in the channel's
    Activity instance; the buttons go on working beside it."""
    bots.activity = True
    await bots.start()
    ana, ben = discord_server.users[:2]
    label = t("activity.button.open")
    lobby = (
        await discord_server.slash(ana, None, COMMAND, "new", options={"pace": "brisk"})
    ).message
    r = await discord_server.click(ben, lobby, label=label)
    assert r.response.type == 12 and r.message is None
    (instance,) = discord_server.activities.instances.values()
    assert instance.channel.id == discord_server.channel.id and ben.id in instance.users
    # At the table before the game: the lobby's seats, then the game once started.
    status, body = await session(discord_server, bots.current, ben, instance=instance.id)
    assert status == 200
    viewer = await Viewer.open(bots.current, body["session"])
    waiting = await viewer.wait(lambda f: f["type"] == "state")
    assert waiting["view"] is None and waiting["status"] == "lobby"
    assert waiting["scene"]["status"] == t("activity.lobby.take_a_seat")
    assert {"verb": "join", "label": t("lobby.button.join"), "main": True} in waiting["scene"][
        "actions"
    ]
    await discord_server.click(ben, lobby, label=t("lobby.button.join"))  # a button, seen at once
    joined = await viewer.wait(lambda f: f["type"] == "state" and len(f["scene"]["seats"]) == 2)
    assert joined["you"] is None and joined["scene"]["status"] == t("activity.lobby_waiting")
    await discord_server.click(ana, lobby, label=t("lobby.button.start"))
    await bots.idle()
    started = await viewer.wait(lambda f: f["type"] == "state" and f["status"] == "running")
    assert started["seat"] == 1 and started["you"]["seat"] == 1
    await viewer.close()
    row = await bots.current.service.storage.active_game(discord_server.channel.id)
    table = discord_server.get_message(bots.current.service.games.held(row.id).table_id)
    r = await discord_server.click(ana, table, label=label)
    assert r.response.type == 12 and ana.id in instance.users


async def test_without_activities_configured_no_port_and_no_button(discord_server, bots):
    bot = await bots.start()
    ana, ben = discord_server.users[:2]
    players = Players(discord_server, bots, [ana, ben], seed=3)
    await players.open()
    assert bot.web is None
    label = t("activity.button.open")
    for message in discord_server.public_messages():
        assert all(b.get("label") != label for b in message.buttons())


async def test_the_page_speaks_the_browsers_language_before_sign_in(discord_server, bots):
    """Before Discord says who the player is, the page's first words follow
    the browser's languages (Discord's own client sends the user's)."""
    bots.activity = True
    bot = await bots.start()
    async with aiohttp.ClientSession() as http:
        inside = "?frame_id=f&instance_id=i"  # as Discord opens it
        for header, locale in (("ja,en;q=0.8", "ja"), ("de-DE,fr;q=0.9", "fr"), ("", "en")):
            async with http.get(f"{base(bot)}/{inside}", headers={"Accept-Language": header}) as r:
                page = await r.text()
            assert f'lang="{locale}"' in page and t("activity.connecting", locale) in page
        script = page.split('<script type="module" src="')[1].split('"')[0]
        async with http.get(f"{base(bot)}/{script}") as r:
            assert r.status == 200 and r.headers["Content-Type"].startswith("text/javascript")
        async with http.get(f"{base(bot)}/../bot/app/config.py") as r:
            assert r.status == 404
