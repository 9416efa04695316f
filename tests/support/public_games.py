"""Whole random games as a spectator of the web table sees them: the public
view after every move, and the scene drawn from it (`bot.web.scene`)."""

from __future__ import annotations

import random
from typing import Any

from bot.web import scene
from bot.web.door import Seen
from engine import game


def played(name: str, seats: int, seed: int, **settings: Any) -> list[Any]:
    """The public views of a whole random game, one a move."""
    rules = game(name)
    chosen = {o.name: o.default for o in rules.options} | settings
    state, _ = rules.start(rules.new_record(chosen, seats, seed))
    pick = random.Random(seed)
    views = []
    while not rules.is_over(state) and len(views) < 400:
        views.append(rules.public_view(state))
        seat = rules.to_act(state)[0]
        state, _ = rules.apply(state, pick.choice(list(rules.legal_actions(state, seat))))
    views.append(rules.public_view(state))
    return views


def drawn(name: str, view: Any, settings: dict[str, Any], names: list[str]) -> Any:
    return scene.scene_of(Seen(1, name, "running", view.version, names, settings, view))
