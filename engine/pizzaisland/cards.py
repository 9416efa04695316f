"""The box (PI-C1, PI-C2) and the card ids of `pizza-island-record.md`.

A slice is `<colour>-<shape>` or, with a hero, `<colour>-<shape>-<hero>`.
Plain copies of one colour and shape are interchangeable.
"""

from __future__ import annotations

from collections import Counter

COLOURS = ("red", "green", "yellow")
SHAPES = ("a", "b", "c")
# PI-C2 [reconstructed]: the shape each hero is printed on, one per colour.
HERO_SHAPES = {"pepper": "a", "fork": "a", "mushroom": "b", "knife": "c"}
HEROES = ("pepper", "mushroom", "knife", "fork")
PLACES_PER_SHAPE = 2  # PI-C1: each shape fits exactly 2 of a pizza's 6 places
PIZZA_SIZE = 6
SHIP_SIZE = 3  # PI-A1: the Captain's Ship holds three face-up cards
PLAIN_COPIES = {"a": 2, "b": 3, "c": 3}  # the rest of the 4 copies carry heroes


def _box() -> tuple[str, ...]:
    cards: list[str] = []
    for colour in COLOURS:
        for shape in SHAPES:
            cards += [f"{colour}-{shape}"] * PLAIN_COPIES[shape]
            cards += [f"{colour}-{shape}-{h}" for h in HEROES if HERO_SHAPES[h] == shape]
    return tuple(cards)


#: The 36 slices in a fixed order (colour, shape, plain before heroes).
BOX: tuple[str, ...] = _box()
BOX_COUNTS: Counter[str] = Counter(BOX)

COLOUR: dict[str, str] = {}
SHAPE: dict[str, str] = {}
HERO: dict[str, str | None] = {}
for _card in BOX_COUNTS:
    _parts = _card.split("-")
    COLOUR[_card], SHAPE[_card] = _parts[0], _parts[1]
    HERO[_card] = _parts[2] if len(_parts) == 3 else None

#: Every card id, in the box's order.
CARDS: tuple[str, ...] = tuple(BOX_COUNTS)


def is_card(value: object) -> bool:
    return isinstance(value, str) and value in COLOUR


def parts(card: str) -> tuple[str, str, str | None]:
    """`red-a-pepper` -> ("red", "a", "pepper"); `green-c` -> ("green", "c", None);
    ValueError for anything that is no card of the box."""
    if not is_card(card):
        raise ValueError(f"not a Pizza Island card: {card!r}")
    return COLOUR[card], SHAPE[card], HERO[card]


def is_box(cards: list[str]) -> bool:
    """Exactly the 36 slices, as a multiset."""
    return len(cards) == len(BOX) and Counter(cards) == BOX_COUNTS
