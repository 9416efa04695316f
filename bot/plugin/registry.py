"""The registry: every game's presentation, by the game's name.

A game registers itself by being there (`bot.kit.discovery`): its package's
`PRESENTATION` names its rules, so the host never names a game.
"""

from __future__ import annotations

import importlib
from functools import cache

from bot.kit.discovery import packages
from bot.plugin.contract import AnyPresentation


@cache
def presentations() -> dict[str, AnyPresentation]:
    """Every game's presentation, by the game's name."""
    found: dict[str, AnyPresentation] = {}
    for name in packages():
        shown = getattr(importlib.import_module(name), "PRESENTATION", None)
        if shown is not None:
            found[shown.rules.name] = shown
    return found


def presentation(game: str) -> AnyPresentation:
    return presentations()[game]
