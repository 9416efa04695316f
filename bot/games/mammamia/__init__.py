"""Mamma Mia! on Discord: how its views become messages, its controls, its words
(`presentation`, whose `PLUGIN` the registry finds here).

The presentation is imported when first asked for, not with the package: the
picture worker process imports the package's `pictures` alone, and would
otherwise import discord.py and every module of the presentation with them
(a third of a second of CPU each time a worker starts)."""

from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(importlib.import_module("bot.games.mammamia.presentation"), name)
