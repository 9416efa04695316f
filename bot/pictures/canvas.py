"""A drawing surface in picture units, drawn at twice the size and halved on
encoding: Pillow's shapes have no anti-aliasing, and a 2× box reduction gives
smooth edges for a few milliseconds.

A picture made only of parts drawn before (a hand: its piles and order
cards) is put together at its nominal size instead (`Sheet`), from parts
halved once (`Pen.halved`): a copy of each part where drawing and halving
the whole picture cost a millisecond or two, for the same pixels. With a
`Palette` of the family's colours, each part is given its palette indices
once too, so no colour of it is looked at again (finding a palette for each
picture took twice as long as all the rest), and its PNG is put together
from bands of rows deflated once each (`bot.pictures.bands`): deflating
took four fifths of what was left.

A picture holds no word of any language (one image serves every reader):
digits, which `Pen.digits` alone draws, and players' names (`lettering`).
"""

from __future__ import annotations

import io
import itertools
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.pictures.bands import Bands, Pasted
from bot.pictures.palette import BACKGROUND, RGB, shade, tint

# Register the PNG encoder now, at import, rather than in the first draw.
Image.preinit()

SCALE = 2
#: The widest a picture is drawn, in pixels: about a phone's width (320 px
#: and up), so a phone shows it at its own size and Discord's embed (400 px
#: at most on a desktop) never shrinks it. Every picture reflows into rows
#: to fit, and draws no digit smaller than `SMALLEST_DIGITS` pixels.
PHONE_W = 350.0
SMALLEST_DIGITS = 12.0
STENCIL: RGB = (255, 255, 255)  # the ink a `Pen.patterned` mask draws with
Point = tuple[float, float]
Box = tuple[float, float, float, float]


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's built-in font at `size` device pixels: nothing to ship or install."""
    return ImageFont.load_default(size=size)


def digits_only(number: int | str) -> str:
    """`number` as the text a picture holds: ASCII digits only (words belong
    in the message and its alt text, in the reader's language)."""
    text = str(number)
    if not text.isdigit() or not text.isascii():
        raise ValueError(f"pictures hold digits only, not {text!r}")
    return text


class Pen:
    """Draws on an image in picture units (`SCALE` device pixels each)."""

    def __init__(self, width: float, height: float, background: RGB = BACKGROUND) -> None:
        self.width, self.height = width, height
        size = (round(width * SCALE), round(height * SCALE))
        self.image: Image.Image = Image.new("RGB", size, background)
        self.draw = ImageDraw.Draw(self.image)
        self.origin = (0, 0)  # device pixels subtracted from every point (stencils, parts)

    @classmethod
    def part(cls, box: Box, background: RGB = BACKGROUND) -> Pen:
        """A pen for the `box` of a bigger picture, drawn in that picture's
        units: a part of it drawn on its own (for a `Sheet`)."""
        x0, y0, x1, y1 = box
        pen = cls(x1 - x0, y1 - y0, background)
        pen.origin = (round(x0 * SCALE), round(y0 * SCALE))
        return pen

    def _box(self, box: Box) -> tuple[int, int, int, int]:
        x0, y0, x1, y1 = box
        ox, oy = self.origin
        return (
            round(x0 * SCALE) - ox,
            round(y0 * SCALE) - oy,
            round(x1 * SCALE) - ox,
            round(y1 * SCALE) - oy,
        )

    def _points(self, points: Sequence[Point]) -> list[tuple[int, int]]:
        ox, oy = self.origin
        return [(round(x * SCALE) - ox, round(y * SCALE) - oy) for x, y in points]

    @staticmethod
    def _w(width: float) -> int:
        return max(1, round(width * SCALE)) if width else 0

    def rect(
        self,
        box: Box,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0,
        radius: float = 0,
    ) -> None:
        r = round(radius * SCALE)
        if outline:
            self.draw.rounded_rectangle(self._box(box), r, fill, outline, self._w(width) or 1)
        else:
            self.draw.rounded_rectangle(self._box(box), r, fill)

    def ellipse(
        self, box: Box, fill: RGB | None = None, outline: RGB | None = None, width: float = 0
    ) -> None:
        if outline:
            self.draw.ellipse(self._box(box), fill, outline, self._w(width) or 1)
        else:
            self.draw.ellipse(self._box(box), fill)

    def circle(
        self,
        centre: Point,
        radius: float,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0,
    ) -> None:
        x, y = centre
        self.ellipse((x - radius, y - radius, x + radius, y + radius), fill, outline, width)

    def polygon(
        self,
        points: Sequence[Point],
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0,
    ) -> None:
        if outline:
            self.draw.polygon(self._points(points), fill, outline, self._w(width) or 1)
        else:
            self.draw.polygon(self._points(points), fill)

    def line(
        self, points: Sequence[Point], fill: RGB, width: float, round_ends: bool = True
    ) -> None:
        self.draw.line(self._points(points), fill, self._w(width), joint="curve")
        if round_ends and width >= 1.5:
            for point in (points[0], points[-1]):
                self.circle(point, width / 2 - 0.05, fill)

    def pieslice(
        self,
        box: Box,
        start: float,
        end: float,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 0,
    ) -> None:
        if outline:
            self.draw.pieslice(self._box(box), start, end, fill, outline, self._w(width) or 1)
        else:
            self.draw.pieslice(self._box(box), start, end, fill)

    def arc(self, box: Box, start: float, end: float, fill: RGB, width: float) -> None:
        self.draw.arc(self._box(box), start, end, fill, self._w(width))

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
        self.draw.text(
            (centre[0] * SCALE - self.origin[0], centre[1] * SCALE - self.origin[1]),
            text,
            fill,
            font(round(size * SCALE)),
            anchor=anchor,
            stroke_width=round(size * SCALE / 10) if stroke else 0,
            stroke_fill=stroke,
        )

    def digits_width(self, number: int | str, size: float) -> float:
        return font(round(size * SCALE)).getlength(str(number)) / SCALE

    def patterned(self, box: Box, colour: RGB, pattern: str, mask: Callable[[Pen], None]) -> None:
        """Fill the shape that `mask` draws (in `STENCIL`, in this pen's units) with
        `colour` and `pattern`, clipped to `box`."""
        x0, y0, x1, y1 = self._box(box)
        stencil = Pen.__new__(Pen)
        stencil.width, stencil.height = self.width, self.height
        stencil.image = Image.new("RGB", (x1 - x0, y1 - y0), (0, 0, 0))
        stencil.draw = ImageDraw.Draw(stencil.image)
        stencil.origin = (x0 + self.origin[0], y0 + self.origin[1])
        mask(stencil)
        tile = pattern_tile(x1 - x0, y1 - y0, colour, pattern)
        self.image.paste(tile, (x0, y0), stencil.image.getchannel(0))

    def paste(self, image: Image.Image, at: Point, mask: Image.Image | None = None) -> None:
        x, y = round(at[0] * SCALE) - self.origin[0], round(at[1] * SCALE) - self.origin[1]
        self.image.paste(image, (x, y), mask)

    def halved(self) -> Image.Image:
        """The picture at its nominal size, as a part for a `Sheet`."""
        return self.image.reduce(SCALE)

    def encode(self) -> bytes:
        """The picture at its nominal size, as PNG bytes (`png`)."""
        return png(self.halved())


class Palette:
    """The 256 colours of a family of pictures put together from the same
    parts (a game's hands and reveals), found once from samples of those
    parts. Each colour is given the palette's nearest, a pixel at a time, so
    a part given its indices alone and pasted is the very picture that the
    whole, given them, would be (`png`)."""

    #: Parts given their indices, kept while they are (each with the part).
    KEPT = 1024

    def __init__(self, samples: Iterable[Image.Image]) -> None:
        parts = list(samples)
        montage = Image.new("RGB", (max(p.width for p in parts), sum(p.height for p in parts)))
        y = 0
        for part in parts:
            montage.paste(part, (0, y))
            y += part.height
        self.image: Image.Image = montage.quantize(256, Image.Quantize.FASTOCTREE)
        self._parts: OrderedDict[int, tuple[Image.Image, Image.Image, int]] = OrderedDict()
        self._numbers = itertools.count()
        self._index: dict[RGB, int] = {}
        self.bands = Bands(bytes(self.image.getpalette("RGB") or []))

    def indices(self, image: Image.Image) -> Image.Image:
        """`image` in this palette's indices (mode "P")."""
        return image.convert("RGB").quantize(palette=self.image, dither=Image.Dither.NONE)

    def index(self, colour: RGB) -> int:
        if colour not in self._index:
            found = self.indices(Image.new("RGB", (1, 1), colour)).getpixel((0, 0))
            assert isinstance(found, int)
            self._index[colour] = found
        return self._index[colour]

    def part(self, part: Image.Image) -> tuple[Image.Image, int]:
        """A part (kept by its maker, as parts are) in this palette's indices,
        found once, and its number: the same while it is kept here, and never
        another part's (`bands.Pasted`)."""
        kept = self._parts.get(id(part))
        if kept is not None and kept[0] is part:
            self._parts.move_to_end(id(part))
            return kept[1], kept[2]
        indexed, number = self.indices(part), next(self._numbers)
        self._parts[id(part)] = (part, indexed, number)
        if len(self._parts) > self.KEPT:
            self._parts.popitem(last=False)
        return indexed, number

    def png(self, image: Image.Image) -> bytes:
        """A whole picture in this palette, as PNG bytes."""
        return _deflated(self.indices(image))


class Sheet:
    """A picture put together from parts already at its nominal size
    (`Pen.halved`), pasted at whole picture units. A box reduction averages
    each 2×2 block of device pixels on its own, so a part drawn and halved
    alone, pasted where its even device pixels fall, gives the very pixels
    that drawing it into the whole picture and halving that gives. With a
    `palette`, the parts are pasted as its indices, by bands of rows each
    deflated once (`bands.Bands`): the same pixels as the whole given that
    palette (`Palette.png`)."""

    def __init__(
        self,
        width: float,
        height: float,
        background: RGB = BACKGROUND,
        palette: Palette | None = None,
    ) -> None:
        self.size = (round(width), round(height))
        self.background = background
        self.palette = palette
        self._pasted: list[Pasted] = []

    def paste(self, part: Image.Image, at: Point) -> None:
        x, y = at
        if x != round(x) or y != round(y):  # between pixels: it would not be the same picture
            raise ValueError(f"a part goes at whole picture units, not {at}")
        number = -1  # without a palette, the parts are only pasted
        if self.palette is not None:
            part, number = self.palette.part(part)
        self._pasted.append((part, round(x), round(y), number))

    @property
    def image(self) -> Image.Image:
        """The picture as an image (its PNG is put together without one)."""
        if self.palette is None:
            image = Image.new("RGB", self.size, self.background)
        else:
            image = Image.new("P", self.size, self.palette.index(self.background))
            image.putpalette(self.palette.image.getpalette() or [])
        for part, x, y, _ in self._pasted:
            image.paste(part, (x, y))
        return image

    def encode(self) -> bytes:
        if self.palette is None:
            return png(self.image)
        return self.palette.bands.png(self.size, self.palette.index(self.background), self._pasted)


def png(image: Image.Image) -> bytes:
    """`image` as PNG bytes. Flat colours fit a 256-colour palette: a third of
    the bytes and half the encoding time. zlib's level 3 deflates them in half
    the time of its default 6, for a fifth more bytes (a hand: 0.39 ms and
    7.3 KB against 0.75 ms and 6.1 KB)."""
    return _deflated(image.quantize(256, Image.Quantize.FASTOCTREE))


def _deflated(indexed: Image.Image) -> bytes:
    out = io.BytesIO()
    indexed.save(out, "PNG", compress_level=3)
    return out.getvalue()


@lru_cache(maxsize=256)
def pattern_tile(width: int, height: int, colour: RGB, pattern: str) -> Image.Image:
    """A `width`×`height` device-pixel area of `colour` printed with `pattern`
    in a darker shade of it (light colours) or a lighter one (dark colours)."""
    image = Image.new("RGB", (width, height), colour)
    draw = ImageDraw.Draw(image)
    light = sum(colour) / 3 > 140
    ink = shade(colour, 0.28) if light else tint(colour, 0.32)
    step = 7 * SCALE
    thick = max(2, SCALE * 2)
    if pattern == "dots":
        r = 1.6 * SCALE
        for row, y in enumerate(range(0, height + step, step)):
            shift = step // 2 if row % 2 else 0
            for x in range(-step, width + step, step):
                cx, cy = x + shift + step / 2, y + step / 2
                draw.ellipse((cx - r, cy - r, cx + r, cy + r), ink)
    elif pattern == "hstripes":
        for y in range(step // 2, height, step):
            draw.line((0, y, width, y), ink, thick)
    elif pattern == "vstripes":
        for x in range(step // 2, width, step):
            draw.line((x, 0, x, height), ink, thick)
    elif pattern in ("diagonal", "crosshatch"):
        for k in range(-height, width + height, step):
            draw.line((k, height, k + height, 0), ink, thick)
            if pattern == "crosshatch":
                draw.line((k, 0, k + height, height), ink, thick)
    elif pattern == "checks":
        size = step
        for y in range(0, height, size):
            for x in range(0, width, size):
                if (x // size + y // size) % 2:
                    draw.rectangle((x, y, x + size - 1, y + size - 1), ink)
    return image
