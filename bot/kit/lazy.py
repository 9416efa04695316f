"""A package whose names are one of its modules', imported when first asked for.

Each shipped game's package hands over its `presentation` module this way
(the registry asks it for `PLUGIN`): the picture worker process imports a
game's `pictures` alone, and would otherwise import discord.py and every
module of the presentation with them (a third of a second of CPU each time
a worker starts)."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable
from typing import Any


def names_from(module: str) -> Callable[[str], Any]:
    """A module `__getattr__` (PEP 562) that hands over `module`'s names: the
    package is imported without it, the module with the first name asked,
    and the name is kept on the package from then on."""
    package = module.rpartition(".")[0]

    def __getattr__(name: str) -> Any:
        if name.startswith("__"):  # a tool probing for a dunder imports nothing
            raise AttributeError(name)
        # `from package import render` asks the package for `render` before it
        # imports the module: a module of the package is not the presentation's
        # to hand over (importing the presentation then would import `render`'s
        # importers half way, in a circle).
        if importlib.util.find_spec(f"{package}.{name}") is not None:
            raise AttributeError(name)
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
