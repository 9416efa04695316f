"""Drawing off the event loop: a picture takes milliseconds of CPU, so it runs
in a worker thread and the bot keeps answering meanwhile."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import ParamSpec

P = ParamSpec("P")


async def render(fn: Callable[P, bytes], *args: P.args, **kwargs: P.kwargs) -> bytes:
    """`await render(hand_image, picture)`: the picture's bytes, drawn in a thread."""
    return await asyncio.to_thread(fn, *args, **kwargs)
