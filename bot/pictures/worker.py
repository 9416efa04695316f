"""Drawing off the event loop: a picture takes milliseconds of CPU, so it is
drawn in a worker process and the bot keeps answering meanwhile.

A process, not threads: drawing is Python calling Pillow, which takes and
gives back the interpreter lock at every call, and each time waits for the
event loop to let go of it. Under load (200 games) a 4 ms picture took a
quarter of a second that way, and every answer with a picture waited for it.
The worker is spoken to over a socket the event loop reads itself
(`bot.kit.processes.Pipe`).

A picture drawn before is answered from memory, by its compact key
(`Picture.key`, what it shows), before anything is sent to the worker: a
hand is drawn when a move changes it and shown again, unchanged, each time
its player opens it or picks in its menus (the seats of 500 games are 2,000
hands, about 9 KB each). A picture asked for again while it is being drawn
waits for that drawing. If the worker process cannot run, pictures are drawn
in a thread instead.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Hashable

from bot.kit import metrics, processes
from bot.pictures.warm import WARM, ready

#: Bytes of recently drawn pictures kept, at most.
RECENT_BYTES = 24 * 1024 * 1024

_recent: OrderedDict[Hashable, bytes] = OrderedDict()
_kept = 0  # bytes in `_recent`
_drawing: dict[Hashable, asyncio.Future[bytes]] = {}
_worker = processes.Pipe("pictures")


async def start() -> None:
    """Start the worker before the first picture is asked for (a new process
    takes a moment to import Pillow and the drawing code), and warm it up
    (`bot.pictures.warm`)."""
    await _worker.run(ready)
    for fn in WARM:
        await _worker.run(fn)


def stop() -> None:
    """End the worker (the bot stops)."""
    _worker.stop()


def drawn(key: Hashable) -> bytes | None:
    """The picture of `key` if it was drawn recently, else None (nothing drawn)."""
    done = _recent.get(key)
    if done is not None:
        _recent.move_to_end(key)
    return done


async def render(fn: Callable[..., bytes], *args: Hashable, key: Hashable = None) -> bytes:
    """`await render(hand_image, picture)`: the picture's bytes, drawn by the
    worker unless drawn recently. `key` names what it shows compactly
    (`Picture.key`); by default, the function and its arguments."""
    global _kept
    if key is None:
        key = (fn, args)
    done = drawn(key)
    if done is not None:
        return done
    under_way = _drawing.get(key)
    if under_way is not None:  # asked for twice at once: drawn once
        return await asyncio.shield(under_way)
    future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
    _drawing[key] = future
    try:
        done = await _worker.run(fn, *args)
    except BaseException as error:
        if isinstance(error, Exception):
            future.set_exception(error)
            future.exception()  # retrieved here: a waiter, if any, raises it too
        else:
            future.cancel()
        raise
    finally:
        del _drawing[key]
    future.set_result(done)
    metrics.PICTURES.inc()
    if key not in _recent:
        _recent[key] = done
        _kept += len(done)
    while _kept > RECENT_BYTES:
        _kept -= len(_recent.popitem(last=False)[1])
    return done
