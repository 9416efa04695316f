"""Mamma Mia!'s own commands (`/mammamia hand`, `play`, `pass`): thin adapters
to the game's controls.

Every command string is a message id (`L_`); the English is the catalog's, and
the bot's translator gives Discord the other languages.
"""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.mammamia import render
from bot.games.mammamia.controls import (
    Pass,
    Turn,
    act_turn,
    hand_reply,
    keep_hand,
    played_notice,
    show_hand,
)
from bot.i18n import use_locale
from bot.i18n.translator import L_
from bot.interactions.command_checks import RUNNING
from bot.interactions.components import channel_id, guarded, reply, service_of
from bot.kit.limits import CHOICE_NAME, TYPED, shorten
from bot.live.refusals import ServiceError
from engine.mammamia.actions import Action

#: Where a turn draws from, in the game's own words.
DRAWS = [
    app_commands.Choice(name=L_("command.mammamia.choice.draw.supply"), value="supply"),
    app_commands.Choice(name=L_("command.mammamia.choice.draw.orders"), value="orders"),
]


class Commands(commands.Cog):
    """Mamma Mia!'s own commands, beside those every game has (`cogs.games`
    makes the `/mammamia` group of both, and its `new`)."""

    @app_commands.command(
        name=L_("command.mammamia.hand.name"),
        description=L_("command.mammamia.hand.description"),
        extras={"needs": RUNNING},
    )
    async def hand(self, interaction: discord.Interaction) -> None:
        async def show() -> None:
            await show_hand(
                interaction, await service_of(interaction).games.running(channel_id(interaction))
            )

        await guarded(interaction, show())

    @app_commands.command(
        name=L_("command.mammamia.play.name"),
        description=L_("command.mammamia.play.description"),
        extras={"needs": RUNNING},
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
    @app_commands.choices(draw=DRAWS)
    async def play(
        self,
        interaction: discord.Interaction,
        ingredient: app_commands.Range[str, 1, TYPED],
        count: app_commands.Range[int, 1, 15],
        draw: str,
        order: app_commands.Range[str, 1, TYPED] | None = None,
    ) -> None:
        turn = _answer_turn(interaction, lambda s: Turn(s, ingredient, count, order, draw))
        await guarded(interaction, turn)

    @play.autocomplete("ingredient")
    async def ingredient_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        view = await _own_view(interaction)
        if view is None:
            return []
        held = [c for c in view.hand if c not in view.hand_orders]
        kinds = sorted(set(held), key=lambda k: -held.count(k))
        with use_locale(interaction.locale):
            return [
                app_commands.Choice(name=render.amount(k, held.count(k)), value=k)
                for k in kinds
                if current.lower() in k or current.lower() in render.kind_name(k).lower()
            ][:25]

    @play.autocomplete("order")
    async def order_choices(
        self, interaction: discord.Interaction, current: str
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
                    choices.append(
                        app_commands.Choice(name=shorten(label, CHOICE_NAME), value=order)
                    )
        return choices[:25]

    @app_commands.command(
        name=L_("command.mammamia.pass.name"),
        description=L_("command.mammamia.pass.description"),
        extras={"needs": RUNNING},
    )
    @app_commands.rename(draw=L_("command.param.draw.name"))
    @app_commands.describe(draw=L_("command.param.draw.description"))
    @app_commands.choices(draw=DRAWS)
    async def pass_(self, interaction: discord.Interaction, draw: str) -> None:
        await guarded(interaction, _answer_turn(interaction, lambda s: Pass(s, draw)))


async def _own_view(interaction: discord.Interaction) -> render.PlayerView | None:
    """The caller's own view in this channel's game, for autocomplete (never anyone else's)."""
    try:
        live = await service_of(interaction).games.running(channel_id(interaction))
    except ServiceError:
        return None
    seat = live.seat_of(interaction.user.id)
    if seat is None:
        return None
    view = live.player_view(seat)
    return view if isinstance(view, render.PlayerView) else None  # another game runs here


async def _answer_turn(interaction: discord.Interaction, make: Callable[[int], Action]) -> None:
    """Apply a whole turn typed as a command, and answer with the hand."""
    outcome = await act_turn(interaction, make)
    notice = played_notice(outcome)
    shown = hand_reply(outcome.live, outcome.seat, None, notice)
    sent = await reply(interaction, shown)
    keep_hand(interaction, outcome.live, outcome.seat, shown, sent, notice=notice)
