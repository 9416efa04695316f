"""The bot's worker processes (pictures, computer players): one each, spawned
fresh (not forked from a process running threads), and gone with the bot.

A worker whose bot was killed (SIGKILL, a crash) would otherwise live on,
waiting for work that never comes; each watches its parent and leaves when
the parent is gone.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

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
    """In the worker: exit as soon as `parent` is no longer its parent."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_EVERY)
        os._exit(0)

    threading.Thread(target=watch, name="leave-with-the-bot", daemon=True).start()
