"""Pictures put together from bands of rows deflated once (`bot.pictures.bands`):
well-formed PNGs, the very pixels of the parts pasted whole, and a band
deflated again only when what it holds changed."""

from __future__ import annotations

import io
import itertools
import random
import struct
import zlib

from PIL import Image

from bot.pictures.bands import Bands, Pasted, adler_joined

PALETTE = bytes(i for i in range(256) for _ in "rgb")  # index i: the grey (i, i, i)


def chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    """Each chunk's kind and data, its length and CRC checked."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    found, at = [], 8
    while at < len(png):
        (length,) = struct.unpack_from("!I", png, at)
        kind, data = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        (crc,) = struct.unpack_from("!I", png, at + 8 + length)
        assert crc == zlib.crc32(kind + data), kind
        found.append((kind, data))
        at += 12 + length
    assert at == len(png)
    return found


def whole(size: tuple[int, int], background: int, parts: list[Pasted]) -> Image.Image:
    """The parts pasted in order on one image: what the bands must show."""
    image = Image.new("P", size, background)
    for part, x, y, _ in parts:
        image.paste(part, (x, y))
    return image


def block(rng: random.Random, width: int, height: int) -> Image.Image:
    """A part of random indices, so that any pixel out of place shows."""
    return Image.frombytes("P", (width, height), rng.randbytes(width * height))


def test_a_png_of_bands_is_well_formed_and_its_rows_unfiltered() -> None:
    rng = random.Random(1)
    parts: list[Pasted] = [(block(rng, 40, 30), 5, 4, 0), (block(rng, 40, 30), 60, 50, 1)]
    png = Bands(PALETTE).png((120, 90), 7, parts)
    kinds = [kind for kind, _ in chunks(png)]
    assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    header, _, data, _ = (data for _, data in chunks(png))
    assert struct.unpack("!IIBBBBB", header) == (120, 90, 8, 3, 0, 0, 0)
    rows = zlib.decompress(data)  # checks the stream's end and its Adler-32
    assert len(rows) == 90 * 121
    assert all(rows[i * 121] == 0 for i in range(90))  # filter: none
    image = Image.open(io.BytesIO(png))
    image.verify()


def test_bands_show_the_very_pixels_of_the_parts_pasted_whole() -> None:
    """Parts that overlap (a later one over an earlier), touch, leave rows of
    background between them, or reach past any edge of the picture."""
    rng = random.Random(2)
    bands, numbers = Bands(PALETTE), itertools.count()
    for _ in range(300):
        size = (rng.randrange(1, 90), rng.randrange(1, 90))
        parts: list[Pasted] = [
            (
                block(rng, rng.randrange(1, 40), rng.randrange(1, 40)),
                rng.randrange(-20, size[0] + 5),
                rng.randrange(-20, size[1] + 5),
                next(numbers),
            )
            for _ in range(rng.randrange(0, 7))
        ]
        background = rng.randrange(256)
        png = bands.png(size, background, parts)
        shown = Image.open(io.BytesIO(png))
        shown.load()
        expected = whole(size, background, parts)
        assert (shown.mode, shown.size) == ("P", size)
        assert shown.tobytes() == expected.tobytes(), (
            size,
            [(p.size, x, y) for p, x, y, _ in parts],
        )


def test_a_band_is_deflated_once_and_again_only_when_it_changed() -> None:
    """Three bands (rows of parts with background between them): a picture
    that moves one part redeflates that part's band alone."""
    rng = random.Random(3)
    top, middle, bottom, other = (block(rng, 30, 20) for _ in range(4))
    bands = Bands(PALETTE)
    first = bands.png((100, 100), 0, [(top, 0, 0, 0), (middle, 10, 40, 1), (bottom, 0, 70, 2)])
    assert (bands.drawn, bands.reused) == (3, 0)
    again = bands.png((100, 100), 0, [(top, 0, 0, 0), (middle, 10, 40, 1), (bottom, 0, 70, 2)])
    assert again == first and (bands.drawn, bands.reused) == (3, 3)
    moved = [(top, 0, 0, 0), (middle, 50, 40, 1), (bottom, 0, 70, 2)]
    assert bands.png((100, 100), 0, moved) != first
    assert (bands.drawn, bands.reused) == (4, 5)
    assert Image.open(io.BytesIO(bands.png((100, 100), 0, moved))).tobytes() == (
        whole((100, 100), 0, moved).tobytes()
    )
    swapped = [(top, 0, 0, 0), (other, 10, 40, 3), (bottom, 0, 70, 2)]  # another part, same place
    assert Image.open(io.BytesIO(bands.png((100, 100), 0, swapped))).tobytes() == (
        whole((100, 100), 0, swapped).tobytes()
    )
    assert (bands.drawn, bands.reused) == (5, 10)


def test_adler32s_joined_are_the_adler32_of_the_bytes_end_to_end() -> None:
    rng = random.Random(4)
    for first_length, second_length in ((0, 0), (0, 9), (9, 0), (1, 65521), (70000, 140000)):
        first, second = rng.randbytes(first_length), rng.randbytes(second_length)
        joined = adler_joined(zlib.adler32(first), zlib.adler32(second), second_length)
        assert joined == zlib.adler32(first + second)
    assert zlib.adler32(b"\xff" * 200000) == adler_joined(
        zlib.adler32(b"\xff" * 100000), zlib.adler32(b"\xff" * 100000), 100000
    )
