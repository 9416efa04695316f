"""Pictures for every reader (issue 29, point 5): the colours that matter stay
apart for a reader with deuteranopia or protanopia, simulated with Machado,
Oliveira and Fernandes' matrices (2009, severity 1) in linear RGB, and
compared in CIELAB (ΔE 1976: about 2.3 is a just noticeable difference).

What matters: Pizza Island's slice colours (PI-C1), which a pizza is made
of, and the seat colours (MM-C2, and the markers of seats in any game).
Ingredient kinds are told apart by their silhouettes, each unique, so their
colours are only a second channel."""

from __future__ import annotations

import itertools
import math

import pytest

from bot.games.mammamia.pictures.palette import KINDS
from bot.games.pizzaisland.pictures.cards import SLICES
from bot.pictures.palette import RGB, SEATS

MACHADO = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
}


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def seen(colour: RGB, vision: str) -> tuple[float, float, float]:
    """The colour as a reader with this vision sees it, in CIELAB (D65)."""
    linear = [_linear(c) for c in colour]
    r, g, b = (
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear, strict=True))))
        for row in MACHADO[vision]
    )
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def closest(colours: dict[str, RGB], vision: str) -> tuple[float, str, str]:
    return min(
        (math.dist(seen(colours[a], vision), seen(colours[b], vision)), a, b)
        for a, b in itertools.combinations(colours, 2)
    )


@pytest.mark.parametrize("vision", list(MACHADO))
def test_pizza_island_slices_stay_apart_by_colour_alone(vision):
    """Red and green slices were one olive tone under deuteranopia (ΔE 13)."""
    distance, a, b = closest({name: s.colour for name, s in SLICES.items()}, vision)
    assert distance >= 30, (vision, a, b, distance)


@pytest.mark.parametrize("vision", list(MACHADO))
def test_seat_colours_stay_apart(vision):
    """Red and brown seats were one tone under protanopia (ΔE 3)."""
    distance, a, b = closest({name: s.colour for name, s in SEATS.items()}, vision)
    assert distance >= 25, (vision, a, b, distance)


def test_the_second_channels_are_each_unique():
    assert len({s.pattern for s in SEATS.values()}) == len(SEATS)
    assert len({s.pattern for s in SLICES.values()}) == len(SLICES)
    assert len({k.symbol for k in KINDS.values()}) == len(KINDS)


def test_the_simulation_sees_what_it_should():
    """The check has teeth: pure red and green are far apart in normal
    vision and close for a reader with deuteranopia."""
    red, green = (200, 40, 40), (60, 150, 40)
    normal = math.dist(seen(red, "normal"), seen(green, "normal"))
    deutan = math.dist(seen(red, "deuteranopia"), seen(green, "deuteranopia"))
    assert normal > 70 and deutan < 20
