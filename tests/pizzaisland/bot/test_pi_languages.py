"""Whole Pizza Island matches in Russian and Chinese on the loopback Discord:
no English catalog text left in any message a player sees, and every
message within Discord's limits (tests/support/speech.py); its lobby in the
server's language."""

from __future__ import annotations

import pytest

from bot.i18n import t, use_locale

from speech import speaks_only
from tests.pizzaisland.driver import IslandPlayers


@pytest.mark.parametrize("locale", ["ru", "zh-TW"])
async def test_a_whole_pizza_island_match_speaks_only_the_chosen_language(
    discord_server, bots, locale
):
    users = discord_server.users[:2]
    for user in users:
        user.locale = locale
    discord_server.guild.locale = locale
    await bots.start()
    players = IslandPlayers(discord_server, bots, users, seed=6)
    with use_locale(locale):
        await players.open(level="advanced", scoring="wins", language=locale.lower())
        await players.play_to_end()
    speaks_only(discord_server, users, locale)


async def test_a_pizza_island_lobby_speaks_the_servers_language(discord_server, bots):
    discord_server.guild.locale = "ja"
    await bots.start()
    players = IslandPlayers(discord_server, bots, discord_server.users[:2], seed=2)
    with use_locale("ja"):
        lobby = await players.open()
    assert lobby.embeds[0].get("title", "") == t(
        "lobby.title", "ja", game=t("pizzaisland.title", "ja")
    )
    assert players.live.row.settings["language"] == "ja"
