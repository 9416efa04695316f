"""The web table's art: one SVG sprite of symbols and patterns, drawn by the
pictures' own glyphs and card parts (`bot.pictures.svg.SvgPen`), that the
client puts in its page once and uses everywhere (`<use href="#kind-…">`,
`fill="url(#seat-…)"`). Each game adds its own (`WebTable.art`); the host
draws the seat colours' patterns and the page's icon. No copied art: every
shape is the project's own drawing code.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from bot.pictures.canvas import Pen
from bot.pictures.glyphs import turned
from bot.pictures.palette import BACKGROUND, INK, SEATS, ColourStyle, shade, tint
from bot.pictures.svg import Defs, SvgPen, _n, hex_of


class Sprite:
    """Symbols and patterns for one SVG document."""

    def __init__(self) -> None:
        self.defs = Defs()
        self.symbols: dict[str, str] = {}

    def symbol(self, name: str, width: float, height: float, draw: Callable[[Pen], None]) -> None:
        """`draw` a symbol in picture units, `width`×`height` (its viewBox)."""
        pen = SvgPen(width, height, self.defs)
        draw(pen)
        self.symbols[name] = (
            f'<symbol id="{name}" viewBox="0 0 {_n(width)} {_n(height)}">{pen.svg()}</symbol>'
        )

    def pattern(self, name: str, style: ColourStyle) -> None:
        """A colour with its pattern (the second channel), as `url(#name)`."""
        self.defs.pattern(style.colour, style.pattern, name)

    def svg(self) -> str:
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false" '
            'width="0" height="0" style="position:absolute">'
            f"{self.defs.svg()}{''.join(self.symbols.values())}</svg>"
        )


def host_art(sprite: Sprite) -> None:
    """What every table uses: each seat colour with its pattern (`seat-<colour>`),
    a hand of cards (the count of a hand), a computer player's face."""
    for colour, style in SEATS.items():
        sprite.pattern(f"seat-{colour}", style)
    sprite.symbol("fan", 40, 40, _fan)
    sprite.symbol("computer", 40, 40, _computer)


def _fan(pen: Pen) -> None:
    """Three cards held fanned out."""
    card = [(-0.42, -0.62), (0.42, -0.62), (0.42, 0.62), (-0.42, 0.62)]
    for angle, fill in ((-22, (210, 214, 222)), (0, (232, 234, 240)), (22, (250, 250, 252))):
        pen.polygon(turned((20, 22), 24, card, angle), fill, INK, 1.4)


def _computer(pen: Pen) -> None:
    """A computer player's face: a screen with two eyes and an antenna."""
    face, screen = (120, 130, 150), (40, 46, 58)
    pen.line([(20, 4), (20, 10)], face, 2.4)
    pen.circle((20, 4), 2.6, (240, 180, 60))
    pen.rect((6, 10, 34, 34), face, INK, 1.5, 6)
    pen.rect((10, 14, 30, 29), screen, None, 0, 3)
    for x in (15.5, 24.5):
        pen.circle((x, 21.5), 2.8, (110, 220, 160))


def icon() -> str:
    """The page's icon: a pie cut in six, one piece missing (drawn, not copied)."""
    pen = SvgPen(64, 64)
    crust, sauce = (222, 160, 84), (214, 72, 44)
    pen.circle((32, 32), 30, crust, shade(crust, 0.4), 2)
    pen.circle((32, 32), 24, sauce)
    for i in range(6):
        a = math.radians(-90 + i * 60)
        pen.line([(32, 32), (32 + 30 * math.cos(a), 32 + 30 * math.sin(a))], INK, 1.6)
    pen.pieslice((2, 2, 62, 62), -90, -30, BACKGROUND)
    for x, y in ((24, 40), (40, 42), (22, 26), (42, 28)):
        pen.circle((x, y), 3.4, tint(sauce, 0.55))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
        f"{pen.defs.svg()}{pen.svg()}</svg>"
    )


__all__ = ["Sprite", "hex_of", "host_art", "icon"]
