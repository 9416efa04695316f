"""The drawing kit's colours: the background a picture sits on, ink, and the
second channel beside each colour (`ColourStyle`: a pattern), so a player who
cannot tell two colours apart still can. Each game's own colours (kinds,
seats, slices) live with the game (`bot/games/<game>/pictures/`)."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]
#: Discord's dark-theme embed background, so a picture sits flush in an embed.
BACKGROUND: RGB = (43, 45, 49)
PANEL: RGB = (54, 57, 63)  # a slightly lighter area: an empty slot, a row band
INK: RGB = (38, 30, 28)  # outlines and digits on light faces
LIGHT: RGB = (242, 243, 245)  # digits on dark ground
CARD_FACE: RGB = (250, 243, 228)  # an order card's face: warm paper
MUTED: RGB = (128, 132, 140)


@dataclass(frozen=True, slots=True)
class ColourStyle:
    """A player's (or a slice's) colour and the pattern printed over it."""

    colour: RGB
    pattern: str  # dots | hstripes | checks | diagonal | vstripes | crosshatch | plain


#: Seat markers by colour name, each colour with its own pattern (a game names
#: its seats' colours; seats without a colour of their own take them in order).
SEATS: dict[str, ColourStyle] = {
    "yellow": ColourStyle((236, 196, 52), "dots"),
    "green": ColourStyle((78, 164, 84), "hstripes"),
    "brown": ColourStyle((148, 100, 64), "checks"),
    "purple": ColourStyle((138, 92, 186), "diagonal"),
    "red": ColourStyle((214, 64, 58), "vstripes"),
    "pink": ColourStyle((236, 128, 176), "crosshatch"),
}


WINNER: RGB = (250, 204, 60)


def tint(colour: RGB, amount: float, towards: RGB = (255, 255, 255)) -> RGB:
    """`colour` moved `amount` (0..1) of the way towards `towards`."""
    r, g, b = (round(c + (t - c) * amount) for c, t in zip(colour, towards, strict=True))
    return (r, g, b)


def shade(colour: RGB, amount: float) -> RGB:
    return tint(colour, amount, (0, 0, 0))
