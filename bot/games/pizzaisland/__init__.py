"""Pizza Island on Discord: the table with every pizza, the turn's buttons,
private decisions, and the result of each game and of the match
(`presentation`, whose `PLUGIN` the registry finds here).

The presentation is imported when first asked for, not with the package: the
picture worker process imports the package's `pictures` alone, and would
otherwise import discord.py and every module of the presentation with them
(a third of a second of CPU each time a worker starts)."""

from __future__ import annotations

from bot.kit.lazy import names_from

__getattr__ = names_from(__name__ + ".presentation")
