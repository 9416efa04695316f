"""Colours and the second channel beside each colour (symbol, pattern, glyph).

Every kind and colour that a picture tells apart has a colour *and* a shape or
pattern of its own, so a player who cannot tell red from green still can
(the red salami is a dotted disc, the green pepper a ring). The names are the
rules' own (`rules/mamma-mia.md`, `rules/pizza-island.md`).
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

#: Discord's dark-theme embed background, so a picture sits flush in an embed.
BACKGROUND: RGB = (43, 45, 49)
PANEL: RGB = (54, 57, 63)  # a slightly lighter area: an empty slot, a row band
INK: RGB = (38, 30, 28)  # outlines and digits on light faces
LIGHT: RGB = (242, 243, 245)  # digits on dark ground
CARD_FACE: RGB = (250, 243, 228)  # an order card's face: warm paper
MUTED: RGB = (128, 132, 140)


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


@dataclass(frozen=True, slots=True)
class ColourStyle:
    """A player's (or a slice's) colour and the pattern printed over it."""

    colour: RGB
    pattern: str  # dots | hstripes | checks | diagonal | vstripes | crosshatch | plain


#: Mamma Mia! seat colours (MM-C2, PL-C2), each with its own pattern.
PLAYERS: dict[str, ColourStyle] = {
    "yellow": ColourStyle((236, 196, 52), "dots"),
    "green": ColourStyle((78, 164, 84), "hstripes"),
    "brown": ColourStyle((148, 100, 64), "checks"),
    "purple": ColourStyle((138, 92, 186), "diagonal"),
    "red": ColourStyle((214, 64, 58), "vstripes"),
    "pink": ColourStyle((236, 128, 176), "crosshatch"),
}

#: PI-C1: the three slice colours, each with a pattern none of the others uses.
SLICES: dict[str, ColourStyle] = {
    "red": ColourStyle((214, 70, 60), "dots"),
    "green": ColourStyle((76, 160, 82), "diagonal"),
    "yellow": ColourStyle((240, 198, 60), "checks"),
}

#: PI-C1: the glyph printed for each slice shape.
SHAPES: dict[str, str] = {"a": "triangle", "b": "square", "c": "circle"}

#: PI-C2: the four heroes; each is drawn as a glyph of its own (glyphs.hero).
HEROES: tuple[str, ...] = ("pepper", "mushroom", "knife", "fork")

#: Outcome badges of a revealed order (MM-R3, MM-R4, PL-H3, MM-R5).
OUTCOME_BADGES: dict[str, RGB] = {
    "made": (60, 160, 90),
    "paid": (64, 120, 200),
    "helped": (150, 96, 200),
    "returned": (110, 114, 122),
}

WINNER: RGB = (250, 204, 60)


def tint(colour: RGB, amount: float, towards: RGB = (255, 255, 255)) -> RGB:
    """`colour` moved `amount` (0..1) of the way towards `towards`."""
    r, g, b = (round(c + (t - c) * amount) for c, t in zip(colour, towards, strict=True))
    return (r, g, b)


def shade(colour: RGB, amount: float) -> RGB:
    return tint(colour, amount, (0, 0, 0))
