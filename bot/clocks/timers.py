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

from discord.ext import tasks

from bot.clocks.deadlines import COMPUTER_PAUSE, arm_people
from bot.clocks.thinking import think
from bot.flow import questions as asking
from bot.kit.clock import Clock
from bot.live.presence import Armed, Auto, Presence
from bot.publishing.table_post import intent
from bot.storage import GameRow, GameStatus, Shards, WrongStatus

if TYPE_CHECKING:
    from bot.flow.service import GameService, Live

log = logging.getLogger(__name__)

AWAY_AFTER = 3  # timeouts in a row
LOBBY_IDLE_SECONDS = 600
IDLE_WAKE = 3600.0  # seconds asleep at most when nothing is due
RETRY_WAKE = 1.0  # seconds before trying again a deadline still due after its job ran
SHOWN_RETRY = 0.05  # seconds before looking again at a move waiting for its table
SHOWN_WAIT = 30.0  # seconds a due move waits for its table to be shown, at most
YIELD_STEP = 0.005  # seconds an overdue move waits, at a time, for interactions to be answered
YIELD_LIMIT = 0.5  # and at most, so a steady stream of clicks does not stop the clocks


Job = Callable[[], Awaitable[None]]


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
        # A discord.py tasks loop, as every background loop of the bot, each
        # round sleeping until the next deadline (`_round`).
        self._loop = tasks.loop(seconds=0)(self._round)
        self._working = False
        self.on_lobby_closed: Callable[[GameRow], Awaitable[None]] | None = None
        self._lobbies_due = 0.0  # when a lobby may next be idle: read them then
        self._wakes_at = math.inf  # when the sleeping task looks again by itself
        # Whether a game's moves may be made now: its table is up (after a restart,
        # the publisher shows each game before its overdue clock runs).
        self.shown: Callable[[int], bool] = lambda game: True
        # Whether people's interactions are being handled: the catch-up waits.
        self.busy_elsewhere: Callable[[], bool] = lambda: False
        self._waiting = False  # a due move waits for its table

    def start(self) -> None:
        if not self._loop.is_running():
            self._loop.start()

    def stop(self) -> None:
        self._loop.cancel()

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
        waiting = self._waiting = False
        for row in due:
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
            return [partial(self._drop_stale, row.id, row.deadline_at)]
        expire = partial(self._expire, row.id, row.version)
        if armed.reminder_pending():
            timeout = armed.due
            if timeout is not None and timeout <= now:
                # Both passed (the bot was down, or behind): a reminder now
                # would be a table posted only to be replaced at once.
                return [expire]
            return [partial(self._remind, row.id, row.version)]
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
            self.clock.wake()

    # --- what happens when a clock runs out --------------------------------------------

    async def _remind(self, game: int, version: int) -> None:
        async with self.service.lock(game):
            live = await self.service.live(game)
            presence = live.presence()
            armed = presence.armed
            if live.version != version or armed is None or not armed.reminder_pending():
                return
            armed.reminded = True
            # The stored deadline moves on from the reminder to the timeout, and
            # the table owes a post that mentions whoever must act, once more.
            timeout = None if armed.due is None else datetime.fromtimestamp(armed.due, UTC)
            live.published = intent(live, live.published, presence)
            await self.service.set_presence(
                live, presence, deadline_at=timeout, narration=live.published.to_json()
            )
        self.service.changed(live)

    async def _drop_stale(self, game: int, deadline: datetime | None) -> None:
        """Clear a deadline left from a move already made (or a seat re-armed
        since), unless it was re-armed meanwhile; the publisher arms the new one."""
        async with self.service.lock(game):
            row = await self.service.storage.game(game)
            if row is None or row.deadline_at != deadline:
                return
            stored = row.presence.get("armed")
            if stored and Armed.of(stored, row.deadline_at).times(row.version):
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
        if asking.asked(live):  # the question's one deadline
            armed = live.presence().armed
            if armed is not None and armed.ask:
                await self._ask(live, version)  # those the bot plays answer first
            else:
                await asking.expire(self.service, live, version, self._why)
            return
        seat = live.rules.to_act(live.state)[0]
        agent = self.agent_for(live, seat)
        # Searching takes a while: in the worker process (bot.clocks.thinking),
        # so other games go on.
        move = await think(agent, live.state, seat) if agent else None
        async with self.service.lock(game):
            if live.version != version or live.row.status != GameStatus.RUNNING:
                return
            presence = live.presence()
            presence.armed = None
            if live.row.seats[seat].agent is None:
                presence.auto = Auto(version + 1, seat, self._why(presence, seat))
            if move is None:
                move = live.rules.safe_move(live.state, seat)
            await self.service.commit(live, seat, move, presence)
        self.service.changed(live)

    async def _ask(self, live: Live, version: int) -> None:
        """The seats the bot plays answer a question at once; if that settles
        it, the engine takes the answers, else the people asked get the clock."""
        async with self.service.lock(live.id):
            if live.version != version or live.row.status != GameStatus.RUNNING:
                return
            presence = live.presence()
            if await asking.ask_agents(live, presence, self.agent_for):
                answers = asking.answers_of(live, presence, version)
                plan = live.rules.settle(live.state, answers, False) or []
                await asking.carry_out(self.service, live, presence, plan)
            else:
                deadline = arm_people(live, presence, self.clock.now())
                await self.service.set_presence(live, presence, deadline_at=deadline)
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
