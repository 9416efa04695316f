"""The `/mammamia` command group: thin adapters to the host and the game's controls.

Every command string is a message id (`L_`); the English is the catalog's, and
the bot's translator gives Discord the other languages.
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
from bot.i18n.translator import L_
from bot.service import ServiceError

from . import host
from .common import game_here

Draw = Literal["supply", "orders"]


class MammaMiaCommands(
    host.HostCommands,
    group_name="mammamia",
    group_description=L_("command.mammamia.description"),
):
    """Mamma Mia!'s own commands, beside the host's."""

    game = "mammamia"

    @app_commands.command(
        name=L_("command.mammamia.new.name"),
        description=L_("command.mammamia.new.description"),
        extras={"answer": "public"},
    )
    @app_commands.rename(
        variant=L_("command.param.variant.name"),
        help=L_("command.param.help.name"),
        memory=L_("command.param.memory.name"),
        reveal_speed=L_("command.param.reveal_speed.name"),
    )
    @app_commands.describe(
        variant=L_("command.param.variant.description"),
        help=L_("command.param.help.description"),
        memory=L_("command.param.memory.description"),
        reveal_speed=L_("command.param.reveal_speed.description"),
    )
    @host.lobby_options
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

    @app_commands.command(
        name=L_("command.mammamia.hand.name"), description=L_("command.mammamia.hand.description")
    )
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        async def show() -> None:
            await show_hand(interaction, await game_here(interaction))

        await guarded(interaction, show())

    @app_commands.command(
        name=L_("command.mammamia.play.name"), description=L_("command.mammamia.play.description")
    )
    @app_commands.rename(
        ingredient=L_("command.param.ingredient.name"),
        count=L_("command.param.count.name"),
        order=L_("command.param.order.name"),
        draw=L_("command.param.draw.name"),
    )
    @app_commands.describe(
        ingredient=L_("command.param.ingredient.description"),
        count=L_("command.param.count.description"),
        order=L_("command.param.order.description"),
        draw=L_("command.param.draw.description"),
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
        held = [c for c in view.hand if c not in view.hand_orders]
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
        variant = view.variant
        choices = []
        with use_locale(interaction.locale):
            for order in view.hand_orders:
                title, needs = (
                    render.order_title(variant, order),
                    render.order_needs(variant, order),
                )
                label = f"{title} — {needs}"
                if current.lower() in label.lower() or current.lower() in order:
                    choices.append(app_commands.Choice(name=label[:100], value=order))
        return choices[:25]

    @app_commands.command(
        name=L_("command.mammamia.pass.name"), description=L_("command.mammamia.pass.description")
    )
    @app_commands.rename(draw=L_("command.param.draw.name"))
    @app_commands.describe(draw=L_("command.param.draw.description"))
    async def pass_(self, interaction: discord.Interaction[Any], draw: Draw) -> None:
        await guarded(interaction, _answer_turn(interaction, lambda s: Pass(s, draw)))


async def _own_view(interaction: discord.Interaction[Any]) -> render.PlayerView | None:
    """The caller's own view in this channel's game, for autocomplete (never anyone else's)."""
    try:
        live = await game_here(interaction)
    except ServiceError:
        return None
    seat = live.seat_of(interaction.user.id)
    if seat is None:
        return None
    view = live.rules.player_view(live.state, seat)
    return view if isinstance(view, render.PlayerView) else None  # another game runs here


async def _answer_turn(interaction: discord.Interaction[Any], make: Any) -> None:
    """Apply a whole turn typed as a command, and answer with the hand."""
    outcome = await act_turn(interaction, make)
    notice = played_notice(outcome)
    await reply(interaction, hand_reply(outcome.live, outcome.seat, None, notice))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MammaMiaCommands())
