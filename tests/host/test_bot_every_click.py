"""Every click gets an answer (issue #30, point 2): a click discord.py hands
to no component, because its id is no longer on the message clicked (a table
a client shows in an older version, a My hand the game's end took away) or
was never one of the bot's, is answered privately and changes nothing. Where
it names a game of the channel, the player sees where the game stands, or
how it ended; anything else is a button that no longer works.

Every verb of the host's and of both games' components is pressed, at
versions the game went through, while the game runs, after edits, after it
ended and after a restart of the real bot process.

Two real games together are the point: a click of one game's component
where the other game is played, and every verb of both shipped games; the
restart of the real process plays the test game."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from test_bot_crash import BotProcess, leave, play_a_turn, published, quiet, untimed_lobby

from bot.app.client import GameBot
from bot.i18n import t
from bot.plugin.registry import presentation
from bot.storage import Storage

from fakediscord.models import FakeMessage, walk_components
from fakediscord.server import FakeDiscord
from tests.highcard.players import PREFIX as HC
from tests.mammamia.driver import Players
from tests.pizzaisland.driver import IslandPlayers

#: Verbs of ids older versions of the bot drew, which no component has now.
OLDER_VERBS = ("kind", "count", "leaveyes", "leaveno", "endyes", "endno")
#: Ids of no game of this channel, or of no form the bot ever drew.
UNKNOWN = (
    "mm:987654321:0:hand",  # no such game
    "mm:99999999999999999999:0:join",  # beyond any id storage holds
    "mm:0:0:hand",
    "xx:{game}:0:hand",  # no game has that prefix
    "{other}:{game}:0:hand",  # the other game's prefix on this game's id
    "mm:{game}:{ahead}:hand",  # a version the game has not reached
    "mm:{game}",
    "mm:{game}:0",
    "mm:{game}:x:hand",
    "hand",
    "board:bump",
    "::::",
)


def verbs(bot: GameBot, game: str) -> list[str]:
    """Every verb of the host's components and of `game`'s, and older ones."""
    own = {kind.verb for kind in presentation(game).items}  # type: ignore[attr-defined]
    others = {
        kind.verb  # type: ignore[attr-defined]
        for name in ("mammamia", "pizza-island")
        if name != game
        for kind in presentation(name).items
    }
    host = {kind.verb for kind in bot.kinds} - own - others  # type: ignore[attr-defined]
    assert {"join", "start", "confirm", "watch", "again", "forget", "history"} <= host
    return sorted(host | own) + list(OLDER_VERBS)


def every_id(prefix: str, game: int, versions: list[int], names: list[str]) -> Iterator[str]:
    for verb in names:
        for version in versions:
            yield f"{prefix}:{game}:{version}:{verb}"
            yield f"{prefix}:{game}:{version}:{verb}:yes"


def ids_of(components: list[dict[str, Any]]) -> set[str]:
    return {c["custom_id"] for c in walk_components(components) if "custom_id" in c}


def older_ids(message: FakeMessage) -> set[str]:
    """The ids earlier versions of `message` carried that it carries no more."""
    old = set().union(*(ids_of(version["components"]) for version in message.history))
    return old - set(message.custom_ids())


async def record_of(bot: GameBot, game: int) -> tuple[int, str, str]:
    row = await bot.service.storage.game(game)  # type: ignore[union-attr]
    assert row is not None
    return row.version, json.dumps(row.record), row.status.value


async def tabled(server: FakeDiscord, db: Path, version: int, timeout: float = 30) -> Any:
    """The running game's row (of the test game, High Card: `untimed_lobby`)
    once its table for `version` is out and said."""
    async with asyncio.timeout(timeout):
        while True:
            async with await Storage.open(db) as storage:
                (row,) = await storage.unfinished_games()
            if row.version == version and row.table_message_id and not row.narration.get("intents"):
                table = server.get_message(row.table_message_id)
                if table is not None and f"{HC}:{row.id}:{version}:hand" in table.custom_ids():
                    await quiet(server)
                    return row
            await asyncio.sleep(0.05)


async def pressed(server: FakeDiscord, user: Any, message: FakeMessage, custom_id: str) -> Any:
    """The private answer to a click on `custom_id`, which `message` does not carry."""
    assert custom_id not in message.custom_ids()
    r = await server.press(user, message, custom_id)
    assert r.response is not None and r.response.ephemeral, custom_id
    assert r.message is not None, custom_id
    return r.message


async def test_every_id_of_a_running_game_shows_where_it_stands(discord_server, bots):
    """Mamma Mia! and Pizza Island, each in its channel: every verb at every
    version so far, on the table where it is not, and every id an earlier
    version of the table carried (a client behind the edits)."""
    server = discord_server
    pi_channel = server.add_channel("island")
    watcher = server.add_user("Eve")
    bot = await bots.start()
    mm = Players(server, bots, server.users[:2], seed=3)
    await mm.open("classic")
    for _ in range(3):
        await mm.step()
    pi = IslandPlayers(server, bots, server.users[2:4], seed=5)
    pi.channel = pi_channel
    await pi.open()
    for _ in range(3):
        await pi.step()

    for players, game in ((mm, "mammamia"), (pi, "pizza-island")):
        live = players.live
        before = await record_of(bot, live.id)
        table = server.get_message(live.row.table_message_id)
        prefix = presentation(game).prefix
        versions = sorted({0, live.version - 1, live.version})
        presses = [(table, i) for i in every_id(prefix, live.id, versions, verbs(bot, game))]
        edited = [m for m in server.public_messages(players.channel) if older_ids(m)]
        presses += [(m, i) for m in edited for i in sorted(older_ids(m))]
        assert edited, "messages with buttons were edited since they were posted"
        assert len(presses) > 100, len(presses)
        for index, (message, custom_id) in enumerate(presses):
            if custom_id in message.custom_ids():
                continue
            # a player, and now and then someone who is not playing
            user = players.users[0] if index % 4 else watcher
            answer = await pressed(server, user, message, custom_id)
            assert answer.content == t("error.stale"), (custom_id, answer.content)
            assert answer.embeds, "where the game stands: its table"
        assert await record_of(bot, live.id) == before, "nothing was done"


async def test_ids_of_no_game_here_no_longer_work(discord_server, bots):
    server = discord_server
    elsewhere = server.add_channel("elsewhere")
    bot = await bots.start()
    mm = Players(server, bots, server.users[:2], seed=3)
    await mm.open("classic")
    live = mm.live
    before = await record_of(bot, live.id)
    table = server.get_message(live.row.table_message_id)
    # the same game's id pressed in another channel shows nothing of it
    stray = await server.say(server.users[0], "hello", elsewhere)
    names = {"game": live.id, "other": "pi", "ahead": live.version + 1}
    for message, custom_ids in (
        (table, [u.format(**names) for u in UNKNOWN]),
        (stray, [f"mm:{live.id}:{live.version}:{verb}" for verb in ("hand", "watch", "join")]),
    ):
        for custom_id in custom_ids:
            answer = await pressed(server, server.users[0], message, custom_id)
            assert answer.content == t("error.stale_button"), (custom_id, answer.content)
            assert not answer.embeds, "nothing of any game is shown"
    assert await record_of(bot, live.id) == before


async def test_a_lobby_and_a_lobby_closed_before_it_began(discord_server, bots):
    server = discord_server
    await bots.start()
    ana = server.users[0]
    lobby = (await server.slash(ana, None, "mammamia", "new", options={})).message
    row = await bots.current.service.lobbies.here(server.channel.id)
    for verb in ("hand", "take", "kind", "play"):
        answer = await pressed(server, ana, lobby, f"mm:{row.id}:0:{verb}")
        assert answer.content == t("stale.lobby")
        assert answer.embeds and not answer.buttons(), "the lobby as it stands"
    await server.click(ana, lobby, label=t("lobby.button.cancel"))
    answer = await pressed(server, ana, lobby, f"mm:{row.id}:0:join")
    assert t("stale.closed") in answer.text and not answer.buttons()


async def test_after_the_game_ended_every_id_shows_how(discord_server, bots):
    """A game played to its end, and one ended early: every verb, at every
    version, on every message that had buttons (a hand opened before the end
    among them) is told the game is over and shown how it ended."""
    server = discord_server
    island = server.add_channel("island")
    bot = await bots.start()
    ana, ben = server.users[:2]
    mm = Players(server, bots, [ana, ben], seed=3)
    await mm.open("classic")
    await mm.step()
    table = server.get_message(mm.live.row.table_message_id)
    seat = mm.live.state.current
    hand = (await server.click(mm.user_of(seat), table, label=t("table.button.hand"))).message
    hand = await mm.pick_a_turn(mm.user_of(seat), hand)
    for user in (ana, ben):  # both leave: the bot plays their seats to the end
        confirm = (await server.slash(user, None, "mammamia", "leave")).message
        await server.click(user, confirm, label=t("leave.confirm"))
    async with asyncio.timeout(60):
        while mm.live.state.phase != "over":
            await bots.idle()
    await bots.idle()
    game, last = mm.live.id, mm.live.version
    before = await record_of(bot, game)
    assert before[2] == "finished"

    # the hand's own buttons are still on it: the components say it is over
    for button in hand.buttons():
        r = await server.click(mm.user_of(seat), hand, button["custom_id"])
        assert t("stale.over") in r.message.text, (button["custom_id"], r.message.text)
    every = set(every_id("mm", game, [0, last], verbs(bot, "mammamia")))
    with_buttons = [m for m in server.public_messages() if m.history or m.buttons()]
    table = server.get_message(mm.live.row.table_message_id)
    assert table in with_buttons and len(with_buttons) >= 3, "lobby, table, final ranking"
    for message in with_buttons:
        ids = older_ids(message) | {f"mm:{game}:{last}:hand"}
        if message is table:
            ids |= every
        for custom_id in sorted(ids - set(message.custom_ids())):
            answer = await pressed(server, ana, message, custom_id)
            assert answer.content == t("stale.over"), (custom_id, answer.content)
            assert answer.embeds and not answer.buttons(), "the final table, nothing to click"
    assert await record_of(bot, game) == before

    pi = IslandPlayers(server, bots, [ana, ben], seed=5)
    pi.channel = island
    await pi.open()
    await pi.step()
    table = pi.table()
    confirm = (await server.slash(ana, island, "pizzaisland", "end")).message
    await server.click(ana, confirm, label=t("end.confirm"))
    await bots.idle()
    ended = await record_of(bot, pi.game)
    assert ended[2] == "cancelled"
    for custom_id in sorted(set(every_id("pi", pi.game, [0, 1], verbs(bot, "pizza-island")))):
        answer = await pressed(server, ben, table, custom_id)
        assert answer.content == t("stale.ended"), (custom_id, answer.content)
        assert answer.embeds and not answer.buttons()
    assert await record_of(bot, pi.game) == ended


async def test_after_a_restart_of_the_real_process(discord_server: FakeDiscord, tmp_path: Path):
    """The bot as a real process, restarted between the clicks and the game's
    end: old ids are answered from the database alone (a game of the test game)."""
    server = discord_server
    ana, ben = server.users[:2]
    db = tmp_path / "games.sqlite3"
    bot = BotProcess(server, tmp_path)
    try:
        await bot.start()
        lobby = await untimed_lobby(server, ana)
        await server.click(ben, lobby, label=t("lobby.button.join"))
        await server.click(ana, lobby, label=t("lobby.button.start"))
        await tabled(server, db, 0)
        await play_a_turn(server, db)
        row = await tabled(server, db, 1)
        table = server.get_message(row.table_message_id)
        old = sorted(older_ids(table) | older_ids(lobby))
        old += [f"{HC}:{row.id}:0:{verb}" for verb in ("hand", "play", "endyes", "kind")]

        await bot.stop()
        await bot.start()
        await tabled(server, db, 1)
        for custom_id in old:
            answer = await pressed(server, ben, table, custom_id)
            assert answer.content == t("error.stale"), (custom_id, answer.content)
            assert answer.embeds
        answer = await pressed(server, ben, table, f"{HC}:{row.id + 1}:0:hand")
        assert answer.content == t("error.stale_button")

        for user in (ana, ben):
            await leave(server, user)
        await published(db)
        await bot.stop()
        await bot.start()
        await quiet(server)
        async with await Storage.open(db) as storage:
            ended = await storage.last_finished_game(server.channel.id)
        assert ended is not None and ended.id == row.id
        final = server.get_message(ended.narration["final_message_id"])
        for custom_id in old:
            answer = await pressed(server, ana, final, custom_id)
            assert answer.content == t("stale.over"), (custom_id, answer.content)
            assert answer.embeds and not answer.buttons()
    finally:
        await bot.stop()
    logs = "\n".join(bot.log(run).read_text() for run in range(1, bot.runs + 1))
    assert "Traceback" not in logs, logs[-3000:]


async def test_each_id_is_heard_by_one_component_at_most(discord_server, bots):
    """discord.py runs every component whose template matches a click: two
    would answer one click twice. Each kind's ids match its template alone."""
    bot = await bots.start()
    prefixes = [presentation(name).prefix for name in ("mammamia", "pizza-island")]
    for kind in bot.kinds:
        for prefix in prefixes:
            custom_id = f"{prefix}:1:0:{kind.verb}:x"  # type: ignore[attr-defined]
            hearing = [
                k for k in bot.kinds if k.__discord_ui_compiled_template__.fullmatch(custom_id)
            ]  # type: ignore[attr-defined]
            assert len(hearing) <= 1, (custom_id, hearing)
