"""Mamma Mia! pictures: a player's hand, the oven reveal, the final ranking.

Each picture takes small frozen values (hashable, so equal pictures are drawn
once) built from the engine's views by the `*_of` functions beside them. The
hand is built from `player_view` and goes to its owner alone (MM-V1); the
reveal and the ranking are built from `public_view` and public events only,
and their input types have no place that could hold a hand or an order pile.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Literal

from PIL import Image, ImageDraw

from bot.games.mammamia.pictures import cards
from bot.games.mammamia.pictures.faces import Need, OrderFace
from bot.games.mammamia.pictures.palette import PLAYERS
from bot.pictures import cards as kit
from bot.pictures import glyphs as kit_glyphs
from bot.pictures import lettering
from bot.pictures.canvas import SCALE, STENCIL, Palette, Pen, Sheet
from bot.pictures.palette import LIGHT, MUTED, PANEL, WINNER, shade
from bot.pictures.warm import warm_with
from engine.mammamia.cards import BOXES, ORDER_CARDS
from engine.mammamia.events import Event, Made, Returned
from engine.mammamia.views import PlayerView, PublicView

MARGIN = 16.0
CACHE = 256


def _public(view: PublicView) -> PublicView:
    """Refuse a player's view where only the public one belongs (MM-V1)."""
    if isinstance(view, PlayerView):
        raise ValueError("public pictures are drawn from public_view only")
    return view


# --- the hand (ephemeral) --------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandPicture:
    """What a player's own hand shows: ingredient piles by kind with counts
    (most first), the order cards held, and the size of their order pile."""

    colour: str
    ingredients: tuple[tuple[str, int], ...]
    orders: tuple[OrderFace, ...]
    order_pile: int

    @classmethod
    def of(cls, view: PlayerView) -> HandPicture:
        """From `player_view(state, seat)`."""
        variant, me = view.variant, view.players[view.seat]
        kinds = BOXES[variant].kindset
        held = Counter(c for c in view.hand if c in kinds)
        piles = sorted(held.items(), key=lambda kv: (-kv[1], BOXES[variant].kinds.index(kv[0])))
        orders = sorted(c for c in view.hand if c not in kinds)
        return cls(
            me.colour,
            tuple(piles),
            tuple(OrderFace.of(variant, o) for o in orders),
            me.order_pile_size,
        )

    def __reduce__(self) -> tuple[Any, ...]:  # pickled for the worker: its fields, plainly
        return (HandPicture, (self.colour, self.ingredients, self.orders, self.order_pile))


#: Two order cards to a row: the pictures fit a phone (`canvas.PHONE_W`).
ORDERS_PER_ROW = 2
ORDER_GAP = 14.0
HAND_W = MARGIN * 2 + ORDERS_PER_ROW * cards.ORDER_W + (ORDERS_PER_ROW - 1) * ORDER_GAP
PILE_STEP = cards.PILE_W + 22  # from one pile to the next in a row
PILE_ROW = cards.PILE_H + 26  # from one row of piles to the next


def hand_image(hand: HandPicture) -> bytes:
    """The hand: ingredient piles in rows, the order pile at the right, then
    the order cards two to a row."""
    return _hand_image(hand)


HAND_TOP = MARGIN + 12  # room for the piles' stacked edges
ORDER_PILE_X = HAND_W - MARGIN - cards.PILE_W - 8  # the order pile keeps the right
#: The hand's corner with the order pile and the line before it: from just
#: past the third pile of a row (its stacked edges end at 244.5) to the edge,
#: and down to just above the second row's edges.
ORDER_PILE_CORNER = (ORDER_PILE_X - 18, MARGIN, HAND_W, HAND_TOP + cards.PILE_H + 10)


@lru_cache(maxsize=CACHE)
def _hand_image(hand: HandPicture) -> bytes:
    # Put together from parts drawn once (`canvas.Sheet`): a hand changes with
    # every move, its piles and order cards seldom.
    room = HAND_W - 2 * MARGIN - (cards.PILE_W + 28)
    per_row = max(1, int((room + PILE_STEP - cards.PILE_W) // PILE_STEP))
    pile_rows = max(1, math.ceil(len(hand.ingredients) / per_row))
    rows = math.ceil(len(hand.orders) / ORDERS_PER_ROW)
    top = HAND_TOP
    orders_y = top + pile_rows * PILE_ROW - 2
    height = orders_y + rows * (cards.ORDER_H + ORDER_GAP) + MARGIN - (ORDER_GAP if rows else 24)
    sheet = Sheet(HAND_W, height, palette=card_palette())
    for i, (kind, count) in enumerate(hand.ingredients):
        row, col = divmod(i, per_row)
        cards.paste_pile(sheet, (MARGIN + col * PILE_STEP, top + row * PILE_ROW), kind, count)
    sheet.paste(_order_pile_corner(hand.colour, hand.order_pile), ORDER_PILE_CORNER[:2])
    for i, face in enumerate(hand.orders):
        row, col = divmod(i, ORDERS_PER_ROW)
        at = (
            MARGIN + col * (cards.ORDER_W + ORDER_GAP),
            orders_y + row * (cards.ORDER_H + ORDER_GAP),
        )
        sheet.paste(cards.halved_order(face), at)
    return sheet.encode()


@lru_cache(maxsize=CACHE)
def _order_pile_corner(colour: str, size: int) -> Image.Image:
    """The order pile of `size` cards in `colour`, with the line that sets it apart."""
    pen = Pen.part(ORDER_PILE_CORNER)
    top = HAND_TOP
    pen.line([(ORDER_PILE_X - 16, top - 8), (ORDER_PILE_X - 16, top + cards.PILE_H)], PANEL, 2)
    cards.face_down_pile(pen, (ORDER_PILE_X, top), colour, size)
    return pen.halved()


# --- the oven reveal (public) ----------------------------------------------


@dataclass(frozen=True, slots=True)
class Table:
    """The face-up table (MM-R2): every kind of the variant with its count."""

    piles: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, variant: str, table: Mapping[str, int]) -> Table:
        return cls(tuple((k, table.get(k, 0)) for k in BOXES[variant].kinds))

    @classmethod
    def of_view(cls, view: PublicView) -> Table:
        """From `public_view(state)`."""
        view = _public(view)
        return cls.of(view.variant, view.table)

    def __reduce__(self) -> tuple[Any, ...]:  # pickled for the worker: its fields, plainly
        return (Table, (self.piles,))


Result = Literal["made", "paid", "helped", "returned"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """A revealed order and what became of it: made from the table (MM-R3),
    made with cards from the owner's hand (MM-R4), made with help (PL-H3), or
    back under the order pile (MM-R5)."""

    order: OrderFace
    result: Result

    @classmethod
    def of(cls, variant: str, event: Event) -> Outcome | None:
        """From a public `Made` or `Returned` event; None for any other event."""
        if not event.public:
            raise ValueError("public pictures are drawn from public events only")
        if isinstance(event, Made):
            result: Result = "helped" if event.helper is not None else "made"
            if result == "made" and event.paid:
                result = "paid"
            return cls(OrderFace.of(variant, event.order), result)
        if isinstance(event, Returned):
            return cls(OrderFace.of(variant, event.order), "returned")
        return None

    def __reduce__(self) -> tuple[Any, ...]:  # pickled for the worker: its fields, plainly
        return (Outcome, (self.order, self.result))


def outcomes_of(variant: str, events: Iterable[Event]) -> tuple[Outcome, ...]:
    """Every order's outcome among `events`, in the order they happened."""
    found = (Outcome.of(variant, e) for e in events)
    return tuple(o for o in found if o is not None)


def revealed_of(variant: str, card: str | None) -> str | OrderFace | None:
    """The card just revealed, as a kind or an order face."""
    if card is None or card in BOXES[variant].kindset:
        return card
    return OrderFace.of(variant, card)


OUTCOME_SCALE = 0.9
OUTCOMES_PER_ROW = 2
#: Orders in one picture of a round's outcomes; more go in another picture.
OUTCOMES_PER_PICTURE = 8
REVEAL_W = HAND_W
SPOT_W, SPOT_H = 160.0, 126.0
TABLE_STEP = cards.PILE_W + 18  # the table's piles, four to a row


def reveal_image(
    table: Table | None, revealed: str | OrderFace | None, outcomes: tuple[Outcome, ...]
) -> bytes:
    """The reveal as it stands: the card just revealed, the table's piles, and
    orders revealed with their outcome, two to a row (a round's summary shows
    its orders in several pictures, the table in the first: `table` None)."""
    return _reveal_image(table, revealed, outcomes)


@lru_cache(maxsize=CACHE)
def _reveal_image(
    table: Table | None, revealed: str | OrderFace | None, outcomes: tuple[Outcome, ...]
) -> bytes:
    # Put together from parts drawn once, as the hand (`canvas.Sheet`): each
    # step of the narration shows the same cards again, with one more.
    card_w, card_h = cards.ORDER_W * OUTCOME_SCALE, cards.ORDER_H * OUTCOME_SCALE
    gap = (REVEAL_W - 2 * MARGIN - OUTCOMES_PER_ROW * card_w) / (OUTCOMES_PER_ROW - 1)
    rows = math.ceil(len(outcomes) / OUTCOMES_PER_ROW)
    y = MARGIN
    if revealed is not None:
        y += SPOT_H + 16
    piles = table.piles if table is not None else ()
    per_row = int((REVEAL_W - 2 * MARGIN - cards.PILE_W) // TABLE_STEP) + 1
    pile_rows = math.ceil(len(piles) / per_row)
    piles_y = y + 12  # room for the piles' stacked edges
    y += pile_rows * PILE_ROW
    outcomes_y = y + (14 if rows and pile_rows else 0)
    height = outcomes_y + rows * (card_h + 22) - (22 if rows else 0) + MARGIN
    sheet = Sheet(REVEAL_W, max(height, MARGIN * 2 + 10), palette=card_palette())
    if revealed is not None:
        sheet.paste(_spot(revealed), SPOT[:2])
    for i, (kind, count) in enumerate(piles):
        row, col = divmod(i, per_row)
        cards.paste_pile(sheet, (MARGIN + col * TABLE_STEP, piles_y + row * PILE_ROW), kind, count)
    for i, outcome in enumerate(outcomes):
        row, col = divmod(i, OUTCOMES_PER_ROW)
        x = MARGIN + col * (card_w + gap)
        top = outcomes_y + row * (card_h + 22)
        sheet.paste(_outcome(outcome), (x, top - MARK_ROOM))
    return sheet.encode()


#: The spot of the card just revealed, with a unit more for its outline's edge.
SPOT = (MARGIN, MARGIN, MARGIN + SPOT_W + 1, MARGIN + SPOT_H + 1)


@lru_cache(maxsize=CACHE)
def _spot(revealed: str | OrderFace) -> Image.Image:
    """The card just revealed, in its spot."""
    pen = Pen.part(SPOT)
    spot = (MARGIN, MARGIN, MARGIN + SPOT_W, MARGIN + SPOT_H)
    pen.rect(spot, PANEL, LIGHT, 2, 12)
    if isinstance(revealed, str):
        w, h = cards.PILE_W * 1.3, cards.PILE_H * 1.3
        cards.ingredient_card(
            pen, (spot[0] + (SPOT_W - w) / 2, spot[1] + (SPOT_H - h) / 2), revealed, 1.3
        )
    else:
        w, h = cards.ORDER_W * 0.92, cards.ORDER_H * 0.92
        cards.order_card(
            pen, (spot[0] + (SPOT_W - w) / 2, spot[1] + (SPOT_H - h) / 2), revealed, 0.92
        )
    return pen.halved()


#: How far an outcome's mark rises above its card (and reaches past its right
#: edge): the mark's radius and its ring, less the 4 units it sits inside.
MARK_ROOM = 14


@lru_cache(maxsize=CACHE)
def _outcome(outcome: Outcome) -> Image.Image:
    """A revealed order with the mark of its outcome on its corner."""
    card_w, card_h = cards.ORDER_W * OUTCOME_SCALE, cards.ORDER_H * OUTCOME_SCALE
    pen = Pen.part((0, -MARK_ROOM, card_w + MARK_ROOM, card_h))
    pen.paste(cards.order_sprite(outcome.order, OUTCOME_SCALE), (0, 0))
    cards.outcome_mark(pen, (card_w - 4, 4), outcome.result, 16)
    return pen.halved()


@warm_with
def found_palette() -> bytes:
    """The cards' palette found when the picture worker starts (bot.pictures.worker)."""
    card_palette()
    return b""


@cache
def card_palette() -> Palette:
    """The colours of the hands and reveals, found once from a sample of their
    parts: every eighth order card of both boxes, each kind's piles and card,
    each colour's order pile, each outcome's mark (0.04 s of drawing; the
    parts are kept for the pictures). A larger sample found no better
    colours: a sixth of the cards gave a mean error of 0.46 of 255 a channel
    over real hands, all of them 0.49, a palette of each picture's own 0.43."""
    faces = [OrderFace.of(v, order) for v in sorted(ORDER_CARDS) for order in ORDER_CARDS[v]]
    kinds = sorted({kind for box in BOXES.values() for kind in box.kinds})
    parts = [cards.halved_order(face) for face in faces[::8]]
    parts += [cards.halved_pile(kind, count) for kind in kinds for count in (0, 1, 3)]
    parts += [_order_pile_corner(colour, size) for colour in PLAYERS for size in (0, 1, 3, 15)]
    parts += [_spot(kind) for kind in kinds] + [_spot(face) for face in faces[:: len(faces) // 6]]
    results: tuple[Result, ...] = ("made", "paid", "helped", "returned")
    parts += [_outcome(Outcome(faces[i], result)) for i, result in enumerate(results)]
    return Palette(parts)


# --- the final ranking (public) --------------------------------------------


@dataclass(frozen=True, slots=True)
class Ranked:
    """One player in the final ranking (MM-E1, PL-E1): their place (shared on
    a tie), their colour, how many orders they delivered, whether they won,
    and their name, which the picture shows beside their colour."""

    place: int
    colour: str
    delivered: int
    winner: bool
    name: str = ""


def ranking_of(view: PublicView, names: Sequence[str] = ()) -> tuple[Ranked, ...]:
    """From `public_view(state)` of a game that is over and the seats' names,
    best first, placed as the engine places them (MM-E1: tied seats share a place)."""
    view = _public(view)
    if view.ranking is None or view.scores is None:  # PL-R5: plus scores stay face down
        raise ValueError("the ranking is drawn when the game is over")
    return tuple(
        Ranked(
            place,
            view.players[seat].colour,
            view.scores[seat],
            seat in view.winners,
            names[seat] if seat < len(names) else "",
        )
        for place, tied in enumerate(view.ranking, 1)
        for seat in tied
    )


RANK_ROW = 96.0
NAME_SIZE = 13.0
FAN_W, FAN_H = 38.0, 54.0
FAN_RADIUS = 110.0  # of the arc the cards of a fan sit on
RANKING_W = HAND_W


def ranking_image(players: tuple[Ranked, ...]) -> bytes:
    """Each player's delivered orders as a fan of cards in their colour."""
    return _ranking_image(players)


@lru_cache(maxsize=CACHE)
def _ranking_image(players: tuple[Ranked, ...]) -> bytes:
    pen = Pen(RANKING_W, MARGIN * 2 + len(players) * RANK_ROW)
    for i, player in enumerate(players):
        y = MARGIN + i * RANK_ROW
        if i % 2 == 0:
            pen.rect(
                (MARGIN / 2, y, RANKING_W - MARGIN / 2, y + RANK_ROW), shade(PANEL, 0.1), radius=10
            )
        mid = y + RANK_ROW / 2
        if player.winner:
            kit_glyphs.crown(pen, (MARGIN + 20, mid - 24), 13, WINNER)
        pen.digits((MARGIN + 20, mid + 8), player.place, 28, WINNER if player.winner else LIGHT)
        kit.seat_token(pen, (MARGIN + 62, mid), player.colour)
        # The name above the fan, beside the colour that stands for it in the text.
        room = RANKING_W - MARGIN - 52 - (MARGIN + 88)
        lettering.name(pen, (MARGIN + 88, y + 14), player.name, NAME_SIZE, LIGHT, room)
        _fan(pen, (MARGIN + 172, mid + 8), player.colour, player.delivered)
        kit_glyphs.badge(
            pen, (RANKING_W - MARGIN - 26, mid), 20, player.delivered, LIGHT, (30, 31, 34)
        )
    return pen.encode()


def _fan(pen: Pen, centre: tuple[float, float], colour: str, count: int) -> None:
    """`count` card backs spread like a hand of cards, centred on `centre`."""
    if count == 0:
        x, y = centre
        pen.rect((x - FAN_W / 2, y - FAN_H / 2, x + FAN_W / 2, y + FAN_H / 2), None, MUTED, 1.5, 6)
        return
    spread = min(9.0, 60.0 / max(1, count - 1)) if count > 1 else 0.0
    pivot = (centre[0], centre[1] + FAN_RADIUS)
    for i in range(count):
        angle = (i - (count - 1) / 2) * spread
        a = math.radians(angle)
        cx = pivot[0] + FAN_RADIUS * math.sin(a)
        cy = pivot[1] - FAN_RADIUS * math.cos(a) + 4
        back = _rotated_back(colour, round(angle * 2) / 2)
        w, h = back.size[0] / SCALE, back.size[1] / SCALE
        pen.paste(back, (cx - w / 2, cy - h / 2), back)


@lru_cache(maxsize=512)
def _rotated_back(colour: str, angle: float) -> Image.Image:
    """A card back in `colour`, turned `angle` degrees clockwise, with alpha."""
    w, h = round(FAN_W * SCALE), round(FAN_H * SCALE)
    pen = Pen(FAN_W, FAN_H, PLAYERS[colour].colour)
    kit.patterned_card(pen, (0, 0, FAN_W, FAN_H), PLAYERS[colour], 6)
    pen.rect((0, 0, FAN_W, FAN_H), None, (38, 30, 28), 1.2, 6)
    alpha = Image.new("L", (w, h), 0)
    ImageDraw.Draw(alpha).rounded_rectangle((0, 0, w - 1, h - 1), 6 * SCALE, STENCIL[0])
    card = pen.image.convert("RGBA")
    card.putalpha(alpha)
    return card.rotate(-angle, Image.Resampling.BICUBIC, expand=True)


__all__ = [
    "HandPicture",
    "Need",
    "OrderFace",
    "Outcome",
    "Ranked",
    "Result",
    "Table",
    "hand_image",
    "outcomes_of",
    "ranking_image",
    "ranking_of",
    "reveal_image",
    "revealed_of",
]
