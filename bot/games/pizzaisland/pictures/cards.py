"""Pizza Island's cards: the slice colours and shapes with their patterns and
glyphs (PI-C1), the heroes (PI-C2), a slice card and a pizza wheel. Each
colour has a pattern none of the others uses, so no two slices are told
apart by colour alone. Positions are in picture units."""

from __future__ import annotations

import math
from collections.abc import Sequence

from bot.pictures.canvas import STENCIL, Pen, Point
from bot.pictures.cards import patterned_card
from bot.pictures.glyphs import turned
from bot.pictures.palette import BACKGROUND, INK, LIGHT, MUTED, PANEL, RGB, ColourStyle, shade
from engine.pizzaisland.cards import parts

#: PI-C1: the three slice colours, each with a pattern none of the others
#: uses, in tones that stay apart without the pattern for a reader with
#: deuteranopia or protanopia (a deep red, a light bluish green, a yellow:
#: tests/bot/test_colour_vision.py), where red and green were one olive.
SLICES: dict[str, ColourStyle] = {
    "red": ColourStyle((190, 28, 15), "dots"),
    "green": ColourStyle((83, 188, 130), "diagonal"),
    "yellow": ColourStyle((245, 199, 63), "checks"),
}


#: PI-C1: the glyph printed for each slice shape.
SHAPES: dict[str, str] = {"a": "triangle", "b": "square", "c": "circle"}


#: PI-C2: the four heroes; each is drawn as a glyph of its own (glyphs.hero).
HEROES: tuple[str, ...] = ("pepper", "mushroom", "knife", "fork")


SLICE_W, SLICE_H = 70.0, 98.0


def shape_glyph(pen: Pen, at: Point, r: float, name: str, fill: RGB, outline: RGB = INK) -> None:
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


def hero_glyph(pen: Pen, at: Point, r: float, name: str, colour: RGB = INK) -> None:
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
            pen.polygon(turned(at, r, part, 40), colour)
    elif name == "fork":  # three tines up, handle below
        for dx in (-0.38, 0.0, 0.38):
            pen.line([(x + dx * r, y - r * 0.9), (x + dx * r, y - r * 0.2)], colour, r * 0.17)
        pen.pieslice((x - r * 0.47, y - r * 0.75, x + r * 0.47, y + r * 0.05), 0, 180, colour)
        pen.line([(x, y - r * 0.2), (x, y + r * 0.92)], colour, r * 0.26)
    else:  # pragma: no cover - HEROES names every hero above
        raise ValueError(name)


def hero_badge(pen: Pen, at: Point, hero: str, r: float) -> None:
    pen.circle(at, r, LIGHT, INK, max(1.0, r * 0.1))
    hero_glyph(pen, at, r * 0.72, hero)


def slice_card(pen: Pen, at: Point, card: str | None) -> None:
    """A Pizza Island slice face up: its colour and pattern, its shape, its hero.
    None draws an empty place (a Ship slot not refilled)."""
    x, y = at
    box = (x, y, x + SLICE_W, y + SLICE_H)
    if card is None:
        pen.rect(box, PANEL, MUTED, 1.5, 8)
        return
    colour, shape, hero = parts(card)
    style = SLICES[colour]
    patterned_card(pen, box, style, 8)
    pen.rect(box, None, INK, 1.5, 8)
    cy = y + SLICE_H * (0.62 if hero else 0.5)
    shape_glyph(pen, (x + SLICE_W / 2, cy), 17, SHAPES[shape], LIGHT)
    if hero:
        hero_badge(pen, (x + SLICE_W / 2, y + 26), hero, 17)


#: PI-C1: a pizza's six places, clockwise from the top, two per shape.
PLACES: tuple[str, ...] = ("a", "a", "b", "b", "c", "c")


def slices_in_places(slices: Sequence[str]) -> list[str | None]:
    """Each of the six places' slice, or None: a slice fills the first free
    place of its shape (the pictures and the Activity draw the same pizza)."""
    filled: list[str | None] = [None] * len(PLACES)
    for card in slices:
        shape = parts(card)[1]
        for i, place in enumerate(PLACES):
            if place == shape and filled[i] is None:
                filled[i] = card
                break
    return filled


def pizza_wheel(pen: Pen, centre: Point, radius: float, slices: Sequence[str]) -> None:
    """A pizza as a wheel of six places; placed slices fill the first free place
    of their shape, and heroes are marked outside the rim."""
    cx, cy = centre
    filled = slices_in_places(slices)
    box = (cx - radius, cy - radius, cx + radius, cy + radius)
    pen.circle(centre, radius + 3, shade(PANEL, 0.25))
    step = 360 / len(PLACES)
    for i, place_card in enumerate(filled):
        start, end = -90 + i * step, -90 + (i + 1) * step
        if place_card is None:
            pen.pieslice(box, start, end, PANEL)
            continue
        style = SLICES[parts(place_card)[0]]

        def wedge(stencil: Pen, start: float = start, end: float = end) -> None:
            stencil.pieslice(box, start, end, STENCIL)

        pen.patterned(box, style.colour, style.pattern, wedge)
    for i in range(len(PLACES)):
        a = math.radians(-90 + i * step)
        pen.line([centre, (cx + radius * math.cos(a), cy + radius * math.sin(a))], BACKGROUND, 2.5)
    pen.circle(centre, radius, None, shade(PANEL, 0.4), 2)
    for i, place_card in enumerate(filled):
        a = math.radians(-90 + (i + 0.5) * step)
        at = (cx + radius * 0.62 * math.cos(a), cy + radius * 0.62 * math.sin(a))
        if place_card is None:
            shape_glyph(pen, at, radius * 0.15, SHAPES[PLACES[i]], PANEL, MUTED)
            continue
        shape_glyph(pen, at, radius * 0.17, SHAPES[PLACES[i]], LIGHT)
        hero = parts(place_card)[2]
        if hero:
            out = radius * 1.16
            hero_badge(pen, (cx + out * math.cos(a), cy + out * math.sin(a)), hero, radius * 0.25)
