"""Pizza Island pictures: every player's pizzas, the Captain's Ship, and the
cards a Mushroom or Pepper lets one player see (PI-I1: that one is private).

Inputs are plain card ids (`red-a-pepper`, `green-c`; pizza-island-record.md)
in small frozen values, so equal pictures are drawn once.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from bot.games.pizzaisland.pictures import cards
from bot.pictures import cards as kit
from bot.pictures import lettering
from bot.pictures.canvas import Pen
from bot.pictures.palette import LIGHT, MUTED, PANEL, shade
from engine.pizzaisland.cards import SHIP_SIZE

MARGIN = 16.0
CACHE = 256


@dataclass(frozen=True, slots=True)
class Pizza:
    """One pizza (PI-N3): its slice colour and its slices in placement order."""

    colour: str
    slices: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlayerPizzas:
    """A player's (at most two) pizzas, the player's own marker colour, and
    their name, which the picture shows above their pizzas."""

    colour: str
    pizzas: tuple[Pizza, ...]
    name: str = ""

    @classmethod
    def of(cls, colour: str, pizzas: Mapping[str, Sequence[str]], name: str = "") -> PlayerPizzas:
        """From the state's `players[i].pizzas` (`{slice colour: [card ids]}`);
        the key order means nothing, so pizzas are drawn in a fixed colour order."""
        order = ("red", "green", "yellow")
        found = sorted((c for c, s in pizzas.items() if s), key=order.index)
        return cls(colour, tuple(Pizza(c, tuple(pizzas[c])) for c in found), name)


WHEEL_R = 46.0
CELL = 2 * WHEEL_R * 1.45  # a wheel with its hero badges
MARKER = 44.0
NAME_H = 20.0  # the player's name, above their pizzas
NAME_SIZE = 13.0
PLAYER_W = MARKER + 2 * CELL
PLAYER_H = NAME_H + CELL + 4


def pizzas_image(players: tuple[PlayerPizzas, ...]) -> bytes:
    """Every player's pizzas as six-place wheels, a player to a row (the
    picture fits a phone: `canvas.PHONE_W`)."""
    return _pizzas_image(players)


@lru_cache(maxsize=CACHE)
def _pizzas_image(players: tuple[PlayerPizzas, ...]) -> bytes:
    pen = Pen(*pizzas_size(len(players)))
    for i, player in enumerate(players):
        panel, corner = _panel(player, *panel_corner(i))
        pen.image.paste(panel, corner)
    return pen.encode()


GAP = 14.0  # between two players' panels


def pizzas_size(players: int) -> tuple[float, float]:
    """The pizzas picture's width and height for this many players, a panel a row."""
    return MARGIN * 2 + PLAYER_W, MARGIN * 2 + players * PLAYER_H + (players - 1) * GAP


def panel_corner(i: int) -> tuple[float, float]:
    """The top left corner of the `i`-th player's panel."""
    return MARGIN, MARGIN + i * (PLAYER_H + GAP)


#: Picture units around a player's panel that its part takes in too: its
#: rounded box's last row and column of device pixels, and nothing of another's.
BLEED = 2.0
#: Players' panels kept (about 0.7 MB each): every seat of a few games.
PANELS = 32


@lru_cache(maxsize=PANELS)
def _panel(player: PlayerPizzas, x: float, y: float) -> tuple[Image.Image, tuple[int, int]]:
    """A player's panel with its top left corner at (`x`, `y`), drawn on its
    own at the whole picture's scale and where it falls in it (device
    pixels): pasted there, the very pixels drawing it into the whole gives.
    A move changes one player's pizzas: the others' panels are the ones
    drawn before (their wheels were two thirds of the picture's CPU)."""
    pen = Pen.part((x - BLEED, y - BLEED, x + PLAYER_W + BLEED, y + PLAYER_H + BLEED))
    draw_panel(pen, player, x, y)
    return pen.image, pen.origin


def draw_panel(pen: Pen, player: PlayerPizzas, x: float, y: float) -> None:
    """A player's name, marker and pizzas in their panel, its corner at (`x`, `y`)."""
    pen.rect((x, y, x + PLAYER_W, y + PLAYER_H), shade(PANEL, 0.12), radius=12)
    lettering.name(pen, (x + 12, y + 14), player.name, NAME_SIZE, LIGHT, PLAYER_W - 24)
    middle = y + NAME_H + (PLAYER_H - NAME_H) / 2
    kit.seat_token(pen, (x + MARKER / 2 + 4, middle), player.colour)
    for j in range(2):
        centre = (x + MARKER + CELL * (j + 0.5), middle)
        if j < len(player.pizzas):
            cards.pizza_wheel(pen, centre, WHEEL_R, player.pizzas[j].slices)
        else:
            pen.circle(centre, WHEEL_R, None, MUTED, 1.5)


#: Cards to a row: a row of slices fits a phone (`canvas.PHONE_W`).
CARDS_PER_ROW = 4


def _row(cards_shown: Sequence[str | None], numbered: bool) -> bytes:
    gap = 12.0
    n = min(CARDS_PER_ROW, max(1, len(cards_shown)))
    rows = max(1, math.ceil(len(cards_shown) / CARDS_PER_ROW))
    step = cards.SLICE_H + (28 if numbered else 0) + gap
    width = MARGIN * 2 + n * cards.SLICE_W + (n - 1) * gap
    pen = Pen(width, MARGIN * 2 + rows * step - gap)
    for i, card in enumerate(cards_shown):
        row, col = divmod(i, CARDS_PER_ROW)
        x, y = MARGIN + col * (cards.SLICE_W + gap), MARGIN + row * step
        cards.slice_card(pen, (x, y), card)
        if numbered:
            pen.digits((x + cards.SLICE_W / 2, y + cards.SLICE_H + 16), i + 1, 18, MUTED)
    return pen.encode()


def ship_image(ship: tuple[str, ...]) -> bytes:
    """The Captain's Ship (PI-A1): its face-up cards, empty places outlined."""
    return _ship_image(ship)


@lru_cache(maxsize=CACHE)
def _ship_image(ship: tuple[str, ...]) -> bytes:
    shown: list[str | None] = [*ship, *([None] * (SHIP_SIZE - len(ship)))]
    return _row(shown, numbered=False)


def seen_cards_image(seen: tuple[str, ...]) -> bytes:
    """The cards a Mushroom or Pepper shows (PI-N6, PI-A2), top of the deck
    first and numbered in that order; for the one player who sees them."""
    return _seen_cards_image(seen)


@lru_cache(maxsize=CACHE)
def _seen_cards_image(seen: tuple[str, ...]) -> bytes:
    return _row(list(seen), numbered=True)
