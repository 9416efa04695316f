"""The game service: one move end to end (docs/architecture.md).

Per game: take its lock, check the player and the state version, apply the
action with the engine, store the grown record and the new snapshot in one
transaction, and only then report success. Then the game's public messages
are brought up to date (`Publisher.publish`, through the person's interaction
that made the move, when one did) and its clock looks at its next deadline.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

import discord

from bot.clocks import timers
from bot.flow.lobbies import Lobbies, require_host
from bot.flow.stats import record
from bot.kit import metrics
from bot.kit.clock import Clock
from bot.kit.reply import Reply
from bot.kit.shards import EVERY, Shards
from bot.live import answer_cache as answers
from bot.live.choices import Choices
from bot.live.deadlines import COMPUTER_PAUSE, arm, count_unattended
from bot.live.games import LiveGames
from bot.live.live import Live
from bot.live.moments import intent
from bot.live.narration import fold
from bot.live.presence import NARRATION, Presence
from bot.live.public_messages import Published
from bot.live.refusals import ServiceError, named, seat_for, seat_for_target
from bot.storage import KEEP, GameRow, GameStatus, Keep, StaleVersion, Storage, WrongStatus
from engine import ActionError, game
from engine.interface import JSON, Action, Event

if TYPE_CHECKING:
    from bot.clocks.timers import Timers
    from bot.publishing.publisher import Publisher

log = logging.getLogger(__name__)

#: The moves counted, by who made them (each counter found once, not at every move).
PERSONS_MOVES, BOTS_MOVES = metrics.MOVES.labels("person"), metrics.MOVES.labels("bot")

#: The person's interaction that made a change, if one did: the change is
#: published through it (`bot.publishing.routes`).
By = discord.Interaction | None


@dataclass(frozen=True)
class Outcome:
    live: Live
    seat: int
    action: Action
    events: list[Event]


class GameService:
    """Everything that changes a game goes through here."""

    def __init__(
        self,
        storage: Storage,
        seed: Callable[[], int] | None = None,
        shards: Shards = EVERY,
        clock: Clock | None = None,
        computer_pause: float = COMPUTER_PAUSE,
        pace: float | None = None,
        games: LiveGames | None = None,
    ) -> None:
        self.storage = storage
        self.games = games or LiveGames(storage)
        self.lobbies = Lobbies(storage)
        self.choices = Choices(storage)
        self.clock = clock or Clock()
        self.computer_pause = computer_pause  # seconds a computer "thinks" before it moves
        self.pace = pace  # seconds a paced narration step takes in every game; None: each game's
        self.shards = shards  # the games of these shards' guilds are this process's
        self._seed = seed or (lambda: secrets.randbits(63))
        # Where a change goes next: the public messages, and the clocks (set by the bot).
        self.publisher: Publisher | None = None
        self.timers: Timers | None = None
        self._watchers: list[Callable[[Live], None]] = []  # the Activity's live tables

    def watch(self, watcher: Callable[[Live], None]) -> None:
        """Be told of every change of every game (a front end that shows them live)."""
        self._watchers.append(watcher)

    def table_reply(self, live: Live) -> Reply:
        """The public table of a game, as its presentation draws it (made once
        per version and language, `bot.live.answer_cache`)."""
        return answers.answer(live, "table", None, make=lambda: live.shown.table(live.table()))

    def changed(self, live: Live, by: By = None) -> None:
        """This game changed: its public messages are brought up to date
        (through `by`, the person's interaction that changed it, if any), and
        its clock looks at the deadline stored with the change."""
        if self.publisher is not None:
            self.publisher.publish(live, by)
        if self.timers is not None:
            self.timers.changed(live)
        for watcher in self._watchers:
            watcher(live)

    # --- loading -------------------------------------------------------------

    async def load_all(self, since: datetime) -> list[Live]:
        """After a restart: every running game back in memory, and every game
        that ended since `since` whose last public messages are still owed (a
        reveal cut short by the restart, the final ranking)."""
        loaded = []
        for row in await self.storage.unfinished_games(shards=self.shards):
            if row.status == GameStatus.RUNNING:
                loaded.append(await self.games.load(row))
        for row in await self.storage.ended_since(since, shards=self.shards):
            if not published_to_the_end(row):
                live = await self.games.load(row)
                # A restart between the final commit and its result: recorded now.
                await self.record_result(live)
                loaded.append(live)
        return loaded

    async def game(self, game_id: int) -> GameRow:
        row = await self.storage.game(game_id)
        if row is None:
            raise ServiceError("unknown_game")
        return row

    # --- the lobby -------------------------------------------------------------

    async def start(
        self, channel_id: int, user_id: int, game_id: int | None = None, by: By = None
    ) -> Live:
        """Deal from a fresh seed, seats in join order; the game's own rules
        decide the rest (who starts, what depends on the seat count)."""
        async with self.lobbies.channel_lock(channel_id):
            row = await self.lobbies.waiting(channel_id, game_id)
            require_host(row, user_id)
            rules = game(row.game)
            least, _ = rules.seat_limits(row.settings)
            if len(row.seats) < least:
                raise ServiceError("too_few_players", min=least)
            record = rules.new_record(row.settings, len(row.seats), self._seed())
            state, events = rules.start(record)
            first = Live(row, state, record, {0: events})
            presence = first.presence()
            published, deadline = self.following(first, presence, Published(), events)
            row = await self.storage.start_game(
                row.id,
                record,
                state.to_json(),
                version=state.version,
                deadline_at=deadline,
                presence=presence.to_json(),
                narration=published.to_json(),
            )
            live = Live(row, state, record, {0: events}, published)
            live.narrated = first.narrated
            self.games.keep(live)
        self.changed(live, by)  # the first table follows the host's Start
        return live

    # --- playing ---------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        user_id: int,
        make: Callable[[int], Action],
        version: int | None = None,
        by: By = None,
    ) -> Outcome:
        """Apply the action `make(seat)` for this user; committed before it returns.

        `version` is the state version the player saw (from a button); if the
        game has moved on since, the click is stale and nothing is applied."""
        async with self.games.lock(game_id):
            live = await self.games.live(game_id)
            if live.row.status != GameStatus.RUNNING:
                raise ServiceError("game_over")
            seat = live.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_in_game")
            if version is not None and version != live.version:
                raise ServiceError("stale")
            presence = live.presence()
            if presence.kicked[seat]:  # their seat is the bot's to the end
                raise ServiceError("left_game")
            presence.timeouts[seat] = 0  # the player is here: no longer away
            presence.away[seat] = False
            outcome = await self.commit(live, seat, make(seat), presence, by)
        self.changed(live, by)
        return outcome

    async def commit(
        self,
        live: Live,
        seat: int,
        action: Action,
        presence: Presence | None = None,
        by: By = None,
        acting: frozenset[int] = frozenset(),
    ) -> Outcome:
        """Apply and store one action, in one write with all that follows from
        it: the presence, the next deadline, the narration and the table post
        it owes. The caller holds the game's lock. The person who made it,
        and `acting` (everyone whose answers it carries out), are not
        mentioned by the post it owes: it reports what they just did."""
        rules = live.rules
        try:
            state, events = rules.apply(live.state, action)
        except ActionError as illegal:
            raise named(illegal, live) from illegal
        record = rules.append(live.record, action, live.state)  # where it stands: no replay
        status = GameStatus.FINISHED if rules.is_over(state) else None
        presence = presence if presence is not None else live.presence()
        if count_unattended(live, presence) and status is None:
            status = GameStatus.CANCELLED  # nobody plays it: a table that never ends stops
        after = Live(live.row, state, record, {**live.events, state.version: events})
        after.narrated, live.narrated = live.narrated, None  # folded into below
        actor = live.row.seats[seat].user_id
        acting = acting | ({actor} if actor is not None else set())
        published, deadline = self.following(after, presence, live.published, events, acting)
        if status is GameStatus.CANCELLED:
            deadline = None
        try:
            row = await self.storage.commit_action(
                live.id,
                live.version,
                record,
                state.to_json(),
                version=state.version,
                status=status,
                presence=presence.to_json(),
                deadline_at=deadline,
                narration=published.to_json(),
                table_message_id=live.table_id,
                row=live.row,
            )
        except StaleVersion as stale:  # another process wrote first: reload
            self.games.drop(live.id)
            raise ServiceError("stale") from stale
        (PERSONS_MOVES if by is not None else BOTS_MOVES).inc()
        # What the publisher set meanwhile (message ids) stays; what the action
        # settles (model, intent, clock) comes from it.
        live.published = live.published.but(**settled(published))
        live.row = row
        live.state, live.record = state, record
        live.events[state.version] = events
        live.known = after.known  # the views the clock and the post were worked out from
        live.narrated = after.narrated
        if row.status == GameStatus.FINISHED:
            await self.record_result(live)
        return Outcome(live, seat, action, events)

    def following(
        self,
        live: Live,
        presence: Presence,
        published: Published,
        events: list[Event],
        acting: frozenset[int] = frozenset(),
    ) -> tuple[Published, datetime | None]:
        """What a new state leads to, stored with the action that made it: the
        narration model with its events folded in, the table post it owes,
        and (armed in `presence`) when the next move is due, once its
        narration has been shown."""
        shown = live.shown
        behind = range(published.model_version + 1, live.version)  # a model stored by an older bot
        pending = [e for v in behind for e in live.events.get(v, [])]
        folded = fold(shown, live.narration_model(published), [*pending, *events])
        model = None
        if folded.model is not None:
            model = folded.model.to_json()
            live.narrated = (model, folded.model)  # for the next action, once this one is stored
        published = published.but(
            model_version=live.version,  # first: `but` need not compare the models
            model=model,
            repost=published.repost or folded.repost,
            final_due=published.final_due or folded.final,
        )
        if folded.posts:
            published = published.but(narration_from=live.version)
            # Answers standing for the narration under way end with it.
            presence.standing = {
                seat: stood for seat, stood in presence.standing.items() if stood.scope != NARRATION
            }
        # The mention may wait for the clock's ping only where the table may
        # stay: below nothing of the game's (no reveal or result posted since,
        # nor one this state posts), and not owed at the bottom anyway.
        table = live.table_id or 0
        newest = table > max(published.narration_id or 0, published.final_id or 0)
        stays = newest and not (folded.posts or folded.final or published.repost)
        published = intent(live, published, presence, acting, later=stays)
        pace = shown.pace(live.row.settings) if self.pace is None else self.pace
        delay = folded.seconds(pace)
        now = self.clock.now()
        deadline = arm(live, presence, now, delay, self.computer_pause, pinged(published))
        return unpinged(published, presence), deadline

    async def record_result(self, live: Live) -> None:
        """A finished game's result and ratings, recorded once (keyed by game id).
        A failure here must not undo the game's end: it is logged, and retried
        if the process restarts before the final ranking is out."""
        try:
            await record(self.storage, live.row, live.state, live.events)
        except Exception:
            log.exception("game %s: recording its result failed", live.id)

    async def set_presence(
        self,
        live: Live,
        presence: Presence,
        deadline_at: datetime | Keep | None = KEEP,
        narration: JSON | None = None,
    ) -> None:
        live.row = await self.storage.set_presence(
            live.id, presence.to_json(), deadline_at=deadline_at, narration=narration
        )

    async def rearm(self, live: Live, presence: Presence) -> None:
        """Store a change of who is at the table, with the clock armed anew for
        the move now awaited (from now: nothing is narrated in between)."""
        published = live.published
        now = self.clock.now()
        deadline = arm(live, presence, now, 0.0, self.computer_pause, pinged(published))
        live.published = unpinged(published, presence)
        narration = live.published.to_json() if live.published != published else None
        await self.set_presence(live, presence, deadline_at=deadline, narration=narration)

    def check_seat(self, live: Live, user_id: int) -> int:
        """The user's seat, if it is theirs to act now; else the engine's refusal."""
        seat = seat_for(live, user_id)
        try:
            live.rules.check_seat(live.state, seat)
        except ActionError as illegal:
            raise named(illegal, live) from illegal
        return seat

    async def end(self, game_id: int, user_id: int, moderator: bool) -> GameRow:
        """The host or a moderator ends a running game early, or closes its lobby."""
        row = await self.game(game_id)
        if row.status == GameStatus.LOBBY:
            return await self.lobbies.cancel(row.channel_id, user_id, moderator, game_id)
        return (await self._end(game_id, user_id, moderator)).row

    async def _end(self, game_id: int, user_id: int, moderator: bool) -> Live:
        async with self.games.lock(game_id):
            live = await self.games.live(game_id)
            if live.row.status != GameStatus.RUNNING:
                raise ServiceError("game_over")
            require_host(live.row, user_id, moderator)
            live.row = await self.storage.finish(live.id, GameStatus.CANCELLED)
        self.changed(live)
        return live

    async def channel_deleted(self, channel_id: int) -> GameRow | None:
        """Discord deleted the channel: its lobby or running game is closed
        (cancelled, unrated), since nothing can be shown or played there."""
        row = await self.lobbies.here(channel_id)
        if row is None:
            return None
        if row.status == GameStatus.LOBBY:
            async with self.lobbies.channel_lock(channel_id):
                try:
                    return await self.storage.finish(row.id, GameStatus.CANCELLED)
                except WrongStatus:  # started meanwhile: closed as a game, below
                    pass
        async with self.games.lock(row.id):
            live = await self.games.live(row.id)
            if live.row.status != GameStatus.RUNNING:
                return live.row
            live.row = await self.storage.finish(live.id, GameStatus.CANCELLED)
        self.changed(live)
        return live.row

    async def kick(self, game_id: int, by: int, target: int, moderator: bool) -> Live:
        """The host or a moderator takes a player out: the seat is played to the end."""
        async with self.games.lock(game_id):
            live = await self.games.live(game_id)
            if live.row.status != GameStatus.RUNNING:
                raise ServiceError("game_over")
            require_host(live.row, by, moderator)
            await self._mark_kicked(live, seat_for_target(live, target))
        self.changed(live)
        return live

    async def leave_game(self, game_id: int, user_id: int) -> Live:
        """A player leaves a running game: their seat is played to the end."""
        async with self.games.lock(game_id):
            live = await self.games.live(game_id)
            if live.row.status != GameStatus.RUNNING:
                raise ServiceError("game_over")
            await self._mark_kicked(live, seat_for(live, user_id))
        self.changed(live)
        return live

    async def _mark_kicked(self, live: Live, seat: int) -> None:
        presence = live.presence()
        presence.kicked[seat] = True  # if it is that seat's move, played at once
        await self.rearm(live, presence)

    async def back(self, live: Live, user_id: int) -> None:
        """An away player shows up again (opens their hand): no longer played for."""
        seat = live.seat_of(user_id)
        if seat is None:
            return
        async with self.games.lock(live.id):
            if not live.presence_seen().away[seat]:  # nearly always: nothing to store
                return
            presence = live.presence()
            presence.away[seat], presence.timeouts[seat] = False, 0
            await self.rearm(live, presence)
        self.changed(live)

    async def finished_record(self, channel_id: int, game_id: int | None) -> GameRow:
        """A game's record for export: only once it is over, since a running
        game's record holds every hand and the supply's order."""
        if game_id is None:
            active = await self.storage.active_game(channel_id)
            if active is not None and active.status == GameStatus.RUNNING:
                raise ServiceError("export_running")
            row = await self.storage.last_finished_game(channel_id, include_cancelled=True)
            if row is None:
                raise ServiceError("no_finished_game")
        else:
            row = await self.storage.game(game_id)
            if row is None or row.channel_id != channel_id:
                raise ServiceError("unknown_game")
        if row.status in (GameStatus.RUNNING, GameStatus.LOBBY) or row.record is None:
            raise ServiceError("export_running")
        return row


def published_to_the_end(row: GameRow) -> bool:
    """Whether an ended game's last public message is out: the ranking, or the
    note that it was ended early."""
    published = Published.from_json(row.narration)
    return published.final_id is not None or published.ended


def pinged(published: Published) -> float | None:
    """The seconds after which the clock pings, when the mention a new state
    owes may wait for it (`Intent.later`)."""
    owed = published.intent
    return timers.PING_AFTER if owed is not None and owed.later else None


def unpinged(published: Published, presence: Presence) -> Published:
    """The mention owed at once after all when the clock has no ping for it
    (it would come after the reminder, which mentions anyway)."""
    owed = published.intent
    armed = presence.armed
    if owed is None or not owed.later or (armed is not None and armed.pinging):
        return published
    return published.but(intent=replace(owed, later=False))


#: What an action settles in what the public messages show (`GameService.commit`).
SETTLED = ("model_version", "model", "narration_from", "final_due", "ping", "intent", "repost")


def settled(published: Published) -> JSON:
    return {name: getattr(published, name) for name in SETTLED}
