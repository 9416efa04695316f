"""#42.6 Refusals, not surprises: nothing is opened in a channel Discord said
was deleted, and its stored lobby or game is closed; a command or subcommand
the bot does not have (a client showing an older list) gets a clear private
answer in the player's language, and no traceback; the member acting is the
one Discord sends for the channel's own server, never a member of a server
the payload merely names. With the test game (tests/highcard).
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.i18n import t, use_locale
from bot.storage import GameStatus

from fakediscord.server import FakeDiscord
from tests.highcard.players import COMMAND, Players


async def test_a_deleted_channels_games_close_and_nothing_new_opens_there(
    discord_server: FakeDiscord, bots: Any
) -> None:
    server = discord_server
    bot = await bots.start()
    storage = bot.storage
    ana, ben = server.users[:2]
    playing = server.add_channel("playing")
    players = Players(server, bots, [ana, ben], seed=3)
    players.channel = playing
    await players.open(turn_timer="2m")
    waiting = server.add_channel("waiting")
    lobby = await server.slash(ben, waiting, COMMAND, "new")
    assert lobby.message is not None
    game, lobby_row = players.game, await storage.active_game(waiting.id)
    assert lobby_row is not None

    for channel in (playing, waiting):
        await server.delete_channel(channel)
    async with asyncio.timeout(5):  # the gateway's word reached the bot
        while not {playing.id, waiting.id} <= bot.deleted_channels:
            await asyncio.sleep(0.01)
    await bots.idle()
    before = len(server.requests)
    assert (await storage.game(game)).status == GameStatus.CANCELLED, "the game closed"
    assert (await storage.game(lobby_row.id)).status == GameStatus.CANCELLED, "the lobby closed"
    assert await storage.due_games(bot.clock.utcnow()) == []
    assert bot.service.games.count() == 0, "nothing of them held in memory"

    # A client that still shows the channel: nothing is opened there.
    ana.locale = "ru"
    answer = await server.slash(ana, playing, COMMAND, "new")
    assert answer.response is not None and answer.response.ephemeral
    with use_locale("ru"):
        assert answer.message is not None and answer.message.content == t("error.channel_deleted")
    assert await storage.active_game(playing.id) is None
    await bots.idle()
    touched = [r.path for r in server.requests[before:] if f"/channels/{playing.id}" in r.path]
    assert touched == [], "nothing sent to a deleted channel"


async def test_an_unknown_subcommand_is_answered_privately_without_a_traceback(
    discord_server: FakeDiscord, bots: Any
) -> None:
    """A client that still shows a subcommand the bot dropped (or one the bot
    never had): a private answer in the player's language, not "Something
    went wrong" and two tracebacks (which would fail this test: the fake
    counts every error discord.py logs)."""
    server = discord_server
    await bots.start()
    (group,) = [c for c in server.commands_for(server.guild) if c["name"] == COMMAND]
    group["options"].append({"type": 1, "name": "ghost", "description": "gone", "options": []})
    ana = server.users[0]
    for locale in ("en-US", "ja", "fr"):
        ana.locale = locale
        answer = await server.slash(ana, None, COMMAND, "ghost")
        assert answer.response is not None and answer.response.ephemeral
        with use_locale(locale):
            assert answer.message is not None
            assert answer.message.content == t("error.unknown_command")
    assert await bots.current.storage.active_game(server.channel.id) is None


async def test_a_join_naming_another_servers_member_seats_nobody(
    discord_server: FakeDiscord, bots: Any
) -> None:
    """A forged Join: the lobby's own channel, but a payload that names
    another server, and as the one acting a member of that server only."""
    server = discord_server
    await bots.start()
    ana = server.users[0]
    other = server.add_guild("Elsewhere")
    eve = server.add_user("Eve", guild=other)
    lobby = await server.slash(ana, None, COMMAND, "new")
    assert lobby.message is not None
    join = lobby.message.find_button(t("lobby.button.join"))["custom_id"]
    forged = await server.press(eve, lobby.message, join, claimed_guild=other)
    assert forged.response is not None and forged.response.ephemeral
    row = await bots.current.storage.active_game(server.channel.id)
    assert [seat.user_id for seat in row.seats] == [ana.id], "Eve is not seated"
    # The same click, as Discord sends it for a member of the server, seats them.
    ben = server.users[1]
    await server.click(ben, lobby.message, label=t("lobby.button.join"))
    row = await bots.current.storage.active_game(server.channel.id)
    assert [seat.user_id for seat in row.seats] == [ana.id, ben.id]
