"""Pizza Island's pictures for every reader (issue 29, point 5): its slice
colours (PI-C1), which a pizza is made of, stay apart by colour alone for a
reader with deuteranopia or protanopia (tests/support/vision.py), and each
has a pattern of its own besides."""

from __future__ import annotations

import pytest

from bot.games.pizzaisland.pictures.cards import SLICES

from vision import MACHADO, closest


@pytest.mark.parametrize("vision", list(MACHADO))
def test_pizza_island_slices_stay_apart_by_colour_alone(vision):
    """Red and green slices were one olive tone under deuteranopia (ΔE 13)."""
    distance, a, b = closest({name: s.colour for name, s in SLICES.items()}, vision)
    assert distance >= 30, (vision, a, b, distance)


def test_each_slice_has_a_pattern_of_its_own():
    assert len({s.pattern for s in SLICES.values()}) == len(SLICES)
