"""A package whose names are one of its modules', imported when first asked for.

Each shipped game's package hands over its `presentation` module this way
(the registry asks it for `PLUGIN`): the picture worker process imports a
game's `pictures` alone, and would otherwise import discord.py and every
module of the presentation with them (a third of a second of CPU each time
a worker starts)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def names_from(module: str) -> Callable[[str], Any]:
    """A module `__getattr__` (PEP 562) that hands over `module`'s names: the
    package is imported without it, the module with the first name asked."""

    def __getattr__(name: str) -> Any:
        if name.startswith("__"):  # a tool probing for a dunder imports nothing
            raise AttributeError(name)
        return getattr(importlib.import_module(module), name)

    return __getattr__
