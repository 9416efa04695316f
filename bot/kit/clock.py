"""Time for timers: the system clock, or a clock a test moves by hand."""

from __future__ import annotations

import asyncio
import contextlib
import time
from datetime import UTC, datetime


class Clock:
    """Wall-clock time; `wait(seconds)` returns early when `wake()` is called."""

    def __init__(self) -> None:
        self._woken = asyncio.Event()

    def now(self) -> float:
        return time.time()

    def utcnow(self) -> datetime:
        return datetime.fromtimestamp(self.now(), UTC)

    def wake(self) -> None:
        self._woken.set()

    def woken(self) -> bool:
        return self._woken.is_set()

    async def wait(self, seconds: float) -> None:
        # Cleared after waking, not before waiting: a wake() that came while
        # the caller was busy must still cut this wait short.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._woken.wait(), timeout=max(seconds, 0))
        self._woken.clear()


class ManualClock(Clock):
    """A clock that only moves when a test calls `advance`."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        super().__init__()
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += seconds
        self.wake()

    async def wait(self, seconds: float) -> None:
        await self._woken.wait()
        self._woken.clear()
