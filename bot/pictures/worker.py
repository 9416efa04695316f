"""Drawing off the event loop: a picture takes milliseconds of CPU, so it is
drawn in a worker process and the bot keeps answering meanwhile.

A process, not threads: drawing is Python calling Pillow, which takes and
gives back the interpreter lock at every call, and each time waits for the
event loop to let go of it. Under load (200 games) a 4 ms picture took a
quarter of a second that way, and every answer with a picture waited for it.
A picture drawn before is answered from memory, without a trip to the worker:
a hand is drawn when a move changes it and shown again, unchanged, each time
its player opens it or picks in its menus (the seats of 500 games are 2,000
hands, about 9 KB each). If the worker process cannot run, pictures are drawn
in a thread instead (bot.kit.processes).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

from bot.kit import metrics, processes

#: Bytes of recently drawn pictures kept, at most.
RECENT_BYTES = 24 * 1024 * 1024

_recent: OrderedDict[tuple[Callable[..., bytes], tuple[Hashable, ...]], bytes] = OrderedDict()
_kept = 0  # bytes in `_recent`
_worker = processes.Worker("pictures")


async def start() -> None:
    """Start the worker before the first picture is asked for (a new process
    takes a moment to import Pillow and the drawing code)."""
    await _worker.run(_ready_bytes)


def _ready_bytes() -> bytes:
    return b""  # the worker imported this package, and all the drawing code with it


async def render(fn: Callable[..., bytes], *args: Hashable) -> bytes:
    """`await render(hand_image, picture)`: the picture's bytes, drawn by the
    worker unless drawn recently."""
    global _kept
    key = (fn, args)
    done = _recent.get(key)
    if done is not None:
        _recent.move_to_end(key)
        return done
    done = await _worker.run(fn, *args)
    metrics.PICTURES.inc()
    if key not in _recent:
        _recent[key] = done
        _kept += len(done)
    while _kept > RECENT_BYTES:
        _kept -= len(_recent.popitem(last=False)[1])
    return done
