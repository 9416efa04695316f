"""The `/pizzaisland` command group: thin adapters to the host and the game's controls.

Descriptions here are the English defaults; the bot's translator localises
them from the catalog (`command.pizzaisland.*`).
"""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.components import guarded, reply
from bot.games.pizzaisland.controls import decision, take_or_stop
from bot.service import seat_for

from . import host
from .common import game_here


class PizzaIslandCommands(
    host.HostCommands, group_name="pizzaisland", group_description="Play Pizza Island!"
):
    """Pizza Island's own commands, beside the host's."""

    game = "pizza-island"

    @app_commands.command(
        description="Open a lobby for a new match in this channel", extras={"answer": "public"}
    )
    @app_commands.describe(
        level="easy (ages 5+), normal, or advanced with the Captain's Ship and Achievements",
        scoring="wins: first to win 2 games; points: most points over 3 games",
        turn_timer="Time for each turn before the bot plays a safe move (default 2 minutes)",
        language="The language of the table, the reveal and the final ranking",
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        level: Literal["easy", "normal", "advanced"] = "normal",
        scoring: Literal["wins", "points"] = "wins",
        turn_timer: Literal["off", "1m", "2m", "5m", "1h", "24h"] | None = None,
        language: host.Language | None = None,
    ) -> None:
        work = host.new(
            interaction, self.game, language, level=level, scoring=scoring, turn_timer=turn_timer
        )
        await guarded(interaction, work)

    @app_commands.command(description="Take a card: from the deck, or a card of the Ship")
    @app_commands.describe(source="deck, or a card of the Ship such as red-a (advanced)")
    async def take(self, interaction: discord.Interaction[Any], source: str = "deck") -> None:
        await guarded(interaction, take_or_stop(interaction, source))

    @app_commands.command(description="End your turn (after at least one card)")
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, take_or_stop(interaction, None))

    @app_commands.command(description="Your open decision: a third colour, or a hero")
    async def decide(self, interaction: discord.Interaction[Any]) -> None:
        async def show() -> None:
            live = await game_here(interaction)
            await reply(interaction, decision(live, seat_for(live, interaction.user.id)))

        await guarded(interaction, show())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PizzaIslandCommands())
