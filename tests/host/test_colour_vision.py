"""Pictures for every reader (issue 29, point 5): the colours that matter stay
apart for a reader with deuteranopia or protanopia (tests/support/vision.py).

What matters here: the seat colours (MM-C2, and the markers of seats in any
game), the host's. A game's own colours (the slices a pizza is made of) and
its second channels are checked in its tests (`tests/<game>/bot/`)."""

from __future__ import annotations

import math

import pytest

from bot.pictures.palette import SEATS

from vision import MACHADO, closest, seen


@pytest.mark.parametrize("vision", list(MACHADO))
def test_seat_colours_stay_apart(vision):
    """Red and brown seats were one tone under protanopia (ΔE 3)."""
    distance, a, b = closest({name: s.colour for name, s in SEATS.items()}, vision)
    assert distance >= 25, (vision, a, b, distance)


def test_the_seats_second_channels_are_each_unique():
    assert len({s.pattern for s in SEATS.values()}) == len(SEATS)


def test_the_simulation_sees_what_it_should():
    """The check has teeth: pure red and green are far apart in normal
    vision and close for a reader with deuteranopia."""
    red, green = (200, 40, 40), (60, 150, 40)
    normal = math.dist(seen(red, "normal"), seen(green, "normal"))
    deutan = math.dist(seen(red, "deuteranopia"), seen(green, "deuteranopia"))
    assert normal > 70 and deutan < 20
