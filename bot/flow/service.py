"""The game service: lobbies, and one play end to end (ARCHITECTURE.md).

Per game: take its lock, check the player and the state version, apply the
action with the engine, store the grown record and the new snapshot in one
transaction, and only then report success. Discord is not touched here: the
publisher turns the stored state into public messages afterwards.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from bot.clocks.deadlines import COMPUTER_PAUSE, arm, count_unattended
from bot.flow.stats import record
from bot.i18n import locale_of, t
from bot.kit import metrics
from bot.kit.clock import Clock
from bot.kit.reply import Reply
from bot.kit.shards import EVERY, Shards
from bot.live import answer_cache as answers
from bot.live.preferences import Preferences
from bot.live.presence import Presence
from bot.live.public_messages import Published
from bot.plugin.contract import AnyPresentation, Table
from bot.plugin.registry import presentation
from bot.publishing.narrator import fold, stored_model
from bot.publishing.routes import ACTING
from bot.publishing.table_post import intent
from bot.storage import ChannelBusy, GameRow, GameStatus, Seat, StaleVersion, Storage
from engine import ActionError, AnyGame, game
from engine.interface import Action, Event, State

log = logging.getLogger(__name__)


class ServiceError(Exception):
    """A refusal the player can act on: a host refusal (`code` names a catalog
    entry), or a game's refusal (`game` names the game whose words explain it)."""

    def __init__(self, code: str, game: str | None = None, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.game = game
        self.params = params


@dataclass
class Live:
    """A running game in memory: its row, the engine state, the record, and the
    events of each action (for narration; rebuilt from the record after a restart)."""

    row: GameRow
    state: State
    record: dict[str, Any]
    events: dict[int, list[Event]] = field(default_factory=dict)
    # What its public messages show (stored in the row's narration column).
    published: Published = field(default_factory=Published)
    # The person's interaction that last changed it, for the publisher to
    # publish through (`bot.publishing.routes`); taken by the publisher.
    carrier: Any = None
    # Loaded from storage (after a restart, or from another process): a post
    # under way when it was stored may have got there (`bot.publishing.table_post.adopt`).
    resumed: bool = False
    # What the engine says of the state as it stands (its views, each seat's
    # legal actions) and the answers made from it, worked out once per
    # version: a move's answer, its table, its narration and its clock all
    # ask (`remember`).
    known: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    def remember(self, key: Any, work: Callable[[], Any]) -> Any:
        """`work()`, done once while the game stays at this version."""
        known = self.known
        if known.get("version") != self.state.version:  # a state is never changed in place
            known.clear()
            known["version"] = self.state.version
        if key not in known:
            known[key] = work()
        return known[key]

    def public_view(self) -> Any:
        """The engine's public view of the state as it stands."""
        return self.remember("public", lambda: self.rules.public_view(self.state))

    def player_view(self, seat: int) -> Any:
        """The engine's view of the state for `seat`: its own hand, and what is public."""
        return self.remember(("player", seat), lambda: self.rules.player_view(self.state, seat))

    def legal(self, seat: int) -> list[Any]:
        """The actions `seat` may take now, as the engine lists them."""
        return self.remember(  # type: ignore[no-any-return]
            ("legal", seat), lambda: list(self.rules.legal_actions(self.state, seat))
        )

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "row":
            # The row as stored carries the record and the snapshot decoded once
            # more; in memory `record` and `state` are the truth, and keeping
            # those copies doubled what every live game costs.
            if value.record is not None or value.snapshot is not None:
                value = replace(value, record=None, snapshot=None)
            # The table's id is the publisher's, in memory first (stored with the
            # next move): a row read back from a write keeps it.
            current = self.__dict__.get("row")
            if current is not None and value.table_message_id != current.table_message_id:
                value = replace(value, table_message_id=current.table_message_id)
        super().__setattr__(name, value)

    @property
    def table_id(self) -> int | None:
        """The table message's id, as the publisher last posted or adopted it."""
        return self.row.table_message_id

    @table_id.setter
    def table_id(self, message_id: int | None) -> None:
        object.__setattr__(self, "row", replace(self.row, table_message_id=message_id))

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def rules(self) -> AnyGame:
        return game(self.row.game)

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def over(self) -> bool:
        return self.rules.is_over(self.state)

    @property
    def shown(self) -> AnyPresentation:
        return presentation(self.row.game)

    def table(self) -> Table[Any, Any]:
        """What the public table shows: the public view and public facts only."""

        def table() -> Table[Any, Any]:
            return Table(self.id, self.public_view(), self.names(), self.row.settings, self.events)

        return self.remember("table", table)  # type: ignore[no-any-return]

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.row.seats):
            if seat.user_id == user_id:
                return index
        return None

    def names(self) -> list[str]:
        return [seat.name for seat in self.row.seats]

    def presence(self) -> Presence:
        return Presence.of(self.row.presence, len(self.row.seats), self.row.deadline_at)


@dataclass(frozen=True)
class Outcome:
    live: Live
    seat: int
    action: Action
    events: list[Event]


#: The host's own settings of every game, and their defaults.
HOST_SETTINGS: dict[str, Any] = {"turn_timer": "2m", "decision_timer": 60}


def default_settings(game_name: str, **given: Any) -> dict[str, Any]:
    """Settings of a new lobby: the game's options (its rules' and its
    presentation's) and the host's, filled in with their defaults where the
    host chose nothing."""
    shown = presentation(game_name)
    settings: dict[str, Any] = {o.name: o.default for o in (*shown.rules.options, *shown.options)}
    settings.update(HOST_SETTINGS)
    settings.update({k: v for k, v in given.items() if v is not None})
    return settings


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
    ) -> None:
        self.storage = storage
        self.clock = clock or Clock()
        self.computer_pause = computer_pause  # seconds a computer "thinks" before it moves
        self.pace = pace  # seconds a paced narration step takes in every game; None: each game's
        self.shards = shards  # the games of these shards' guilds are this process's
        self._seed = seed or (lambda: secrets.randbits(63))
        self._locks: dict[int, asyncio.Lock] = {}
        self._channel_locks: dict[int, asyncio.Lock] = {}
        self._live: dict[int, Live] = {}
        # channel -> its running game in `_live`: a command finds it without a query.
        self._running: dict[int, int] = {}
        self.listeners: list[Callable[[Live], None]] = []  # told after every change

    def live_count(self) -> int:
        """Games held in memory (running, or ended with messages still owed)."""
        return len(self._live)

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def _channel_lock(self, channel_id: int) -> asyncio.Lock:
        return self._channel_locks.setdefault(channel_id, asyncio.Lock())

    def table_reply(self, live: Live) -> Reply:
        """The public table of a game, as its presentation draws it (made once
        per version and language, `bot.live.answer_cache`)."""
        return answers.answer(live, "table", None, make=lambda: live.shown.table(live.table()))

    async def pictures(self, guild_id: int | None) -> bool:
        """Whether this server's messages carry pictures: on unless a manager
        turned them off (`/<game> settings pictures:off`, for slow connections)."""
        if guild_id is None:
            return True
        return await self.storage.get_meta(f"pictures:{guild_id}") != "off"

    def changed(self, live: Live) -> None:
        """Tell the listeners (the publisher) that this game changed."""
        for listener in self.listeners:
            listener(live)

    # --- loading -------------------------------------------------------------

    async def load_all(self, since: datetime) -> list[Live]:
        """After a restart: every running game back in memory, and every game
        that ended since `since` whose last public messages are still owed (a
        reveal cut short by the restart, the final ranking)."""
        loaded = []
        for row in await self.storage.unfinished_games(shards=self.shards):
            if row.status == GameStatus.RUNNING:
                loaded.append(await self._load(row))
        for row in await self.storage.ended_since(since, shards=self.shards):
            if not published_to_the_end(row):
                live = await self._load(row)
                # A restart between the final commit and its result: recorded now.
                await self.record_result(live)
                loaded.append(live)
        return loaded

    async def _load(self, row: GameRow) -> Live:
        """Rebuild a game from its record and keep it in memory."""
        live = self._rebuild(row)
        self._keep(live)
        return live

    def _rebuild(self, row: GameRow) -> Live:
        """Rebuild a game from its record (the truth); the snapshot must agree."""
        assert row.record is not None
        rules = game(row.game)
        state, start_events = rules.start(row.record)
        events = {0: start_events}
        for index, data in enumerate(rules.actions_of(row.record)):
            state, events[index + 1] = rules.apply(state, rules.action_from_json(data))
        if row.snapshot is not None and row.snapshot != state.to_json():
            log.warning("game %s: snapshot differs from its record; using the record", row.id)
        published = Published.from_json(row.narration)
        return Live(row, state, row.record, events, published, resumed=True)

    def _keep(self, live: Live) -> None:
        self._live[live.id] = live
        if live.row.status == GameStatus.RUNNING:
            self._running[live.row.channel_id] = live.id

    async def running(self, channel_id: int) -> Live:
        """The game being played in this channel, or ServiceError no_game."""
        kept = self._live.get(self._running.get(channel_id, -1))
        if kept is not None and kept.row.status == GameStatus.RUNNING:
            return kept  # a game is only ever played by one process (ARCHITECTURE.md, Scale)
        row = await self.storage.active_game(channel_id)
        if row is None or row.status != GameStatus.RUNNING:
            raise ServiceError("no_game")
        return await self.live(row.id)

    async def live(self, game_id: int) -> Live:
        live = self._live.get(game_id)
        if live is not None:
            return live
        row = await self.storage.game(game_id)
        if row is None or row.record is None:
            raise ServiceError("unknown_game")
        return await self._load(row)

    async def find(self, game_id: int) -> GameRow | None:
        """A game's row as it stands: from memory while it is played here, else
        as stored; None for a game there never was."""
        live = self._live.get(game_id)
        return live.row if live is not None else await self.storage.game(game_id)

    async def look(self, game_id: int) -> Live:
        """A started game as it stands, to be shown (a stale click's answer):
        from memory, else rebuilt from its record; an ended game is not kept."""
        live = self._live.get(game_id)
        if live is not None:
            return live
        row = await self.storage.game(game_id)
        if row is None or row.record is None:
            raise ServiceError("unknown_game")
        return await self._load(row) if row.status == GameStatus.RUNNING else self._rebuild(row)

    async def game(self, game_id: int) -> GameRow:
        row = await self.storage.game(game_id)
        if row is None:
            raise ServiceError("unknown_game")
        return row

    # --- the lobby -------------------------------------------------------------

    # --- a server's settings and language ----------------------------------------

    async def server_language(self, guild_id: int | None) -> str | None:
        """The language a server chose for its new games (`language`), if any."""
        if guild_id is None:
            return None
        return await self.storage.get_meta(f"language:{guild_id}")

    async def set_server_language(self, guild_id: int, locale: str) -> None:
        await self.storage.set_meta(f"language:{guild_id}", locale)

    async def set_pictures(self, guild_id: int, on: bool) -> None:
        await self.storage.set_meta(f"pictures:{guild_id}", "on" if on else "off")

    async def public_locale(
        self, guild_id: int | None, guild_locale: object | None, chosen: str | None = None
    ) -> str:
        """The language of a server's public messages: the host's choice for
        this game, else the server's chosen language, else the server's own
        Discord locale, else English."""
        saved = None if chosen else await self.server_language(guild_id)
        return locale_of(chosen or saved or guild_locale)

    async def preferences(self, user_id: int) -> Preferences:
        """A player's own settings, whatever the game."""
        return Preferences.of(await self.storage.preferences(user_id))

    async def notify(self, user_id: int, on: bool) -> None:
        """Play-by-post DMs on a player's turns and decisions, in every game."""
        await self.storage.set_preferences(
            user_id, notify=on or None, dm_refused=None, dm_refused_told=None
        )

    # --- the lobby -------------------------------------------------------------

    async def here(self, channel_id: int) -> GameRow | None:
        """The lobby or running game of this channel, if any."""
        return await self.storage.active_game(channel_id)

    async def occupant(self, channel_id: int) -> GameRow | None:
        """What this channel holds, its running game (from memory when it is
        there) or its lobby, to tell which game it is: its record may be left
        out."""
        kept = self._live.get(self._running.get(channel_id, -1))
        if kept is not None and kept.row.status == GameStatus.RUNNING:
            return kept.row
        return await self.storage.active_game(channel_id)

    def default_settings(self, game_name: str) -> dict[str, Any]:
        return default_settings(game_name)

    async def open_lobby(
        self,
        game_name: str,
        guild_id: int | None,
        channel_id: int,
        host: Seat,
        locale: str,
        options: dict[str, Any],
        seats: list[Seat] | None = None,
    ) -> GameRow:
        """A lobby for `game_name` in this channel, in `locale`, hosted by
        `host` (with `seats` already taken, for Play again)."""
        rules = game(game_name)
        settings = default_settings(game_name, **options)
        settings["language"] = locale
        try:
            rules.check_settings(settings)
        except ActionError as refused:
            raise ServiceError(refused.code, rules.name, **refused.params) from refused
        async with self._channel_lock(channel_id):
            try:
                return await self.storage.create_lobby(
                    guild_id,
                    channel_id,
                    host.user_id or 0,
                    settings,
                    seats or [host],
                    game=rules.name,
                )
            except ChannelBusy as busy:
                raise ServiceError("channel_busy") from busy

    async def lobby_posted(self, row: GameRow, message_id: int) -> None:
        await self.storage.set_messages(row.id, lobby_message_id=message_id)

    async def play_again(
        self, game_id: int, guild_id: int | None, channel_id: int, me: Seat
    ) -> GameRow:
        """A new lobby with the same players and settings, hosted by whoever
        asked (a player of the game)."""
        old = await self.game(game_id)
        if not any(seat.user_id == me.user_id for seat in old.seats):
            raise ServiceError("not_in_game")
        seats = [me] + [s for s in old.seats if s.user_id != me.user_id]
        settings = dict(old.settings)
        locale = str(settings.pop("language", None) or locale_of(None))
        return await self.open_lobby(old.game, guild_id, channel_id, me, locale, settings, seats)

    async def _lobby(self, channel_id: int, game_id: int | None = None) -> GameRow:
        row = await self.storage.active_game(channel_id)
        if row is None or (game_id is not None and row.id != game_id):
            raise ServiceError("no_lobby")
        if row.status != GameStatus.LOBBY:
            raise ServiceError("already_started")
        return row

    async def join(self, channel_id: int, player: Seat, game_id: int | None = None) -> GameRow:
        async with self._channel_lock(channel_id):
            row = await self._lobby(channel_id, game_id)
            if any(seat.user_id == player.user_id for seat in row.seats):
                raise ServiceError("already_seated")
            most = game(row.game).seat_limits(row.settings)[1]
            if len(row.seats) >= most:
                raise ServiceError("lobby_full", max=most)
            return await self.storage.update_lobby(row.id, seats=[*row.seats, player])

    async def leave(self, channel_id: int, user_id: int, game_id: int | None = None) -> GameRow:
        """Leave the lobby. When the host leaves, the next player hosts; the last
        player to leave closes the lobby."""
        async with self._channel_lock(channel_id):
            row = await self._lobby(channel_id, game_id)
            seats = [seat for seat in row.seats if seat.user_id != user_id]
            if len(seats) == len(row.seats):
                raise ServiceError("not_seated")
            people = [seat for seat in seats if seat.user_id is not None]
            if not people:  # computers alone cannot start a game
                return await self.storage.finish(row.id, GameStatus.CANCELLED)
            host = row.host_id if row.host_id != user_id else people[0].user_id
            return await self.storage.update_lobby(row.id, seats=seats, host_id=host)

    async def add_computer(
        self, channel_id: int, user_id: int, name: str, difficulty: str, game_id: int | None = None
    ) -> GameRow:
        """The host fills an empty seat with a computer player of this difficulty."""
        async with self._channel_lock(channel_id):
            row = await self._lobby(channel_id, game_id)
            require_host(row, user_id)
            most = game(row.game).seat_limits(row.settings)[1]
            if len(row.seats) >= most:
                raise ServiceError("lobby_full", max=most)
            computer = Seat(user_id=None, name=name, agent=difficulty)
            return await self.storage.update_lobby(row.id, seats=[*row.seats, computer])

    async def remove_computer(
        self, channel_id: int, user_id: int, game_id: int | None = None
    ) -> GameRow:
        """The host takes the last computer player out of the lobby."""
        async with self._channel_lock(channel_id):
            row = await self._lobby(channel_id, game_id)
            require_host(row, user_id)
            computers = [i for i, seat in enumerate(row.seats) if seat.agent is not None]
            if not computers:
                raise ServiceError("no_computer")
            seats = [seat for i, seat in enumerate(row.seats) if i != computers[-1]]
            return await self.storage.update_lobby(row.id, seats=seats)

    async def cancel(
        self, channel_id: int, user_id: int, moderator: bool, game_id: int | None = None
    ) -> GameRow:
        async with self._channel_lock(channel_id):
            row = await self._lobby(channel_id, game_id)
            require_host(row, user_id, moderator)
            return await self.storage.finish(row.id, GameStatus.CANCELLED)

    async def start(self, channel_id: int, user_id: int, game_id: int | None = None) -> Live:
        """Deal from a fresh seed, seats in join order; the game's own rules
        decide the rest (who starts, what depends on the seat count)."""
        async with self._channel_lock(channel_id):
            row = await self._lobby(channel_id, game_id)
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
            live.carrier = ACTING.get()  # the first table follows the host's Start
            self._keep(live)
        self.changed(live)
        return live

    # --- playing ---------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        user_id: int,
        make: Callable[[int], Action],
        version: int | None = None,
    ) -> Outcome:
        """Apply the action `make(seat)` for this user; committed before it returns.

        `version` is the state version the player saw (from a button); if the
        game has moved on since, the click is stale and nothing is applied."""
        async with self.lock(game_id):
            live = await self.live(game_id)
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
            outcome = await self.commit(live, seat, make(seat), presence)
            live.carrier = ACTING.get()
        self.changed(live)
        return outcome

    async def commit(
        self, live: Live, seat: int, action: Action, presence: Presence | None = None
    ) -> Outcome:
        """Apply and store one action, in one write with all that follows from
        it: the presence, the next deadline, the narration and the table post
        it owes. The caller holds the game's lock."""
        rules = live.rules
        try:
            state, events = rules.apply(live.state, action)
        except ActionError as illegal:
            raise named(illegal, live) from illegal
        record = rules.append(live.record, action)
        status = GameStatus.FINISHED if rules.is_over(state) else None
        presence = presence if presence is not None else live.presence()
        if count_unattended(live, presence) and status is None:
            status = GameStatus.CANCELLED  # nobody plays it: a table that never ends stops
        after = Live(live.row, state, record, {**live.events, state.version: events})
        published, deadline = self.following(after, presence, live.published, events)
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
            )
        except StaleVersion as stale:  # another process wrote first: reload
            self._live.pop(live.id, None)
            raise ServiceError("stale") from stale
        metrics.MOVES.labels("person" if ACTING.get() is not None else "bot").inc()
        # What the publisher set meanwhile (message ids) stays; what the action
        # settles (model, intent, clock) comes from it.
        live.published = live.published.but(**settled(published))
        live.row = row
        live.state, live.record = state, record
        live.events[state.version] = events
        live.known = after.known  # the views the clock and the post were worked out from
        if row.status == GameStatus.FINISHED:
            await self.record_result(live)
        return Outcome(live, seat, action, events)

    def following(
        self, live: Live, presence: Presence, published: Published, events: list[Event]
    ) -> tuple[Published, datetime | None]:
        """What a new state leads to, stored with the action that made it: the
        narration model with its events folded in, the table post it owes,
        and (armed in `presence`) when the next move is due, once its
        narration has been shown."""
        shown = live.shown
        behind = range(published.model_version + 1, live.version)  # a model stored by an older bot
        pending = [e for v in behind for e in live.events.get(v, [])]
        folded = fold(shown, stored_model(shown, published), [*pending, *events])
        model = folded.model.to_json() if folded.model is not None else None
        published = published.but(
            model=model,
            model_version=live.version,
            repost=published.repost or folded.repost,
            final_due=published.final_due or folded.final,
        )
        if folded.posts:
            published = published.but(narration_from=live.version)
        published = intent(live, published, presence)
        pace = shown.pace(live.row.settings) if self.pace is None else self.pace
        deadline = arm(live, presence, self.clock.now(), folded.seconds(pace), self.computer_pause)
        return published, deadline

    async def record_result(self, live: Live) -> None:
        """A finished game's result and ratings, recorded once (keyed by game id).
        A failure here must not undo the game's end: it is logged, and retried
        if the process restarts before the final ranking is out."""
        try:
            await record(self.storage, live.row, live.state, live.events)
        except Exception:
            log.exception("game %s: recording its result failed", live.id)

    async def set_presence(self, live: Live, presence: Presence, **deadline: Any) -> None:
        live.row = await self.storage.set_presence(live.id, presence.to_json(), **deadline)

    async def rearm(self, live: Live, presence: Presence) -> None:
        """Store a change of who is at the table, with the clock armed anew for
        the move now awaited (from now: nothing is narrated in between)."""
        deadline = arm(live, presence, self.clock.now(), 0.0, self.computer_pause)
        await self.set_presence(live, presence, deadline_at=deadline)

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
            return await self.cancel(row.channel_id, user_id, moderator, game_id)
        return (await self._end(game_id, user_id, moderator)).row

    async def _end(self, game_id: int, user_id: int, moderator: bool) -> Live:
        async with self.lock(game_id):
            live = await self.live(game_id)
            if live.row.status != GameStatus.RUNNING:
                raise ServiceError("game_over")
            require_host(live.row, user_id, moderator)
            live.row = await self.storage.finish(live.id, GameStatus.CANCELLED)
        self.changed(live)
        return live

    async def kick(self, game_id: int, by: int, target: int, moderator: bool) -> Live:
        """The host or a moderator takes a player out: the seat is played to the end."""
        async with self.lock(game_id):
            live = await self.live(game_id)
            if live.row.status != GameStatus.RUNNING:
                raise ServiceError("game_over")
            require_host(live.row, by, moderator)
            await self._mark_kicked(live, seat_for_target(live, target))
        self.changed(live)
        return live

    async def leave_game(self, game_id: int, user_id: int) -> Live:
        """A player leaves a running game: their seat is played to the end."""
        async with self.lock(game_id):
            live = await self.live(game_id)
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
        async with self.lock(live.id):
            presence = live.presence()
            if not presence.away[seat]:
                return
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

    async def save_published(self, live: Live) -> None:
        """Store what the public messages show, with the table's id, in one
        write: after a table post (so a restart knows it got there) or the
        game's last message."""
        live.row = await self.storage.set_narration(
            live.id, live.published.to_json(), table_message_id=live.table_id
        )

    def forget(self, game_id: int) -> None:
        """Let an ended game go from memory, with its lock."""
        live = self._live.pop(game_id, None)
        if live is not None and self._running.get(live.row.channel_id) == game_id:
            del self._running[live.row.channel_id]
        lock = self._locks.get(game_id)
        if lock is not None and not lock.locked():
            del self._locks[game_id]


def published_to_the_end(row: GameRow) -> bool:
    """Whether an ended game's last public message is out: the ranking, or the
    note that it was ended early."""
    published = Published.from_json(row.narration)
    return published.final_id is not None or published.ended


#: What an action settles in what the public messages show (`GameService.commit`).
SETTLED = ("model", "model_version", "narration_from", "final_due", "ping", "intent", "repost")


def settled(published: Published) -> dict[str, Any]:
    return {name: getattr(published, name) for name in SETTLED}


def host_name(row: GameRow) -> str:
    for seat in row.seats:
        if seat.user_id == row.host_id:
            return seat.name
    return t("lobby.the_host")


def require_host(row: GameRow, user_id: int, moderator: bool = False) -> None:
    """Only the host (or, where allowed, a moderator) may do this."""
    if row.host_id != user_id and not moderator:
        raise ServiceError("not_host", host=host_name(row))


def seat_for_target(live: Live, user_id: int) -> int:
    seat = live.seat_of(user_id)
    if seat is None:
        raise ServiceError("not_a_player")
    return seat


def seat_for(live: Live, user_id: int) -> int:
    seat = live.seat_of(user_id)
    if seat is None:
        raise ServiceError("not_in_game")
    return seat


def named(illegal: ActionError, live: Live) -> ServiceError:
    """The engine's refusal, for the game's words, with the seat it names
    turned into a player's name."""
    params = dict(illegal.params)
    names = live.names()
    if "seat" in params:
        seat = params.pop("seat")
        params["name"] = names[seat] if 0 <= seat < len(names) else str(seat)
    return ServiceError(illegal.code, live.row.game, **params)
