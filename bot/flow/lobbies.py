"""The lobby of every game: opened in a channel, seats taken and left,
computer players added and removed, closed; Play again opens a new one with
the same players. Starting the game is the service's (`GameService.start`)."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.i18n import locale_of, t
from bot.live.refusals import ServiceError
from bot.plugin.registry import presentation
from bot.storage import ChannelBusy, GameRow, GameStatus, Seat, Storage
from engine import ActionError, game
from engine.interface import Setting

#: The host's own settings of every game, and their defaults.
HOST_SETTINGS: dict[str, Setting] = {"turn_timer": "2m", "decision_timer": 60}


def default_settings(game_name: str, **given: Setting) -> dict[str, Setting]:
    """Settings of a new lobby: the game's options (its rules' and its
    presentation's) and the host's, filled in with their defaults where the
    host chose nothing."""
    shown = presentation(game_name)
    settings: dict[str, Setting] = {
        o.name: o.default for o in (*shown.rules.options, *shown.options)
    }
    settings.update(HOST_SETTINGS)
    settings.update({k: v for k, v in given.items() if v is not None})
    return settings


def host_name(row: GameRow) -> str:
    for seat in row.seats:
        if seat.user_id == row.host_id:
            return seat.name
    return t("lobby.the_host")


def require_host(row: GameRow, user_id: int, moderator: bool = False) -> None:
    """Only the host (or, where allowed, a moderator) may do this."""
    if row.host_id != user_id and not moderator:
        raise ServiceError("not_host", host=host_name(row))


class Lobbies:
    """Every channel's lobby, one change of a channel at a time."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._channel_locks: dict[int, asyncio.Lock] = {}

    def channel_lock(self, channel_id: int) -> asyncio.Lock:
        """One lobby change (or start) of a channel at a time."""
        return self._channel_locks.setdefault(channel_id, asyncio.Lock())

    async def here(self, channel_id: int) -> GameRow | None:
        """The lobby or running game of this channel, if any."""
        return await self.storage.active_game(channel_id)

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
        async with self.channel_lock(channel_id):
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
        old = await self.storage.game(game_id)
        if old is None:
            raise ServiceError("unknown_game")
        if not any(seat.user_id == me.user_id for seat in old.seats):
            raise ServiceError("not_in_game")
        seats = [me] + [s for s in old.seats if s.user_id != me.user_id]
        settings = dict(old.settings)
        locale = str(settings.pop("language", None) or locale_of(None))
        return await self.open_lobby(old.game, guild_id, channel_id, me, locale, settings, seats)

    async def waiting(self, channel_id: int, game_id: int | None = None) -> GameRow:
        """The lobby of this channel (the one `game_id` names, if given), still
        waiting for Start; else the refusal that says why not."""
        row = await self.storage.active_game(channel_id)
        if row is None or (game_id is not None and row.id != game_id):
            raise ServiceError("no_lobby")
        if row.status != GameStatus.LOBBY:
            raise ServiceError("already_started")
        return row

    async def join(self, channel_id: int, player: Seat, game_id: int | None = None) -> GameRow:
        async with self.channel_lock(channel_id):
            row = await self.waiting(channel_id, game_id)
            if any(seat.user_id == player.user_id for seat in row.seats):
                raise ServiceError("already_seated")
            most = game(row.game).seat_limits(row.settings)[1]
            if len(row.seats) >= most:
                raise ServiceError("lobby_full", max=most)
            return await self.storage.update_lobby(row.id, seats=[*row.seats, player])

    async def leave(self, channel_id: int, user_id: int, game_id: int | None = None) -> GameRow:
        """Leave the lobby. When the host leaves, the next player hosts; the last
        player to leave closes the lobby."""
        async with self.channel_lock(channel_id):
            row = await self.waiting(channel_id, game_id)
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
        async with self.channel_lock(channel_id):
            row = await self.waiting(channel_id, game_id)
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
        async with self.channel_lock(channel_id):
            row = await self.waiting(channel_id, game_id)
            require_host(row, user_id)
            computers = [i for i, seat in enumerate(row.seats) if seat.agent is not None]
            if not computers:
                raise ServiceError("no_computer")
            seats = [seat for i, seat in enumerate(row.seats) if i != computers[-1]]
            return await self.storage.update_lobby(row.id, seats=seats)

    async def cancel(
        self, channel_id: int, user_id: int, moderator: bool, game_id: int | None = None
    ) -> GameRow:
        async with self.channel_lock(channel_id):
            row = await self.waiting(channel_id, game_id)
            require_host(row, user_id, moderator)
            return await self.storage.finish(row.id, GameStatus.CANCELLED)
