"""Mamma Mia!'s glyphs: each ingredient kind's symbol, "any kind", "the
fewest", and a kind crossed out (PL-R1)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from bot.games.mammamia.pictures.palette import KINDS
from bot.pictures.canvas import Pen, Point
from bot.pictures.glyphs import WHITE
from bot.pictures.palette import INK, RGB, shade, tint


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
