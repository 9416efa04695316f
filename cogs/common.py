"""What every cog needs: the bot's service and publisher, the player's name,
the game a command is about, and the words for a computer's level."""

from __future__ import annotations

from typing import Any, cast

import discord

from bot.i18n import N_, by_last_part, t
from bot.publisher import Publisher
from bot.service import GameService, Live, ServiceError
from bot.storage import Seat

#: Each game's computer difficulties (`Game.difficulties`) in words, and what each does.
LEVEL = by_last_part(
    N_("computer.level.easy"), N_("computer.level.medium"), N_("computer.level.hard")
)
LEVEL_ABOUT = by_last_part(
    N_("computer.about.easy"), N_("computer.about.medium"), N_("computer.about.hard")
)


def service(interaction: discord.Interaction[Any]) -> GameService:
    return cast(GameService, interaction.client.service)


def publisher(interaction: discord.Interaction[Any]) -> Publisher:
    return cast(Publisher, interaction.client.publisher)


def player(interaction: discord.Interaction[Any]) -> Seat:
    user = interaction.user
    return Seat(user_id=user.id, name=user.display_name)


def channel_id(interaction: discord.Interaction[Any]) -> int:
    if interaction.channel_id is None:
        raise ServiceError("no_channel")
    return interaction.channel_id


def moderator(interaction: discord.Interaction[Any]) -> bool:
    """Manage Messages in this channel makes a player a moderator of games here."""
    permissions = interaction.permissions
    return bool(permissions.manage_messages or permissions.administrator)


def level_name(level: str) -> str:
    return t(LEVEL[level])


async def game_here(interaction: discord.Interaction[Any]) -> Live:
    """The running game in the command's channel."""
    return await service(interaction).running(channel_id(interaction))
