"""An indexed PNG put together from bands of rows deflated once.

A picture of parts (`canvas.Sheet`: a hand's piles and order cards, a
reveal's spot, table and outcomes) is cut into bands of whole rows where no
part spans two of them: a row of piles, a row of two order cards. A PNG's
image data is one zlib stream of its rows, each behind a filter byte (0:
none, the best for a palette's indices), and a deflate stream may be cut
wherever the compressor was flushed to a byte's edge (`Z_SYNC_FLUSH`). So
each band is deflated once, on its own, and kept by what it holds (its
parts and where they go); a picture is its bands' bytes joined, behind the
zlib header and before the final block and the checksum (Adler-32, put
together from the bands' own). A hand that changed one pile redeflates the
band of that pile's row; its order cards' bands are the ones it had.

Deflating the whole picture was four fifths of its CPU. A band deflated
alone, without the window of the band above, costs hardly a byte: a hand
is 10.5 KB, Pillow's PNG of it at the same level 10.6 KB.
"""

from __future__ import annotations

import struct
import zlib
from collections import OrderedDict
from collections.abc import Sequence

from PIL import Image

#: zlib's level for a band: 3 deflates in half the time of the default 6
#: for an eighth more bytes (a hand's bands: 10.5 KB against 9.2 KB). A
#: band is deflated once, but most pictures have a new one.
LEVEL = 3
#: Bytes of deflated bands kept, at most: about 10,000 bands (a hand has 3
#: to 6 of 2 to 3 KB each).
KEPT_BYTES = 24 * 1024 * 1024

SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZLIB_HEADER = b"\x78\x5e"  # deflate, a 32 KB window, a fast level's hint
FINAL = b"\x03\x00"  # an empty last block (fixed codes): the stream's end
BASE = 65521  # Adler-32's modulus

#: A part pasted: its indices (mode "P"), the corner it goes at, and its
#: number, the same for the same part and never another's (`canvas.Palette`):
#: a band is kept by its parts' numbers, which hold no image alive.
Pasted = tuple[Image.Image, int, int, int]
#: What a band holds: its size, its background, and each part's number and
#: corner in it (all ints, so the cycle collector leaves the keys alone).
Key = tuple[int | tuple[int, int, int], ...]
#: A band's deflate, its rows' Adler-32 and their length in bytes.
Deflated = tuple[bytes, int, int]


def chunk(kind: bytes, data: bytes) -> bytes:
    """A PNG chunk: its length, its kind, its data and their CRC."""
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack("!I", len(data)) + kind + data + struct.pack("!I", crc)


def adler_joined(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two runs of bytes end to end, from each one's own
    (zlib's adler32_combine, which Python does not offer)."""
    rem = second_length % BASE
    a = ((first & 0xFFFF) + (second & 0xFFFF) + BASE - 1) % BASE
    b = (rem * (first & 0xFFFF) + (first >> 16) + (second >> 16) + BASE - rem) % BASE
    return a | (b << 16)


class Bands:
    """The PNGs of one palette's pictures, from bands deflated once each."""

    def __init__(self, palette: bytes) -> None:
        self.plte = chunk(b"PLTE", palette)
        self._kept: OrderedDict[Key, Deflated] = OrderedDict()
        self._bytes = 0
        self.drawn = self.reused = 0  # bands deflated and bands found deflated

    def png(self, size: tuple[int, int], background: int, parts: Sequence[Pasted]) -> bytes:
        """The picture of `size` on `background` (an index) with `parts`
        pasted in order, as PNG bytes."""
        width, height = size
        out = [ZLIB_HEADER]
        adler, top = 1, 0
        for bottom, band in _bands(height, parts):
            data, band_adler, length = self._band(width, bottom - top, top, background, band)
            out.append(data)
            adler = adler_joined(adler, band_adler, length)
            top = bottom
        out += (FINAL, struct.pack("!I", adler))
        header = struct.pack("!IIBBBBB", width, height, 8, 3, 0, 0, 0)
        return b"".join(
            (
                SIGNATURE,
                chunk(b"IHDR", header),
                self.plte,
                chunk(b"IDAT", b"".join(out)),
                chunk(b"IEND", b""),
            )
        )

    def _band(
        self, width: int, height: int, top: int, background: int, parts: Sequence[Pasted]
    ) -> Deflated:
        key: Key = (width, height, background, *((n, x, y - top) for _, x, y, n in parts))
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
            self.reused += 1
            return found
        # One column more at the left, of index 0: each row's filter byte.
        rows = Image.new("P", (width + 1, height), background)
        for part, x, y, _ in parts:
            rows.paste(part, (x + 1, y - top))
        rows.paste(0, (0, 0, 1, height))
        raw = rows.tobytes()
        deflate = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
        data = deflate.compress(raw) + deflate.flush(zlib.Z_SYNC_FLUSH)
        done = (data, zlib.adler32(raw), len(raw))
        self._kept[key] = done
        self._bytes += len(data)
        self.drawn += 1
        while self._bytes > KEPT_BYTES:
            old, _, _ = self._kept.popitem(last=False)[1]
            self._bytes -= len(old)
        return done


def _bands(height: int, parts: Sequence[Pasted]) -> list[tuple[int, list[Pasted]]]:
    """The picture's rows cut where no part spans the cut: each band's bottom
    row (exclusive) and its parts in the order they were pasted. A band
    starts where the one above it ends, so the rows of background between
    two bands go with the lower one, and the last band reaches the bottom."""
    spans = sorted(
        (max(0, y), min(height, y + part.height), i)
        for i, (part, _, y, _) in enumerate(parts)
        if y < height and y + part.height > 0
    )
    bands: list[tuple[int, list[int]]] = []
    for top, bottom, i in spans:
        if bands and top < bands[-1][0]:
            bands[-1] = (max(bands[-1][0], bottom), bands[-1][1] + [i])
        else:
            bands.append((bottom, [i]))
    if not bands:
        return [(height, [])]
    bands[-1] = (height, bands[-1][1])
    return [(bottom, [parts[i] for i in sorted(held)]) for bottom, held in bands]
