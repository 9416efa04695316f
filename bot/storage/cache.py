"""A small, bounded memory of values read from the database.

Every click asks whether the server wants pictures and whether the player is
owed a notice; those answers change rarely and only through this process's
own writes, or another process's (PostgreSQL, several shard ranges). On
SQLite one process writes: a value is kept for good. On PostgreSQL each
process hears of every change as it is committed (LISTEN/NOTIFY,
bot.storage.postgres) and forgets its copy then, so values are kept for good
there too; while it cannot hear (its listening connection lost), a value is
kept for `SECONDS` at most. Writes through this storage replace it at once.
Without it each click cost two more trips to the database.

A value read while a change was heard may be older than that change: it is
not kept (`put(..., since=changes)`).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

#: Seconds a kept value is trusted: how late a change made by another process is seen.
SECONDS = 30.0
#: Values kept at most; the least recently used go first.
SIZE = 20_000


class Kept(Generic[K, V]):
    def __init__(
        self,
        seconds: float = SECONDS,
        size: int = SIZE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.seconds, self.size, self.clock = seconds, size, clock
        self._values: OrderedDict[K, tuple[float, V]] = OrderedDict()
        self.changes = 0  # values dropped so far: read it before a read to keep

    def get(self, key: K) -> tuple[bool, V | None]:
        """(True, value) if `key` is kept and fresh, else (False, None)."""
        kept = self._values.get(key)
        if kept is None or kept[0] < self.clock():
            return False, None
        self._values.move_to_end(key)
        return True, kept[1]

    def put(self, key: K, value: V, since: int | None = None) -> None:
        """Keep `value`; with `since` (`changes` before it was read), only if
        nothing was dropped meanwhile."""
        if since is not None and since != self.changes:
            self._values.pop(key, None)
            return
        self._values[key] = (self.clock() + self.seconds, value)
        self._values.move_to_end(key)
        while len(self._values) > self.size:
            self._values.popitem(last=False)

    def drop(self, key: K) -> None:
        self._values.pop(key, None)
        self.changes += 1

    def clear(self, seconds: float | None = None) -> None:
        """Forget every value (and keep the next ones for `seconds`, if given)."""
        self._values.clear()
        self.changes += 1
        if seconds is not None:
            self.seconds = seconds
