"""Pizza Island's controls. The turn's buttons sit on the public table and
only the player to act may use them (`Component.seated`); a decision (which
option of a third colour, whether and how to use a hero) is taken in a
message only that player sees, where the cards a Mushroom or a Pepper shows
are shown too (PI-I1: never in a public message)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import discord

from bot.games.pizzaisland import render
from bot.games.pizzaisland.pictures import seen_cards_image
from bot.games.pizzaisland.render import PREFIX, card_name, custom_id, hero_name
from bot.i18n import N_, by_last_part, join_and, t
from bot.interactions.components import (
    Component,
    acknowledge,
    channel_id,
    edit,
    reply,
    service_of,
    update,
)
from bot.interactions.paging import page_of, turned
from bot.kit.reply import BLUE, GREY, RED, Item, Picture, Reply, button, select
from bot.live.live import Live
from bot.live.refusals import ServiceError, seat_for
from engine.errors import MalformedAction
from engine.pizzaisland import GAME as RULES
from engine.pizzaisland import State
from engine.pizzaisland.actions import (
    Action,
    Decline,
    Discard,
    Replace,
    Stop,
    Take,
    from_text,
)
from engine.pizzaisland.views import PlayerView


def state_of(live: Live) -> State:
    """The engine state of a game of this kind (the host holds any game's)."""
    assert isinstance(live.state, State), live.row.game
    return live.state


def view_of(live: Live, seat: int) -> PlayerView:
    """`seat`'s view, as this game's own (the host holds any game's)."""
    view = live.player_view(seat)
    assert isinstance(view, PlayerView), live.row.game
    return view


def legal_of(live: Live, seat: int) -> list[Action]:
    """`seat`'s legal actions, as this game's own."""
    return [action for action in live.legal(seat) if isinstance(action, Action)]


class _TurnButton(Component):
    """A control of the turn or of its open decision: only its player, and
    only at the moment it was drawn for."""

    current = seated = True

    async def apply(self, interaction: discord.Interaction, make: Callable[[int], Action]) -> Live:
        svc = service_of(interaction)
        outcome = await svc.act(
            self.click.game, interaction.user.id, make, self.click.version, interaction
        )
        return outcome.live


class TakeButton(_TurnButton, prefix=PREFIX, verb="take"):
    """PI-N2: take a card from the deck; PI-A1: or this card from the Ship."""

    async def act(self, interaction: discord.Interaction) -> None:
        source = self.click.arg or "deck"
        live = await self.apply(interaction, lambda s: Take(s, source))
        await _after(interaction, live)


class StopButton(_TurnButton, prefix=PREFIX, verb="stop"):
    async def act(self, interaction: discord.Interaction) -> None:
        live = await self.apply(interaction, lambda s: Stop(s))
        await _after(interaction, live)


async def _after(interaction: discord.Interaction, live: Live) -> None:
    """After a take: a decision that opened is offered at once, privately;
    otherwise the click is simply acknowledged (the table shows the rest)."""
    seat = seat_for(live, interaction.user.id)
    if _deciding(live, seat):
        await reply(interaction, decision(live, seat))
    else:
        await acknowledge(interaction)


async def take_or_stop(interaction: discord.Interaction, source: str | None) -> None:
    """`/pizzaisland take` and `/pizzaisland stop`: the turn's buttons as commands."""
    svc = service_of(interaction)
    live = await svc.games.running(channel_id(interaction))
    if live.row.game != RULES.name:
        raise ServiceError("no_game")
    make = (lambda s: Stop(s)) if source is None else (lambda s: Take(s, source))
    await svc.act(live.id, interaction.user.id, make, by=interaction)
    seat = seat_for(live, interaction.user.id)
    if _deciding(live, seat):
        await reply(interaction, decision(live, seat))
    else:
        await reply(interaction, Reply(content=t("pi.done")))


class DecideButton(_TurnButton, prefix=PREFIX, verb="decide"):
    """Opens the pending decision again (after a restart, or if dismissed)."""

    async def act(self, interaction: discord.Interaction) -> None:
        await reply(interaction, decision(self.live, seat_for(self.live, interaction.user.id)))


class ChoiceControl(_TurnButton, prefix=PREFIX, verb="choice"):
    """Any option of a private decision: the action's text form travels in the
    button's argument or the select's value, so no state is kept."""

    private = True

    async def act(self, interaction: discord.Interaction) -> None:
        text = self.click.values[0] if self.click.values else (self.click.arg or "")
        page = turned(text)
        if page is not None:  # the next page of a long list of ways to use a hero
            await edit(
                interaction, decision(self.live, seat_for(self.live, interaction.user.id), page)
            )
            return
        try:
            seat = seat_for(self.live, interaction.user.id)
            action = from_text(seat, text.replace("_", " "))
        except MalformedAction:
            raise ServiceError("stale_button") from None
        live = await self.apply(interaction, lambda s: action)
        if _deciding(live, seat):  # a chain (a Mushroom's card opens another decision)
            await edit(interaction, decision(live, seat))
        else:
            await update(
                interaction, content=t("pi.decided"), view=None, embed=None, attachments=[]
            )


def _deciding(live: Live, seat: int) -> bool:
    """Whether a decision of this seat is open now."""
    state_of(live)  # a Pizza Island game
    view = live.public_view()
    return view.to_act[:1] == (seat,) and view.pending is not None


def decision(live: Live, seat: int, page: int = 0) -> Reply:
    """The open decision, for its player's eyes only (`page`: of a hero's
    options, when more than a select holds)."""
    view = view_of(live, seat)
    pending = view.pending
    legal = legal_of(live, seat)
    version = view.version
    embed = discord.Embed(colour=render.COLOUR)
    embed.add_field(
        name=t("pi.decide.your_pizzas"),
        value=render.pizzas_text(view.players[seat].pizzas),
        inline=False,
    )
    pictures: list[Picture] = []
    if view.seen:
        seen = [t("pi.seen.card", place=i, card=card_name(c)) for i, c in enumerate(view.seen, 1)]
        embed.add_field(name=t("pi.decide.seen"), value="  ".join(seen), inline=False)
        # What a Mushroom or Pepper shows, drawn for this player alone (PI-I1).
        alt = t("pi.alt.seen", cards=join_and(seen))
        pictures.append(Picture("seen.png", seen_cards_image, (tuple(view.seen),), alt))
    if pending is None:
        embed.description = t("pi.decide.none")
        return Reply(embed=embed, pictures=pictures)
    if pending.third is not None:
        embed.title = t("pi.decide.third_title", card=card_name(pending.third))
        embed.description = t("pi.decide.third")
        items = _third_controls(live.id, version, legal)
        return Reply(embed=embed, items=items, pictures=pictures)
    hero = pending.hero or ""
    embed.title = t("pi.decide.hero_title", hero=hero_name(hero))
    embed.description = t(HERO_HELP[hero])
    items = _hero_controls(live.id, version, legal, live.names(), page)
    return Reply(embed=embed, items=items, pictures=pictures)


HERO_HELP = by_last_part(
    N_("pi.decide.mushroom"), N_("pi.decide.pepper"), N_("pi.decide.knife"), N_("pi.decide.fork")
)


def _value(action: Action) -> str:
    return action.text()


def _third_controls(game: int, version: int, legal: Sequence[Action]) -> list[Item]:
    items: list[Item] = []
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        options = [
            (t("pi.option.discard", card=card_name(a.card)), _value(a), False) for a in discards
        ]
        items.append(
            select(
                custom_id(game, version, "choice"), options, placeholder=t("pi.option.discard_pick")
            )
        )
    for action in legal:
        if isinstance(action, Replace):
            label = t("pi.option.replace", colour=render.COLOUR_EMOJI.get(action.colour, ""))
            arg = _value(action).replace(" ", "_")
            items.append(button(label, custom_id(game, version, "choice", arg), RED))
    return items


def _hero_label(action: Action, names: Sequence[str]) -> str:
    return render.hero_option(action, names, card_name)


def _hero_controls(
    game: int, version: int, legal: Sequence[Action], names: Sequence[str], page: int = 0
) -> list[Item]:
    applications = [a for a in legal if not isinstance(a, Decline)]
    items: list[Item] = []
    if applications:
        options = [(_hero_label(a, names), _value(a), False) for a in applications]
        items.append(
            select(
                custom_id(game, version, "choice"),
                page_of(options, page),
                placeholder=t("pi.option.apply_pick"),
            )
        )
    if any(isinstance(a, Decline) for a in legal):
        items.append(
            button(t("pi.option.decline"), custom_id(game, version, "choice", "decline"), GREY)
        )
    return items


ITEMS = (TakeButton, StopButton, DecideButton, ChoiceControl)

__all__ = ["BLUE", "ITEMS", "decision"]
