"""Deadlines: turn and decision timers, away seats, and idle lobbies.

A game never hangs on one player. Each turn or decision gets a deadline once
the public messages show it; half-way the player is reminded; at the deadline
the bot plays a safe move for them and says so. Three timeouts in a row mark a
seat away, and away or kicked seats are played at once. Deadlines live in the
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
from typing import TYPE_CHECKING, Any

from . import asking
from .clock import Clock
from .presence import Presence, reminder_pending
from .presence import due as timeout_of
from .storage import GameRow, GameStatus, Shards, WrongStatus
from .thinking import think

if TYPE_CHECKING:
    from .service import GameService, Live

log = logging.getLogger(__name__)

#: `turn_timer` choices of /mammamia new, in seconds; None is off.
TURN_TIMERS: dict[str, int | None] = {
    "off": None,
    "1m": 60,
    "2m": 120,
    "5m": 300,
    "1h": 3600,
    "24h": 86400,
}
DEFAULT_TURN_TIMER = "2m"
DECISION_SECONDS = 60
AWAY_AFTER = 3  # timeouts in a row
LOBBY_IDLE_SECONDS = 600
COMPUTER_PAUSE = 1.5  # seconds a computer seat "thinks" before it moves, like a person
IDLE_WAKE = 3600.0  # seconds asleep at most when nothing is due
RETRY_WAKE = 1.0  # seconds before trying again a deadline still due after its job ran


Job = Callable[[], Awaitable[None]]


def turn_seconds(settings: dict[str, Any]) -> int | None:
    return TURN_TIMERS.get(settings.get("turn_timer", DEFAULT_TURN_TIMER))


class Timers:
    """One task that sleeps until the next deadline of any game or lobby."""

    def __init__(
        self,
        service: GameService,
        clock: Clock,
        computer_pause: float = COMPUTER_PAUSE,
        shards: Shards | None = None,
    ) -> None:
        self.service = service
        self.clock = clock
        self.computer_pause = computer_pause
        self.shards = shards  # the games of these shards only; None: every game
        self._task: asyncio.Task[None] | None = None
        self._working = False
        self.on_lobby_closed: Callable[[GameRow], Awaitable[None]] | None = None
        self._lobbies_due = 0.0  # when a lobby may next be idle: read them then
        self._wakes_at = math.inf  # when the sleeping task looks again by itself

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="mammamia-timers")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        while True:
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
            await self.clock.wait(wait)

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
        storage = self.service.storage
        due = await storage.due_games(moment, shards=self.shards)
        for row in due:
            for job in self._jobs(row, now):
                await self._attempt(job)
        earliest = await storage.next_deadline(shards=self.shards)
        if earliest is None:
            soonest = now + IDLE_WAKE
        elif earliest[0] > moment:
            soonest = earliest[0].timestamp()
        elif (earliest[1], earliest[0]) in {(row.id, row.deadline_at) for row in due}:
            soonest = now + RETRY_WAKE  # its job failed: not at once, or it would spin
        else:
            soonest = now  # fell due while the jobs ran
        return min(soonest, await self._lobbies(now)) - now

    def _jobs(self, row: GameRow, now: float) -> list[Job]:
        """What a game past its deadline needs: the reminder, the timeout (both
        when the clock passed both), or, when the deadline belongs to a move
        already made, to forget it."""
        armed = row.presence.get("armed")
        if not armed or armed.get("version") != row.version:
            return [partial(self._drop_stale, row.id, row.deadline_at)]
        expire = partial(self._expire, row.id, row.version)
        if reminder_pending(armed):
            remind = partial(self._remind, row.id, row.version)
            timeout = timeout_of(armed, row.deadline_at)
            return [remind, expire] if timeout is not None and timeout <= now else [remind]
        return [expire]

    async def _lobbies(self, now: float) -> float:
        """Close the idle lobbies, if any can be idle yet; when to look again.

        A lobby opened or touched after a look is idle no sooner than
        LOBBY_IDLE_SECONDS after it, so the lobbies are read that often at most.
        """
        if now < self._lobbies_due:
            return self._lobbies_due
        storage = self.service.storage
        moment = datetime.fromtimestamp(now, UTC)
        idle_since = moment - timedelta(seconds=LOBBY_IDLE_SECONDS)
        for row in await storage.idle_lobbies(idle_since, shards=self.shards):
            await self._attempt(partial(self._close_lobby, row))
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

    # --- arming -----------------------------------------------------------------------

    async def arm(self, live: Live) -> None:
        """The public messages now show this turn or decision: start its clock.
        Called by the publisher once it has caught up; kept as it was if armed."""
        async with self.service.lock(live.id):  # presence is also written by act and kick
            first = await self._arm(live)
        # Woken only for a deadline sooner than its next look: otherwise every
        # move cost the timers two queries for nothing.
        if first is not None and first < self._wakes_at:
            self.clock.wake()

    async def _arm(self, live: Live) -> float | None:
        """Arm the move's deadline; the moment the timers must act on it, if any."""
        presence = live.presence()
        if presence.armed and presence.armed.get("version") == live.version:
            return None
        acting = live.rules.to_act(live.state)
        due = half = None
        if acting:
            now = self.clock.now()
            # A question to several seats at once: one clock for all of it, and
            # those the bot plays answer now (bot.asking).
            question = bool(asking.asked(live))
            if question and await asking.ask_agents(live, presence, self.agent_for):
                due = now  # settled: the answers are applied at once
            elif question:
                seconds = live.row.settings.get("decision_timer", DECISION_SECONDS)
                if seconds:
                    due, half = now + seconds, now + seconds / 2
            elif live.row.seats[acting[0]].agent is not None:
                due = now + self.computer_pause
            elif presence.absent(acting[0]):
                due = now  # away or kicked: played at once
            else:
                deciding = live.rules.public_view(live.state).pending is not None
                seconds = (
                    live.row.settings.get("decision_timer", DECISION_SECONDS)
                    if deciding
                    else turn_seconds(live.row.settings)
                )
                if seconds:
                    due, half = now + seconds, now + seconds / 2
        # One stored deadline: the reminder first if there is one, then the timeout.
        rest = None if half is None or due is None else due - half
        first = half if half is not None else due
        presence.armed = {"version": live.version, "reminded": False, "rest": rest}
        deadline = None if first is None else datetime.fromtimestamp(first, UTC)
        await self.service.set_presence(live, presence, deadline_at=deadline)
        return first

    # --- what happens when a clock runs out --------------------------------------------

    async def _remind(self, game: int, version: int) -> None:
        async with self.service.lock(game):
            live = await self.service.live(game)
            presence = live.presence()
            armed = presence.armed
            if live.version != version or not armed or not reminder_pending(armed):
                return
            armed["reminded"] = True
            # The stored deadline moves on from the reminder to the timeout.
            timeout = None if armed["due"] is None else datetime.fromtimestamp(armed["due"], UTC)
            await self.service.set_presence(live, presence, deadline_at=timeout)
        self.service.changed(live)

    async def _drop_stale(self, game: int, deadline: datetime | None) -> None:
        """Clear a deadline left from a move already made (or a seat re-armed
        since), unless it was re-armed meanwhile; the publisher arms the new one."""
        async with self.service.lock(game):
            row = await self.service.storage.game(game)
            if row is None or row.deadline_at != deadline:
                return
            armed = row.presence.get("armed")
            if armed and armed.get("version") == row.version:
                return
            cleared = await self.service.storage.set_deadline(game, None)
            if row.status == GameStatus.RUNNING:
                (await self.service.live(game)).row = cleared

    async def _expire(self, game: int, version: int) -> None:
        """The deadline passed: a computer seat moves; for a person, the bot
        makes a move for them, and they may now be away."""
        live = await self.service.live(game)
        if live.version != version or live.row.status != GameStatus.RUNNING:
            return
        if asking.asked(live):  # the question's one deadline: settle it
            await asking.expire(self.service, live, version, self._why)
            return
        seat = live.rules.to_act(live.state)[0]
        agent = self.agent_for(live, seat)
        # Searching takes a while: in the worker process (bot.thinking), so other games go on.
        move = await think(agent, live.state, seat) if agent else None
        async with self.service.lock(game):
            if live.version != version or live.row.status != GameStatus.RUNNING:
                return
            presence = live.presence()
            presence.armed = None
            if live.row.seats[seat].agent is None:
                presence.auto = {
                    "version": version + 1,
                    "seat": seat,
                    "why": self._why(presence, seat),
                }
            if move is None:
                move = live.rules.safe_move(live.state, seat)
            await self.service.commit(live, seat, move, presence)
        self.service.changed(live)

    def _why(self, presence: Presence, seat: int) -> str:
        """Why the bot moves for a person; counts a timeout, three make them away."""
        if presence.kicked[seat]:
            return "kicked"
        if presence.away[seat]:
            return "away"
        presence.timeouts[seat] += 1
        presence.away[seat] = presence.timeouts[seat] >= AWAY_AFTER
        return "timeout"

    def agent_for(self, live: Live, seat: int) -> Any:
        """The agent that moves for this seat now, rebuilt from the game's events
        (so it is the same after a restart): the seat's own difficulty for a
        computer, the heuristic for a person who is away or gone, and none for a
        person who merely ran out of time (they get the safe move)."""
        difficulty = live.row.seats[seat].agent
        presence = live.presence()
        if difficulty is None and not presence.absent(seat):
            return None
        seed = (int(live.record.get("seed", 0)) * 1_000_003 + seat) & 0xFFFFFFFF
        events = [e for v in range(live.version + 1) for e in live.events.get(v, [])]
        if difficulty is None:
            return live.rules.stand_in(seed, seat, events)
        return live.rules.agent(difficulty, seed, seat, events)

    async def _close_lobby(self, row: GameRow) -> None:
        """A lobby with no activity for ten minutes closes itself, unless it
        changed (or started) since this pass read it."""
        now = await self.service.storage.game(row.id)
        if now is None or now.status != GameStatus.LOBBY or now.updated_at != row.updated_at:
            return
        try:
            closed = await self.service.storage.finish(row.id, GameStatus.CANCELLED)
        except WrongStatus:
            return
        if self.on_lobby_closed is not None:
            await self.on_lobby_closed(closed)
