"""Deadlines: turn and decision timers, away seats, and idle lobbies.

A game never hangs on one player. Each turn or decision gets a deadline once
the public messages show it; half-way the player is reminded; at the deadline
the bot plays a safe move for them and says so. Three timeouts in a row mark a
seat away, and away or kicked seats are played at once. Deadlines live in the
database, so a restart re-arms them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING, Any

from . import asking
from .clock import Clock
from .presence import Presence
from .storage import GameRow, GameStatus, WrongStatus

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


Job = Callable[[], Awaitable[None]]


def turn_seconds(settings: dict[str, Any]) -> int | None:
    return TURN_TIMERS.get(settings.get("turn_timer", DEFAULT_TURN_TIMER))


class Timers:
    """One task that sleeps until the next deadline of any game or lobby."""

    def __init__(
        self, service: GameService, clock: Clock, computer_pause: float = COMPUTER_PAUSE
    ) -> None:
        self.service = service
        self.clock = clock
        self.computer_pause = computer_pause
        self._task: asyncio.Task[None] | None = None
        self._working = False
        self.on_lobby_closed: Callable[[GameRow], Awaitable[None]] | None = None

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="mammamia-timers")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        while True:
            self._working = True
            try:
                wait = await self.tick()
            except Exception:
                log.exception("timers failed; trying again shortly")
                wait = 5.0
            finally:
                self._working = False
            await self.clock.wait(wait)

    def busy(self) -> bool:
        """Whether a deadline is being handled, or was just woken for."""
        return self._working or self.clock.woken()

    async def tick(self) -> float:
        """Handle everything due now; return the seconds until the next thing is due."""
        now = self.clock.now()
        soonest = 3600.0
        for due, job in await self._jobs():
            if due <= now:
                try:
                    await job()
                except Exception:
                    log.exception("a timer job failed")
            else:
                soonest = min(soonest, due - now)
        return soonest

    async def _jobs(self) -> list[tuple[float, Job]]:
        jobs: list[tuple[float, Job]] = []
        for row in await self.service.storage.unfinished_games():
            if row.status == GameStatus.LOBBY:
                due = row.updated_at.timestamp() + LOBBY_IDLE_SECONDS
                jobs.append((due, partial(self._close_lobby, row)))
                continue
            armed = row.presence.get("armed")
            if not armed or armed.get("version") != row.version or armed.get("due") is None:
                continue
            if not armed.get("reminded") and armed.get("half") is not None:
                jobs.append((armed["half"], partial(self._remind, row.id, row.version)))
            jobs.append((armed["due"], partial(self._expire, row.id, row.version)))
        return jobs

    # --- arming -----------------------------------------------------------------------

    async def arm(self, live: Live) -> None:
        """The public messages now show this turn or decision: start its clock.
        Called by the publisher once it has caught up; kept as it was if armed."""
        async with self.service.lock(live.id):  # presence is also written by act and kick
            await self._arm(live)
        self.clock.wake()

    async def _arm(self, live: Live) -> None:
        presence = live.presence()
        if presence.armed and presence.armed.get("version") == live.version:
            return
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
                deciding = live.rules.public_view(live.state).get("pending") is not None
                seconds = (
                    live.row.settings.get("decision_timer", DECISION_SECONDS)
                    if deciding
                    else turn_seconds(live.row.settings)
                )
                if seconds:
                    due, half = now + seconds, now + seconds / 2
        presence.armed = {"version": live.version, "due": due, "half": half, "reminded": False}
        deadline = None if due is None else datetime.fromtimestamp(due, UTC)
        await self.service.set_presence(live, presence, deadline_at=deadline)

    # --- what happens when a clock runs out --------------------------------------------

    async def _remind(self, game: int, version: int) -> None:
        async with self.service.lock(game):
            live = await self.service.live(game)
            presence = live.presence()
            if live.version != version or not presence.armed:
                return
            presence.armed["reminded"] = True
            await self.service.set_presence(live, presence)
        self.service.changed(live)

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
        # Searching takes a while: off the event loop, so other games go on.
        move = await asyncio.to_thread(agent.choose, live.state, seat) if agent else None
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
