"""The Activity's one door into the host: every read of a game and every
action taken from the web table goes through here, so that the host can
change beneath it (#31) with this module the only one to follow.

Reads give a viewer the public view, and the player view and legal actions
of the seat that viewer holds, never another seat's. Actions go through
`GameService.act` (or `asking.answer` for a question put to several seats at
once, as the buttons do): stored before the client is told, and published to
the channel like any button's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from bot.flow import questions as asking
from bot.flow.service import GameService
from bot.live.deadlines import ended_early
from bot.live.live import Live
from bot.live.refusals import ServiceError
from bot.storage import GameRow, GameStatus
from engine.interface import JSON as JSON  # the views' JSON form, for the scenes
from engine.interface import Action, Event, Settings, View


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


class Door:
    """What the web table may ask of the host."""

    def __init__(self, service: GameService, now: Callable[[], float]) -> None:
        self.service = service
        self.now = now  # the bot's clock, epoch seconds

    def kept(self, game_id: int) -> Live | None:
        """The game if the service holds it in memory (every change it reports)."""
        return self.service.games.held(game_id)

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
        due = armed.due if armed is not None else None
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
