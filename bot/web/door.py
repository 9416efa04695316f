"""The Activity's one door into the host: every read of a game and every
action taken from the web table goes through here, so that the host can
change beneath it (#31) with this module the only one to follow.

Reads give a viewer the public view, and the player view and legal actions
of the seat that viewer holds, never another seat's. Actions go through
`GameService.act` (or `questions.answer` for a question put to several seats at
once, as the buttons do): stored before the client is told, and published to
the channel like any button's. A lobby is opened, joined, filled with
computers, started and played again through the service's own lobby calls,
and the channel's lobby message is posted or redrawn after each, as a
button's click does, so players without the table join the same game.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord

from bot.flow import questions as asking
from bot.flow.lobbies import require_host
from bot.flow.service import GameService
from bot.i18n import use_locale
from bot.kit.reply import drop_none
from bot.live.deadlines import ended_early
from bot.live.live import Live
from bot.live.refusals import ServiceError
from bot.plugin.registry import presentation
from bot.publishing.lobby_post import closed_text, lobby_message, new_computer_name
from bot.storage import GameRow, GameStatus, Seat
from engine.interface import JSON as JSON  # the views' JSON form, for the scenes
from engine.interface import Action, Event, Settings, View

log = logging.getLogger(__name__)


def as_json(view: View) -> JSON:
    """A view in its JSON form (the engine's views, as the CLI and records print them)."""
    return dict(view.to_json())


@dataclass(frozen=True)
class Seen:
    """A game as one viewer may see it: public facts, and their own seat's.
    Views, actions and events are the game's typed values; a frame sends the
    views in their JSON form."""

    game: int
    name: str  # the game's registry name
    status: str  # lobby, running, finished, cancelled
    version: int
    names: list[str]
    settings: Settings
    public: View | None  # the public view; None: a lobby, not dealt yet
    seat: int | None = None  # the viewer's seat, None for a spectator
    mine: View | None = None  # the viewer's player view
    legal: list[Action] = field(default_factory=list)  # the viewer's legal actions
    asked: list[int] = field(default_factory=list)  # seats a question is put to at once
    # version -> the events of that action this viewer may know (public, or its own)
    events: Mapping[int, list[Event]] = field(default_factory=dict)
    # The host's public facts about the seats, as the table message shows them:
    # seconds left on the clock of this move, the seats away or kicked, and a
    # move the bot made for a player ((seat, why): timeout, away or kicked).
    clock: float | None = None
    away: tuple[int, ...] = ()
    kicked: tuple[int, ...] = ()
    auto: tuple[int, str] | None = None
    # A game ended before its end: why, as the table message says it (a catalog key).
    ended: str | None = None
    # Each seat's avatar, as the page may load it (`bot.web.avatars`); None: none of its own.
    avatars: tuple[str | None, ...] = ()
    computers: tuple[int, ...] = ()  # the seats a computer plays
    # Seconds a paced reveal step takes in this game (its presentation's pace).
    pace: float = 1.0


class Channels(Protocol):
    """Where the Door posts a lobby message: a channel the bot can write to."""

    def channel(self, channel_id: int) -> discord.PartialMessageable | None: ...

    def guild_locale(self, guild_id: int | None) -> str | None: ...


class Door:
    """What the web table may ask of the host."""

    def __init__(
        self,
        service: GameService,
        now: Callable[[], float],
        channels: Channels | None = None,
        pace: Callable[[str, Mapping[str, Any]], float] | None = None,
    ) -> None:
        self.service = service
        self.now = now  # the bot's clock, epoch seconds
        self.channels = channels  # None: no lobby message is posted (a test's Door)
        self.pace = pace or (lambda name, settings: 1.0)

    def kept(self, game_id: int) -> Live | None:
        """The game if the service holds it in memory (every change it reports)."""
        return self.service.games.held(game_id)

    async def live(self, game_id: int) -> Live:
        """A running game, loaded into the service's memory if it was not there."""
        return await self.service.games.live(game_id)

    def subscribe(self, listener: Callable[[Live], None]) -> None:
        self.service.watch(listener)

    async def game_in(self, channel_id: int, game_id: int | None) -> GameRow | None:
        """The game a viewer of this channel asks for: the one given, if it is
        this channel's; else the channel's lobby or running game, else its last
        finished one. None: none that this channel may see."""
        storage = self.service.storage
        if game_id is not None:
            row = await storage.game(game_id)
            row = row if row is not None and row.channel_id == channel_id else None
        else:
            row = await storage.active_game(channel_id)
            if row is None:
                row = await storage.last_finished_game(channel_id, include_cancelled=True)
        # A game is only ever loaded by the process that runs its guild's shard.
        return row if row is not None and self.service.shards.holds(row.guild_id) else None

    async def seen(self, row: GameRow, user_id: int, since: int | None = None) -> Seen:
        """The game as `user_id` may see it now; `since`: the version the viewer
        last saw, whose later public events come along (the reveal, card by card)."""
        names = [seat.name for seat in row.seats]
        if row.status == GameStatus.LOBBY or row.record is None:
            return Seen(row.id, row.game, row.status.value, 0, names, row.settings, None)
        return self.of(await self.service.games.live(row.id), user_id, since)

    def of(self, live: Live, user_id: int, since: int | None = None) -> Seen:
        """`seen` for a game in memory (every change the service reports)."""
        rules, state = live.rules, live.state
        seat = live.seat_of(user_id)
        mine: View | None = None
        legal: list[Action] = []
        asked_: list[int] = []
        public = rules.public_view(state)
        if seat is not None:
            mine = rules.player_view(state, seat)
            if live.row.status == GameStatus.RUNNING:
                asked_ = list(asking.asked(live))
                legal = list(rules.legal_actions(state, seat))
        events: dict[int, list[Event]] = {}
        if since is not None:
            for version in range(max(since + 1, live.version - 20), live.version + 1):
                shown = live.events.get(version, [])
                events[version] = [e for e in shown if e.to is None or e.to == seat]
        presence = live.presence()
        armed = presence.armed_for(live.version)
        due = armed.shown if armed is not None else None
        auto = presence.auto_at(live.version)
        running = live.row.status == GameStatus.RUNNING
        return Seen(
            live.id,
            live.row.game,
            live.row.status.value,
            live.version,
            live.names(),
            live.row.settings,
            public,
            seat,
            mine,
            legal,
            asked_,
            events,
            clock=max(0.0, float(due) - self.now()) if due is not None and running else None,
            away=tuple(s for s, away in enumerate(presence.away) if away),
            kicked=tuple(s for s, kicked in enumerate(presence.kicked) if kicked),
            auto=(auto.seat, auto.why) if auto is not None else None,
            ended=ended_early(presence) if live.row.status == GameStatus.CANCELLED else None,
            pace=self.pace(live.row.game, live.row.settings),
            computers=tuple(i for i, s in enumerate(live.row.seats) if s.agent is not None),
        )

    async def act(self, game_id: int, user_id: int, action: JSON, version: int) -> None:
        """One action from the web table, for the seat this user holds (the
        seat the client names is ignored): a question put to several seats is
        answered as its buttons answer it, anything else is played."""
        live = await self.service.games.live(game_id)
        rules = live.rules

        def make(seat: int) -> Action:
            try:
                made: Action = rules.action_from_json({**action, "seat": seat})
                return made
            except Exception as malformed:  # a forged frame: refused as a stale click
                raise ServiceError("stale_button") from malformed

        seat = live.seat_of(user_id)
        if seat is not None and seat in asking.asked(live):
            await asking.answer(self.service, game_id, user_id, make, version)
            return
        await self.service.act(game_id, user_id, make, version)

    async def back(self, game_id: int, user_id: int) -> None:
        """A player opened the table: an away player is back (as opening the hand does)."""
        live = await self.service.games.live(game_id)
        if live.row.status == GameStatus.RUNNING:
            await self.service.back(live, user_id)

    # --- the lobby, from the table --------------------------------------------------

    async def last_finished(self, channel_id: int) -> GameRow | None:
        row = await self.service.storage.last_finished_game(channel_id, include_cancelled=True)
        return row if row is not None and self.service.shards.holds(row.guild_id) else None

    async def active(self, channel_id: int) -> GameRow | None:
        """The channel's lobby or running game, if this process holds it."""
        row = await self.service.games.occupant(channel_id)
        return row if row is not None and self.service.shards.holds(row.guild_id) else None

    async def open_lobby(
        self,
        who: Seat,
        guild_id: int | None,
        channel_id: int,
        name: str,
        options: dict[str, Any],
        language: str | None,
    ) -> GameRow:
        """A lobby opened from the table, as `/<game> new` opens one: in the
        chosen language, else the server's."""
        if not self.service.shards.holds(guild_id):
            raise ServiceError("no_channel")
        guild_locale = self.channels.guild_locale(guild_id) if self.channels else None
        locale = await self.service.choices.public_locale(guild_id, guild_locale, language)
        row = await self.service.lobbies.open_lobby(
            name, guild_id, channel_id, who, locale, options
        )
        await self._post(row)
        return row

    async def in_lobby(
        self, verb: str, who: Seat, channel_id: int, game_id: int, level: str | None = None
    ) -> GameRow:
        """One lobby click from the table: join, leave, a computer in or out,
        start or close; the lobby message in the channel follows."""
        service, lobbies = self.service, self.service.lobbies
        user = who.user_id or 0
        if verb == "join":
            row = await lobbies.join(channel_id, who, game_id)
        elif verb == "leave":
            row = await lobbies.leave(channel_id, user, game_id)
        elif verb == "addbot":
            found = await service.game(game_id)
            require_host(found, user)
            levels = self.levels(found.game)
            chosen = level if level in levels else levels[0]
            name = new_computer_name(found, chosen)
            row = await lobbies.add_computer(channel_id, user, name, chosen, game_id)
        elif verb == "rmbot":
            row = await lobbies.remove_computer(channel_id, user, game_id)
        elif verb == "start":
            row = (await service.start(channel_id, user, game_id)).row
        elif verb == "cancel":
            row = await lobbies.cancel(channel_id, user, False, game_id)
        else:
            raise ServiceError("stale_button")
        await self._refresh(row)
        return row

    async def play_again(self, who: Seat, guild_id: int | None, game_id: int) -> GameRow:
        """A new lobby with the finished game's players, hosted by `who` (a player of it)."""
        old = await self.service.game(game_id)
        row = await self.service.lobbies.play_again(game_id, guild_id, old.channel_id, who)
        await self._post(row)
        return row

    def levels(self, name: str) -> tuple[str, ...]:
        return tuple(presentation(name).rules.difficulties)

    async def _post(self, row: GameRow) -> None:
        """The new lobby's message in its channel, with its buttons."""
        channel = self.channels.channel(row.channel_id) if self.channels else None
        if channel is None:
            return
        with use_locale(row.settings.get("language")):
            message = lobby_message(row)
        try:
            sent = await channel.send(**drop_none(message.kwargs()))
        except discord.HTTPException:
            log.warning("the lobby of game %s could not be posted", row.id, exc_info=True)
            return
        await self.service.lobbies.lobby_posted(row, sent.id)

    async def _refresh(self, row: GameRow) -> None:
        """The lobby message redrawn after a change from the table (closed once started)."""
        channel = self.channels.channel(row.channel_id) if self.channels else None
        if channel is None or row.lobby_message_id is None:
            return
        with use_locale(row.settings.get("language")):
            message = lobby_message(row, closed_text(row))
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(row.lobby_message_id).edit(**message.kwargs())
