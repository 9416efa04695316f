"""The bot's worker processes (pictures, computer players): one each, spawned
fresh (not forked from a process running threads), and gone with the bot.

A worker whose bot was killed (SIGKILL, a crash) would otherwise live on,
waiting for work that never comes; each watches its parent and leaves when
the parent is gone. A worker says nothing on the bot's output: what goes wrong
in a task is raised in the bot, and a worker left without its bot would only
print the traceback of a broken pipe into the bot's log.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
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
