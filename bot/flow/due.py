"""What happens when a clock runs out (the timers, `bot.clocks.timers`, say
when): a person who has not acted PING_AFTER seconds into their turn is
mentioned (the table having stayed in place at the hand-over); half-way the
player is reminded; at the deadline a computer seat moves, and for a person
the bot plays a safe move and says so (three timeouts in a row mark a seat
away; away or kicked seats are played at once); a question put to several
seats settles; an idle lobby closes.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import UTC, datetime

from bot.clocks.thinking import think
from bot.flow import questions as asking
from bot.flow.service import GameService
from bot.live.deadlines import arm_people
from bot.live.live import Live
from bot.live.moments import intent
from bot.live.presence import Armed, Auto, Presence
from bot.storage import GameRow, GameStatus, WrongStatus
from engine.interface import Action, Agent, Event, State

log = logging.getLogger(__name__)

AWAY_AFTER = 3  # timeouts in a row


class DueMoves:
    """The moves and changes the clocks make, through the game service."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    async def ping(self, game: int, version: int) -> None:
        """PING_AFTER seconds into a person's wait (`bot.clocks.timers`): if
        the table stayed in place and they have not acted, the post that
        mentions them is owed now, stored before it is made (so a restart
        makes it once); the clock goes on to its reminder or timeout."""
        async with self.service.games.lock(game):
            live = await self.service.games.live(game)
            presence = live.presence()
            armed = presence.armed
            if live.version != version or armed is None or not armed.pinging:
                return
            deadline = armed.after_ping(live.row.deadline_at)
            armed.pinging, armed.after = False, None
            owed = live.published.intent
            narration = None
            if owed is not None and owed.later:  # else it was posted at once
                live.published = live.published.but(intent=replace(owed, later=False))
                narration = live.published.to_json()
            await self.service.set_presence(
                live, presence, deadline_at=deadline, narration=narration
            )
        self.service.changed(live)

    async def remind(self, game: int, version: int) -> None:
        async with self.service.games.lock(game):
            live = await self.service.games.live(game)
            presence = live.presence()
            armed = presence.armed
            if live.version != version or armed is None or not armed.reminder_pending():
                return
            armed.reminded = True
            armed.pinging, armed.after = False, None  # the reminder mentions anyway
            # The stored deadline moves on from the reminder to the timeout, and
            # the table owes a post that mentions whoever must act, once more.
            timeout = None if armed.due is None else datetime.fromtimestamp(armed.due, UTC)
            live.published = intent(live, live.published, presence)
            await self.service.set_presence(
                live, presence, deadline_at=timeout, narration=live.published.to_json()
            )
        self.service.changed(live)

    async def drop_stale(self, game: int, deadline: datetime | None) -> None:
        """Clear a deadline left from a move already made (or a seat re-armed
        since), unless it was re-armed meanwhile; the publisher arms the new one."""
        async with self.service.games.lock(game):
            row = await self.service.storage.game(game)
            if row is None or row.deadline_at != deadline:
                return
            stored = row.presence.get("armed")
            if stored and Armed.of(stored, row.deadline_at).times(row.version):
                return
            cleared = await self.service.storage.set_deadline(game, None)
            if row.status == GameStatus.RUNNING:
                (await self.service.games.live(game)).row = cleared

    async def expire(self, game: int, version: int) -> None:
        """The deadline passed: a computer seat moves; for a person, the bot
        makes a move for them, and they may now be away."""
        live = await self.service.games.live(game)
        if live.version != version or live.row.status != GameStatus.RUNNING:
            return
        if asking.asked(live):  # the question's one deadline
            armed = live.presence().armed
            if armed is not None and armed.ask:
                await self.ask(live, version)  # those the bot plays answer first
            else:
                await asking.expire(self.service, live, version, self.why)
            return
        seat = live.rules.to_act(live.state)[0]
        agent = self.agent_for(live, seat)
        # Searching takes a while: in the worker process (bot.clocks.thinking),
        # so other games go on.
        move = await think(agent, live.state, seat) if agent else None
        async with self.service.games.lock(game):
            if live.version != version or live.row.status != GameStatus.RUNNING:
                return
            presence = live.presence()
            presence.armed = None
            if live.row.seats[seat].agent is None:
                presence.auto = Auto(version + 1, seat, self.why(presence, seat))
            if move is None:
                move = live.rules.safe_move(live.state, seat)
            await self.service.commit(live, seat, move, presence)
        self.service.changed(live)

    async def ask(self, live: Live, version: int) -> None:
        """The seats the bot plays answer a question at once; if that settles
        it, the engine takes the answers, else the people asked get the clock."""
        async with self.service.games.lock(live.id):
            if live.version != version or live.row.status != GameStatus.RUNNING:
                return
            presence = live.presence()
            if await asking.ask_agents(live, presence, self.agent_for):
                answers = asking.answers_of(live, presence, version)
                plan = live.rules.settle(live.state, answers, False) or []
                await asking.carry_out(self.service, live, presence, plan)
            else:
                deadline = arm_people(live, presence, self.service.clock.now())
                await self.service.set_presence(live, presence, deadline_at=deadline)
        self.service.changed(live)

    def why(self, presence: Presence, seat: int) -> str:
        """Why the bot moves for a person; counts a timeout, three make them away."""
        if presence.kicked[seat]:
            return "kicked"
        if presence.away[seat]:
            return "away"
        presence.timeouts[seat] += 1
        presence.away[seat] = presence.timeouts[seat] >= AWAY_AFTER
        return "timeout"

    def agent_for(self, live: Live, seat: int) -> Agent[State, Action, Event] | None:
        """The agent that moves for this seat now: the seat's own difficulty for
        a computer, the heuristic for a person who is away or gone, and none
        for a person who merely ran out of time (they get the safe move). Kept
        with the game between moves, it reads only the events since it last
        did, so a move costs the same however long the game; after a restart it
        is built again from every event of the game."""
        difficulty = live.row.seats[seat].agent
        presence = live.presence()
        if difficulty is None and not presence.absent(seat):
            return None
        key = (seat, difficulty or "")
        kept = live.agents.get(key)
        if kept is None:
            seed = (int(live.record.get("seed", 0)) * 1_000_003 + seat) & 0xFFFFFFFF
            if difficulty is None:
                agent = live.rules.stand_in(seed, seat, ())
            else:
                agent = live.rules.agent(difficulty, seed, seat, ())
            read = -1
        else:
            agent, read = kept
        events = live.events
        new = [e for v in range(read + 1, live.version + 1) for e in events.get(v, ())]
        if new:
            agent.observe(new)
        live.agents[key] = (agent, live.version)
        return agent

    async def close_lobby(self, row: GameRow) -> None:
        """A lobby with no activity for ten minutes closes itself, unless it
        changed (or started) since this pass read it."""
        now = await self.service.storage.game(row.id)
        if now is None or now.status != GameStatus.LOBBY or now.updated_at != row.updated_at:
            return
        try:
            closed = await self.service.storage.finish(row.id, GameStatus.CANCELLED)
        except WrongStatus:
            return
        if self.service.publisher is not None:
            await self.service.publisher.lobby_closed(closed)
