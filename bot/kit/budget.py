"""The bot's budget of the requests Discord's global rate limit counts.

Discord lets one bot token make 50 requests a second, across all its shards
and processes, on every route but an interaction's callback and its token's
webhook routes; a bot that goes past it is answered 429, and one that keeps
making invalid requests (429s among them) has its address banned for an
hour. So every such request of the bot waits here, just before it leaves
(an aiohttp trace hook on discord.py's one HTTP session, `trace`): channel
posts, edits, deletes and history reads, direct messages, command syncs,
a channel fetched, whatever code sends it. Interactions' own routes pass.

The budget is a sliding window: at most `limit` requests in any `window`
seconds, however they bunch (a token bucket of the same rate lets twice its
rate through in one second: a full bucket, then its refill). The bot's
limit is `BOT_RATE`, with headroom under Discord's 50 for a request that
takes longer than another to arrive; a process running some of the bot's
shards gets that share of it, so the processes together never exceed it.
Requests wait in the order they came (asyncio's lock is fair).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable

from bot.kit import metrics

#: Globally limited requests a second for the whole bot (Discord allows 50 per token).
BOT_RATE = 40
#: The window the budget counts in, in seconds (Discord counts by the second).
WINDOW = 1.0


class Budget:
    """At most `limit` requests in any `window` seconds, in the order asked."""

    def __init__(
        self, limit: int, window: float = WINDOW, now: Callable[[], float] = time.monotonic
    ) -> None:
        if limit < 1:
            raise ValueError("a budget lets at least one request through")
        self.limit = limit
        self.window = window
        self._now = now
        self._sent: deque[float] = deque()
        self._lock = asyncio.Lock()

    async def take(self) -> None:
        """Wait until one more request fits in the window, and count it."""
        waited = 0.0
        async with self._lock:
            while True:
                now = self._now()
                while self._sent and now - self._sent[0] >= self.window:
                    self._sent.popleft()
                if len(self._sent) < self.limit:
                    self._sent.append(now)
                    break
                wait = self._sent[0] + self.window - now
                waited += wait
                await asyncio.sleep(wait)
        metrics.BUDGET_TAKEN.inc()
        if waited:
            metrics.BUDGET_WAITS.inc()
            metrics.BUDGET_WAITED.inc(waited)

    def used(self) -> int:
        """Requests in the window that ends now."""
        now = self._now()
        return sum(1 for at in self._sent if now - at < self.window)


def share(shares: float) -> Budget:
    """The budget of a process that runs `shares` of the bot's shards (1: all)."""
    return Budget(max(1, int(BOT_RATE * shares)))
