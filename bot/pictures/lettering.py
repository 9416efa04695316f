"""Players' names in a picture.

A picture holds no word of any language, so one image serves every reader
(`canvas`); a player's name is no language's, and the pictures that show
each player (the final ranking, the pizzas) name them beside their colour.

A name is drawn with the first font here that has all its letters, else run
by run with the first that has each: the machine's DejaVu, Liberation or
Noto (Latin, Cyrillic, Greek; CJK where installed), then Pillow's own. A
letter no font has (an emoji, a script with no font on the machine) is left
out rather than drawn as a box; the message's text and the picture's alt
text name every player in full.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

from .canvas import SCALE, Pen, Point
from .palette import RGB

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

#: Font files tried after Pillow's own, in this order, wherever the system keeps them.
SYSTEM_FONTS = (
    "DejaVuSans.ttf",
    "LiberationSans-Regular.ttf",
    "NotoSans-Regular.ttf",
    "NotoSansCJK-Regular.ttc",
    "NotoSansCJKjp-Regular.otf",
    "DroidSansFallbackFull.ttf",
    "wqy-microhei.ttc",
)
FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))
#: Longest name drawn, in picture units; a longer one ends with "…".
NAME_W = 150.0
#: A character no font has: its drawing is each font's "missing letter" box.
_NONE = "\U000effff"


@cache
def _font_files() -> tuple[Path, ...]:
    found = []
    for name in SYSTEM_FONTS:
        for folder in FONT_DIRS:
            hits = sorted(folder.rglob(name)) if folder.is_dir() else []
            if hits:
                found.append(hits[0])
                break
    return tuple(found)


@cache
def fonts(size: int) -> tuple[Font, ...]:
    """Every font to draw names with at `size` device pixels, best first."""
    chain: list[Font] = []
    for path in _font_files():
        try:
            chain.append(ImageFont.truetype(str(path), size))
        except OSError:  # a file Pillow cannot read: the others still serve
            continue
    return (*chain, ImageFont.load_default(size=size))


@cache
def _has(font: Font, letter: str) -> bool:
    """Whether `font` draws `letter` itself, not its box for a missing one."""
    if letter.isspace():
        return True
    drawn = font.getmask(letter)
    missing = font.getmask(_NONE)
    return bool(drawn.getbbox()) and (drawn.size != missing.size or bytes(drawn) != bytes(missing))


def _font_for(letter: str, size: int) -> Font | None:
    return next((f for f in fonts(size) if _has(f, letter)), None)


def runs(name: str, size: int) -> list[tuple[str, Font]]:
    """`name` in runs of letters one font draws; letters no font has are left
    out, and the spaces around them with them ("🤖 Ana" is "Ana")."""
    kept = " ".join(
        "".join(letter for letter in name if _font_for(letter, size) is not None).split()
    )
    # One font for the whole name where one has every letter: it reads even.
    whole = next((f for f in fonts(size) if all(_has(f, letter) for letter in kept)), None)
    if whole is not None:
        return [(kept, whole)] if kept else []
    found: list[tuple[str, Font]] = []
    for letter in kept:
        font = _font_for(letter, size)
        assert font is not None
        if found and (found[-1][1] is font or letter == " "):
            found[-1] = (found[-1][0] + letter, found[-1][1])
        else:
            found.append((letter, font))
    return found


def name(pen: Pen, at: Point, text: str, size: float, fill: RGB, width: float = NAME_W) -> float:
    """Draw `text` with its left end at `at` (the middle of its height), at
    most `width` long, cut with "…" past it; the width drawn, in picture
    units (0: nothing could be drawn)."""
    device = round(size * SCALE)
    x = at[0] * SCALE - pen.origin[0]
    y = at[1] * SCALE - pen.origin[1]
    start, end = x, x + width * SCALE
    for part, font in runs(text, device):
        length = font.getlength(part)
        if x + length > end:
            more = fonts(device)[-1]  # Pillow's own has "…"
            room = end - x - more.getlength("…")
            while part and font.getlength(part) > room:
                part = part[:-1]
            pen.draw.text((x, y), part, fill, font, anchor="lm")
            x += font.getlength(part)
            pen.draw.text((x, y), "…", fill, more, anchor="lm")
            return (x + more.getlength("…") - start) / SCALE
        pen.draw.text((x, y), part, fill, font, anchor="lm")
        x += length
    return (x - start) / SCALE
