"""A clock the test controls: real time plus an offset that only moves forward."""

from __future__ import annotations

import time


class FakeClock:
    """Wall and monotonic time shifted by ``advance()``.

    Interaction tokens age on this clock, so ``clock.advance(16 * 60)`` expires every
    token handed out so far without sleeping. The 3-second rule uses real time instead.
    """

    def __init__(self) -> None:
        self._offset = 0.0

    @property
    def offset(self) -> float:
        return self._offset

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        self._offset += seconds

    def monotonic(self) -> float:
        return time.monotonic() + self._offset

    def time(self) -> float:
        return time.time() + self._offset


DISCORD_EPOCH_MS = 1_420_070_400_000


class Snowflakes:
    """Discord-style ids whose timestamp follows the fake clock; strictly increasing."""

    def __init__(self, clock: FakeClock) -> None:
        self._clock = clock
        self._last = 0

    def next(self) -> int:
        ms = int(self._clock.time() * 1000) - DISCORD_EPOCH_MS
        candidate = ms << 22
        self._last = max(candidate, self._last + 1)
        return self._last
