"""The public oven reveal, narrated card by card, and the end of a round or game.

The narration is a small JSON model (`Narration.reveal`) updated by the
engine's public events one at a time and stored after each, so after a
restart the reveal message is rendered again exactly where it stopped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from bot.i18n import N_, by_last_part, join_and, t, tn
from bot.reply import BLUE, GREEN, RED, Picture, Reply, button
from engine.mammamia import events as ev
from engine.mammamia.views import PublicView
from engine.value import Value

from . import pictures, render
from .pictures import Result
from .render import custom_id

#: Why an order went back under its pile (`Returned.reason`).
RETURNED_WHY = by_last_part(
    N_("reveal.returned.crossed"),
    N_("reveal.returned.declined"),
    N_("reveal.returned.no_candidate"),
    N_("reveal.returned.no_help"),
)

#: Outcomes of an order, each shown with a pause after it.
OUTCOMES = (ev.Made, ev.Returned)
#: Outcomes shown in the message while the oven is revealed; the whole story
#: of the round is in its summary.
RECENT = 3


def paced(event: object) -> bool:
    """At most one pause per card, so a reveal reads in a steady time: after an
    ingredient, and after an order's outcome (the order card itself shows with
    its outcome, or with the decision it opens). Help answers arrive together
    and show with the pizza they lead to."""
    if isinstance(event, ev.Revealed):
        return event.card in render.KIND_EMOJI
    return isinstance(event, OUTCOMES)


MADE, RETURNED, ASKED, REFUSED = "made", "returned", "asked", "refused"


@dataclass(frozen=True, slots=True, kw_only=True)
class Line(Value):
    """One line of a reveal's story, from one public event."""

    type: str  # MADE, RETURNED, ASKED or REFUSED
    seat: int
    order: str | None = None
    paid: Mapping[str, int] | None = None  # what the owner added from hand
    helper: int | None = None
    choice: tuple[str, ...] | None = None
    reason: str | None = None  # why an order went back (`Returned.reason`)
    cards: Mapping[str, int] | None = None  # what was asked for (PL-H1)

    OMITTED_IF_NONE = frozenset({"order", "paid", "helper", "choice", "reason", "cards"})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Line:
        choice = data.get("choice")
        return cls(
            type=data["type"],
            seat=data["seat"],
            order=data.get("order"),
            paid=data.get("paid"),
            helper=data.get("helper"),
            choice=tuple(choice) if choice else None,
            reason=data.get("reason"),
            cards=data.get("cards"),
        )


@dataclass(slots=True, kw_only=True)
class Reveal(Value):
    """The narration of one oven reveal, folded event by event (`update`) and
    stored after each step in its JSON form."""

    round: int
    revealer: int | None
    total: int  # cards in the oven
    shown: int = 0  # cards revealed so far
    table: dict[str, int] = field(default_factory=dict)
    last: str | None = None  # the card just revealed
    lines: list[Line] = field(default_factory=list)
    done: bool = False  # the round is over: its whole story is shown
    first: int | None = None  # who starts the next round

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Reveal:
        return cls(
            round=data["round"],
            revealer=data["revealer"],
            total=data["total"],
            shown=data["shown"],
            table=dict(data["table"]),
            last=data["last"],
            lines=[Line.from_json(line) for line in data["lines"]],
            done=data["done"],
            first=data["first"],
        )


def start_model(event: ev.RevealStarted) -> Reveal:
    return Reveal(round=event.round, revealer=event.seat, total=event.oven, table=dict(event.table))


def update(model: Reveal, event: object) -> bool:
    """Fold one public event into the reveal model; True if it shows."""
    lines = model.lines
    if isinstance(event, ev.Revealed):
        model.shown += 1
        model.last = event.card
        model.table = dict(event.table)
    elif isinstance(event, ev.Made):
        model.table = dict(event.left)
        choice = tuple(event.choice) if event.choice else None
        line = Line(type=MADE, seat=event.seat, order=event.order, paid=dict(event.paid))
        lines.append(replace(line, helper=event.helper, choice=choice))
    elif isinstance(event, ev.Returned):
        lines.append(Line(type=RETURNED, seat=event.seat, order=event.order, reason=event.reason))
    elif isinstance(event, ev.Asked):
        lines.append(Line(type=ASKED, seat=event.seat, cards=dict(event.cards)))
    elif isinstance(event, ev.HelpRefused):
        lines.append(Line(type=REFUSED, seat=event.seat))
    elif isinstance(event, ev.RoundEnded):
        model.done = True
        model.table = dict(event.table)
    elif isinstance(event, ev.RoundStarted):
        model.first = event.first
    else:
        return False
    return True


def _line(line: Line, variant: str, names: Sequence[str]) -> str:
    who = render.name_of(names, line.seat)
    if line.type == MADE:
        assert line.order is not None
        text = t(
            "reveal.made",
            name=who,
            order=render.order_title(variant, line.order),
        )
        if line.choice:
            text += t("reveal.with_choice", choice=render.choice_label(line.choice))
        if line.paid:
            text += t("reveal.paid", cards=render.cards(line.paid))
        if line.helper is not None:
            text += t("reveal.helped_by", name=render.name_of(names, line.helper))
        return text
    if line.type == RETURNED:
        assert line.order is not None and line.reason is not None
        reason = RETURNED_WHY[line.reason]  # not inside t(): pybabel would take it for an id
        return t(
            reason,
            name=who,
            order=render.order_title(variant, line.order),
        )
    if line.type == ASKED:
        return t("reveal.asked", name=who, cards=render.cards(line.cards or {}))
    return t("reveal.refused", name=who)


def reveal(
    game: int,
    model: Reveal,
    variant: str,
    names: Sequence[str],
    decision: list[discord.ui.Item[Any]] | None = None,
    prompt: str | None = None,
) -> Reply:
    """The reveal message as the narration stands; `decision` adds the buttons
    of the decision being awaited, `prompt` says what it is."""
    title = t("reveal.title", round=model.round)
    embed = discord.Embed(title=title, colour=render.COLOURS[variant])
    if model.done:  # the round's whole story, read once
        story = [_line(line, variant, names) for line in model.lines]
        text = "\n".join(story) if story else t("reveal.no_orders")
        if len(text) > 3000:
            text = "…\n" + text[-3000:].split("\n", 1)[-1]
    else:  # at a glance: the last few outcomes
        outcomes = [line for line in model.lines if line.type in (MADE, RETURNED)]
        recent = [_line(line, variant, names) for line in outcomes[-RECENT:]]
        text = "\n".join(recent) if recent else t("reveal.no_orders_yet")
    if prompt:
        text += "\n\n" + prompt
    embed.description = text[-4000:]
    last = model.last
    if last is not None and not model.done:
        embed.add_field(name=t("reveal.last_card"), value=render.card_title(variant, last))
    embed.add_field(
        name=t("reveal.progress"),
        value=t("reveal.progress_value", shown=model.shown, total=model.total),
    )
    embed.add_field(name=t("reveal.tally"), value=tally(model))
    embed.add_field(name=t("reveal.table"), value=render.cards(model.table), inline=False)
    if model.done:
        embed.add_field(
            name=t("reveal.summary"),
            value=summary(model, variant, names),
            inline=False,
        )
    embed.set_footer(text=t("reveal.revealer", name=render.name_of(names, model.revealer)))
    return Reply(embed=embed, items=decision or [], pictures=[reveal_picture(model, variant)])


def reveal_picture(model: Reveal, variant: str) -> Picture:
    """The reveal as a picture, from the narration model (public events only,
    MM-V1): the table's piles, the card just revealed, each order's outcome;
    in the round summary, the round's final table and all its outcomes."""
    table = pictures.Table.of(variant, model.table)
    revealed = None if model.done else pictures.revealed_of(variant, model.last)
    outcomes = tuple(
        pictures.Outcome(pictures.OrderFace.of(variant, line.order), _result(line))
        for line in model.lines
        if line.type in (MADE, RETURNED) and line.order is not None
    )
    return Picture("reveal.png", pictures.reveal_image, (table, revealed, outcomes))


def _result(line: Line) -> Result:
    """As `pictures.Outcome.of` tells a public `Made` or `Returned` apart."""
    if line.type == RETURNED:
        return "returned"
    if line.helper is not None:
        return "helped"
    return "paid" if line.paid else "made"


def tally(model: Reveal) -> str:
    """Pizzas made and orders gone back so far this reveal, in one line."""
    kinds = [line.type for line in model.lines]
    return t("reveal.tally_value", made=kinds.count(MADE), returned=kinds.count(RETURNED))


def summary(model: Reveal, variant: str, names: Sequence[str]) -> str:
    """Pizzas made this round: per player in classic, a count only in plus (PL-R5)."""
    made = [line for line in model.lines if line.type == MADE]
    if variant == "plus":
        text = tn("summary.count", len(made))
    else:
        per = {i: 0 for i in range(len(names))}
        for line in made:
            per[line.seat] += 1
        text = "\n".join(tn("summary.player", n, name=names[s]) for s, n in per.items())
    if model.first is not None:
        text += "\n" + t("summary.next", name=render.name_of(names, model.first))
    return text


def decision_prompt(
    game: int,
    version: int,
    view: PublicView,
    names: Sequence[str],
    help_on: bool,
) -> tuple[str, list[discord.ui.Item[Any]]]:
    """What is being decided, publicly, and the buttons only the decider may use."""
    pending = view.pending
    assert pending is not None, "a decision is pending"
    variant = view.variant
    order = pending.order
    owner = names[pending.owner]
    title = render.order_title(variant, order)
    needs = render.order_needs(variant, order)
    green, red, blue = GREEN, RED, BLUE
    items: list[discord.ui.Item[Any]] = []
    if pending.stage == "help":
        prompt = t(  # PL-H2: everyone who may help is asked at once
            "decide.help_all",
            owner=owner,
            names=render.names_of(names, pending.asked),
            cards=render.cards(pending.ask),
            order=title,
        )
        items.append(
            button(t("decide.button.help"), custom_id(game, version, "help", "yes"), green)
        )
        items.append(button(t("decide.button.refuse"), custom_id(game, version, "help", "no"), red))
        return prompt, items
    if pending.stage == "choose":
        if pending.covered:
            prompt = t("decide.choose_covered", name=owner, order=title, needs=needs)
        else:
            prompt = t("decide.choose", name=owner, order=title, needs=needs)
        for option in pending.options[:20]:
            label = render.choice_label(option)
            cid = custom_id(game, version, "choose", "+".join(option))
            items.append(button(label, cid, blue, row=len(items) // 5))
        if not pending.covered:
            items.append(
                button(
                    t("decide.button.decline"),
                    custom_id(game, version, "pay", "no"),
                    red,
                    row=4,
                )
            )
        return prompt, items
    short = pending.short
    missing = tn("decide.short", short) if short else render.cards(pending.missing)
    prompt = t("decide.pay", name=owner, order=title, needs=needs, missing=missing)
    items.append(button(t("decide.button.pay"), custom_id(game, version, "pay", "yes"), green))
    if help_on:
        items.append(button(t("decide.button.ask"), custom_id(game, version, "ask"), blue))
    items.append(button(t("decide.button.decline"), custom_id(game, version, "pay", "no"), red))
    return prompt, items


def final(game: int, view: PublicView, names: Sequence[str]) -> Reply:
    """The final ranking (MM-E1, PL-E1) with the tie-break shown, and Play again."""
    scores, ingredients, winners = view.scores, view.ingredients, view.winners
    assert scores is not None and ingredients is not None and view.ranking is not None
    lines = []
    for place, seats in enumerate(view.ranking, 1):
        for seat in seats:
            pizzas = tn("final.pizzas", scores[seat])
            cards = tn("final.in_hand", ingredients[seat])
            line = N_("final.line_winner") if seat in winners else N_("final.line")
            lines.append(t(line, place=place, name=names[seat], pizzas=pizzas, cards=cards))
    top = [s for s in range(len(names)) if scores[s] == max(scores)]
    if len(winners) > 1:
        tie = t("final.shared")
    elif len(top) > 1:
        tie = t("final.tiebreak", name=names[winners[0]])
    else:
        tie = ""
    embed = discord.Embed(
        title=tn("final.title", len(winners), names=join_and([names[w] for w in winners])),
        description="\n".join(lines) + (f"\n\n{tie}" if tie else ""),
        colour=render.COLOURS[view.variant],
    )
    embed.set_footer(text=t("footer.game", game=game))
    # Each player's delivered orders as a fan of cards in their colour (public view only).
    ranking = Picture("ranking.png", pictures.ranking_image, (pictures.ranking_of(view),))
    return Reply(embed=embed, pictures=[ranking])
