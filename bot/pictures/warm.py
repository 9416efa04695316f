"""What the picture worker process runs before its first picture: nothing
but what drawing needs is imported for it (not the bot's HTTP, metrics or
discord.py: `bot.pictures.worker` is the bot's side of the worker)."""

from __future__ import annotations

from collections.abc import Callable

#: What the worker does once it has started (a game's palette found, its parts
#: drawn), so that the first picture asked for does not wait for it.
WARM: list[Callable[[], bytes]] = []


def warm_with(fn: Callable[[], bytes]) -> Callable[[], bytes]:
    """Have the worker run `fn` (a module-level function) when it starts."""
    WARM.append(fn)
    return fn


def ready() -> bytes:
    """The worker's first call: once answered, it has imported the drawing kit."""
    return b""
