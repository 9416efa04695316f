"""`SqlStorage`: `Storage` in portable SQL, each concern's mixin over one backend.

The SQL of each concern is its own module (`sql_games.py`, `sql_players.py`,
`sql_settings.py`, `sql_results.py`), all over one `SqlBackend` (sql_base.py);
`sqlite.py` and `postgres.py` bring the connection.
"""

from __future__ import annotations

from bot.storage.base import Storage
from bot.storage.sql_base import SqlBackend
from bot.storage.sql_games import SqlGames
from bot.storage.sql_players import SqlPlayers
from bot.storage.sql_results import SqlResults
from bot.storage.sql_settings import SqlSettings

__all__ = ["SqlStorage"]


class SqlStorage(SqlGames, SqlPlayers, SqlSettings, SqlResults, SqlBackend, Storage):
    """`Storage` in portable SQL; subclasses bring the connection."""

    async def schema_version(self) -> int:
        async with self._read() as db:
            row = await db.fetchone("SELECT MAX(version) AS v FROM schema_migrations")
        return 0 if row is None or row["v"] is None else int(row["v"])
