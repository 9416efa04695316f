"""The `/mammamia` command group: thin adapters to the cogs' handlers.

Descriptions here are the English defaults; the bot's translator localises
them from the catalog (`command.mammamia.*`).
"""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui import guarded

from . import admin, lobby, play

Draw = Literal["supply", "orders"]


class MammaMia(commands.GroupCog, group_name="mammamia", group_description="Play Mamma Mia!"):
    """Every slash command of the bot."""

    @app_commands.command(description="Open a lobby for a new game in this channel")
    @app_commands.describe(
        variant="Which box: classic Mamma Mia! (2-5) or Mamma Mia! Plus (2-6)",
        help="Plus only: may players help each other complete orders?",
        memory="strict: the table never shows past plays (default); casual: it does",
        reveal_speed="How fast the oven is revealed",
        turn_timer="Time for each turn before the bot plays a safe move (default 2 minutes)",
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        variant: Literal["classic", "plus"] = "classic",
        help: bool | None = None,
        memory: Literal["strict", "casual"] | None = None,
        reveal_speed: Literal["slow", "normal", "fast"] | None = None,
        turn_timer: Literal["off", "1m", "2m", "5m", "1h", "24h"] | None = None,
    ) -> None:
        await guarded(
            interaction, lobby.new(interaction, variant, help, memory, reveal_speed, turn_timer)
        )

    @app_commands.command(description="Take a seat in the game waiting in this channel")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, lobby.join(interaction))

    @app_commands.command(description="Leave the lobby, or a running game (the bot plays on)")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, admin.leave(interaction))

    @app_commands.command(description="Deal the cards and start the game (host only)")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, lobby.start(interaction))

    @app_commands.command(description="Show your hand and orders (only you can see them)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        async def show() -> None:
            await play.show_hand(interaction, await play.game_here(interaction))

        await guarded(interaction, show())

    @app_commands.command(description="Play your whole turn: ingredients, an order, and a draw")
    @app_commands.describe(
        ingredient="The kind you put into the oven",
        count="How many cards of it",
        order="An order card from your hand to put on top (optional)",
        draw="Refill from the supply or from your order pile",
    )
    @app_commands.autocomplete(ingredient=play.ingredient_choices, order=play.order_choices)
    async def play(
        self,
        interaction: discord.Interaction[Any],
        ingredient: str,
        count: app_commands.Range[int, 1, 15],
        draw: Draw,
        order: str | None = None,
    ) -> None:
        await guarded(interaction, play.play(interaction, ingredient, count, order, draw))

    @app_commands.command(name="pass", description="Classic: pass with no ingredient in hand")
    @app_commands.describe(draw="Refill from the supply or from your order pile")
    async def pass_(self, interaction: discord.Interaction[Any], draw: Draw) -> None:
        await guarded(interaction, play.pass_turn(interaction, draw))

    @app_commands.command(description="Show the table again at the bottom of the channel")
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, admin.table(interaction))

    @app_commands.command(description="The rules in short, and your order cards")
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, admin.rules(interaction))

    @app_commands.command(description="Take a player out; the bot plays their seat (host)")
    @app_commands.describe(player="The player to take out of the game")
    async def kick(self, interaction: discord.Interaction[Any], player: discord.User) -> None:
        await guarded(interaction, admin.kick(interaction, player))

    @app_commands.command(description="Attach a finished game's record (JSON) for replay")
    @app_commands.describe(game="A game number (default: this channel's last finished game)")
    async def export(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        await guarded(interaction, admin.export(interaction, game))

    @app_commands.command(description="End the game in this channel (host or moderators)")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, admin.end(interaction))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MammaMia())
