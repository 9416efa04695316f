"""The drawing kit's pen, writing SVG instead of pixels: the same glyphs and
card parts the pictures draw (`Pen`'s calls, in picture units), for the web
table to draw in the browser at any size. Pillow draws an outline inside its
box; so does this pen, so a glyph keeps its proportions.

A `Defs` holds what several drawings share: the colour patterns
(`pattern_tile`'s, as SVG patterns) and the clips that `patterned` needs.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from bot.pictures.canvas import Box, Pen, Point, digits_only
from bot.pictures.palette import RGB, shade, tint

#: The pattern's grid, in picture units (`pattern_tile`: 7 device pixels at
#: twice the size would be 3.5; the pictures' own tile is 7 units).
STEP = 7.0
THICK = 1.0


def hex_of(colour: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _n(value: float) -> str:
    """A coordinate with two decimals at most, and no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class Defs:
    """Patterns and clips shared by every drawing of one SVG document."""

    def __init__(self) -> None:
        self.parts: dict[str, str] = {}
        self._clips = 0

    def pattern(self, colour: RGB, pattern: str, name: str | None = None) -> str:
        """The id of `colour` printed with `pattern` (`canvas.pattern_tile`)."""
        ident = name or f"pat-{pattern}-{hex_of(colour)[1:]}"
        if ident not in self.parts:
            self.parts[ident] = _pattern(ident, colour, pattern)
        return ident

    def clip(self, box: Box) -> str:
        self._clips += 1
        ident = f"clip-{self._clips}"
        x0, y0, x1, y1 = box
        self.parts[ident] = (
            f'<clipPath id="{ident}"><rect x="{_n(x0)}" y="{_n(y0)}" '
            f'width="{_n(x1 - x0)}" height="{_n(y1 - y0)}"/></clipPath>'
        )
        return ident

    def svg(self) -> str:
        return "<defs>" + "".join(self.parts.values()) + "</defs>" if self.parts else ""


def _pattern(ident: str, colour: RGB, pattern: str) -> str:
    light = sum(colour) / 3 > 140
    ink = hex_of(shade(colour, 0.28) if light else tint(colour, 0.32))
    s, half = STEP, STEP / 2
    width, height = s, s
    marks = ""
    if pattern == "dots":
        height = 2 * s
        r = 0.8
        marks = "".join(
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{r}" fill="{ink}"/>'
            for x, y in ((half, half), (0, s + half), (s, s + half))
        )
    elif pattern == "hstripes":
        marks = f'<rect y="{_n(half - THICK / 2)}" width="{_n(s)}" height="{THICK}" fill="{ink}"/>'
    elif pattern == "vstripes":
        marks = f'<rect x="{_n(half - THICK / 2)}" width="{THICK}" height="{_n(s)}" fill="{ink}"/>'
    elif pattern in ("diagonal", "crosshatch"):
        lines: list[tuple[float, float, float, float]] = [
            (0, s, s, 0),
            (-s, s, 0, 0),
            (s, s, 2 * s, 0),
        ]
        if pattern == "crosshatch":
            lines += [(0, 0, s, s), (-s, 0, 0, s), (s, 0, 2 * s, s)]
        marks = "".join(
            f'<line x1="{_n(a)}" y1="{_n(b)}" x2="{_n(c)}" y2="{_n(d)}" '
            f'stroke="{ink}" stroke-width="{THICK}"/>'
            for a, b, c, d in lines
        )
    elif pattern == "checks":
        width = height = 2 * s
        marks = (
            f'<rect x="{_n(s)}" width="{_n(s)}" height="{_n(s)}" fill="{ink}"/>'
            f'<rect y="{_n(s)}" width="{_n(s)}" height="{_n(s)}" fill="{ink}"/>'
        )
    return (
        f'<pattern id="{ident}" patternUnits="userSpaceOnUse" width="{_n(width)}" '
        f'height="{_n(height)}"><rect width="{_n(width)}" height="{_n(height)}" '
        f'fill="{hex_of(colour)}"/>{marks}</pattern>'
    )


class SvgPen(Pen):
    """A `Pen` that writes SVG elements, in picture units (one unit a user unit)."""

    def __init__(self, width: float, height: float, defs: Defs | None = None) -> None:
        # No image: nothing of Pillow's is made (`Pen.__init__` is not called).
        self.width, self.height = width, height
        self.origin = (0, 0)
        self.defs = defs or Defs()
        self.parts: list[str] = []
        self._fill: str | None = None  # set while drawing a `patterned` mask

    # --- paint -------------------------------------------------------------------------

    def _paint(self, fill: RGB | None, outline: RGB | None = None, width: float = 0) -> str:
        if self._fill is not None:
            return f' fill="url(#{self._fill})"'
        paint = f' fill="{hex_of(fill)}"' if fill else ' fill="none"'
        if outline:
            paint += f' stroke="{hex_of(outline)}" stroke-width="{_n(width or 1)}"'
        return paint

    def _inset(self, outline: RGB | None, width: float) -> float:
        """Half an outline's width: Pillow draws an outline inside its box."""
        return (width or 1) / 2 if outline and self._fill is None else 0.0

    # --- shapes ------------------------------------------------------------------------

    def rect(
        self,
        box: Box,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0,
        radius: float = 0,
    ) -> None:
        x0, y0, x1, y1 = box
        d = self._inset(outline, width)
        corner = f' rx="{_n(max(0.0, radius - d))}"' if radius else ""
        self.parts.append(
            f'<rect x="{_n(x0 + d)}" y="{_n(y0 + d)}" width="{_n(x1 - x0 - 2 * d)}" '
            f'height="{_n(y1 - y0 - 2 * d)}"{corner}{self._paint(fill, outline, width)}/>'
        )

    def ellipse(
        self, box: Box, fill: RGB | None = None, outline: RGB | None = None, width: float = 0
    ) -> None:
        x0, y0, x1, y1 = box
        d = self._inset(outline, width)
        rx, ry = (x1 - x0) / 2 - d, (y1 - y0) / 2 - d
        self.parts.append(
            f'<ellipse cx="{_n((x0 + x1) / 2)}" cy="{_n((y0 + y1) / 2)}" rx="{_n(rx)}" '
            f'ry="{_n(ry)}"{self._paint(fill, outline, width)}/>'
        )

    def polygon(
        self,
        points: Sequence[Point],
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0,
    ) -> None:
        joined = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        paint = self._paint(fill, outline, width)
        self.parts.append(f'<polygon points="{joined}"{paint} stroke-linejoin="round"/>')

    def line(
        self, points: Sequence[Point], fill: RGB, width: float, round_ends: bool = True
    ) -> None:
        joined = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        cap = "round" if round_ends and width >= 1.5 else "butt"
        colour = f"url(#{self._fill})" if self._fill else hex_of(fill)
        self.parts.append(
            f'<polyline points="{joined}" fill="none" stroke="{colour}" '
            f'stroke-width="{_n(width)}" stroke-linejoin="round" stroke-linecap="{cap}"/>'
        )

    def pieslice(
        self,
        box: Box,
        start: float,
        end: float,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0,
    ) -> None:
        x0, y0, x1, y1 = box
        cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
        d = _arc_path(cx, cy, rx, ry, start, end)
        self.parts.append(
            f'<path d="M{_n(cx)} {_n(cy)} L{d[1:]} Z"{self._paint(fill, outline, width)}/>'
        )

    def arc(self, box: Box, start: float, end: float, fill: RGB, width: float) -> None:
        x0, y0, x1, y1 = box
        half = width / 2
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        rx, ry = (x1 - x0) / 2 - half, (y1 - y0) / 2 - half
        colour = f"url(#{self._fill})" if self._fill else hex_of(fill)
        stroke = f' fill="none" stroke="{colour}" stroke-width="{_n(width)}"'
        if (end - start) % 360 == 0:
            self.parts.append(
                f'<ellipse cx="{_n(cx)}" cy="{_n(cy)}" rx="{_n(rx)}" ry="{_n(ry)}"{stroke}/>'
            )
            return
        self.parts.append(f'<path d="{_arc_path(cx, cy, rx, ry, start, end)}"{stroke}/>')

    def digits(
        self,
        centre: Point,
        number: int | str,
        size: float,
        fill: RGB,
        stroke: RGB | None = None,
        anchor: str = "mm",
    ) -> None:
        text = digits_only(number)
        align = {"l": "start", "m": "middle", "r": "end"}[anchor[0]]
        outline = (
            f' stroke="{hex_of(stroke)}" stroke-width="{_n(size / 10)}" paint-order="stroke"'
            if stroke
            else ""
        )
        self.parts.append(
            f'<text x="{_n(centre[0])}" y="{_n(centre[1])}" font-size="{_n(size)}" '
            f'font-weight="700" font-family="sans-serif" text-anchor="{align}" '
            f'dominant-baseline="central" fill="{hex_of(fill)}"{outline}>{text}</text>'
        )

    def digits_width(self, number: int | str, size: float) -> float:
        return len(str(number)) * size * 0.6

    def patterned(self, box: Box, colour: RGB, pattern: str, mask: Callable[[Pen], None]) -> None:
        ident = self.defs.pattern(colour, pattern)
        clip = self.defs.clip(box)
        stencil = SvgPen(self.width, self.height, self.defs)
        stencil._fill = ident
        mask(stencil)
        self.parts.append(f'<g clip-path="url(#{clip})">{"".join(stencil.parts)}</g>')

    def svg(self) -> str:
        """What was drawn, as SVG elements (without the defs)."""
        return "".join(self.parts)


def _arc_path(cx: float, cy: float, rx: float, ry: float, start: float, end: float) -> str:
    """An arc from `start` to `end` degrees, clockwise from three o'clock (as Pillow's)."""
    sweep = (end - start) % 360 or 360
    if sweep >= 360:  # a whole turn: two halves, since one arc cannot end where it starts
        mid = start + 180
        second = _arc_path(cx, cy, rx, ry, mid, start + 360)
        return _arc_path(cx, cy, rx, ry, start, mid) + " " + second[second.index("A") :]
    a, b = math.radians(start), math.radians(start + sweep)
    x0, y0 = cx + rx * math.cos(a), cy + ry * math.sin(a)
    x1, y1 = cx + rx * math.cos(b), cy + ry * math.sin(b)
    large = 1 if sweep > 180 else 0
    return f"M{_n(x0)} {_n(y0)} A{_n(rx)} {_n(ry)} 0 {large} 1 {_n(x1)} {_n(y1)}"
