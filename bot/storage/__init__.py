"""Durable storage: `Storage` (games, players, settings, results), its rows, and `open_storage`.

`open_storage("postgresql://…")` gives PostgreSQL (several processes, one
database); anything else is a SQLite file path (one process).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from bot.kit.shards import Shards
from bot.storage.base import Storage
from bot.storage.common import KEEP, Keep, StorageError, utc_now
from bot.storage.games import (
    ChannelBusy,
    GameNotFound,
    GameRow,
    GameStatus,
    GameStore,
    Owed,
    Seat,
    StaleVersion,
    WrongStatus,
)
from bot.storage.players import PlayerStore
from bot.storage.results import GameResult, Rate, Rating, ResultRow, ResultStore
from bot.storage.settings import SettingStore

__all__ = [
    "KEEP",
    "ChannelBusy",
    "GameNotFound",
    "GameResult",
    "GameRow",
    "GameStatus",
    "GameStore",
    "Keep",
    "Owed",
    "PlayerStore",
    "Rate",
    "Rating",
    "ResultRow",
    "ResultStore",
    "Seat",
    "SettingStore",
    "Shards",
    "StaleVersion",
    "Storage",
    "StorageError",
    "WrongStatus",
    "is_postgres_url",
    "open_storage",
]

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(url_or_path: str | Path) -> bool:
    return isinstance(url_or_path, str) and url_or_path.startswith(POSTGRES_SCHEMES)


async def open_storage(
    url_or_path: str | Path, *, now: Callable[[], datetime] = utc_now
) -> Storage:
    """Open the database, migrated to this bot's schema: PostgreSQL for a
    `postgresql://` URL, else the SQLite file at that path (or ":memory:")."""
    if is_postgres_url(url_or_path):
        # Imported here: a SQLite-only bot never loads asyncpg.
        from bot.storage.postgres import PostgresStorage

        return await PostgresStorage.connect(str(url_or_path), now=now)
    from bot.storage.sqlite import SqliteStorage

    return await SqliteStorage.connect(url_or_path, now=now)
