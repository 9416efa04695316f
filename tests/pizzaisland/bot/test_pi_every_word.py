"""Every word of Pizza Island right (issue 41, point 5): a Pepper's options
set its cards and the Ship apart, and the pizzas picture names its players.
The words every catalog shares are tests/host/test_every_word.py's."""

from __future__ import annotations

import io

from PIL import Image

from bot.games.pizzaisland.controls import _hero_label
from bot.games.pizzaisland.pictures import PlayerPizzas, pizzas_image
from bot.i18n import use_locale
from engine.pizzaisland import actions as pi


def _pixels(data: bytes) -> bytes:
    return Image.open(io.BytesIO(data)).convert("RGB").tobytes()


# --- Pizza Island: the Pepper's options ----------------------------------------


def test_a_pepper_option_sets_its_cards_and_the_ship_apart():
    """ "🟥 ■ 🟩 ● 🟨 ■, on top of the deck Ship: 🟨 ▲🌶️" ran it all together."""
    order = ("red-b", "green-c", "yellow-b")
    action = pi.Pepper(0, order, "top", ("yellow-a-pepper",))
    with use_locale("en"):
        label = _hero_label(action, ["Ana", "Ben"])
    assert label == "🟥 ■, 🟩 ●, and 🟨 ■, on top of the deck · Ship: 🟨 ▲🌶️"
    with use_locale("ja"):
        label = _hero_label(action, ["Ana", "Ben"])
    assert label == "🟥 ■、🟩 ●、🟨 ■を山札の一番上へ・船：🟨 ▲🌶️"


def test_the_pizzas_picture_names_its_players():
    pizzas = {"red": ["red-a"]}
    plain = (PlayerPizzas.of("yellow", pizzas),)
    named = (PlayerPizzas.of("yellow", pizzas, "Ana"),)
    assert _pixels(pizzas_image(named)) != _pixels(pizzas_image(plain))
