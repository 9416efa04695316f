"""Whole Pizza Island matches in Russian and Chinese on the loopback Discord:
no English catalog text left in any message a player sees, and every
message within Discord's limits (tests/support/speech.py)."""

from __future__ import annotations

import pytest

from bot.i18n import use_locale

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
