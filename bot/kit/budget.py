"""The bot's budget of the requests Discord's global rate limit counts.

Discord lets one bot token make 50 requests a second, across all its shards
and processes, on every route but an interaction's callback and its token's
webhook routes; a bot that goes past it is answered 429, and one that keeps
making invalid requests (429s among them) has its address banned for an
hour. So every such request of the bot waits here, just before it leaves
(an aiohttp middleware on discord.py's one HTTP session, `metrics.Rest`):
channel posts, edits, deletes and history reads, direct messages, command
syncs, a channel fetched, whatever code sends it. Interactions' own routes pass.

A request holds its place from the moment it is let through until a
`window` after its answer came back, and at most `limit` places are held:
Discord counts a request when it arrives, which is somewhere between the two,
so however late a request leaves (an event loop behind) or however slowly it
travels, no window of Discord's holds more than `limit` of the bot's. (A
window counted from the moment a request is let through, or a token bucket,
is broken by a delay between that moment and the request's arrival: a
bucket of rate 40 and burst 40 lets 80 through in a second.) The bot's limit
is `BOT_RATE`, under Discord's 50; a process running some of the bot's
shards gets that share of it, so the processes together never exceed it.

Requests wait in the order they came, but those sent `ahead()` go first: a
person's interaction waiting for its answer, and a game shown for the first
time since the bot started. After an outage the games shown already keep
their clocks running, each reminder and timeout a table to post, and would
crowd out the games never shown yet, whose clocks wait for their tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextvars import ContextVar

from bot.kit import metrics

#: Globally limited requests a second for the whole bot (Discord allows 50 per token).
BOT_RATE = 40
#: The window the budget counts in, in seconds (Discord counts by the second).
WINDOW = 1.0
#: Seconds after which a request never answered stops holding its place.
STUCK = 60.0

#: Whether the requests of this task go ahead of the others (`ahead`).
AHEAD: ContextVar[bool] = ContextVar("budget_ahead", default=False)


@contextlib.contextmanager
def ahead() -> Iterator[None]:
    """The requests sent within go ahead of those waiting for the budget."""
    token = AHEAD.set(True)
    try:
        yield
    finally:
        AHEAD.reset(token)


class Budget:
    """At most `limit` requests out or answered within the last `window` seconds."""

    def __init__(
        self, limit: int, window: float = WINDOW, now: Callable[[], float] = time.monotonic
    ) -> None:
        if limit < 1:
            raise ValueError("a budget lets at least one request through")
        self.limit = limit
        self.window = window
        self._now = now
        self._out: dict[int, float] = {}  # places of requests under way -> when let through
        self._answered: deque[float] = deque()  # when each answered request came back
        self._numbers = itertools.count()
        # Requests waiting for a place: those ahead, then the others, each in order.
        self._waiting: tuple[deque[asyncio.Future[int]], ...] = (deque(), deque())
        self._timer: asyncio.TimerHandle | None = None

    def _held(self, now: float) -> int:
        while self._answered and now - self._answered[0] >= self.window:
            self._answered.popleft()
        for place, since in list(self._out.items()):
            if now - since >= STUCK:  # no answer for this long: counted long ago, if at all
                del self._out[place]
        return len(self._out) + len(self._answered)

    def _grant(self, now: float) -> int:
        place = next(self._numbers)
        self._out[place] = now
        metrics.BUDGET_TAKEN.inc()
        return place

    async def take(self) -> int:
        """Wait until a request may leave; its place, to give back with `done`."""
        now = self._now()
        if not any(self._waiting) and self._held(now) < self.limit:
            return self._grant(now)
        waiting: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._waiting[0 if AHEAD.get() else 1].append(waiting)
        self._pump()
        try:
            place = await waiting
        except asyncio.CancelledError:
            if waiting.done() and not waiting.cancelled():
                self.done(waiting.result())  # granted as it was given up
            raise
        metrics.BUDGET_WAITS.inc()
        metrics.BUDGET_WAITED.inc(self._now() - now)
        return place

    def _pump(self) -> None:
        """Let through as many waiting requests as there are places, ahead
        first; look again when the oldest answer leaves the window."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        now = self._now()
        for queue in self._waiting:
            while queue and self._held(now) < self.limit:
                waiting = queue.popleft()
                if not waiting.done():  # not given up meanwhile
                    waiting.set_result(self._grant(now))
        if any(self._waiting):
            later = self._answered[0] + self.window - now if self._answered else STUCK
            self._timer = asyncio.get_running_loop().call_later(max(later, 0.0), self._pump)

    def done(self, place: int) -> None:
        """The request of `place` was answered (or failed): its place is held
        one `window` more, then free."""
        if self._out.pop(place, None) is not None:
            self._answered.append(self._now())
            if any(self._waiting):
                self._pump()

    def used(self) -> int:
        """Places held now: requests under way, and those answered in the last window."""
        return self._held(self._now())


def share(shares: float) -> Budget:
    """The budget of a process that runs `shares` of the bot's shards (1: all)."""
    return Budget(max(1, int(BOT_RATE * shares)))
