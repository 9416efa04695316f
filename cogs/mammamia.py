"""The `/mammamia` command group: thin adapters to the host and the game's controls.

Descriptions here are the English defaults; the bot's translator localises
them from the catalog (`command.mammamia.*`).
"""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.components import guarded, reply
from bot.games.mammamia import render
from bot.games.mammamia.controls import (
    Pass,
    Turn,
    act_turn,
    hand_reply,
    played_notice,
    show_hand,
)
from bot.i18n import use_locale
from bot.service import ServiceError

from . import host
from .common import game_here

Draw = Literal["supply", "orders"]


class MammaMiaCommands(
    host.HostCommands, group_name="mammamia", group_description="Play Mamma Mia!"
):
    """Mamma Mia!'s own commands, beside the host's."""

    game = "mammamia"

    @app_commands.command(
        description="Open a lobby for a new game in this channel", extras={"answer": "public"}
    )
    @app_commands.describe(
        variant="Which box: classic Mamma Mia! (2-5) or Mamma Mia! Plus (2-6)",
        help="Plus only: may players help each other complete orders?",
        memory="strict: the table never shows past plays (default); casual: it does",
        reveal_speed="How fast the oven is revealed",
        turn_timer="Time for each turn before the bot plays a safe move (default 2 minutes)",
        language="The language of the table, the reveal and the final ranking",
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        variant: Literal["classic", "plus"] = "classic",
        help: bool | None = None,
        memory: Literal["strict", "casual"] | None = None,
        reveal_speed: Literal["slow", "normal", "fast"] | None = None,
        turn_timer: Literal["off", "1m", "2m", "5m", "1h", "24h"] | None = None,
        language: host.Language | None = None,
    ) -> None:
        async def open_lobby() -> None:
            await host.new(
                interaction,
                self.game,
                language,
                variant=variant,
                help=None if help is None else ("on" if help else "off"),
                memory=memory or "strict",
                reveal_speed=reveal_speed or "normal",
                turn_timer=turn_timer,
            )

        await guarded(interaction, open_lobby())

    @app_commands.command(description="Show your hand and orders (only you can see them)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        async def show() -> None:
            await show_hand(interaction, await game_here(interaction))

        await guarded(interaction, show())

    @app_commands.command(description="Play your whole turn: ingredients, an order, and a draw")
    @app_commands.describe(
        ingredient="The kind you put into the oven",
        count="How many cards of it",
        order="An order card from your hand to put on top (optional)",
        draw="Refill from the supply or from your order pile",
    )
    async def play(
        self,
        interaction: discord.Interaction[Any],
        ingredient: str,
        count: app_commands.Range[int, 1, 15],
        draw: Draw,
        order: str | None = None,
    ) -> None:
        turn = _answer_turn(interaction, lambda s: Turn(s, ingredient, count, order, draw))
        await guarded(interaction, turn)

    @play.autocomplete("ingredient")
    async def ingredient_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        view = await _own_view(interaction)
        if view is None:
            return []
        held = [c for c in view["hand"] if c not in view["hand_orders"]]
        kinds = sorted(set(held), key=lambda k: -held.count(k))
        with use_locale(interaction.locale):
            return [
                app_commands.Choice(name=f"{render.kind(k)} ×{held.count(k)}", value=k)
                for k in kinds
                if current.lower() in k or current.lower() in render.kind_name(k).lower()
            ][:25]

    @play.autocomplete("order")
    async def order_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        view = await _own_view(interaction)
        if view is None:
            return []
        variant = view["variant"]
        choices = []
        with use_locale(interaction.locale):
            for order in view["hand_orders"]:
                title, needs = (
                    render.order_title(variant, order),
                    render.order_needs(variant, order),
                )
                label = f"{title} — {needs}"
                if current.lower() in label.lower() or current.lower() in order:
                    choices.append(app_commands.Choice(name=label[:100], value=order))
        return choices[:25]

    @app_commands.command(name="pass", description="Classic: pass with no ingredient in hand")
    @app_commands.describe(draw="Refill from the supply or from your order pile")
    async def pass_(self, interaction: discord.Interaction[Any], draw: Draw) -> None:
        await guarded(interaction, _answer_turn(interaction, lambda s: Pass(s, draw)))


async def _own_view(interaction: discord.Interaction[Any]) -> dict[str, Any] | None:
    """The caller's own view in this channel's game, for autocomplete (never anyone else's)."""
    try:
        live = await game_here(interaction)
    except ServiceError:
        return None
    seat = live.seat_of(interaction.user.id)
    if seat is None or live.row.game != "mammamia":
        return None
    return live.rules.player_view(live.state, seat)


async def _answer_turn(interaction: discord.Interaction[Any], make: Any) -> None:
    """Apply a whole turn typed as a command, and answer with the hand."""
    outcome = await act_turn(interaction, make)
    notice = played_notice(outcome)
    await reply(interaction, hand_reply(outcome.live, outcome.seat, None, notice))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MammaMiaCommands())
