"""Colours as a reader with deuteranopia or protanopia sees them, simulated
with Machado, Oliveira and Fernandes' matrices (2009, severity 1) in linear
RGB, and compared in CIELAB (ΔE 1976: about 2.3 is a just noticeable
difference). The host's colours and each game's are checked with it."""

from __future__ import annotations

import itertools
import math

from bot.pictures.palette import RGB

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
