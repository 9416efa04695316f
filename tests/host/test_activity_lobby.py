"""A game opened at the table (issue 40, point 1): where no game runs the
Activity shows a launcher (every game, its options in the buttons' words,
who has the table open); a lobby opened there is the channel's own, posted
to the channel with its buttons, so a player without the table joins with
Join and plays with buttons in the same game; the host adds and removes
computers and starts at the table; only the host may; at the end, Play
again at the table posts a new lobby. No slash command anywhere. With the
test game (tests/highcard), whose table comes through the plug-in contract."""

from __future__ import annotations

import asyncio
import json

import discord

from bot.i18n import t
from bot.plugin.registry import presentations

from fakediscord.models import GUILD_VOICE
from tests.highcard.engine import GAME
from tests.highcard.players import COMMAND, Players
from viewers import Viewer, check_frames, session


async def _viewer(discord_server, bot, user) -> Viewer:
    status, body = await session(discord_server, bot, user)
    assert status == 200, body
    return await Viewer.open(bot, body["session"])


async def _lobby_click(viewer: Viewer, ident: int, verb: str, **more) -> dict:
    await viewer.ws.send_str(json.dumps({"type": "lobby", "id": ident, "verb": verb, **more}))
    return await viewer.wait(lambda f: f.get("id") == ident and f["type"] != "state")


def _last_state(viewer: Viewer) -> dict:
    return [f for f in viewer.frames if f["type"] == "state"][-1]


async def _now(viewer: Viewer, status: str) -> dict:
    """The viewer's newest frame, once it shows `status`."""
    async with asyncio.timeout(10):
        while _last_state(viewer)["status"] != status:
            await asyncio.sleep(0.01)
    return _last_state(viewer)


async def test_a_lobby_opened_at_the_table_is_the_channels_for_buttons_too(discord_server, bots):
    bots.activity = True
    bot = await bots.start()
    ana, ben, cleo = discord_server.users[:3]
    ana.avatar = "0a1b2c3d"
    cleo.locale = "ru"
    ana_at, cleo_at = (
        await _viewer(discord_server, bot, ana),
        await _viewer(discord_server, bot, cleo),
    )

    # The launcher: every game with its options, and the two people here.
    launcher = await cleo_at.wait(
        lambda f: f["type"] == "state" and len(f["scene"].get("people", ())) == 2
    )
    scene = launcher["scene"]
    assert launcher["status"] == "none" and scene["kind"] == "launcher"
    assert scene["title"] == t("activity.launcher.title", "ru")
    names = [g["name"] for g in scene["games"]]
    assert names == list(presentations())  # every game found, the shipped ones first
    assert names[-1] == GAME.name
    ours = next(g for g in scene["games"] if g["name"] == GAME.name)
    assert ours["title"] == t("highcard.title", "ru") and ours["emblem"] == "hc-9"
    pace = next(o for o in ours["options"] if o["name"] == "pace")
    assert [c["label"] for c in pace["choices"]] == [
        t("command.highcard.choice.pace.steady", "ru"),
        t("command.highcard.choice.pace.brisk", "ru"),
    ]
    people = {p["name"]: p for p in scene["people"]}
    assert people["Ana"]["avatar"] == f"api/avatar/{ana.id}/0a1b2c3d.png"
    assert people["Cleo"]["avatar"] is None and people["Cleo"]["you"]

    # Ana opens a lobby at her table: it is posted to the channel.
    answer = await _lobby_click(
        ana_at, 1, "open", game=GAME.name, options={"pace": "brisk", "turn_timer": "off"}
    )
    assert answer["type"] == "done", answer
    await bots.idle()
    lobby = discord_server.public_messages()[-1]
    assert lobby.find_button(t("lobby.button.join")) is not None
    assert t("lobby.timer.off") in lobby.text
    cleo_lobby = await cleo_at.wait(lambda f: f["type"] == "state" and f["status"] == "lobby")
    verbs = [a["verb"] for a in cleo_lobby["scene"]["actions"]]
    assert verbs == ["join"], "Cleo may take a seat; only the host starts"

    # Ben has no table open: he joins with the lobby's button, and both tables see him.
    await discord_server.click(ben, lobby, label=t("lobby.button.join"))
    await ana_at.wait(lambda f: f["type"] == "state" and len(f["scene"].get("seats", ())) == 2)
    # Cleo's Start is refused (she is not the host); she takes a seat instead.
    refused = await _lobby_click(cleo_at, 2, "start")
    assert refused["type"] == "refused" and refused["text"]
    assert (await _lobby_click(cleo_at, 3, "join"))["type"] == "done"
    # The host adds a computer and takes it out again, then adds one.
    assert (await _lobby_click(ana_at, 4, "addbot", level="easy"))["type"] == "done"
    assert (await _lobby_click(ana_at, 5, "rmbot"))["type"] == "done"
    assert (await _lobby_click(ana_at, 6, "addbot", level="no-such-level"))["type"] == "done"
    state = await ana_at.wait(
        lambda f: f["type"] == "state" and len(f["scene"].get("seats", ())) == 4
    )
    computer = state["scene"]["seats"][3]
    assert computer["computer"] and computer["avatar"] is None
    await bots.idle()
    lobby = discord_server.get_message(lobby.id)
    assert "Cleo" in lobby.text and "Ben" in lobby.text  # the lobby message follows the table

    # Ana starts; the lobby message says so; the table message is posted.
    assert (await _lobby_click(ana_at, 7, "start"))["type"] == "done"
    await bots.idle()
    assert t("lobby.started") in discord_server.get_message(lobby.id).text
    running = await cleo_at.wait(lambda f: f["type"] == "state" and f["status"] == "running")
    game_id = running["game"]

    # Ben plays with buttons, Ana and Cleo at their tables, the computer alone: to the end.
    players = Players(discord_server, bots, [ana, ben, cleo], seed=4)
    players.game = game_id
    viewers = {0: ana_at, 2: cleo_at}
    ident = 100
    while not players.over:
        live = players.live
        version = live.version
        to_act = set(GAME.to_act(live.state))
        if 1 in to_act and not (to_act & set(viewers)):
            await bots.idle()  # the table message Ben plays from is up to date
            await players.step()  # Ben, with buttons
        elif to_act & set(viewers):
            for seat in sorted(to_act & set(viewers)):
                frame = await viewers[seat].state(version)
                if frame["version"] != version or not frame["scene"]["actions"]:
                    continue
                for action in frame["scene"]["actions"]:
                    ident += 1
                    reply = await viewers[seat].act(action["action"], version, ident)
                    if reply["type"] == "done" or players.live.version != version:
                        break
        async with asyncio.timeout(15):
            while players.live.version == version and not players.over:
                await asyncio.sleep(0.005)
    await bots.idle()
    row = await bots.current.service.storage.game(game_id)
    assert row.seats[1].user_id == ben.id
    for seat, viewer in viewers.items():
        assert check_frames(viewer.frames, row, seat) > 5

    # Play again at the table: a new lobby, for everyone, posted to the channel.
    end = await ana_at.wait(lambda f: f["type"] == "state" and f.get("scene", {}).get("after"))
    assert [a["verb"] for a in end["scene"]["after"]] == ["again", "browse"]
    assert (await _lobby_click(ana_at, 900, "again"))["type"] == "done"
    again = await cleo_at.wait(
        lambda f: f["type"] == "state" and f["status"] == "lobby" and f["game"] != game_id
    )
    assert [s["name"] for s in again["scene"]["seats"]][:3] == ["Ana", "Ben", "Cleo"]
    await bots.idle()
    assert discord_server.public_messages()[-1].find_button(t("lobby.button.start")) is not None
    # Another game instead: Cleo looks at the launcher; the host closes the lobby.
    assert (await _lobby_click(cleo_at, 901, "browse"))["type"] == "done"
    assert (await _now(cleo_at, "none"))["scene"]["kind"] == "launcher"
    assert _last_state(ana_at)["status"] == "lobby"  # Ana still sees the lobby she hosts
    assert (await _lobby_click(ana_at, 902, "cancel"))["type"] == "done"
    assert (await _now(ana_at, "none"))["scene"]["kind"] == "launcher"
    await bots.idle()
    assert t("lobby.closed") in discord_server.public_messages()[-1].text
    for viewer in (ana_at, cleo_at):
        await viewer.close()


async def test_a_lobby_opened_by_command_reaches_the_launcher_at_once(discord_server, bots):
    """The launcher follows the channel: a lobby opened with buttons' command
    by someone else replaces it within the table's look (a second)."""
    bots.activity = True
    bot = await bots.start()
    ana, ben = discord_server.users[:2]
    viewer = await _viewer(discord_server, bot, ben)
    await viewer.wait(lambda f: f["type"] == "state" and f["status"] == "none")
    await discord_server.slash(ana, None, COMMAND, "new")
    lobby = await viewer.wait(lambda f: f["type"] == "state" and f["status"] == "lobby", 5)
    assert lobby["scene"]["seats"][0]["name"] == "Ana"
    # Opening a second lobby in the same channel is refused in words.
    refused = await _lobby_click(viewer, 1, "open", game=GAME.name, options={})
    assert refused == {"type": "refused", "id": 1, "text": t("error.channel_busy")}
    await viewer.close()


async def test_a_game_opened_from_a_voice_channels_launcher(discord_server, bots):
    """The Activity launched in a voice channel (where Discord's own games are
    played, everyone in the call at the table): the lobby is posted to that
    channel's text chat, a player there joins with its button, and the game
    starts and is played from the table in the same channel."""
    bots.activity = True
    bot = await bots.start()
    ana, ben = discord_server.users[:2]
    call = discord_server.add_channel("game-night", kind=GUILD_VOICE)
    async with asyncio.timeout(10):  # the bot learns of it from Discord (CHANNEL_CREATE)
        while bot.get_channel(call.id) is None:
            await asyncio.sleep(0.01)
    assert isinstance(bot.get_channel(call.id), discord.VoiceChannel)
    status, body = await session(discord_server, bot, ana, call)
    assert status == 200, body
    ana_at = await Viewer.open(bot, body["session"])
    await ana_at.wait(lambda f: f["type"] == "state" and f["status"] == "none")
    answer = await _lobby_click(ana_at, 1, "open", game=GAME.name, options={})
    assert answer["type"] == "done", answer
    await bots.idle()
    lobby = discord_server.public_messages(call)[-1]
    assert discord_server.public_messages() == []  # nothing in the text channel
    await discord_server.click(ben, lobby, label=t("lobby.button.join"))
    await ana_at.wait(lambda f: f["type"] == "state" and len(f["scene"].get("seats", ())) == 2)
    assert (await _lobby_click(ana_at, 2, "start"))["type"] == "done"
    running = await ana_at.wait(lambda f: f["type"] == "state" and f["status"] == "running")
    await bots.idle()
    table = discord_server.public_messages(call)[-1]
    assert table.id != lobby.id and table.components, "the table message, with its buttons"
    live = bots.current.service.games.held(running["game"])
    assert live is not None and live.row.channel_id == call.id
    if 0 in live.rules.to_act(live.state):  # Ana moves at the table, in the call's game
        frame = await ana_at.state(live.version)
        replies = []
        for ident, action in enumerate(frame["scene"]["actions"], start=10):
            replies.append(await ana_at.act(action["action"], live.version, ident))
            if replies[-1]["type"] == "done":
                break
        assert replies[-1]["type"] == "done", replies
    await ana_at.close()
