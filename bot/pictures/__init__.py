"""Pictures of the games, drawn with Pillow from simple shapes and colours.

No words in any picture, only digits: one image serves every language and the
words stay in the embed. Every kind and colour has a shape or pattern besides
its colour (`palette`). Inputs are small frozen values built from the engines'
views, so each picture function is cached by what it shows; public pictures
take only public data (MM-V1, PI-I1). Draw with `await render(fn, *args)` to keep
the event loop free. `python -m bot.pictures.bench` measures them.
"""

from .mammamia import (
    HandPicture,
    Outcome,
    Ranked,
    Table,
    hand_image,
    outcomes_of,
    ranking_image,
    ranking_of,
    reveal_image,
    revealed_of,
)
from .orders import Need, OrderFace
from .pizzaisland import Pizza, PlayerPizzas, pizzas_image, seen_cards_image, ship_image
from .worker import render

__all__ = [
    "HandPicture",
    "Need",
    "OrderFace",
    "Outcome",
    "Pizza",
    "PlayerPizzas",
    "Ranked",
    "Table",
    "hand_image",
    "outcomes_of",
    "pizzas_image",
    "ranking_image",
    "ranking_of",
    "render",
    "reveal_image",
    "revealed_of",
    "seen_cards_image",
    "ship_image",
]
