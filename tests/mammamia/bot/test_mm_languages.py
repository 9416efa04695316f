"""Whole Mamma Mia! games in Russian, Japanese and French on the loopback
Discord: no English catalog text left in any message a player sees, and
every message within Discord's limits (tests/support/speech.py)."""

from __future__ import annotations

import pytest

from bot.i18n import use_locale

from speech import speaks_only
from tests.mammamia.driver import Players


@pytest.mark.parametrize("locale", ["ru", "ja", "fr"])
async def test_a_whole_mamma_mia_game_speaks_only_the_chosen_language(discord_server, bots, locale):
    users = discord_server.users[:3]
    for user in users:
        user.locale = locale
    discord_server.guild.locale = locale
    await bots.start()
    players = Players(discord_server, bots, users, seed=3)
    with use_locale(locale):  # the players read and click in their own language
        await players.open("plus", language=locale)
        await players.play_to_end()
        await bots.idle()
    speaks_only(discord_server, users, locale)
