"""Decisions during the oven reveal (MM-R4, MM-R8..R10, PL-R2, PL-R3, PL-H1..H3).

The buttons sit on the public reveal message; only the player who must decide
can use them, everyone else is told whose decision it is. Choices that would
show the owner's hand (which cards to pay a Bombastica with, what to ask for)
are offered in an ephemeral picker only the owner sees.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands

import engine
from bot import render
from bot.i18n import t
from bot.render import Reply, custom_id
from bot.service import Live, ServiceError
from bot.ui import Click, handles, reply

from .common import service


def _cards_value(cards: tuple[tuple[str, int], ...]) -> str:
    return ",".join(f"{k}={n}" for k, n in cards)


def _cards_of(value: str) -> tuple[tuple[str, int], ...]:
    pairs = [part.split("=", 1) for part in value.split(",") if "=" in part]
    return tuple((k, int(n)) for k, n in pairs if n.isdigit())


async def _act(interaction: discord.Interaction[Any], click: Click, make: Any) -> None:
    """Apply a decision from a public button; the publisher redraws the message."""
    try:
        await service(interaction).act(click.game, interaction.user.id, make, click.version)
    except ServiceError as error:
        if error.code != "stale":
            raise
        await _stale(interaction, click.game)
        return
    if not interaction.response.is_done():
        await interaction.response.defer()


async def _stale(interaction: discord.Interaction[Any], game: int) -> None:
    """A click on an old decision: no action, and the current state of the table."""
    live = await service(interaction).live(game)
    view = engine.public_view(live.state)
    table = render.table(live.id, view, live.names(), live.row.settings, interaction.locale)
    table.content = t("error.stale", interaction.locale)
    await reply(interaction, table)


@handles("choose")
async def on_choose(interaction: discord.Interaction[Any], click: Click) -> None:
    kinds = tuple((click.arg or "").split("+"))
    await _act(interaction, click, lambda seat: engine.Choose(seat, kinds))


@handles("pay")
async def on_pay(interaction: discord.Interaction[Any], click: Click) -> None:
    if click.arg == "no":
        await _act(interaction, click, lambda seat: engine.Pay(seat, False))
        return
    live = await service(interaction).live(click.game)
    pending = live.state.pending
    if click.version == live.version and pending is not None and pending.short:
        await _bombastica_picker(interaction, live, click)  # MM-R10: name the cards
        return
    await _act(interaction, click, lambda seat: engine.Pay(seat, True))


async def _bombastica_picker(
    interaction: discord.Interaction[Any], live: Live, click: Click
) -> None:
    seat = service(interaction).check_seat(live, interaction.user.id)
    locale = interaction.locale
    payments = [
        a for a in engine.legal_actions(live.state, seat) if isinstance(a, engine.Pay) and a.cards
    ]
    if not payments:
        short = live.state.pending.short if live.state.pending else 0
        raise ServiceError("cannot_pay_bombastica", count=short)
    await reply(interaction, _picker(live, click, "payset", payments, locale, "pick.pay"))


@handles("ask")
async def on_ask(interaction: discord.Interaction[Any], click: Click) -> None:
    """PL-H1: the owner picks which missing cards to ask for, privately."""
    live = await service(interaction).live(click.game)
    if click.version != live.version:
        await _stale(interaction, click.game)
        return
    seat = service(interaction).check_seat(live, interaction.user.id)
    asks = [a for a in engine.legal_actions(live.state, seat) if isinstance(a, engine.Ask)]
    if not asks:
        raise ServiceError("cannot_ask")
    await reply(interaction, _picker(live, click, "askset", asks, interaction.locale, "pick.ask"))


def _picker(
    live: Live, click: Click, verb: str, actions: list[Any], locale: Any, key: str
) -> Reply:
    """An ephemeral select of the legal ways to pay or ask (at most 25 shown)."""
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom_id(live.id, click.version, verb), placeholder=t(key, locale)
    )
    for action in actions[:25]:
        select.add_option(
            label=render.cards(dict(action.cards), locale)[:100], value=_cards_value(action.cards)
        )
    return Reply(content=t(key, locale), items=[select])


@handles("payset", "askset")
async def on_picked(interaction: discord.Interaction[Any], click: Click) -> None:
    cards = _cards_of(click.values[0] if click.values else "")
    if click.verb == "payset":
        make = lambda seat: engine.Pay(seat, True, cards)  # noqa: E731
    else:
        make = lambda seat: engine.Ask(seat, cards)  # noqa: E731
    try:
        await service(interaction).act(click.game, interaction.user.id, make, click.version)
    except ServiceError as error:
        if error.code != "stale":
            raise
        await interaction.response.edit_message(
            content=t("error.stale", interaction.locale), view=None
        )
        return
    key = "pick.paid" if click.verb == "payset" else "pick.asked"
    text = t(key, interaction.locale, cards=render.cards(dict(cards), interaction.locale))
    await interaction.response.edit_message(content=text, view=None)


@handles("help")
async def on_help(interaction: discord.Interaction[Any], click: Click) -> None:
    accept = click.arg == "yes"
    await _act(interaction, click, lambda seat: engine.Help(seat, accept))


class Reveal(commands.Cog):
    """Holds no state: the handlers above are registered by `handles`."""


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Reveal())
