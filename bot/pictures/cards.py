"""Card-sized primitives every game may use: a count badge and a card face
filled with a colour and its pattern. Positions are in picture units."""

from __future__ import annotations

from bot.pictures import glyphs
from bot.pictures.canvas import STENCIL, Box, Pen, Point
from bot.pictures.palette import LIGHT, MUTED, PANEL, SEATS, ColourStyle, tint

COUNT_INK = (30, 31, 34)


def count_badge(pen: Pen, at: Point, number: int, r: float = 13.0, dim: bool = False) -> None:
    fill = PANEL if dim else LIGHT
    glyphs.badge(pen, at, r, number, fill, MUTED if dim else COUNT_INK)


def patterned_card(pen: Pen, box: Box, style: ColourStyle, radius: float) -> None:
    """A card face filled with a colour and its pattern, with a light edge."""

    def mask(stencil: Pen) -> None:
        stencil.rect(box, STENCIL, radius=radius)

    pen.patterned(box, style.colour, style.pattern, mask)
    pen.rect(box, None, tint(style.colour, 0.55), 1.5, radius)


def seat_token(pen: Pen, centre: Point, colour: str, r: float = 15.0) -> None:
    """A seat's marker (`palette.SEATS`): its colour and pattern as a round token."""
    style = SEATS[colour]
    box = (centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r)

    def disc(stencil: Pen) -> None:
        stencil.ellipse(box, STENCIL)

    pen.patterned(box, style.colour, style.pattern, disc)
    pen.circle(centre, r, None, LIGHT, 2)
