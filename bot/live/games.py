"""The games this process holds in memory, each behind its own lock.

A game is only ever played by one process (its guild's shard is this
process's, docs/architecture.md), so a running game is read from storage once,
rebuilt from its record, and kept here until it ends: every move, publishing
and clock reads it from here.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from bot.live.live import Live
from bot.live.public_messages import Published
from bot.live.refusals import ServiceError
from bot.storage import GameRow, GameStatus, Storage
from engine import game

log = logging.getLogger(__name__)


class LiveGames:
    """Running games (and ended ones whose last messages are owed), by id."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._locks: dict[int, asyncio.Lock] = {}
        self._live: dict[int, Live] = {}
        # channel -> its running game in `_live`: a command finds it without a query.
        self._running: dict[int, int] = {}

    def count(self) -> int:
        """Games held in memory (running, or ended with messages still owed)."""
        return len(self._live)

    def lock(self, game_id: int) -> asyncio.Lock:
        """The game's lock: one change of it at a time."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def held(self, game_id: int) -> Live | None:
        """The game if this process holds it, else None (no query)."""
        return self._live.get(game_id)

    async def load(self, row: GameRow) -> Live:
        """Rebuild a game from its record and keep it in memory."""
        live = self.rebuild(row)
        self.keep(live)
        return live

    def rebuild(self, row: GameRow) -> Live:
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
        return Live(row, state, row.record, events, published, resumed=True, loaded=published)

    def keep(self, live: Live) -> None:
        self._live[live.id] = live
        if live.row.status == GameStatus.RUNNING:
            self._running[live.row.channel_id] = live.id

    def drop(self, game_id: int) -> None:
        """Forget a game another process wrote first: read again when next asked."""
        self._live.pop(game_id, None)

    async def running(self, channel_id: int) -> Live:
        """The game being played in this channel, or ServiceError no_game."""
        kept = self._live.get(self._running.get(channel_id, -1))
        if kept is not None and kept.row.status == GameStatus.RUNNING:
            return kept  # a game is only ever played by one process
        row = await self.storage.active_game(channel_id)
        if row is None or row.status != GameStatus.RUNNING:
            raise ServiceError("no_game")
        return await self.live(row.id)

    async def live(self, game_id: int) -> Live:
        """A started game, from memory, else loaded; ServiceError unknown_game."""
        live = self._live.get(game_id)
        if live is not None:
            return live
        row = await self.storage.game(game_id)
        if row is None or row.record is None:
            raise ServiceError("unknown_game")
        return await self.load(row)

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
        return await self.load(row) if row.status == GameStatus.RUNNING else self.rebuild(row)

    async def occupant(self, channel_id: int) -> GameRow | None:
        """What this channel holds, its running game (from memory when it is
        there) or its lobby, to tell which game it is: its record may be left
        out."""
        kept = self._live.get(self._running.get(channel_id, -1))
        if kept is not None and kept.row.status == GameStatus.RUNNING:
            return kept.row
        return await self.storage.active_game(channel_id)

    async def save_published(self, live: Live) -> None:
        """Store what the public messages show, with the table's id, in one
        write of its own: the game's last message, what a restart adopted."""
        live.row = await self.storage.set_narration(
            live.id, live.published.to_json(), table_message_id=live.table_id
        )

    def owe_published(self, live: Live) -> None:
        """What the public messages show after a post (its id, the post no
        longer owed) goes to the database with the next write of any game,
        as it stands then, not in a write of its own (a move's one round trip,
        docs/performance.md); a crash before it loses nothing a restart does
        not find again by the post's ids."""

        def now() -> tuple[int, dict[str, Any], int | None]:
            return live.row.version, live.published.to_json(), live.table_id

        self.storage.owe_narration(live.id, now)

    def forget(self, game_id: int) -> None:
        """Let an ended game go from memory, with its lock."""
        live = self._live.pop(game_id, None)
        if live is not None and self._running.get(live.row.channel_id) == game_id:
            del self._running[live.row.channel_id]
        lock = self._locks.get(game_id)
        if lock is not None and not lock.locked():
            del self._locks[game_id]
