"""A server's own settings, changed by those who may manage it: the language
of its new games, and whether its messages carry pictures."""

from __future__ import annotations

import discord

from bot.i18n import LANGUAGE_NAMES, locale_of, t
from bot.interactions.components import say, service_of
from bot.live.refusals import ServiceError


def _require_manager(interaction: discord.Interaction) -> int:
    """The server's id, if the user may manage it (Manage Server)."""
    permissions = interaction.permissions
    if interaction.guild_id is None or not (permissions.manage_guild or permissions.administrator):
        raise ServiceError("not_manager")
    return interaction.guild_id


async def set_language(interaction: discord.Interaction, language: str) -> None:
    """`language`: the server's default language for new games."""
    guild = _require_manager(interaction)
    await service_of(interaction).choices.set_server_language(guild, locale_of(language))
    await say(interaction, t("language.set", language=LANGUAGE_NAMES[locale_of(language)]))


async def set_pictures(interaction: discord.Interaction, on: bool) -> None:
    """`settings pictures:on|off`: whether this server's messages carry pictures;
    off suits slow connections, and the text says it all either way."""
    guild = _require_manager(interaction)
    await service_of(interaction).choices.set_pictures(guild, on)
    await say(interaction, t("settings.pictures.on") if on else t("settings.pictures.off"))
