"""Card data: ingredient kinds, colours and every order card (MM-C1, MM-C2, PL-C1, PL-C2).

This is the one place the box's contents live. The Plus order list is
[reconstructed] (PL-C2): correct it here and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

SALAMI, PINEAPPLE, MUSHROOM, PEPPER, OLIVE, SHRIMP = (
    "salami",
    "pineapple",
    "mushroom",
    "pepper",
    "olive",
    "shrimp",
)
MAMMA_MIA = "mamma-mia"

#: Kinds in the order the rules count "the 1st, 2nd, 3rd kind after P" (PL-C2).
ALL_KINDS: tuple[str, ...] = (SALAMI, PINEAPPLE, MUSHROOM, PEPPER, OLIVE, SHRIMP)
CLASSIC_KINDS: tuple[str, ...] = ALL_KINDS[:5]

#: Seat colours in their default order, and each colour's personal ingredient P.
COLOURS: tuple[str, ...] = ("yellow", "green", "brown", "purple", "red", "pink")
PERSONAL: dict[str, str] = {
    "yellow": PINEAPPLE,
    "green": PEPPER,
    "brown": MUSHROOM,
    "purple": OLIVE,
    "red": SALAMI,
    "pink": SHRIMP,
}

# Order card shapes. A shape decides which choices an order leaves open (MM-R10).
FIXED = "fixed"  # Normale, Misto, Duo, Mini: one requirement, no choice
BOMBASTICA = "bombastica"  # MM-R7
MONOTONI = "monotoni"  # MM-R8: 1 P + n of one chosen kind != P
CHIOTTONA = "chiottona"  # PL-R2: 1 P + 4 Y1 + 4 Y2
PICCOLA = "piccola"  # PL-C2 card 11: n of one chosen kind != the crossed-out kind
MINIMALE = "minimale"  # MM-R9 / PL-R4
MAMMAMIA = "mammamia"  # PL-C2 card 15: 1 P + 5 of N1 or N3


@dataclass(frozen=True, slots=True)
class OrderCard:
    """One order card. `needs` is the fixed requirement of a FIXED card, or the
    personal part of a card with a choice; `amount` is how many of the chosen
    kind(s) it asks for; `kinds` are the kinds the choice may name."""

    id: str
    colour: str
    name: str
    shape: str
    needs: tuple[tuple[str, int], ...] = ()
    amount: int = 0
    kinds: tuple[str, ...] = ()
    crossed: str | None = None
    #: choice -> the cards needed once it is made; filled in below, looked up by reveals.
    requirements: dict[tuple[str, ...], tuple[tuple[str, int], ...]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    def choices(self) -> list[tuple[str, ...]]:
        """Every choice the card may ever offer; `()` for a card with none."""
        if self.shape == CHIOTTONA:
            return list(combinations(self.kinds, 2))
        return [(k,) for k in self.kinds] if self.kinds else [()]

    @property
    def personal(self) -> str:
        return PERSONAL[self.colour]


def _after(kind: str, steps: int) -> str:
    """The kind `steps` places after `kind` in ALL_KINDS, cyclically (N1, N2, N3)."""
    return ALL_KINDS[(ALL_KINDS.index(kind) + steps) % len(ALL_KINDS)]


def _classic_orders(colour: str) -> list[OrderCard]:
    p = PERSONAL[colour]
    others = tuple(k for k in CLASSIC_KINDS if k != p)
    cards = [OrderCard(f"{colour}-{x}", colour, "normale", FIXED, ((p, 1), (x, 4))) for x in others]
    cards += [
        OrderCard(f"{colour}-misto", colour, "misto", FIXED, tuple((k, 1) for k in CLASSIC_KINDS)),
        OrderCard(f"{colour}-bombastica", colour, "bombastica", BOMBASTICA, amount=15),
        OrderCard(f"{colour}-monotoni", colour, "monotoni", MONOTONI, ((p, 1),), 6, others),
        OrderCard(f"{colour}-minimale", colour, "minimale", MINIMALE, ((p, 1),), 3, others),
    ]
    return cards


def _plus_orders(colour: str) -> list[OrderCard]:
    p = PERSONAL[colour]
    n1, n2, n3 = _after(p, 1), _after(p, 2), _after(p, 3)
    others = tuple(k for k in ALL_KINDS if k != p)
    cards = [OrderCard(f"{colour}-{x}", colour, "normale", FIXED, ((p, 1), (x, 4))) for x in others]
    cards += [
        OrderCard(f"{colour}-misto", colour, "misto", FIXED, tuple((k, 1) for k in ALL_KINDS)),
        OrderCard(f"{colour}-duo", colour, "duo", FIXED, ((p, 1), (n1, 2), (n2, 2))),
        OrderCard(f"{colour}-bombastica", colour, "bombastica", BOMBASTICA, amount=15),
        OrderCard(f"{colour}-monotoni", colour, "monotoni", MONOTONI, ((p, 1),), 6, others),
        OrderCard(f"{colour}-chiottona", colour, "chiottona", CHIOTTONA, ((p, 1),), 4, others),
        OrderCard(
            f"{colour}-piccola",
            colour,
            "piccola",
            PICCOLA,
            (),
            5,
            tuple(k for k in ALL_KINDS if k != n3),
            crossed=n3,
        ),
        OrderCard(f"{colour}-mini-1", colour, "mini", FIXED, ((p, 3),), crossed=n2),
        OrderCard(f"{colour}-mini-2", colour, "mini", FIXED, ((n1, 3),), crossed=n3),
        OrderCard(f"{colour}-minimale", colour, "minimale", MINIMALE, ((p, 1),), 4, others),
        OrderCard(f"{colour}-mammamia", colour, "mammamia", MAMMAMIA, ((p, 1),), 5, (n1, n3)),
    ]
    return cards


@dataclass(frozen=True, slots=True)
class Box:
    """What one variant's box holds and the numbers its rules use."""

    variant: str
    kinds: tuple[str, ...]
    copies: int  # of each ingredient kind
    removed: dict[int, int]  # seats -> cards removed per kind (MM-S1, PL-S1)
    min_seats: int
    max_seats: int
    deal: int  # ingredients dealt to each player (MM-S3, PL-S2)
    hand: int  # refill target (MM-T3, PL-T1)
    draw_cap: int | None  # most cards drawn in one turn (PL-T1)
    has_mamma_mia: bool  # the MAMMA MIA card (MM-C1; none in plus, PL-C1)
    orders: dict[str, tuple[OrderCard, ...]]  # colour -> its order cards, in data order
    kindset: frozenset[str] = field(init=False)  # `kinds` for fast membership tests

    def __post_init__(self) -> None:
        object.__setattr__(self, "kindset", frozenset(self.kinds))

    def order_ids(self, colour: str) -> tuple[str, ...]:
        return tuple(card.id for card in self.orders[colour])


CLASSIC = Box(
    variant="classic",
    kinds=CLASSIC_KINDS,
    copies=13,
    removed={5: 0, 4: 1, 3: 3, 2: 5},
    min_seats=2,
    max_seats=5,
    deal=6,
    hand=7,
    draw_cap=None,
    has_mamma_mia=True,
    orders={c: tuple(_classic_orders(c)) for c in COLOURS[:5]},
)

PLUS = Box(
    variant="plus",
    kinds=ALL_KINDS,
    copies=15,
    removed={6: 0, 5: 1, 4: 3, 3: 5, 2: 7},
    min_seats=2,
    max_seats=6,
    deal=8,
    hand=9,
    draw_cap=5,
    has_mamma_mia=False,
    orders={c: tuple(_plus_orders(c)) for c in COLOURS},
)

BOXES: dict[str, Box] = {"classic": CLASSIC, "plus": PLUS}

#: Every order card of both variants by id. Classic and plus share ids such as
#: `green-salami`, so each variant has its own table.
ORDER_CARDS: dict[str, dict[str, OrderCard]] = {
    box.variant: {card.id: card for cards in box.orders.values() for card in cards}
    for box in BOXES.values()
}


for _cards in ORDER_CARDS.values():
    for _card in _cards.values():
        if _card.shape != BOMBASTICA:
            for _choice in _card.choices():
                _extra = tuple((k, _card.amount) for k in _choice)
                _card.requirements[_choice] = _card.needs + _extra
