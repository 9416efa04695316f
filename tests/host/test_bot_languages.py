"""Whole games in Russian and Japanese on the loopback Discord: no English
catalog text left in any message a player sees, and every message within
Discord's limits (content 2000, embed 6000, button labels 80)."""

from __future__ import annotations

import re

import pytest

from bot.i18n import default_catalog, use_locale

from driver import Players, version_texts
from pi_driver import IslandPlayers

ENGLISH_FRAGMENT = re.compile(r"[A-Za-z][A-Za-z' ]{12,}[A-Za-z]")


def english_fragments(locale: str) -> set[str]:
    """Runs of English words in the English catalog that the other language
    does not share (names, numbers and placeholders aside)."""
    catalog = default_catalog()
    english, other = catalog.messages("en"), catalog.messages(locale)
    found: set[str] = set()
    for key, text in english.items():
        if key.startswith("command.") or other.get(key) == text:
            continue
        for template in text if isinstance(text, tuple) else (text,):
            for part in re.split(r"\{[^}]*\}", template):
                found |= {m.group(0).strip() for m in ENGLISH_FRAGMENT.finditer(part)}
    return {f for f in found if len(f) >= 14}


def all_texts(server, users) -> list[str]:
    texts: list[str] = []
    messages = list(server.public_messages(server.channel))
    for user in users:
        messages += server.ephemerals_for(user)
    for message in messages:
        texts += version_texts(message)
        for old in [message, *message.history]:
            components = old.components if hasattr(old, "components") else old.get("components")
            texts.append(str(components or ""))
    return texts


def within_limits(server) -> None:
    for message in server.messages.values():
        assert len(message.content or "") <= 2000
        for embed in message.embeds:
            size = len(embed.get("title") or "") + len(embed.get("description") or "")
            size += sum(
                len(f.get("name", "")) + len(f.get("value", "")) for f in embed.get("fields") or []
            )
            size += len((embed.get("footer") or {}).get("text", ""))
            assert size <= 6000
        for button in message.buttons():
            assert len(button.get("label") or "") <= 80


@pytest.mark.parametrize("locale", ["ru", "ja"])
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
    fragments = english_fragments(locale)
    assert len(fragments) > 50  # the check has teeth
    for text in all_texts(discord_server, users):
        leaked = [f for f in fragments if f in text]
        assert not leaked, (leaked, text[:300])
    within_limits(discord_server)


@pytest.mark.parametrize("locale", ["ru", "ja"])
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
        await players.open(level="advanced", scoring="wins", language=locale)
        await players.play_to_end()
    fragments = english_fragments(locale)
    for text in all_texts(discord_server, users):
        leaked = [f for f in fragments if f in text]
        assert not leaked, (leaked, text[:300])
    within_limits(discord_server)
