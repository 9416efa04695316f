"""The order cards' marks in words: a picture carries no words (one image
serves every language), so a message that shows order cards says under it
what their marks mean — only the marks it shows."""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.mammamia.pictures import OrderFace
from bot.i18n import N_, join_dots, t

#: Each mark an order card may carry (`faces.Need`), in the order they are told.
MARKS = {
    "any": N_("legend.order.any"),
    "more": N_("legend.order.more"),
    "fewest": N_("legend.order.fewest"),
    "either": N_("legend.order.either"),
    "crossed": N_("legend.order.crossed"),
}


def marks_of(faces: Iterable[OrderFace]) -> list[str]:
    """The marks these order cards show, beyond plain ingredients and counts."""
    found = set()
    for face in faces:
        for need in face.needs:
            found.add(need.glyph)
            if need.more:
                found.add("more")
    return [mark for mark in MARKS if mark in found]


def order_legend(faces: Iterable[OrderFace]) -> str | None:
    """`On the order cards: the colour wheel: a kind you name · …`, or None
    when the cards show nothing but ingredients and counts."""
    marks = marks_of(faces)
    if not marks:
        return None
    return t("legend.orders", marks=join_dots(t(MARKS[mark]) for mark in marks))
