"""A player's own hand, for an ephemeral message only its owner sees (MM-V1).

On the owner's turn it carries the controls for the whole turn, in as few
clicks as the turn needs: a select of the whole turns that make sense
("3 × salami + Misto, draw from the supply"), and beside it the detailed
controls (cards, order, draw). Nothing is chosen for the player: the Play
button plays only a turn the player picked, and is disabled until then. The
choices so far travel in the components' custom_ids (`kind.count.order.draw`),
so no state is kept between clicks and the controls work after a restart.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import discord

from bot.i18n import N_, by_last_part, current_locale, t, tn
from bot.reply import GREEN, Picture, Reply, button, select
from engine.mammamia.actions import Action, Pass, Turn
from engine.mammamia.views import PlayerView

from . import render
from .pictures import HandPicture, hand_image
from .render import custom_id

NONE = "-"
PASS = "pass"  # a draft's kind for a pass (MM-T4): no ingredient is called that
DRAW = by_last_part(N_("hand.draw.supply"), N_("hand.draw.orders"))


@dataclass(frozen=True)
class Draft:
    """The turn being put together in the hand controls; None: not chosen yet."""

    kind: str | None = None
    count: int | None = None
    order: str | None = None
    draw: str | None = None

    def encode(self) -> str:
        count = NONE if self.count is None else str(self.count)
        return ".".join([self.kind or NONE, count, self.order or NONE, self.draw or NONE])

    @classmethod
    def decode(cls, text: str | None) -> Draft:
        if not text:
            return cls()
        parts = text.split(".")
        if len(parts) != 4 or not (parts[1].isdigit() or parts[1] == NONE):
            return cls()
        kind, count, order, draw = (None if part == NONE else part for part in parts)
        return cls(kind, None if count is None else int(count), order, draw)

    @classmethod
    def of(cls, action: Action) -> Draft:
        if isinstance(action, Turn):
            return cls(action.ingredient, action.count, action.order, action.draw)
        return cls(PASS, draw=action.draw) if isinstance(action, Pass) else cls()

    def with_(self, field: str, value: str) -> Draft:
        """The draft after a choice in one of the controls."""
        if field == "turn":  # a whole turn at once
            return Draft.decode(value)
        if field == "cards":  # `kind*count`
            kind, _, count = value.partition("*")
            return Draft(kind, int(count) if count.isdigit() else None, self.order, self.draw)
        values = {"kind": self.kind, "count": self.count, "order": self.order, "draw": self.draw}
        values[field] = None if value == NONE else value
        return Draft(**values)  # type: ignore[arg-type]


def chosen(draft: Draft, legal: list[Action]) -> Turn | Pass | None:
    """The one legal turn the player's choices name, or None while they name
    none or several. Only a draw the rules leave no choice about is taken
    without the player choosing it."""
    passes = [a for a in legal if isinstance(a, Pass)]
    if passes:
        if draft.kind != PASS and draft.draw is None:  # the player has chosen nothing yet
            return None
        drawn = [a for a in passes if draft.draw is None or a.draw == draft.draw]
        return drawn[0] if len(drawn) == 1 else None
    if draft.kind is None or draft.count is None:
        return None
    what = (draft.kind, draft.count, draft.order)
    fits = [a for a in legal if isinstance(a, Turn) and (a.ingredient, a.count, a.order) == what]
    if draft.draw is not None:
        fits = [a for a in fits if a.draw == draft.draw]
    return fits[0] if len(fits) == 1 else None


def whole_turns(view: PlayerView, legal: list[Action], most: int = 25) -> list[Turn | Pass]:
    """The whole turns worth offering in one select: every kind held, all of it
    or one card, with no order or with each order in hand; drawing from the
    supply first, then the other draws while there is room."""
    passes: list[Turn | Pass] = [a for a in legal if isinstance(a, Pass)]
    if passes:
        return passes
    turns = [a for a in legal if isinstance(a, Turn)]
    held = Counter(view.hand)
    kinds = sorted({a.ingredient for a in turns}, key=lambda k: (-held[k], k))
    orders: list[str | None] = [None, *sorted({a.order for a in turns if a.order})]
    by_play: dict[tuple[str, int, str | None], list[Turn]] = {}
    for a in turns:  # supply first among the draws of one play
        by_play.setdefault((a.ingredient, a.count, a.order), []).append(a)
    first: list[Turn | Pass] = []
    rest: list[Turn | Pass] = []
    for kind in kinds:
        for count in sorted({held[kind], 1}, reverse=True):
            for order in orders:
                fits = sorted(
                    by_play.get((kind, count, order), ()), key=lambda a: a.draw != "supply"
                )
                first += fits[:1]
                rest += fits[1:]
    return (first + rest)[:most]


def draw_name(draw: str | None) -> str:
    """Where a turn draws from, or that it draws nothing."""
    return t(DRAW[draw]) if draw else t("hand.draw.none")


def turn_label(action: Turn | Pass, variant: str) -> str:
    """`3 × 🌭 salami + 🟩 Misto, draw from the supply`"""
    return _turn_label(action, variant, current_locale())


@lru_cache(maxsize=4096)
def _turn_label(action: Turn | Pass, variant: str, locale: str) -> str:
    # Cached by language: a hand's menus name the same turns at every click.
    draw = draw_name(action.draw)
    if isinstance(action, Pass):
        return t("hand.pass", draw=draw)
    cards = t("hand.play_cards", count=action.count, kind=render.kind(action.ingredient))
    if action.order:
        cards = t("hand.with_order", cards=cards, order=render.order_title(variant, action.order))
    return t("hand.whole_turn", cards=cards, draw=draw)


def _hand_text(view: PlayerView) -> tuple[str, list[str]]:
    orders = view.hand_orders
    kinds = Counter(c for c in view.hand if c not in orders)
    ordered = sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))
    ingredients = render.cards(dict(ordered))
    lines = [render.order_line(view.variant, o) for o in orders]
    return ingredients, lines


def hand(
    game: int,
    view: PlayerView,
    names: Sequence[str],
    legal: list[Action],
    draft: Draft | None = None,
    notice: str | None = None,
) -> Reply:
    """The hand message for `view.seat`, with turn controls when `legal` has turns."""
    seat = view.seat
    colour = view.players[seat].colour
    embed = discord.Embed(
        title=t("hand.title", name=names[seat], colour=render.COLOUR_EMOJI[colour]),
        colour=render.COLOURS[view.variant],
    )
    ingredients, orders = _hand_text(view)
    embed.add_field(name=t("hand.ingredients"), value=ingredients, inline=False)
    embed.add_field(
        name=t("hand.orders"),
        value="\n".join(orders) if orders else t("hand.no_orders"),
        inline=False,
    )
    pile = view.players[seat].order_pile_size
    embed.add_field(name=t("hand.order_pile"), value=tn("hand.count", pile), inline=True)
    embed.add_field(name=t("hand.size"), value=tn("hand.count", len(view.hand)), inline=True)
    lines = [render.status_line(view, names, seat)]
    if notice:
        lines.insert(0, notice)
    embed.description = "\n".join(lines)
    version = view.version
    # The same hand in a picture: piles by kind, order cards, the order pile (MM-V1: its owner's).
    pictures = [Picture("hand.png", hand_image, (HandPicture.of(view),))]
    if not any(isinstance(a, Turn | Pass) for a in legal):
        refresh = button(t("hand.refresh"), custom_id(game, version, "hand"))
        return Reply(embed=embed, items=[refresh], pictures=pictures)
    items = _controls(game, version, view, legal, draft or Draft())
    return Reply(embed=embed, items=items, pictures=pictures)


def _controls(
    game: int,
    version: int,
    view: PlayerView,
    legal: list[Action],
    draft: Draft,
) -> list[discord.ui.Item[Any]]:
    code = draft.encode()
    variant = view.variant
    picked = chosen(draft, legal)
    items: list[discord.ui.Item[Any]] = []
    offered = whole_turns(view, legal)
    items.append(
        select(
            custom_id(game, version, "turn", code),
            [(turn_label(a, variant), Draft.of(a).encode(), a == picked) for a in offered],
            0,
            t("hand.pick_turn"),
        )
    )
    turns = [a for a in legal if isinstance(a, Turn)]
    if turns:
        held = Counter(view.hand)
        kinds = sorted({a.ingredient for a in turns}, key=lambda k: (-held[k], k))
        cards = [
            (t("hand.play_cards", count=n, kind=render.kind(k)), f"{k}*{n}", (k, n) == mine)
            for mine in [(draft.kind, draft.count)]
            for k in kinds
            for n in range(held[k], 0, -1)
        ]
        items.append(
            select(custom_id(game, version, "cards", code), cards, 1, t("hand.pick_cards"))
        )
        orders = sorted({a.order for a in turns if a.order})
        if orders:
            options = [(t("hand.no_order"), NONE, False)]
            options += [(render.order_title(variant, o), o, o == draft.order) for o in orders]
            items.append(
                select(custom_id(game, version, "order", code), options, 2, t("hand.pick_order"))
            )
        what = (draft.kind, draft.count, draft.order)
        draws = {a.draw for a in turns if (a.ingredient, a.count, a.order) == what}
    else:
        draws = {a.draw for a in legal if isinstance(a, Pass)}
    if len(draws) > 1:  # a choice the player makes; one possible draw needs none
        options = [
            (draw_name(d), d or NONE, d == draft.draw) for d in sorted(draws, key=lambda d: d or "")
        ]
        items.append(
            select(custom_id(game, version, "draw", code), options, 3, t("hand.pick_draw"))
        )
    label = t("hand.play_turn", turn=turn_label(picked, variant)) if picked else t("hand.choose")
    play = button(label, custom_id(game, version, "play", code), GREEN, row=4)
    play.disabled = picked is None  # nothing plays that the player did not choose
    items.append(play)
    return items
