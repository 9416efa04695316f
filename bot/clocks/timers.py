"""The timers: one loop that sleeps until the next deadline of any game or
lobby, and then has what is due done (`Due`: the ping, the reminder, the
move at the timeout, a computer's move, an idle lobby closed — `bot.flow.due`).

A game never hangs on one player. Each turn or decision gets a deadline once
the public messages show it; half-way the player is reminded; at the deadline
the bot plays a safe move for them and says so. Deadlines live in the
database, so a restart re-arms them.

Each game stores one deadline (`deadline_at`): the next moment the timers act
on it, the reminder and then the timeout. The timers ask the database for
what is due and for the earliest deadline to come, never for every game.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Protocol

from discord.ext import tasks

from bot.kit.clock import Clock
from bot.live.presence import Armed
from bot.storage import GameRow, Shards, Storage

if TYPE_CHECKING:
    from bot.live.live import Live

log = logging.getLogger(__name__)

LOBBY_IDLE_SECONDS = 600
IDLE_WAKE = 3600.0  # seconds asleep at most when nothing is due
RETRY_WAKE = 1.0  # seconds before trying again a deadline still due after its job ran
SHOWN_RETRY = 0.05  # seconds before looking again at a move waiting for its table
SHOWN_WAIT = 30.0  # seconds a due move waits for its table to be shown, at most
YIELD_STEP = 0.005  # seconds an overdue move waits, at a time, for interactions to be answered
YIELD_LIMIT = 0.5  # and at most, so a steady stream of clicks does not stop the clocks
#: Seconds after the turn passes to a person, with the table left in place, at
#: which they are mentioned if they have not acted (the table then comes
#: down to them): a quick player is never pinged at all.
PING_AFTER = 20.0


Job = Callable[[], Awaitable[None]]


class Due(Protocol):
    """What is done when a clock runs out (`bot.flow.due.DueMoves`)."""

    async def ping(self, game: int, version: int) -> None:
        """PING_AFTER seconds into a wait: the mention left owed, if still owed."""
        ...

    async def remind(self, game: int, version: int) -> None:
        """Half-way: the table names whoever must act once more."""
        ...

    async def expire(self, game: int, version: int) -> None:
        """The deadline passed: a move is made for whoever had to act."""
        ...

    async def drop_stale(self, game: int, deadline: datetime | None) -> None:
        """A deadline left from a move already made is cleared."""
        ...

    async def close_lobby(self, row: GameRow) -> None:
        """A lobby idle since this pass read it closes."""
        ...


class Timers:
    """One task that sleeps until the next deadline of any game or lobby."""

    def __init__(
        self, storage: Storage, clock: Clock, due: Due, shards: Shards | None = None
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.due = due
        self.shards = shards  # the games of these shards only; None: every game
        # A discord.py tasks loop, as every background loop of the bot, each
        # round sleeping until the next deadline (`_round`).
        self._loop = tasks.loop(seconds=0)(self._round)
        self._working = False
        self._lobbies_due = 0.0  # when a lobby may next be idle: read them then
        self._wakes_at = math.inf  # when the sleeping task looks again by itself
        # Whether a game's moves may be made now: its table is up (after a restart,
        # the publisher shows each game before its overdue clock runs).
        self.shown: Callable[[int], bool] = lambda game: True
        # Whether people's interactions are being handled: the catch-up waits.
        self.busy_elsewhere: Callable[[], bool] = lambda: False
        self._waiting = False  # a due move waits for its table
        self._stopping = False
        # A deadline sooner than the sleep's end, stored with a move since: the
        # sleep is cut short to it without asking the database again.
        self._sooner: float | None = None

    def start(self) -> None:
        if not self._loop.is_running():
            self._loop.start()

    async def stop(self) -> None:
        """Stop once the move under way is made and stored (woken from its
        sleep; the deadlines due after it wait for the next start). Cancelled
        past the caller's patience, it is cut short: a move stored is stored,
        one not yet is made again by the next start."""
        self._stopping = True
        task = self._loop.get_task()
        if task is None or task.done():
            return
        self._loop.stop()
        self.clock.wake()
        try:
            await asyncio.shield(task)
        except asyncio.CancelledError:
            task.cancel()
            raise

    async def _round(self) -> None:
        """One round of the timers' tasks loop: what is due, then asleep until
        the next deadline (or woken sooner by a new one)."""
        self._working = True
        self._wakes_at = math.inf  # a deadline armed while it works wakes it again
        try:
            wait = await self.tick()
        except Exception:
            log.exception("timers failed; trying again shortly")
            wait = 5.0
        finally:
            self._working = False
        self._wakes_at = self.clock.now() + wait
        while True:
            await self.clock.wait(wait)
            sooner, self._sooner = self._sooner, None
            if sooner is None or self._stopping or self._waiting:
                return  # its time came, or something else woke it: a look
            wait = sooner - self.clock.now()
            if wait <= 0:
                return
            self._wakes_at = sooner  # a move's new deadline (its ping): asleep until then

    def busy(self) -> bool:
        """Whether a deadline is being handled, or was just woken for."""
        return self._working or self.clock.woken()

    async def tick(self) -> float:
        """Handle everything due now; return the seconds until the next thing is due.

        Two indexed queries: the games past their deadline, then the earliest
        deadline left; the lobbies only when one may have become idle.
        """
        now = self.clock.now()
        moment = datetime.fromtimestamp(now, UTC)
        storage = self.storage
        due = await storage.due_games(moment, shards=self.shards)
        waiting = self._waiting = False
        for row in due:
            if self._stopping:
                break
            late = row.deadline_at is not None and now - row.deadline_at.timestamp() > SHOWN_WAIT
            if not self.shown(row.id) and not late:
                waiting = self._waiting = True  # its table first (unless Discord is down)
                continue
            for job in self._jobs(row, now):
                await self._yield()
                await self._attempt(job)
        earliest = await storage.next_deadline(shards=self.shards)
        if earliest is None:
            soonest = now + IDLE_WAKE
        elif earliest[0] > moment:
            soonest = earliest[0].timestamp()
        elif waiting:
            soonest = now + SHOWN_RETRY  # or sooner: woken once a table is up
        elif (earliest[1], earliest[0]) in {(row.id, row.deadline_at) for row in due}:
            soonest = now + RETRY_WAKE  # its job failed: not at once, or it would spin
        else:
            soonest = now  # fell due while the jobs ran
        return min(soonest, await self._lobbies(now)) - now

    async def _yield(self) -> None:
        """Between two overdue moves: the live interactions go first, so a
        catch-up after an outage never keeps a player waiting."""
        await asyncio.sleep(0)
        for _ in range(int(YIELD_LIMIT / YIELD_STEP)):
            if not self.busy_elsewhere():
                return
            await asyncio.sleep(YIELD_STEP)

    def _jobs(self, row: GameRow, now: float) -> list[Job]:
        """What a game past its deadline needs: the reminder, or the timeout
        (only that, when the clock passed both), or, when the deadline
        belongs to a move already made, to forget it."""
        stored = row.presence.get("armed")
        armed = Armed.of(stored, row.deadline_at) if stored else None
        if armed is None or not armed.times(row.version):
            return [partial(self.due.drop_stale, row.id, row.deadline_at)]
        expire = partial(self.due.expire, row.id, row.version)
        if armed.pinging:
            stage = armed.after_ping(row.deadline_at)
            if stage is None or stage.timestamp() > now:
                return [partial(self.due.ping, row.id, row.version)]
            # The reminder (or the timeout) is due as well: it mentions anyway.
        if armed.reminder_pending():
            timeout = armed.due
            if timeout is not None and timeout <= now:
                # Both passed (the bot was down, or behind): a reminder now
                # would be a table posted only to be replaced at once.
                return [expire]
            return [partial(self.due.remind, row.id, row.version)]
        return [expire]

    async def _lobbies(self, now: float) -> float:
        """Close the idle lobbies, if any can be idle yet; when to look again.

        A lobby opened or touched after a look is idle no sooner than
        LOBBY_IDLE_SECONDS after it, so the lobbies are read that often at most.
        """
        if now < self._lobbies_due:
            return self._lobbies_due
        storage = self.storage
        moment = datetime.fromtimestamp(now, UTC)
        idle_since = moment - timedelta(seconds=LOBBY_IDLE_SECONDS)
        for row in await storage.idle_lobbies(idle_since, shards=self.shards):
            await self._attempt(partial(self.due.close_lobby, row))
        self._lobbies_due = now + LOBBY_IDLE_SECONDS
        oldest = await storage.oldest_lobby(shards=self.shards)
        if oldest is not None:
            idle_at = oldest[0].timestamp() + LOBBY_IDLE_SECONDS
            # Still idle after its job ran (it failed): not at once.
            self._lobbies_due = min(self._lobbies_due, max(idle_at, now + RETRY_WAKE))
        return self._lobbies_due

    async def _attempt(self, job: Job) -> None:
        try:
            await job()
        except Exception:
            log.exception("a timer job failed")

    # --- following the games -----------------------------------------------------------

    def looked_for(self) -> None:
        """A game's table is up: a move that waited for it may be made now."""
        if self._waiting:
            self.clock.wake()

    def changed(self, live: Live) -> None:
        """A game changed (its next deadline was stored with it): woken only for
        a deadline sooner than its next look, so a move costs no query here."""
        deadline = live.row.deadline_at
        if deadline is not None and deadline.timestamp() < self._wakes_at:
            if not self._working:  # a sleep cut short to it, without a query
                self._sooner = min(self._sooner or math.inf, deadline.timestamp())
            self.clock.wake()
