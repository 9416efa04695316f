"""What the bot asks of its database: `Storage`, the four stores in one.

Each concern has its own interface and its own module: the tables being
played (`GameStore`, games.py), each player's own data (`PlayerStore`,
players.py), the bot's settings by key (`SettingStore`, settings.py), and
results, ratings and history (`ResultStore`, results.py). `Storage` is all
four over one database, what `open_storage` in `__init__.py` returns; a
caller that needs one concern may ask for that interface alone.

Two implementations stand behind it (SQLite in `sqlite.py`, PostgreSQL in
`postgres.py`), each the SQL of every concern (`sql_*.py`) over its own
connection. Both make the same promises:

- every write is committed before its method returns, so nothing acknowledged
  to a player is lost in a crash;
- a game's record and snapshot change together, in one transaction;
- `commit_action` checks the stored version, so an action is never applied
  twice, whichever process or connection tries;
- a channel has at most one game in the lobby or running (`ChannelBusy`), held
  by a unique index, so it holds across processes too.

Rows come back as frozen dataclasses with the JSON columns already decoded.
What a record holds is the game's business: storage names no game, and keeps
a record as given with the version its caller says it stands for.
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Self

from bot.storage.common import utc_now
from bot.storage.games import GameStore
from bot.storage.players import PlayerStore
from bot.storage.results import ResultStore
from bot.storage.settings import SettingStore

__all__ = ["Storage"]


class Storage(GameStore, PlayerStore, SettingStore, ResultStore):
    """The bot's database. Open with `await open_storage(url_or_path)` (or `Storage.open`)."""

    #: "sqlite" or "postgresql".
    backend: str

    @classmethod
    async def open(
        cls, url_or_path: str | Path, *, now: Callable[[], datetime] = utc_now
    ) -> Storage:
        """Same as `open_storage`: a `postgresql://` URL, else a SQLite file path."""
        from bot.storage import open_storage  # the factory knows every backend

        return await open_storage(url_or_path, now=now)

    @abc.abstractmethod
    async def close(self) -> None: ...

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @abc.abstractmethod
    async def schema_version(self) -> int:
        """The highest migration applied (rows of `schema_migrations`)."""
