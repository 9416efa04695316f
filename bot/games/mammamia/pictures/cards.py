"""Mamma Mia!'s cards: an ingredient pile with its count, a face-down pile in a
player's colour, an order card with what it needs, an outcome mark.
Positions are in picture units."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from bot.games.mammamia.pictures import glyphs
from bot.games.mammamia.pictures.faces import Need, OrderFace
from bot.games.mammamia.pictures.palette import KINDS, OUTCOME_BADGES, PLAYERS
from bot.pictures import glyphs as kit
from bot.pictures.canvas import SCALE, STENCIL, Box, Pen, Point, Sheet
from bot.pictures.cards import count_badge, patterned_card
from bot.pictures.palette import BACKGROUND, CARD_FACE, INK, MUTED, PANEL, shade, tint

PILE_W, PILE_H = 58.0, 80.0
ORDER_W, ORDER_H = 150.0, 100.0
BAND = 16.0  # the owner's colour strip across the top of an order card


def ingredient_pile(pen: Pen, at: Point, kind: str, count: int) -> None:
    """A pile of one kind with its count; an empty pile is a dim outline (count 0)."""
    x, y = at
    colour = KINDS[kind].colour
    box = (x, y, x + PILE_W, y + PILE_H)
    centre = (x + PILE_W / 2, y + PILE_H / 2 - 4)
    if count == 0:
        pen.rect(box, PANEL, MUTED, 1.5, 7)
        glyphs.kind(pen, centre, 13, kind)
        count_badge(pen, (x + PILE_W - 4, y + PILE_H - 4), 0, dim=True)
        return
    for layer in range(min(count, 4) - 1, 0, -1):
        dx, dy = layer * 3.5, -layer * 3.5
        pen.rect((x + dx, y + dy, x + PILE_W + dx, y + PILE_H + dy), tint(colour, 0.5), INK, 1, 7)
    pen.rect(box, tint(colour, 0.8), INK, 1.2, 7)
    glyphs.kind(pen, centre, 19, kind)
    count_badge(pen, (x + PILE_W - 4, y + PILE_H - 4), count)


def ingredient_card(pen: Pen, at: Point, kind: str, scale: float = 1.0) -> None:
    """One ingredient card face up (the card just revealed)."""
    x, y = at
    w, h = PILE_W * scale, PILE_H * scale
    colour = KINDS[kind].colour
    pen.rect((x, y, x + w, y + h), tint(colour, 0.8), INK, 1.5, 8 * scale)
    glyphs.kind(pen, (x + w / 2, y + h / 2), 21 * scale, kind)


def face_down_pile(pen: Pen, at: Point, colour: str, count: int, w: float = PILE_W) -> None:
    """A player's face-down pile (order pile) with its size."""
    x, y = at
    h = w * PILE_H / PILE_W
    style = PLAYERS[colour]
    if count == 0:
        pen.rect((x, y, x + w, y + h), PANEL, MUTED, 1.5, 7)
    else:
        for layer in range(min(count, 4) - 1, 0, -1):
            dx, dy = layer * 3.5, -layer * 3.5
            pen.rect((x + dx, y + dy, x + w + dx, y + h + dy), shade(style.colour, 0.3), INK, 1, 7)
        patterned_card(pen, (x, y, x + w, y + h), style, 7)
    count_badge(pen, (x + w - 4, y + h - 4), count, dim=count == 0)


def order_card(pen: Pen, at: Point, face: OrderFace, scale: float = 1.0) -> Box:
    """An order card: the owner's colour band, then what it needs."""
    x, y = at
    w, h, band = ORDER_W * scale, ORDER_H * scale, BAND * scale
    box = (x, y, x + w, y + h)
    style = PLAYERS[face.colour]
    pen.rect(box, CARD_FACE, INK, 1.5, 8 * scale)

    def top(stencil: Pen) -> None:
        stencil.rect((x, y, x + w, y + band + 8 * scale), STENCIL, radius=8 * scale)

    pen.patterned((x, y, x + w, y + band), style.colour, style.pattern, top)
    pen.line([(x + 1, y + band), (x + w - 1, y + band)], INK, 1.2, round_ends=False)
    pen.rect(box, None, INK, 1.5, 8 * scale)
    needs_area(
        pen, (x + 5 * scale, y + band + 3 * scale, x + w - 5 * scale, y + h - 4 * scale), face.needs
    )
    return box


@lru_cache(maxsize=512)
def order_sprite(face: OrderFace, scale: float = 1.0) -> Image.Image:
    """An order card drawn once and pasted wherever it shows again: a reveal
    redraws every order of the round at each step of the narration."""
    pen = Pen(ORDER_W * scale, ORDER_H * scale)
    order_card(pen, (0, 0), face, scale)
    return pen.image


#: Room around a pile's sprite for its stacked edges (up, right) and its badge.
PILE_PAD = (4.0, 14.0, 16.0, 12.0)  # left, top, right, bottom


@lru_cache(maxsize=256)
def pile_sprite(kind: str, count: int) -> Image.Image:
    left, top, right, bottom = PILE_PAD
    pen = Pen(PILE_W + left + right, PILE_H + top + bottom)
    ingredient_pile(pen, (left, top), kind, count)
    return pen.image


def paste_pile(sheet: Sheet, at: Point, kind: str, count: int) -> None:
    """A pile at `at` (its card's corner), with its edges and badge around it."""
    sheet.paste(halved_pile(kind, count), (at[0] - PILE_PAD[0], at[1] - PILE_PAD[1]))


@lru_cache(maxsize=256)
def halved_pile(kind: str, count: int) -> Image.Image:
    """`pile_sprite` at its nominal size, for a `Sheet`."""
    return pile_sprite(kind, count).reduce(SCALE)


@lru_cache(maxsize=512)
def halved_order(face: OrderFace) -> Image.Image:
    """`order_sprite` at its nominal size, for a `Sheet`."""
    return order_sprite(face).reduce(SCALE)


def _need_width(need: Need, r: float, size: float, pen: Pen) -> float:
    number = pen.digits_width(need.count, size) + r * 0.2 if need.count > 1 else 0.0
    more = r * 0.9 if need.more else 0.0
    body = r * 4.4 if need.glyph == "either" else r * 2
    return number + more + body


def _rows(needs: Sequence[Need], widths: list[float], room: float, gap: float) -> list[list[int]]:
    """Needs split into rows that fit `room`: one row if it fits, else balanced."""
    total = sum(widths) + gap * (len(widths) - 1)
    if total <= room or len(needs) == 1:
        return [list(range(len(needs)))]
    half = total / 2
    rows: list[list[int]] = [[]]
    acc = 0.0
    for i, w in enumerate(widths):
        if rows[-1] and acc + w / 2 > half and len(rows) == 1:
            rows.append([])
        rows[-1].append(i)
        acc += w + gap
    return rows


def needs_area(pen: Pen, box: Box, needs: Sequence[Need]) -> None:
    """Lay `needs` out centred in `box`, on one row or two."""
    x0, y0, x1, y1 = box
    room, height = x1 - x0, y1 - y0
    for r in (18.0, 17.0, 16.0, 15.0, 14.0, 13.0, 12.0, 11.0, 10.0, 9.0, 8.0):
        size, gap = r * 1.45, r * 0.7
        widths = [_need_width(n, r, size, pen) for n in needs]
        rows = _rows(needs, widths, room, gap)
        fits = all(sum(widths[i] for i in row) + gap * (len(row) - 1) <= room for row in rows)
        if fits and len(rows) * r * 2.3 <= height:
            break
    line_h = height / len(rows)
    for row_index, row in enumerate(rows):
        row_w = sum(widths[i] for i in row) + gap * (len(row) - 1)
        cx = x0 + (room - row_w) / 2
        cy = y0 + line_h * (row_index + 0.5)
        for i in row:
            _need(pen, (cx, cy), needs[i], r, size)
            cx += widths[i] + gap


def _need(pen: Pen, at: Point, need: Need, r: float, size: float) -> None:
    x, y = at
    if need.count > 1:
        pen.digits((x, y + r * 0.05), need.count, size, INK, anchor="lm")
        x += pen.digits_width(need.count, size) + r * 0.2
    if need.more:
        kit.plus(pen, (x + r * 0.35, y - r * 0.45), r * 0.3)
        x += r * 0.9
    if need.glyph == "kind":
        glyphs.kind(pen, (x + r, y), r, need.kinds[0])
    elif need.glyph == "crossed":
        glyphs.crossed(pen, (x + r, y), r, need.kinds[0])
    elif need.glyph == "any":
        glyphs.any_kind(pen, (x + r, y), r, need.kinds)
    elif need.glyph == "fewest":
        glyphs.fewest(pen, (x + r, y), r * 0.9)
    elif need.glyph == "either":
        glyphs.kind(pen, (x + r, y), r, need.kinds[0])
        kit.slash(pen, (x + r * 2.2, y), r * 0.55)
        glyphs.kind(pen, (x + r * 3.4, y), r, need.kinds[1])
    else:  # pragma: no cover - orders.Need names every glyph above
        raise ValueError(need.glyph)


def outcome_mark(pen: Pen, at: Point, result: str, r: float = 15.0) -> None:
    """The mark on a revealed order: made, paid from hand, helped, or back under."""
    fill = OUTCOME_BADGES[result]
    pen.circle(at, r + 2, BACKGROUND)
    pen.circle(at, r, fill, tint(fill, 0.5), 1.5)
    if result == "made":
        kit.check(pen, at, r * 0.8)
    elif result == "paid":
        kit.hand(pen, (at[0], at[1] - r * 0.05), r * 0.62)
    elif result == "helped":
        kit.two_hands(pen, at, r * 0.75)
    else:
        kit.under(pen, (at[0], at[1] - r * 0.05), r * 0.62)
