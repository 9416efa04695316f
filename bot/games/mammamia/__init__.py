"""Mamma Mia! on Discord: how its views become messages, its controls, its words
(`presentation`, handed over when first asked for: `bot.kit.lazy`)."""

from __future__ import annotations

from bot.kit.lazy import names_from

__getattr__ = names_from(__name__ + ".presentation")
