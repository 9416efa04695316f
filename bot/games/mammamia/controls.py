"""Mamma Mia!'s controls: the private hand and its turn controls, and the
reveal's decision buttons (MM-R4, MM-R8..R10, PL-R2, PL-R3, PL-H1..H3).

Decision buttons sit on the public reveal message; only the player who must
decide may use them (`SeatComponent`). Choices that would show the owner's
hand (which cards pay a Bombastica, what to ask for) are offered in an
ephemeral picker only the owner sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot import asking
from bot.components import (
    Component,
    SeatComponent,
    acknowledge,
    edit,
    reply,
    say,
    service_of,
    update,
)
from bot.i18n import t
from bot.reply import Reply, select
from bot.service import Live, Outcome, ServiceError, seat_for
from engine.mammamia import GAME as RULES
from engine.mammamia import State
from engine.mammamia import events as ev
from engine.mammamia.actions import Action, Ask, Choose, Help, Pass, Pay, Turn

from . import render
from .hand import Draft, chosen, hand
from .render import PREFIX, custom_id

Cards = tuple[tuple[str, int], ...]


def state_of(live: Live) -> State:
    """The engine state of a game of this kind (the host holds any game's)."""
    assert isinstance(live.state, State), live.row.game
    return live.state


def hand_reply(
    live: Live, seat: int, draft: Draft | None = None, notice: str | None = None
) -> Reply:
    view = RULES.player_view(state_of(live), seat)
    legal = list(RULES.legal_actions(state_of(live), seat))
    return hand(live.id, view, live.names(), legal, draft, notice)


def played_notice(outcome: Outcome) -> str:
    """What the player just did, and the cards they drew (private to them)."""
    action = outcome.action
    if isinstance(action, Turn):
        kind = render.kind(action.ingredient)
        if action.order:
            text = t("played.with_order", count=action.count, kind=kind)
        else:
            text = t("played.plain", count=action.count, kind=kind)
    else:
        text = t("played.pass")
    drawn: list[str] = []
    for event in outcome.events:
        if isinstance(event, ev.Drew) and event.to == outcome.seat:
            drawn += event.cards
        if isinstance(event, ev.MammaMiaLaid) and event.seat == outcome.seat:
            text += " " + t("played.mamma_mia")
    if drawn:
        variant = outcome.live.row.settings.get("variant", "classic")
        names = [render.card_title(variant, c) for c in drawn]
        text += " " + t("played.drew", cards=", ".join(names))
    return text


async def show_hand(interaction: discord.Interaction[Any], live: Live) -> None:
    seat = seat_for(live, interaction.user.id)
    await service_of(interaction).back(live, interaction.user.id)  # an away player is back
    await reply(interaction, hand_reply(live, seat))


async def act_turn(
    interaction: discord.Interaction[Any], make: Any, version: int | None = None
) -> Outcome:
    live = await _running_here(interaction)
    return await service_of(interaction).act(live.id, interaction.user.id, make, version)


async def _running_here(interaction: discord.Interaction[Any]) -> Live:
    if interaction.channel_id is None:
        raise ServiceError("no_channel")
    return await service_of(interaction).running(interaction.channel_id)


# --- the hand ------------------------------------------------------------------


class HandButton(Component, prefix=PREFIX, verb="hand"):
    """The table's My hand button (RoboDanny's "reopen your board")."""

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await show_hand(interaction, await self.live(interaction))


class _DraftSelect(Component, verb=r"(?!)"):
    """A choice in the hand's turn controls: redraw them with the new draft."""

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        live = await self.live(interaction)
        seat = seat_for(live, interaction.user.id)
        if self.click.version != live.version:
            notice = t("error.stale")
            await edit(interaction, hand_reply(live, seat, None, notice))
            return
        draft = Draft.decode(self.click.arg)
        if self.click.values:
            draft = draft.with_(self.verb, self.click.values[0])
        await edit(interaction, hand_reply(live, seat, draft))


class TurnSelect(_DraftSelect, prefix=PREFIX, verb="turn"):
    """A whole turn in one choice."""


class CardsSelect(_DraftSelect, prefix=PREFIX, verb="cards"):
    """How many cards of which kind."""


class OrderSelect(_DraftSelect, prefix=PREFIX, verb="order"):
    pass


class DrawSelect(_DraftSelect, prefix=PREFIX, verb="draw"):
    pass


class PlayButton(SeatComponent, prefix=PREFIX, verb="play"):
    async def act(self, interaction: discord.Interaction[Any]) -> None:
        live = await self.live(interaction)
        seat = seat_for(live, interaction.user.id)
        legal = list(RULES.legal_actions(state_of(live), seat))
        action = chosen(Draft.decode(self.click.arg), legal)
        if action is None and self.click.version == live.version:  # only a turn picked plays
            notice = t("hand.choose")
            await edit(interaction, hand_reply(live, seat, None, notice))
            return
        try:
            outcome = await service_of(interaction).act(
                live.id, interaction.user.id, lambda s: _played(action), self.click.version
            )
        except ServiceError as error:
            if error.code != "stale":
                raise
            notice = t("error.stale")
            await edit(interaction, hand_reply(live, seat, None, notice))
            return
        notice = played_notice(outcome)
        await edit(interaction, hand_reply(live, seat, None, notice))

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        # A stale Play is answered in the hand itself (see `act`), not refused.
        live = await self.live(interaction)
        if self.click.version != live.version:
            return True
        return await super().interaction_check(interaction)


def _played(action: Turn | Pass | None) -> Turn | Pass:
    if action is None:  # the game moved on since the hand was drawn
        raise ServiceError("stale")
    return action


# --- the reveal's decisions ---------------------------------------------------------


async def _decide(interaction: discord.Interaction[Any], click: Any, make: Any) -> None:
    """Apply a decision from a public button; the publisher redraws the message."""
    try:
        await service_of(interaction).act(click.game, interaction.user.id, make, click.version)
    except ServiceError as error:
        if error.code != "stale":
            raise
        await _stale(interaction, click.game)
        return
    await acknowledge(interaction)


async def _stale(interaction: discord.Interaction[Any], game: int) -> None:
    """A click on an old decision: no action, and the current state of the table."""
    live = await service_of(interaction).live(game)
    view = RULES.public_view(state_of(live))
    table = render.table(live.id, view, live.names(), live.row.settings)
    table.content = t("error.stale")
    await reply(interaction, table)


class _Decision(SeatComponent, verb=r"(?!)"):
    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        live = await self.live(interaction)
        if self.click.version != live.version:  # stale: shown the table, not refused
            return True
        return await super().interaction_check(interaction)


class ChooseButton(_Decision, prefix=PREFIX, verb="choose"):
    async def act(self, interaction: discord.Interaction[Any]) -> None:
        kinds = tuple((self.click.arg or "").split("+"))
        await _decide(interaction, self.click, lambda seat: Choose(seat, kinds))


class PayButton(_Decision, prefix=PREFIX, verb="pay"):
    async def act(self, interaction: discord.Interaction[Any]) -> None:
        click = self.click
        if click.arg == "no":
            await _decide(interaction, click, lambda seat: Pay(seat, False))
            return
        live = await self.live(interaction)
        pending = RULES.public_view(state_of(live)).pending
        if click.version == live.version and pending is not None and pending.short:
            await self._bombastica_picker(interaction, live, pending.short)  # MM-R10
            return
        await _decide(interaction, click, lambda seat: Pay(seat, True))

    async def _bombastica_picker(
        self, interaction: discord.Interaction[Any], live: Live, short: int
    ) -> None:
        seat = service_of(interaction).check_seat(live, interaction.user.id)
        legal = RULES.legal_actions(state_of(live), seat)
        payments = [a for a in legal if isinstance(a, Pay) and a.cards]
        if not payments:
            raise ServiceError("cannot_pay_bombastica", count=short)
        await reply(
            interaction, _picker(live, self.click.version, "payset", payments, t("pick.pay"))
        )


class AskButton(_Decision, prefix=PREFIX, verb="ask"):
    """PL-H1: the owner picks which missing cards to ask for, privately."""

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        live = await self.live(interaction)
        if self.click.version != live.version:
            await _stale(interaction, self.click.game)
            return
        seat = service_of(interaction).check_seat(live, interaction.user.id)
        asks = [a for a in RULES.legal_actions(state_of(live), seat) if isinstance(a, Ask)]
        if not asks:
            raise ServiceError("cannot_ask")
        await reply(interaction, _picker(live, self.click.version, "askset", asks, t("pick.ask")))


def _cards_value(cards: Cards) -> str:
    return ",".join(f"{k}={n}" for k, n in cards)


def _cards_of(value: str) -> Cards:
    pairs = [part.split("=", 1) for part in value.split(",") if "=" in part]
    return tuple((k, int(n)) for k, n in pairs if n.isdigit())


def _picker(
    live: Live, version: int, verb: str, actions: Sequence[Pay | Ask], prompt: str
) -> Reply:
    """An ephemeral select of the legal ways to pay or ask (at most 25 shown)."""
    options = []
    for action in actions:
        cards = action.cards or ()
        options.append((render.cards(dict(cards)), _cards_value(cards), False))
    menu = select(custom_id(live.id, version, verb), options, placeholder=prompt)
    return Reply(content=prompt, items=[menu])


class _Picked(_Decision, verb=r"(?!)"):
    def action(self, seat: int, cards: Cards) -> Action:
        raise NotImplementedError

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        click = self.click
        cards = _cards_of(click.values[0] if click.values else "")
        try:
            await service_of(interaction).act(
                click.game, interaction.user.id, lambda s: self.action(s, cards), click.version
            )
        except ServiceError as error:
            if error.code != "stale":
                raise
            await update(interaction, content=t("error.stale"), view=None)
            return
        shown = render.cards(dict(cards))
        if isinstance(self, PaySetSelect):
            text = t("pick.paid", cards=shown)
        else:
            text = t("pick.asked", cards=shown)
        await update(interaction, content=text, view=None)


class PaySetSelect(_Picked, prefix=PREFIX, verb="payset"):
    def action(self, seat: int, cards: Cards) -> Action:
        return Pay(seat, True, cards)


class AskSetSelect(_Picked, prefix=PREFIX, verb="askset"):
    def action(self, seat: int, cards: Cards) -> Action:
        return Ask(seat, cards)


class HelpButton(Component, prefix=PREFIX, verb="help"):
    """PL-H2: every player who may help is asked at once, each pressing for
    themselves; the host applies the answers in the rule's order once they
    settle it (`bot.asking`). Whether a player holds the cards stays theirs:
    all who may be asked see the buttons, and Help without the cards gets a
    private refusal."""

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        click = self.click
        accept = click.arg == "yes"
        service = service_of(interaction)
        try:
            await asking.answer(
                service, click.game, interaction.user.id, lambda s: Help(s, accept), click.version
            )
        except ServiceError as error:
            if error.code != "stale":
                raise
            await _stale(interaction, click.game)
            return
        await say(interaction, t("decide.noted.yes") if accept else t("decide.noted.no"))


ITEMS: tuple[type[Component], ...] = (
    HandButton,
    TurnSelect,
    CardsSelect,
    OrderSelect,
    DrawSelect,
    PlayButton,
    ChooseButton,
    PayButton,
    AskButton,
    PaySetSelect,
    AskSetSelect,
    HelpButton,
)

__all__ = ["ITEMS", "Pass", "Turn", "act_turn", "hand_reply", "played_notice", "show_hand"]
