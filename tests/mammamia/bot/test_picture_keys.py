"""A picture is known by the repr of what it shows (`bot.kit.reply.Picture.key`,
in its attachment's name): an order card's face writes its repr once, and it
must read as the dataclass's own, so a picture keeps its key (and a message
showing it is not sent it again) whatever made its order cards."""

from __future__ import annotations

import dataclasses

import pytest

from bot.games.mammamia.pictures import HandPicture
from bot.games.mammamia.pictures.faces import OrderFace, needs_of
from engine.mammamia.cards import ORDER_CARDS


def written(value: object) -> str:
    """A dataclass's repr as `dataclasses` writes it, its hidden fields apart."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        shown = [f for f in dataclasses.fields(value) if f.repr]
        inner = ", ".join(f"{f.name}={written(getattr(value, f.name))}" for f in shown)
        return f"{type(value).__qualname__}({inner})"
    if isinstance(value, tuple):
        parts = [written(v) for v in value]
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
    return repr(value)


@pytest.mark.parametrize("variant", sorted(ORDER_CARDS))
def test_an_order_cards_face_reads_as_the_dataclasss_repr(variant: str) -> None:
    for order in ORDER_CARDS[variant]:
        face = OrderFace.of(variant, order)
        made = OrderFace(ORDER_CARDS[variant][order].colour, needs_of(variant, order))
        assert face == made and hash(face) == hash(made)
        assert repr(face) == repr(made) == written(made)
        assert repr(face) == repr(face)  # written once, the same after


def test_a_hands_picture_keeps_its_repr() -> None:
    faces = tuple(OrderFace.of("plus", o) for o in sorted(ORDER_CARDS["plus"])[:3])
    hand = HandPicture("red", (("olive", 3), ("salami", 1)), faces, 4)
    assert repr(hand) == written(hand)
    assert "_text" not in repr(hand)
