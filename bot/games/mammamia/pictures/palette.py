"""Mamma Mia!'s colours, each with a second channel (a silhouette or a
pattern) so that no two kinds or seats are told apart by colour alone: the
red salami is a dotted disc, the green pepper a ring. The names are the
rules' own (`rules/mamma-mia.md`)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.pictures.palette import RGB, SEATS, ColourStyle


@dataclass(frozen=True, slots=True)
class KindStyle:
    """An ingredient kind: its colour and its symbol's silhouette."""

    colour: RGB
    symbol: str  # disc-dots | wedge | mushroom | ring | oval | crescent


#: MM-C1, PL-C1: the six ingredient kinds. Silhouettes are distinct on their own.
KINDS: dict[str, KindStyle] = {
    "salami": KindStyle((204, 58, 52), "disc-dots"),
    "pineapple": KindStyle((246, 196, 48), "wedge"),
    "mushroom": KindStyle((184, 136, 94), "mushroom"),
    "pepper": KindStyle((72, 168, 76), "ring"),
    "olive": KindStyle((104, 78, 132), "oval"),
    "shrimp": KindStyle((248, 138, 112), "crescent"),
}


#: Mamma Mia! seat colours (MM-C2, PL-C2): the kit's seat markers.
PLAYERS: dict[str, ColourStyle] = SEATS

#: Outcome badges of a revealed order (MM-R3, MM-R4, PL-H3, MM-R5).
OUTCOME_BADGES: dict[str, RGB] = {
    "made": (60, 160, 90),
    "paid": (64, 120, 200),
    "helped": (150, 96, 200),
    "returned": (110, 114, 122),
}
