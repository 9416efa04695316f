"""Whole games of the test game (tests/highcard) in every language but
English on the loopback Discord: the host's words (the lobby, the table's
frame, the final ranking, the refusals) leave no English in any message a
player sees, and every message is within Discord's limits (content 2000,
embed 6000, button labels 80). Each shipped game's own words: its tests."""

from __future__ import annotations

import pytest

from bot.i18n import LOCALES, use_locale

from speech import speaks_only
from tests.highcard.players import Players


@pytest.mark.parametrize("locale", [locale for locale in LOCALES if locale != "en"])
async def test_a_whole_game_speaks_only_the_chosen_language(discord_server, bots, locale):
    users = discord_server.users[:3]
    for user in users:
        user.locale = locale
    discord_server.guild.locale = locale
    await bots.start()
    players = Players(discord_server, bots, users, seed=3)
    with use_locale(locale):  # the players read and click in their own language
        await players.open(language=locale.lower())
        await players.play_to_end()
        await bots.idle()
    speaks_only(discord_server, users, locale)
