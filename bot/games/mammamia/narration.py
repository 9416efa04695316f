"""The public oven reveal, narrated order by order, and the end of a round or game.

The narration is a small JSON model (`Reveal`) updated by the engine's
public events one at a time and stored after each step shown, so after a
restart the reveal message is rendered again exactly where it stopped.

A reveal fits a minute at the normal pace whatever the oven holds: the
message changes, and pauses, only at an order's outcome (`step`); the
ingredient cards between two orders show with the next outcome, or with
the decision an order opens, and at most `MAX_BEATS` outcomes pause. Its
story stays short too: a help request and its refusals are one line, and a
round with more than `STORY_LINES` lines is told per player (`story`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from bot.games.mammamia import pictures, render
from bot.games.mammamia.legends import order_legend
from bot.games.mammamia.pictures import Result
from bot.games.mammamia.render import custom_id
from bot.i18n import N_, by_last_part, join_and, join_dots, join_groups, sentences, t, tn
from bot.kit import phone
from bot.kit.reply import BLUE, GREEN, RED, Item, Picture, Reply, button
from engine.mammamia import events as ev
from engine.mammamia.views import PublicView
from engine.value import JSON, Value

#: One press that refuses every help request to come, by how long (PL-H2).
REFUSE_ALL = (
    ("round", N_("decide.button.refuse_round")),
    ("game", N_("decide.button.refuse_game")),
)

#: Why an order went back under its pile (`Returned.reason`).
RETURNED_WHY = by_last_part(
    N_("reveal.returned.crossed"),
    N_("reveal.returned.declined"),
    N_("reveal.returned.no_candidate"),
    N_("reveal.returned.no_help"),
)

#: Seconds the reveal pauses after each paced step, by `reveal_speed`.
PACE = {"slow": 2.5, "normal": 1.2, "fast": 0.5}
#: What a reveal's narration may take at the normal pace, waits for decisions aside.
MINUTE = 60.0
#: Pauses in one reveal at most: a minute at the normal pace, whatever the oven holds.
MAX_BEATS = int(MINUTE // PACE["normal"]) - 1
#: Outcomes of an order, each shown with a pause after it.
OUTCOMES = (ev.Made, ev.Returned)
#: Outcomes shown in the message while the oven is revealed; the whole story
#: of the round is in its summary.
RECENT = 3
#: Lines of a round's story before it is told per player: with the message's
#: fields (at most 10 lines) the narration stays within 30 lines.
STORY_LINES = 20


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

    def to_json(self) -> JSON:
        # `Value.to_json`'s form, written out: a reveal's model is stored with
        # every move once a round has one, and the generic walk of each field
        # took 60-140 µs a model of 16-19 lines (this: a sixth).
        data: JSON = {"type": self.type, "seat": self.seat}
        if self.order is not None:
            data["order"] = self.order
        if self.paid is not None:
            data["paid"] = dict(self.paid)
        if self.helper is not None:
            data["helper"] = self.helper
        if self.choice is not None:
            data["choice"] = list(self.choice)
        if self.reason is not None:
            data["reason"] = self.reason
        if self.cards is not None:
            data["cards"] = dict(self.cards)
        return data

    @classmethod
    def from_json(cls, data: JSON) -> Line:
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
    beats: int = 0  # pauses taken so far (`step`)

    def to_json(self) -> JSON:
        # `Value.to_json`'s form, written out (see `Line.to_json`).
        return {
            "round": self.round,
            "revealer": self.revealer,
            "total": self.total,
            "shown": self.shown,
            "table": dict(self.table),
            "last": self.last,
            "lines": [line.to_json() for line in self.lines],
            "done": self.done,
            "first": self.first,
            "beats": self.beats,
        }

    @classmethod
    def from_json(cls, data: JSON) -> Reveal:
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
            beats=data.get("beats", 0),  # stored before reveals were bounded: none yet
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


def step(model: Reveal, event: object) -> tuple[bool, bool]:
    """Whether the message shows this event now, and whether the narration
    then pauses; `update` has folded it in. Only an order's outcome pauses
    (at most `MAX_BEATS` of them); a card revealed, a help request and its
    answers show with the next outcome or with the decision pending (which
    the host draws once the narration has caught up), so a reveal costs a
    message edit per order, not per card. The round's end shows at once."""
    if isinstance(event, OUTCOMES):
        paced = model.beats < MAX_BEATS
        model.beats += paced
        return True, paced
    return isinstance(event, ev.RoundEnded | ev.RoundStarted), False


def _line(line: Line, variant: str, names: Sequence[str], refused: Sequence[int] = ()) -> str:
    """One line of the story; a help request carries its refusals (`refused`)."""
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
    text = ""
    if line.type == ASKED:
        text = t("reveal.asked", name=who, cards=render.cards(line.cards or {}))
    if refused:
        who_not = render.names_of(names, refused)
        if len(refused) == 1:
            no = t("reveal.refused", names=who_not)
        else:
            no = tn("reveal.refused_many", len(refused), names=who_not)
        text = t("reveal.asked_refused", asked=text, refused=no) if text else no
    return text


def story(model: Reveal, variant: str, names: Sequence[str], per_player: bool = False) -> list[str]:
    """The round's story: a line per order's outcome and per help request
    (with its refusals); past `STORY_LINES` lines, or when asked, a line per
    player."""
    if per_player:
        return _per_player(model, variant, names)
    told: list[str] = []
    lines = model.lines
    i = 0
    while i < len(lines):
        line, i = lines[i], i + 1
        if line.type not in (ASKED, REFUSED):
            told.append(_line(line, variant, names))
            continue
        asked = line if line.type == ASKED else None
        refused = [] if asked else [line.seat]
        while i < len(lines) and lines[i].type == REFUSED:
            refused.append(lines[i].seat)
            i += 1
        told.append(_line(asked or line, variant, names, refused))
    if len(told) <= STORY_LINES:
        return told
    return _per_player(model, variant, names)


def _per_player(model: Reveal, variant: str, names: Sequence[str]) -> list[str]:
    """A long round told per player: the orders they made (and who helped),
    the orders that went back, the help they gave."""
    told = []
    for seat, name in enumerate(names):
        mine = [line for line in model.lines if line.seat == seat and line.order is not None]
        made = [_made_short(line, variant, names) for line in mine if line.type == MADE]
        back = [render.order_title(variant, o.order or "") for o in mine if o.type == RETURNED]
        gave = sum(1 for line in model.lines if line.type == MADE and line.helper == seat)
        parts = []
        if made:
            parts.append(f"✅ {join_and(made)}")
        if back:
            parts.append(f"↩️ {join_and(back)}")
        if gave:
            parts.append(tn("reveal.story.helped", gave))
        if parts:
            told.append(t("reveal.story.player", name=name, outcomes=join_dots(parts)))
    return told


def _made_short(line: Line, variant: str, names: Sequence[str]) -> str:
    title = render.order_title(variant, line.order or "")
    if line.helper is None:
        return title
    return t("reveal.story.helped_by", order=title, name=render.name_of(names, line.helper))


def reveal(
    game: int,
    model: Reveal,
    variant: str,
    names: Sequence[str],
    decision: list[Item] | None = None,
    prompt: str | None = None,
) -> Reply:
    """The reveal message as the narration stands; `decision` adds the buttons
    of the decision being awaited, `prompt` says what it is. It reads on a
    phone at a glance (`bot.kit.phone`): what a version cannot hold goes,
    the least needed first (`FITS`): the last card (the picture shows it),
    all but the latest outcome, the marks' legend, the table's leftovers
    (the table message shows them), a long round's story told per player,
    then its oldest lines."""
    for fit in range(len(FITS)):
        embed = _reveal_embed(model, variant, names, prompt, fit)
        if phone.embed_lines(embed) <= phone.LINES:
            break
    else:
        _trim(embed, prompt)
    shown = reveal_pictures(model, variant, names)
    return Reply(embed=embed, items=decision or [], pictures=shown)


#: What a reveal's version leaves out to fit a phone, one more each time.
FITS = ("all", "no_last_card", "one_outcome", "no_legend", "no_table", "per_player")


def _reveal_embed(
    model: Reveal, variant: str, names: Sequence[str], prompt: str | None, fit: int
) -> discord.Embed:
    title = t("reveal.title", round=model.round)
    embed = discord.Embed(title=title, colour=render.COLOURS[variant])
    if model.done:  # the round's whole story, read once
        told = story(model, variant, names, per_player=fit >= FITS.index("per_player"))
        text = "\n".join(told) if told else t("reveal.no_orders")
        if len(text) > 3000:
            text = "…\n" + text[-3000:].split("\n", 1)[-1]
    else:  # at a glance: the last few outcomes
        outcomes = [line for line in model.lines if line.type in (MADE, RETURNED)]
        recent = RECENT if fit < FITS.index("one_outcome") else 1
        told = [_line(line, variant, names) for line in outcomes[-recent:]]
        text = "\n".join(told) if told else t("reveal.no_orders_yet")
    if prompt:
        text += "\n\n" + prompt
    embed.description = text[-4000:]
    last = model.last
    if last is not None and not model.done and fit < FITS.index("no_last_card"):
        embed.add_field(name=t("reveal.last_card"), value=render.card_title(variant, last))
    progress = t("reveal.progress_value", shown=model.shown, total=model.total)
    embed.add_field(name=t("reveal.progress"), value=join_dots([progress, tally(model)]))
    if fit < FITS.index("no_table"):
        embed.add_field(name=t("reveal.table"), value=render.cards(model.table), inline=False)
    if model.done:
        embed.add_field(
            name=t("reveal.summary"),
            value=summary(model, variant, names),
            inline=False,
        )
    revealer = t("reveal.revealer", name=render.name_of(names, model.revealer))
    footer = [revealer]
    if fit < FITS.index("no_legend"):  # what the pictures' marks mean
        footer.append(legend())
        marks = order_legend(pictured_orders(model, variant))
        if marks:
            footer.append(marks)
    embed.set_footer(text="\n".join(footer))
    return embed


def _trim(embed: discord.Embed, prompt: str | None) -> None:
    """The story's oldest lines left out ("…") until the version fits a
    phone; what is being decided stays whole."""
    text = embed.description or ""
    ask = "\n\n" + prompt if prompt else ""
    told = text[: len(text) - len(ask)].split("\n") if ask else text.split("\n")
    while len(told) > 1 and phone.embed_lines(embed) > phone.LINES:
        told = told[2:] if told[0] == "…" else told[1:]
        embed.description = "\n".join(["…", *told]) + ask


#: Orders the picture of a reveal under way shows: the latest (the message's
#: text tells the rest); a round's summary shows them all, in several pictures.
LIVE_OUTCOMES = 4
#: Pictures of one message at most: two read on a phone (Discord takes 10).
MOST_PICTURES = 2
#: The outcome marks of the pictures, in words: their legend, and alt texts.
OUTCOME_WORDS = by_last_part(
    N_("alt.outcome.made"),
    N_("alt.outcome.paid"),
    N_("alt.outcome.helped"),
    N_("alt.outcome.returned"),
)


def pictured_orders(model: Reveal, variant: str) -> list[pictures.OrderFace]:
    """The order cards the reveal's pictures show now (`reveal_pictures`)."""
    told = [line for line in model.lines if line.type in (MADE, RETURNED) and line.order]
    faces = [pictures.OrderFace.of(variant, line.order or "") for line in told]
    if model.done:  # every order, in at most `MOST_PICTURES` pictures
        return faces
    revealed = pictures.revealed_of(variant, model.last)
    extra = [revealed] if isinstance(revealed, pictures.OrderFace) else []
    return faces[-LIVE_OUTCOMES:] + extra


def reveal_pictures(model: Reveal, variant: str, names: Sequence[str]) -> list[Picture]:
    """The reveal as pictures, from the narration model (public events only,
    MM-V1): the table's piles, the card just revealed and the latest orders
    with their outcome; in the round summary, the round's final table and
    every order, eight to a picture. Each says what it shows in its alt text."""
    table = pictures.Table.of(variant, model.table)
    told = [line for line in model.lines if line.type in (MADE, RETURNED) and line.order]
    faces = [
        pictures.Outcome(pictures.OrderFace.of(variant, line.order or ""), _result(line))
        for line in told
    ]
    if not model.done:
        revealed = pictures.revealed_of(variant, model.last)
        shown = tuple(faces[-LIVE_OUTCOMES:])
        alt = t(
            "alt.reveal",
            round=model.round,
            card=render.card_title(variant, model.last) if model.last else t("cards.none"),
            table=render.cards(model.table),
            orders=_orders_alt(told[-LIVE_OUTCOMES:], variant, names),
        )
        return [Picture("reveal.png", pictures.reveal_image, (table, revealed, shown), alt)]
    # Every order, in at most `MOST_PICTURES` pictures (taller ones for a long round).
    per = max(pictures.OUTCOMES_PER_PICTURE, -(-len(faces) // MOST_PICTURES))
    chunks = [faces[i : i + per] for i in range(0, len(faces), per)][:MOST_PICTURES] or [[]]
    found = []
    for index, chunk in enumerate(chunks):
        lines = told[index * per : index * per + len(chunk)]
        orders = _orders_alt(lines, variant, names)
        if index == 0:
            alt = t("alt.reveal.summary", round=model.round, table=render.cards(model.table))
            alt = sentences(alt, orders)
            args: tuple[Any, ...] = (table, None, tuple(chunk))
            found.append(Picture("reveal.png", pictures.reveal_image, args, alt))
        else:
            args = (None, None, tuple(chunk))
            name = f"reveal{index + 1}.png"
            found.append(Picture(name, pictures.reveal_image, args, orders))
    return found


def _orders_alt(lines: Sequence[Line], variant: str, names: Sequence[str]) -> str:
    """Orders as a picture shows them, in words: whose, which, what became of it."""
    if not lines:
        return ""
    said = [
        t(
            OUTCOME_WORDS[_result(line)],
            name=render.name_of(names, line.seat),
            order=render.order_title(variant, line.order or ""),
        )
        for line in lines
    ]
    return tn("alt.reveal.orders", len(lines), outcomes=join_and(said))


def legend() -> str:
    """What each mark on a revealed order means (the pictures carry no words)."""
    return t("reveal.legend")


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
    made = tn("reveal.tally_made", kinds.count(MADE))
    back = tn("reveal.tally_back", kinds.count(RETURNED))
    return join_dots([made, back])


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
    answered: Sequence[int] = (),
) -> tuple[str, list[Item]]:
    """What is being decided, publicly, and the buttons only the decider may
    use; a help request says who has answered it (`answered`), not how."""
    pending = view.pending
    assert pending is not None, "a decision is pending"
    variant = view.variant
    order = pending.order
    owner = names[pending.owner]
    title = render.order_title(variant, order)
    needs = render.order_needs(variant, order)
    green, red, blue = GREEN, RED, BLUE
    items: list[Item] = []
    if pending.stage == "help":
        prompt = t(  # PL-H2: everyone who may help is asked at once
            "decide.help_all",
            owner=owner,
            names=render.names_of(names, pending.asked),
            cards=render.cards(pending.ask),
            order=title,
        )
        done = [s for s in pending.asked if s in answered]
        if done:
            prompt += "\n" + t("decide.help_answered", names=render.names_of(names, done))
        items.append(
            button(t("decide.button.help"), custom_id(game, version, "help", "yes"), green)
        )
        items.append(button(t("decide.button.refuse"), custom_id(game, version, "help", "no"), red))
        # One press for every request to come: the same answer whatever one holds.
        for scope, label in REFUSE_ALL:
            items.append(button(t(label), custom_id(game, version, "help", f"no-{scope}")))
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
    lines, ranked = [], []
    for place, seats in enumerate(view.ranking, 1):
        for seat in seats:
            pizzas = tn("final.pizzas", scores[seat])
            cards = tn("final.in_hand", ingredients[seat])
            line = N_("final.line_winner") if seat in winners else N_("final.line")
            # The seat's colour beside the name: what ties the picture's fans to names.
            name = f"{render.COLOUR_EMOJI[view.players[seat].colour]} {names[seat]}"
            lines.append(t(line, place=place, name=name, pizzas=pizzas, cards=cards))
            ranked.append(t("alt.ranked", place=place, name=name, pizzas=pizzas))
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
    embed.set_footer(text=t("footer.game", game=str(game)))
    # Each player's delivered orders as a fan of cards in their colour (public view only).
    alt = t("alt.ranking", ranking=join_groups(ranked))
    ranking = Picture(
        "ranking.png", pictures.ranking_image, (pictures.ranking_of(view, names),), alt
    )
    return Reply(embed=embed, pictures=[ranking])
