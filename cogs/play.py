"""Phase 1 from a player's side: the private hand, its controls, /play and /pass."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import engine
from bot import render
from bot.i18n import t
from bot.render_hand import Draft, action_of, hand
from bot.service import Live, Outcome, ServiceError, seat_for
from bot.ui import Click, handles, reply

from .common import game_here, service


def hand_reply(
    live: Live, seat: int, locale: Any, draft: Draft | None = None, notice: str | None = None
) -> render.Reply:
    view = engine.player_view(live.state, seat)
    legal = engine.legal_actions(live.state, seat)
    return hand(live.id, view, live.names(), legal, draft, locale, notice)


def played_notice(outcome: Outcome, locale: Any) -> str:
    """What the player just did, and the cards they drew (private to them)."""
    action = outcome.action
    if isinstance(action, engine.Turn):
        key = "played.with_order" if action.order else "played.plain"
        text = t(key, locale, count=action.count, kind=render.kind(action.ingredient, locale))
    else:
        text = t("played.pass", locale)
    drawn: list[str] = []
    for event in outcome.events:
        if event.type == "drew" and event.to == outcome.seat:
            drawn += event.data["cards"]
        if event.type == "mamma_mia" and event.data["seat"] == outcome.seat:
            text += " " + t("played.mamma_mia", locale)
    if drawn:
        names = [
            render.kind(c, locale)
            if c in render.KIND_EMOJI
            else render.order_title(outcome.live.state.variant, c, locale)
            for c in drawn
        ]
        text += " " + t("played.drew", locale, cards=", ".join(names))
    return text


async def show_hand(interaction: discord.Interaction[Any], live: Live) -> None:
    seat = seat_for(live, interaction.user.id)
    await service(interaction).back(live, interaction.user.id)  # an away player is back
    await reply(interaction, hand_reply(live, seat, interaction.locale))


@handles("hand")
async def on_hand_button(interaction: discord.Interaction[Any], click: Click) -> None:
    """The table's My hand button (RoboDanny's "reopen your board")."""
    live = await service(interaction).live(click.game)
    await show_hand(interaction, live)


@handles("kind", "count", "order", "draw")
async def on_control(interaction: discord.Interaction[Any], click: Click) -> None:
    """A choice in the hand controls: redraw them with the new draft."""
    live = await service(interaction).live(click.game)
    seat = seat_for(live, interaction.user.id)
    locale = interaction.locale
    if click.version != live.version:
        notice = t("error.stale", locale)
        await interaction.response.edit_message(
            **hand_reply(live, seat, locale, None, notice).kwargs()
        )
        return
    draft = Draft.decode(click.arg)
    if click.values:
        draft = draft.with_(click.verb, click.values[0])
    await interaction.response.edit_message(**hand_reply(live, seat, locale, draft).kwargs())


@handles("play")
async def on_play_button(interaction: discord.Interaction[Any], click: Click) -> None:
    live = await service(interaction).live(click.game)
    seat = seat_for(live, interaction.user.id)
    locale = interaction.locale
    legal = engine.legal_actions(live.state, seat)
    draft = Draft.decode(click.arg)
    try:
        outcome = await service(interaction).act(
            live.id, interaction.user.id, lambda s: action_of(draft, s, legal), click.version
        )
    except ServiceError as error:
        if error.code != "stale":
            raise
        notice = t("error.stale", locale)
        await interaction.response.edit_message(
            **hand_reply(live, seat, locale, None, notice).kwargs()
        )
        return
    notice = played_notice(outcome, locale)
    await interaction.response.edit_message(**hand_reply(live, seat, locale, None, notice).kwargs())


async def play(
    interaction: discord.Interaction[Any],
    ingredient: str,
    count: int,
    order: str | None,
    draw: str | None,
) -> None:
    """`/mammamia play`: the whole turn in one command."""
    live = await game_here(interaction)
    outcome = await service(interaction).act(
        live.id, interaction.user.id, lambda s: engine.Turn(s, ingredient, count, order, draw)
    )
    notice = played_notice(outcome, interaction.locale)
    await reply(interaction, hand_reply(live, outcome.seat, interaction.locale, None, notice))


async def pass_turn(interaction: discord.Interaction[Any], draw: str | None) -> None:
    """`/mammamia pass`: a classic turn with no ingredient in hand (MM-T4)."""
    live = await game_here(interaction)
    outcome = await service(interaction).act(
        live.id, interaction.user.id, lambda s: engine.Pass(s, draw)
    )
    notice = played_notice(outcome, interaction.locale)
    await reply(interaction, hand_reply(live, outcome.seat, interaction.locale, None, notice))


async def own_hand(interaction: discord.Interaction[Any]) -> tuple[Live, list[str]] | None:
    """The caller's hand in this channel's game, for autocomplete (never anyone else's)."""
    try:
        live = await game_here(interaction)
    except ServiceError:
        return None
    seat = live.seat_of(interaction.user.id)
    if seat is None:
        return None
    return live, list(live.state.hands[seat])


async def ingredient_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    found = await own_hand(interaction)
    if found is None:
        return []
    _, cards = found
    locale = interaction.locale
    kinds = sorted({c for c in cards if c in render.KIND_EMOJI}, key=lambda k: -cards.count(k))
    return [
        app_commands.Choice(name=f"{render.kind(k, locale)} ×{cards.count(k)}", value=k)
        for k in kinds
        if current.lower() in k or current.lower() in t(f"kind.{k}", locale).lower()
    ][:25]


async def order_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    found = await own_hand(interaction)
    if found is None:
        return []
    live, cards = found
    locale = interaction.locale
    variant = live.state.variant
    orders = sorted(c for c in cards if c not in render.KIND_EMOJI)
    choices = []
    for order in orders:
        title, needs = (
            render.order_title(variant, order, locale),
            render.order_needs(variant, order, locale),
        )
        label = f"{title} — {needs}"
        if current.lower() in label.lower() or current.lower() in order:
            choices.append(app_commands.Choice(name=label[:100], value=order))
    return choices[:25]


class Play(commands.Cog):
    """Holds no state: the handlers above are registered by `handles`."""


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play())
