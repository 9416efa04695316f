"""Computer players think in a worker process, never on the event loop's
interpreter.

A search is a few hundred milliseconds of pure Python. In a thread it held
the interpreter lock the whole time, and every click waited for it at each
switch; in its own process it uses the other core and the bot keeps
answering. An agent is rebuilt from the game's events for every move, so a
copy of it sent to the worker decides exactly as the original would. If the
worker cannot run (or an agent cannot be copied), it thinks in a thread.
"""

from __future__ import annotations

import asyncio
import logging
import pickle
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from . import processes

log = logging.getLogger(__name__)

_worker: Executor | None = None
_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="thinking")


def _executor() -> Executor:
    global _worker
    if _worker is None:
        try:
            _worker = processes.worker()
        except (OSError, NotImplementedError):
            log.warning("no process for the computer players; they think in a thread")
            _worker = _thread
    return _worker


def _choose(agent: Any, state: Any, seat: int) -> Any:
    return agent.choose(state, seat)


async def think(agent: Any, state: Any, seat: int) -> Any:
    """`agent.choose(state, seat)`, away from the event loop."""
    global _worker
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(_executor(), _choose, agent, state, seat)
    except BrokenProcessPool:
        log.warning("the computer players' worker stopped; starting another")
        _worker = None
    except (pickle.PicklingError, TypeError, AttributeError):
        log.exception("a computer player could not be sent to its worker; thinking here")
    return await loop.run_in_executor(_thread, _choose, agent, state, seat)
