"""The bot's worker processes (pictures, computer players): one each, spawned
fresh (not forked from a process running threads), and gone with the bot.

A worker whose bot was killed (SIGKILL, a crash) would otherwise live on,
waiting for work that never comes; each watches its parent and leaves when
the parent is gone. A worker says nothing on the bot's output: what goes wrong
in a task is raised in the bot, and a worker left without its bot would only
print the traceback of a broken pipe into the bot's log.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")

#: Seconds between a worker's looks at whether its bot is still there.
WATCH_EVERY = 1.0


def worker() -> ProcessPoolExecutor:
    """A pool of one worker process."""
    return ProcessPoolExecutor(
        max_workers=1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_leave_with,
        initargs=(os.getpid(),),
    )


def _leave_with(parent: int) -> None:
    """In the worker: quiet, and gone as soon as `parent` is no longer its parent."""
    quiet = open(os.devnull, "w")  # noqa: SIM115  # for the worker's whole life
    sys.stdout = sys.stderr = quiet
    os.dup2(quiet.fileno(), 1)
    os.dup2(quiet.fileno(), 2)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_EVERY)
        os._exit(0)

    threading.Thread(target=watch, name="leave-with-the-bot", daemon=True).start()


#: Every worker made, for `stop_all`.
WORKERS: list[Worker] = []


async def stop_all() -> None:
    """Stop every worker process (at the bot process's end)."""
    await asyncio.gather(*(worker.stop() for worker in WORKERS))


class Worker:
    """One worker process, started on first use, for `await run(fn, *args)`.

    A worker that died (killed, out of memory) is replaced once per call;
    where no process can be started, or a call cannot be sent to one (an
    argument that does not pickle), the call runs in a thread instead."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._process: Executor | None = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
        WORKERS.append(self)

    async def stop(self) -> None:
        """Let the worker process go (it finishes the task it has), and its
        queue's semaphores with it; the next call starts another."""
        process, self._process = self._process, None
        if process is not None and process is not self._thread:
            await asyncio.to_thread(process.shutdown, wait=True, cancel_futures=True)

    def _executor(self) -> Executor:
        if self._process is None:
            try:
                self._process = worker()
            except (OSError, NotImplementedError):
                log.warning("no process for %s; working in a thread", self.name)
                self._process = self._thread
        return self._process

    async def run(self, fn: Callable[..., T], *args: object) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), fn, *args)
        except BrokenProcessPool:
            log.warning("the %s worker stopped; starting another", self.name)
            self._process = None
            return await loop.run_in_executor(self._executor(), fn, *args)
        except (pickle.PicklingError, TypeError, AttributeError):
            log.exception("work could not be sent to the %s worker; doing it here", self.name)
            return await loop.run_in_executor(self._thread, fn, *args)
