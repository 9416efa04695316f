"""Small glyphs drawn from simple shapes, each centred on a point with a size
`r` (about half its width): ingredient symbols, choice chips, outcome marks,
slice shapes and heroes. No glyph is a letter."""

from __future__ import annotations

import math
from collections.abc import Sequence

from .canvas import Pen, Point
from .palette import INK, KINDS, RGB, shade, tint

WHITE: RGB = (255, 255, 255)


def kind(pen: Pen, at: Point, r: float, name: str, outline: RGB = INK) -> None:
    """An ingredient kind's symbol: its colour in its own silhouette."""
    style = KINDS[name]
    colour, x, y = style.colour, at[0], at[1]
    w = max(1.0, r * 0.09)
    if style.symbol == "disc-dots":  # a salami slice
        pen.circle(at, r * 0.86, colour, outline, w)
        fat = tint(colour, 0.65)
        for dx, dy in ((-0.34, -0.28), (0.3, -0.1), (-0.08, 0.36)):
            pen.circle((x + dx * r, y + dy * r), r * 0.13, fat)
    elif style.symbol == "wedge":  # a pineapple chunk, its skin along the bottom
        left, right, bottom = (
            (x - r * 0.92, y + r * 0.72),
            (x + r * 0.92, y + r * 0.72),
            y + r * 0.72,
        )
        pen.polygon([(x, y - r * 0.92), right, left], colour, outline, w)
        skin = shade(colour, 0.3)
        top = bottom - r * 0.4
        inset = 0.4 * 0.92 * r / 1.64
        pen.polygon(
            [left, right, (right[0] - inset, top), (left[0] + inset, top)], skin, outline, w
        )
    elif style.symbol == "mushroom":
        stem = tint(colour, 0.6)
        pen.rect((x - r * 0.3, y - r * 0.1, x + r * 0.3, y + r * 0.85), stem, outline, w, r * 0.15)
        box = (x - r * 0.92, y - r * 0.85, x + r * 0.92, y + r * 0.55)
        pen.pieslice(box, 180, 360, colour, outline, w)
        pen.circle((x - r * 0.35, y - r * 0.42), r * 0.12, tint(colour, 0.55))
    elif style.symbol == "ring":  # a pepper ring, open in the middle
        outer, inner = r * 0.86, r * 0.5
        pen.arc((x - outer, y - outer, x + outer, y + outer), 0, 360, outline, outer - inner + w)
        ring = outer - w
        pen.arc((x - ring, y - ring, x + ring, y + ring), 0, 360, colour, ring - inner)
        edge = inner + w
        pen.arc((x - edge, y - edge, x + edge, y + edge), 0, 360, outline, w)
    elif style.symbol == "oval":  # an olive, long and glossy
        pen.ellipse((x - r * 0.6, y - r * 0.88, x + r * 0.6, y + r * 0.88), colour, outline, w)
        pen.ellipse((x - r * 0.3, y - r * 0.6, x - r * 0.05, y - r * 0.2), tint(colour, 0.5))
    elif style.symbol == "crescent":  # a curled shrimp, open to the right
        outer, thick = r * 0.9, r * 0.46
        box = (x - outer, y - outer, x + outer, y + outer)
        rim = (box[0] - w, box[1] - w, box[2] + w, box[3] + w)
        pen.arc(rim, 35, 325, outline, thick + 2 * w)
        pen.arc(box, 35, 325, colour, thick)
        mid = outer - thick / 2
        for angle in (35, 325):
            a = math.radians(angle)
            pen.circle(
                (x + mid * math.cos(a), y + mid * math.sin(a)), thick / 2, colour, outline, w
            )
        stripe = shade(colour, 0.25)
        for angle in (110, 180, 250):
            a = math.radians(angle)
            inner, out = outer - thick + w, outer - w
            points = [(x + inner * math.cos(a), y + inner * math.sin(a))]
            points.append((x + out * math.cos(a), y + out * math.sin(a)))
            pen.line(points, stripe, w * 1.2)
        a = math.radians(35)
        pen.circle((x + mid * math.cos(a) + r * 0.04, y + mid * math.sin(a)), r * 0.08, outline)
    else:  # pragma: no cover - the palette names every symbol above
        raise ValueError(style.symbol)


def any_kind(pen: Pen, at: Point, r: float, kinds: Sequence[str]) -> None:
    """ "One kind of your choice among these": a disc cut into the kinds' colours."""
    box = (at[0] - r * 0.86, at[1] - r * 0.86, at[0] + r * 0.86, at[1] + r * 0.86)
    step = 360 / max(1, len(kinds))
    for i, name in enumerate(kinds):
        pen.pieslice(box, -90 + i * step, -90 + (i + 1) * step, KINDS[name].colour)
    pen.circle(at, r * 0.86, None, INK, max(1.0, r * 0.09))
    pen.circle(at, r * 0.28, WHITE, INK, max(1.0, r * 0.07))


def fewest(pen: Pen, at: Point, r: float) -> None:
    """ "The kind there is least of": three bars, the shortest one marked."""
    x, y = at
    pen.rect((x - r * 0.9, y - r * 0.9, x + r * 0.9, y + r * 0.9), WHITE, INK, r * 0.08, r * 0.2)
    base = y + r * 0.62
    for i, (h, colour) in enumerate(((1.1, (170, 170, 176)), (0.75, (170, 170, 176)))):
        left = x - r * 0.62 + i * r * 0.44
        pen.rect((left, base - h * r, left + r * 0.32, base), colour)
    left = x + r * 0.26
    pen.rect((left, base - r * 0.3, left + r * 0.32, base), (220, 70, 60))
    pen.line([(x - r * 0.7, base + r * 0.06), (x + r * 0.7, base + r * 0.06)], INK, r * 0.08)


def crossed(pen: Pen, at: Point, r: float, name: str) -> None:
    """A kind that must be absent (PL-R1): its symbol under a no-entry sign."""
    kind(pen, at, r * 0.8, name)
    red = (214, 48, 48)
    pen.circle(at, r * 0.95, None, red, r * 0.16)
    d = r * 0.95 * math.cos(math.radians(45))
    pen.line([(at[0] - d, at[1] - d), (at[0] + d, at[1] + d)], red, r * 0.16)


def plus(pen: Pen, at: Point, r: float, colour: RGB = INK) -> None:
    """ "Or more" after a number (Bombastica's 15)."""
    x, y = at
    pen.line([(x - r, y), (x + r, y)], colour, r * 0.45)
    pen.line([(x, y - r), (x, y + r)], colour, r * 0.45)


def slash(pen: Pen, at: Point, r: float, colour: RGB = INK) -> None:
    """ "Or" between two kinds (Plus's Mamma Mia order)."""
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
    """An open hand: cards came from the owner's hand (MM-R4)."""
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
    """Two hands: another player helped (PL-H3)."""
    hand(pen, (at[0] - r * 0.45, at[1] + r * 0.1), r * 0.62, colour)
    hand(pen, (at[0] + r * 0.45, at[1] + r * 0.1), r * 0.62, colour, mirror=True)


def under(pen: Pen, at: Point, r: float, colour: RGB = WHITE) -> None:
    """An arrow down to the bottom of a pile: the order went back (MM-R5)."""
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


def shape(pen: Pen, at: Point, r: float, name: str, fill: RGB, outline: RGB = INK) -> None:
    """A slice shape (PI-C1): triangle, square or circle."""
    x, y = at
    w = max(1.0, r * 0.14)
    if name == "triangle":
        pen.polygon(
            [(x, y - r), (x + r * 0.95, y + r * 0.7), (x - r * 0.95, y + r * 0.7)], fill, outline, w
        )
    elif name == "square":
        pen.rect((x - r * 0.78, y - r * 0.78, x + r * 0.78, y + r * 0.78), fill, outline, w)
    else:
        pen.circle(at, r * 0.85, fill, outline, w)


def hero(pen: Pen, at: Point, r: float, name: str, colour: RGB = INK) -> None:
    """A hero (PI-C2) as an upright silhouette: pepper, mushroom, knife or fork."""
    x, y = at
    if name == "pepper":  # a bell pepper: three lobes under a bent stem
        for dx, top in ((-0.4, -0.35), (0.4, -0.35), (0.0, -0.45)):
            pen.ellipse(
                (x + (dx - 0.42) * r, y + top * r, x + (dx + 0.42) * r, y + r * 0.92), colour
            )
        pen.line(
            [(x, y - r * 0.3), (x, y - r * 0.7), (x + r * 0.35, y - r * 0.92)], colour, r * 0.2
        )
    elif name == "mushroom":
        pen.rect((x - r * 0.25, y - r * 0.1, x + r * 0.25, y + r * 0.85), colour, radius=r * 0.12)
        pen.pieslice((x - r * 0.9, y - r * 0.85, x + r * 0.9, y + r * 0.45), 180, 360, colour)
    elif name == "knife":  # blade up and to the right, edge curved, handle below
        blade = [(-0.26, 0.2), (-0.26, -1.0), (0.12, -0.85), (0.3, -0.4), (0.3, 0.2)]
        handle = [(-0.3, 0.24), (0.3, 0.24), (0.3, 1.0), (-0.3, 1.0)]
        for part in (blade, handle):
            pen.polygon(_turn(at, r, part, 40), colour)
    elif name == "fork":  # three tines up, handle below
        for dx in (-0.38, 0.0, 0.38):
            pen.line([(x + dx * r, y - r * 0.9), (x + dx * r, y - r * 0.2)], colour, r * 0.17)
        pen.pieslice((x - r * 0.47, y - r * 0.75, x + r * 0.47, y + r * 0.05), 0, 180, colour)
        pen.line([(x, y - r * 0.2), (x, y + r * 0.92)], colour, r * 0.26)
    else:  # pragma: no cover - palette.HEROES names every hero above
        raise ValueError(name)


def _turn(at: Point, r: float, points: Sequence[Point], degrees: float) -> list[Point]:
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
