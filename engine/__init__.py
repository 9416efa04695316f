"""The rules of the games, pure and deterministic: no I/O, no Discord, no asyncio.

Each game is a package here (`engine/mammamia/`, …) whose `GAME` satisfies
`engine.interface.Game`. `games()` finds them all, and the games of any
package named in the `GAME_PACKAGES` environment variable (comma-separated;
each package's `engine` module holds its `GAME`), so a game can live
outside this tree; `game(name)` and `game_for(record)` pick one by name or
by a record's `format`.

    from engine import game
    mm = game("mammamia")
    state, events = mm.start(mm.new_record({"variant": "classic"}, 4, seed=7))
    state, events = mm.apply(state, mm.legal_actions(state, mm.to_act(state)[0])[0])
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections.abc import Mapping
from functools import cache
from types import ModuleType
from typing import Any

from . import compiled
from .errors import ActionError, EngineError, IllegalAction, MalformedAction, RecordError
from .interface import Game, Option

compiled.choose()  # before any game module: compiled if built and current, else pure Python

AnyGame = Game[Any, Any, Any, Any, Any]

__all__ = [
    "ActionError",
    "AnyGame",
    "EngineError",
    "Game",
    "IllegalAction",
    "MalformedAction",
    "Option",
    "RecordError",
    "default_game",
    "extra_packages",
    "game",
    "game_for",
    "games",
]


def _discovered() -> tuple[tuple[ModuleType, AnyGame], ...]:
    """Each game package (under `engine/`, then `GAME_PACKAGES`) and its `GAME`."""
    found: list[tuple[ModuleType, AnyGame]] = []
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{__name__}.{module.name}")
        rules = getattr(package, "GAME", None)
        if rules is not None:
            found.append((package, rules))
    for package_name in extra_packages():
        package = importlib.import_module(f"{package_name}.engine")
        found.append((package, package.GAME))
    return tuple(found)


@cache
def games() -> dict[str, AnyGame]:
    """Every game package under `engine/`, by name."""
    return {rules.name: rules for _, rules in _discovered()}


def default_game() -> str:
    """The game `python -m engine` plays when no `--game` is given: the one
    whose package says `COMMAND_LINE_DEFAULT = True` (the first record spec's
    command line names no game), else the first by name."""
    for package, rules in _discovered():
        if getattr(package, "COMMAND_LINE_DEFAULT", False):
            return str(rules.name)
    return min(games())


def extra_packages() -> list[str]:
    """The packages of games that live outside `engine/` (`GAME_PACKAGES`)."""
    return [name.strip() for name in os.environ.get("GAME_PACKAGES", "").split(",") if name.strip()]


def game(name: str) -> AnyGame:
    """The game called `name`; KeyError if there is none."""
    return games()[name]


def game_for(record: Mapping[str, Any]) -> AnyGame:
    """The game whose record format `record` has; RecordError if none reads it."""
    fmt = record.get("format") if isinstance(record, Mapping) else None
    for rules in games().values():
        if fmt in rules.formats:
            return rules
    known = ", ".join(sorted(f for g in games().values() for f in g.formats))
    raise RecordError(f"unknown record format {fmt!r} (known: {known})")
