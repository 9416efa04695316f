"""`PlayerStore` in portable SQL: the table `user_preferences`, and forgetting a user."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime

from bot.storage.cache import Kept
from bot.storage.games import Seat
from bot.storage.players import PlayerStore
from bot.storage.sql_base import Executor, SqlBackend, dumps
from engine.interface import JSON

__all__ = ["SqlPlayers"]


class SqlPlayers(SqlBackend, PlayerStore):
    """`PlayerStore` over a backend's connection; preferences read are kept
    for `kept_seconds` (bot.storage.cache), since every click asks for them."""

    def __init__(self, now: Callable[[], datetime]) -> None:
        super().__init__(now)
        self._preferences: Kept[int, JSON] = Kept(self.kept_seconds)

    async def preferences(self, user_id: int) -> JSON:
        found, kept = self._preferences.get(user_id)
        if found and kept is not None:
            return dict(kept)
        since = self._preferences.changes
        async with self._read() as db:
            row = await db.fetchone(
                "SELECT preferences FROM user_preferences WHERE user_id = ?", (user_id,)
            )
        preferences = {} if row is None else dict(json.loads(row["preferences"]))
        self._preferences.put(user_id, preferences, since)
        return dict(preferences)

    async def set_preferences(self, user_id: int, **changes: object) -> JSON:
        def change(preferences: JSON) -> bool:
            preferences.update(changes)
            return True

        preferences, _ = await self._change_preferences(user_id, change)
        return preferences

    async def claim_preference(self, user_id: int, key: str) -> bool:
        def change(preferences: JSON) -> bool:
            if preferences.get(key):
                return False
            preferences[key] = True
            return True

        _, claimed = await self._change_preferences(user_id, change)
        return claimed

    async def _change_preferences(
        self, user_id: int, change: Callable[[JSON], bool]
    ) -> tuple[JSON, bool]:
        """Read a user's settings, `change` them in place and write them back if
        it says so, in one transaction (the row locked on PostgreSQL)."""

        async def body(db: Executor) -> tuple[JSON, bool]:
            # A row to lock even for a user with no settings yet: two processes'
            # claims then wait for each other instead of both finding nothing.
            await db.execute(
                "INSERT INTO user_preferences (user_id, preferences) VALUES (?, '{}')"
                " ON CONFLICT (user_id) DO NOTHING",
                (user_id,),
            )
            row = await db.fetchone(
                f"SELECT preferences FROM user_preferences WHERE user_id = ?{self.lock_row}",
                (user_id,),
            )
            assert row is not None  # inserted just above if it was missing
            preferences = dict(json.loads(row["preferences"]))
            if not change(preferences):
                return preferences, False
            preferences = {k: v for k, v in preferences.items() if v is not None}
            await db.execute(
                "UPDATE user_preferences SET preferences = ? WHERE user_id = ?",
                (json.dumps(preferences, separators=(",", ":")), user_id),
            )
            return preferences, True

        since = self._preferences.changes
        try:
            preferences, changed = await self._transaction(body)
        except BaseException:
            self._preferences.drop(user_id)
            raise
        self._preferences.put(user_id, preferences, since)
        return dict(preferences), changed

    async def forget_player(self, user_id: int) -> int:
        async def body(db: Executor) -> int:
            counted = await db.fetchone(
                "SELECT COUNT(*) AS n FROM results WHERE user_id = ?", (user_id,)
            )
            await db.execute("DELETE FROM results WHERE user_id = ?", (user_id,))
            await db.execute("DELETE FROM ratings WHERE player = ?", (str(user_id),))
            # Ended games keep the seat's name and lose the user behind it.
            # Seats are stored compactly (dumps), so the user's id appears as
            # "user_id":<id>, exactly.
            games = await db.fetchall(
                "SELECT id, seats, host_id FROM games"
                " WHERE status IN ('finished', 'cancelled') AND seats LIKE ?",
                (f'%"user_id":{int(user_id)},%',),
            )
            for row in games:
                seats = [Seat.from_json(seat) for seat in json.loads(row["seats"])]
                kept = [
                    Seat(None, seat.name, seat.agent) if seat.user_id == user_id else seat
                    for seat in seats
                ]
                host = 0 if row["host_id"] == user_id else row["host_id"]
                await db.execute(
                    "UPDATE games SET seats = ?, host_id = ? WHERE id = ?",
                    (dumps([seat.to_json() for seat in kept]), host, row["id"]),
                )
            return 0 if counted is None else int(counted["n"])

        return await self._transaction(body)
