"""Small glyphs every game may use, each centred on a point with a size `r`
(about half its width): plus and slash, a check mark, hands, an arrow under a
pile, a crown, a count badge. No glyph is a letter. A game's own glyphs (its
cards' symbols, its shapes) live with the game."""

from __future__ import annotations

import math
from collections.abc import Sequence

from bot.pictures.canvas import Pen, Point
from bot.pictures.palette import INK, RGB, shade, tint

WHITE: RGB = (255, 255, 255)


def plus(pen: Pen, at: Point, r: float, colour: RGB = INK) -> None:
    """ "Or more" after a number (Bombastica's 15)."""
    x, y = at
    pen.line([(x - r, y), (x + r, y)], colour, r * 0.45)
    pen.line([(x, y - r), (x, y + r)], colour, r * 0.45)


def slash(pen: Pen, at: Point, r: float, colour: RGB = INK) -> None:
    """ "Or" between two kinds, as on an order that takes either."""
    pen.line([(at[0] - r * 0.4, at[1] + r), (at[0] + r * 0.4, at[1] - r)], colour, r * 0.3)


def check(pen: Pen, at: Point, r: float, colour: RGB = WHITE) -> None:
    x, y = at
    points = [
        (x - r * 0.55, y + r * 0.02),
        (x - r * 0.15, y + r * 0.45),
        (x + r * 0.6, y - r * 0.45),
    ]
    pen.line(points, colour, r * 0.26)


def hand(pen: Pen, at: Point, r: float, colour: RGB = WHITE, mirror: bool = False) -> None:
    """An open hand: cards came from the owner's hand."""
    x, y = at
    s = -1 if mirror else 1
    pen.rect((x - r * 0.5, y - r * 0.15, x + r * 0.5, y + r * 0.8), colour, radius=r * 0.3)
    for dx, top in ((-0.38, -0.55), (-0.12, -0.8), (0.14, -0.75), (0.38, -0.5)):
        cx = x + s * dx * r
        pen.rect((cx - r * 0.1, y + top * r, cx + r * 0.1, y + r * 0.1), colour, radius=r * 0.1)
    thumb = [
        (x - s * r * 0.45, y + r * 0.2),
        (x - s * r * 0.9, y - r * 0.2),
        (x - s * r * 0.75, y - r * 0.32),
        (x - s * r * 0.35, y - r * 0.05),
    ]
    pen.polygon(thumb, colour)


def two_hands(pen: Pen, at: Point, r: float, colour: RGB = WHITE) -> None:
    """Two hands: another player helped."""
    hand(pen, (at[0] - r * 0.45, at[1] + r * 0.1), r * 0.62, colour)
    hand(pen, (at[0] + r * 0.45, at[1] + r * 0.1), r * 0.62, colour, mirror=True)


def under(pen: Pen, at: Point, r: float, colour: RGB = WHITE) -> None:
    """An arrow down to the bottom of a pile: a card went back under it."""
    x, y = at
    w = r * 0.22
    pen.line([(x, y - r * 0.8), (x, y + r * 0.1)], colour, w)
    pen.polygon(
        [(x - r * 0.42, y - r * 0.05), (x + r * 0.42, y - r * 0.05), (x, y + r * 0.42)], colour
    )
    pen.line([(x - r * 0.7, y + r * 0.72), (x + r * 0.7, y + r * 0.72)], colour, w)


def crown(pen: Pen, at: Point, r: float, colour: RGB) -> None:
    x, y = at
    points = [
        (x - r, y + r * 0.6),
        (x - r, y - r * 0.5),
        (x - r * 0.5, y),
        (x, y - r * 0.8),
        (x + r * 0.5, y),
        (x + r, y - r * 0.5),
        (x + r, y + r * 0.6),
    ]
    pen.polygon(points, colour, shade(colour, 0.45), max(1.0, r * 0.1))


def turned(at: Point, r: float, points: Sequence[Point], degrees: float) -> list[Point]:
    """`points` (in units of `r` around `at`) turned clockwise by `degrees`."""
    a = math.radians(degrees)
    cos, sin = math.cos(a), math.sin(a)
    return [
        (at[0] + r * (px * cos - py * sin), at[1] + r * (px * sin + py * cos)) for px, py in points
    ]


def badge(pen: Pen, at: Point, r: float, number: int, fill: RGB, ink: RGB) -> None:
    """A round badge holding a count."""
    pen.circle(at, r, fill, shade(fill, 0.4) if sum(fill) > 300 else tint(fill, 0.5), r * 0.12)
    size = r * (1.2 if number < 10 else 1.0 if number < 100 else 0.8)
    pen.digits(at, number, size, ink)
