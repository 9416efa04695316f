"""A worker process leaves with its bot, even when the bot is killed (bot.kit.processes)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time

import pytest

SCRIPT = """
import os, sys
from bot.kit import processes
pool = processes.worker()
print(pool.submit(os.getpid).result(), flush=True)
sys.stdin.read()  # until killed
"""
#: The same with the pictures' kind of worker (a `Pipe`).
PIPE_SCRIPT = """
import asyncio, sys
from bot.kit import processes
pipe = processes.Pipe("pictures")
async def main():
    await pipe.run(bytes)
    print(pipe.pid, flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until killed
asyncio.run(main())
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize("script", [SCRIPT, PIPE_SCRIPT], ids=["pool", "pipe"])
def test_a_worker_outlives_no_killed_bot(script: str) -> None:
    bot = subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.getcwd()},
    )
    assert bot.stdout is not None
    worker = int(bot.stdout.readline())
    assert _alive(worker)
    bot.send_signal(signal.SIGKILL)
    bot.wait(timeout=10)
    deadline = time.monotonic() + 10
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.1)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(worker, os.WNOHANG)  # reaped here if it became our child
    assert not _alive(worker), "the worker lived on after its bot was killed"
