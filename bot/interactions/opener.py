"""The Open the table button's click: Discord's launch response (interaction
callback type 12). Registered only when the bot serves the Activity."""

from __future__ import annotations

import discord

from bot.interactions.components import Component


class OpenTableButton(Component, verb="activity"):
    """Anyone in the channel may open the table: players see their seat,
    everyone else the public table (the server decides, `bot.web.hub`)."""

    async def act(self, interaction: discord.Interaction) -> None:
        await interaction.response.launch_activity()
