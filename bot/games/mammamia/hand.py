"""A player's own hand, for an ephemeral message only its owner sees (MM-V1).

On the owner's turn it carries the controls for the whole turn: ingredient,
count, optional order, draw source, and Play. The choices so far travel in the
components' custom_ids (`kind.count.order.draw`), so no state is kept between
clicks and the controls keep working after a restart.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import discord

from bot.i18n import t
from bot.reply import GREEN, Reply, button, select
from engine.mammamia.actions import Action, Pass, Turn

from . import render
from .render import custom_id

NONE = "-"


@dataclass(frozen=True)
class Draft:
    """The turn being put together in the hand controls."""

    kind: str | None = None
    count: int = 1
    order: str | None = None
    draw: str | None = None

    def encode(self) -> str:
        return ".".join([self.kind or NONE, str(self.count), self.order or NONE, self.draw or NONE])

    @classmethod
    def decode(cls, text: str | None) -> Draft:
        if not text:
            return cls()
        parts = text.split(".")
        if len(parts) != 4 or not parts[1].isdigit():
            return cls()
        kind, count, order, draw = parts
        return cls(
            None if kind == NONE else kind,
            int(count),
            None if order == NONE else order,
            None if draw == NONE else draw,
        )

    def with_(self, field: str, value: str) -> Draft:
        values = {"kind": self.kind, "count": self.count, "order": self.order, "draw": self.draw}
        values[field] = int(value) if field == "count" else (None if value == NONE else value)
        return Draft(**values)  # type: ignore[arg-type]


def settle(draft: Draft, legal: list[Action]) -> Draft:
    """The nearest legal turn to `draft`: keep what the player chose where it is
    still possible, and fill the rest with the first legal choice."""
    turns = [a for a in legal if isinstance(a, Turn)]
    if not turns:
        passes = [a for a in legal if isinstance(a, Pass)]
        draws = [a.draw for a in passes]
        return Draft(draw=draft.draw if draft.draw in draws else (draws[0] if draws else None))
    held = Counter(a.ingredient for a in turns if a.count == 1 and a.order is None)
    kind = draft.kind if draft.kind in held else max(held, key=lambda k: (held[k], k))
    of_kind = [a for a in turns if a.ingredient == kind]
    counts = sorted({a.count for a in of_kind})
    count = draft.count if draft.count in counts else counts[0]
    with_count = [a for a in of_kind if a.count == count]
    orders = [a.order for a in with_count]
    order = draft.order if draft.order in orders else None
    draws = [a.draw for a in with_count if a.order == order]
    draw = draft.draw if draft.draw in draws else draws[0]
    return Draft(kind, count, order, draw)


def action_of(draft: Draft, seat: int, legal: list[Action]) -> Action:
    if any(isinstance(a, Pass) for a in legal):
        return Pass(seat, draft.draw)
    return Turn(seat, draft.kind or "", draft.count, draft.order, draft.draw)


def _hand_text(view: dict[str, Any]) -> tuple[str, list[str]]:
    orders = view["hand_orders"]
    kinds = Counter(c for c in view["hand"] if c not in orders)
    ordered = sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))
    ingredients = render.cards(dict(ordered))
    lines = [render.order_line(view["variant"], o) for o in orders]
    return ingredients, lines


def hand(
    game: int,
    view: dict[str, Any],
    names: list[str],
    legal: list[Action],
    draft: Draft | None = None,
    notice: str | None = None,
) -> Reply:
    """The hand message for `view["seat"]`, with turn controls when `legal` has turns."""
    seat = view["seat"]
    colour = view["players"][seat]["colour"]
    embed = discord.Embed(
        title=t("hand.title", name=names[seat], colour=render.COLOUR_EMOJI[colour]),
        colour=render.COLOURS[view["variant"]],
    )
    ingredients, orders = _hand_text(view)
    embed.add_field(name=t("hand.ingredients"), value=ingredients, inline=False)
    embed.add_field(
        name=t("hand.orders"),
        value="\n".join(orders) if orders else t("hand.no_orders"),
        inline=False,
    )
    pile = view["players"][seat]["order_pile_size"]
    embed.add_field(name=t("hand.order_pile"), value=str(pile), inline=True)
    embed.add_field(name=t("hand.size"), value=str(len(view["hand"])), inline=True)
    lines = [render.status_line(view, names, seat)]
    if notice:
        lines.insert(0, notice)
    embed.description = "\n".join(lines)
    version = view["version"]
    if not any(isinstance(a, Turn | Pass) for a in legal):
        refresh = button(t("hand.refresh"), custom_id(game, version, "hand"))
        return Reply(embed=embed, items=[refresh])
    draft = settle(draft or Draft(), legal)
    return Reply(embed=embed, items=_controls(game, version, view, legal, draft))


def _controls(
    game: int,
    version: int,
    view: dict[str, Any],
    legal: list[Action],
    draft: Draft,
) -> list[discord.ui.Item[Any]]:
    code = draft.encode()
    items: list[discord.ui.Item[Any]] = []
    passing = any(isinstance(a, Pass) for a in legal)
    if not passing:
        turns = [a for a in legal if isinstance(a, Turn)]
        held = Counter(view["hand"])
        kinds = sorted({a.ingredient for a in turns}, key=lambda k: (-held[k], k))
        items.append(
            select(
                custom_id(game, version, "kind", code),
                [(render.kind(k) + f" ×{held[k]}", k, k == draft.kind) for k in kinds],
                0,
            )
        )
        counts = sorted({a.count for a in turns if a.ingredient == draft.kind})
        items.append(
            select(
                custom_id(game, version, "count", code),
                [(t("hand.count", count=n), str(n), n == draft.count) for n in counts],
                1,
            )
        )
        orders = [None, *sorted({a.order for a in turns if a.order})]
        items.append(
            select(
                custom_id(game, version, "order", code),
                [
                    (
                        render.order_title(view["variant"], o) if o else t("hand.no_order"),
                        o or NONE,
                        o == draft.order,
                    )
                    for o in orders
                ],
                2,
            )
        )
        draws = sorted(
            {
                a.draw
                for a in turns
                if (a.ingredient, a.count, a.order) == (draft.kind, draft.count, draft.order)
            },
            key=lambda d: d or "",
        )
    else:
        draws = sorted({a.draw for a in legal if isinstance(a, Pass)}, key=lambda d: d or "")
    items.append(
        select(
            custom_id(game, version, "draw", code),
            [(t(f"hand.draw.{d or 'none'}"), d or NONE, d == draft.draw) for d in draws],
            3,
        )
    )
    label = _play_label(draft, view["variant"], passing)
    items.append(button(label, custom_id(game, version, "play", code), GREEN, row=4))
    return items


def _play_label(draft: Draft, variant: str, passing: bool) -> str:
    if passing:
        return t("hand.pass", draw=t(f"hand.draw.{draft.draw or 'none'}"))
    what = t("hand.play_cards", count=draft.count, kind=t(f"kind.{draft.kind}"))
    if draft.order:
        what += t("hand.play_order")
    return t("hand.play", what=what, draw=t(f"hand.draw.{draft.draw or 'none'}"))
