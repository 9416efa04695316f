"""`SettingStore` in portable SQL: the table `meta`."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bot.storage.cache import Kept
from bot.storage.settings import SettingStore
from bot.storage.sql_base import Executor, SqlBackend

__all__ = ["SqlSettings"]


class SqlSettings(SqlBackend, SettingStore):
    """`SettingStore` over a backend's connection; values read are kept for
    `kept_seconds` (bot.storage.cache), since every click asks for one."""

    def __init__(self, now: Callable[[], datetime]) -> None:
        super().__init__(now)
        self._meta: Kept[str, str | None] = Kept(self.kept_seconds)

    async def get_meta(self, key: str) -> str | None:
        found, value = self._meta.get(key)
        if found:
            return value
        since = self._meta.changes
        async with self._read() as db:
            row = await db.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        value = None if row is None else str(row["value"])
        self._meta.put(key, value, since)
        return value

    async def set_meta(self, key: str, value: str) -> None:
        async def body(db: Executor) -> None:
            await db.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

        since = self._meta.changes
        await self._transaction(body)
        self._meta.put(key, value, since)
