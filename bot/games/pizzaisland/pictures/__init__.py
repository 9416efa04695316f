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
    cols = 1
    rows = math.ceil(len(players) / cols)
    gap = 14.0
    width = MARGIN * 2 + cols * PLAYER_W + (cols - 1) * gap
    pen = Pen(width, MARGIN * 2 + rows * PLAYER_H + (rows - 1) * gap)
    for i, player in enumerate(players):
        row, col = divmod(i, cols)
        x = MARGIN + col * (PLAYER_W + gap)
        y = MARGIN + row * (PLAYER_H + gap)
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
    return pen.encode()


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
