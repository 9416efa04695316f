"""Pizza Island on Discord: the table with every pizza, the turn's buttons,
private decisions, and the result of each game and of the match
(`presentation`, handed over when first asked for: `bot.kit.lazy`)."""

from __future__ import annotations

from bot.kit.lazy import names_from

__getattr__ = names_from(__name__ + ".presentation")
