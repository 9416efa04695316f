"""What an order card shows: its owner's colour and what it needs, as a few
symbols with counts (MM-C2, PL-C2), read from the engine's card data.

`OrderFace` is plain and hashable, so pictures that show it can be cached by
what they show; the drawing never looks at the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.mammamia.cards import (
    BOMBASTICA,
    BOXES,
    CHIOTTONA,
    FIXED,
    MAMMAMIA,
    MINIMALE,
    MONOTONI,
    ORDER_CARDS,
    PICCOLA,
)


@dataclass(frozen=True, slots=True)
class Need:
    """One part of an order's requirement, drawn as one symbol with a count.

    `glyph` is `kind` (that kind), `any` (one kind of the owner's choice among
    `kinds`; `more` adds "or more"), `either` (one of the two `kinds`),
    `fewest` (the least-present kind, MM-R9) or `crossed` (none of that kind on
    the table, PL-R1)."""

    glyph: str
    count: int = 1
    kinds: tuple[str, ...] = ()
    more: bool = False


@dataclass(frozen=True, slots=True)
class OrderFace:
    """An order card as it is drawn: the owner's colour and its needs in order."""

    colour: str
    needs: tuple[Need, ...]
    # Its repr, made once: a picture is known by the repr of all it shows
    # (`bot.kit.reply.Picture.key`), a hand or a reveal by its order cards'.
    _text: str = field(default="", init=False, repr=False, compare=False)

    def __repr__(self) -> str:
        if not self._text:  # as the dataclass would write it
            object.__setattr__(
                self, "_text", f"OrderFace(colour={self.colour!r}, needs={self.needs!r})"
            )
        return self._text

    @classmethod
    def of(cls, variant: str, order_id: str) -> OrderFace:
        """The card's face: one for each card of each box, made once."""
        return _face_of(variant, order_id)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as plain tuples, and made again once per face (`_face`):
        every hand and reveal goes to the picture worker pickled, and a
        dataclass's own pickling took 30-40 µs a hand on either side."""
        needs = tuple((n.glyph, n.count, n.kinds, n.more) for n in self.needs)
        return (_face, (self.colour, needs))


@lru_cache(maxsize=256)
def _face_of(variant: str, order_id: str) -> OrderFace:
    return OrderFace(ORDER_CARDS[variant][order_id].colour, needs_of(variant, order_id))


@lru_cache(maxsize=1024)  # every order card of both boxes, several times over
def _face(colour: str, needs: tuple[tuple[str, int, tuple[str, ...], bool], ...]) -> OrderFace:
    """An order face unpickled: the same object for the same face."""
    return OrderFace(colour, tuple(Need(*need) for need in needs))


def needs_of(variant: str, order_id: str) -> tuple[Need, ...]:
    card = ORDER_CARDS[variant][order_id]
    fixed = tuple(Need("kind", n, (k,)) for k, n in card.needs)
    cross = (Need("crossed", 1, (card.crossed,)),) if card.crossed else ()
    if card.shape == FIXED:
        return cross + fixed
    if card.shape == BOMBASTICA:  # MM-R7: 15 or more of any kinds
        return (Need("any", card.amount, BOXES[variant].kinds, more=True),)
    if card.shape == MONOTONI:  # MM-R8
        return (*fixed, Need("any", card.amount, card.kinds))
    if card.shape == CHIOTTONA:  # PL-R2: two different chosen kinds
        return (*fixed, Need("any", card.amount, card.kinds), Need("any", card.amount, card.kinds))
    if card.shape == PICCOLA:  # PL-C2 card 11
        return (*cross, Need("any", card.amount, card.kinds))
    if card.shape == MINIMALE:  # MM-R9, PL-R4
        return (*fixed, Need("fewest", card.amount, card.kinds))
    if card.shape == MAMMAMIA:  # PL-R3
        return (*fixed, Need("either", card.amount, card.kinds))
    raise ValueError(f"unknown order shape {card.shape!r}")
