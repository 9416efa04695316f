"""Reading the table `games` in portable SQL: a game by id or channel, the
games of this process's shards, what falls due; rows made into `GameRow`s
(what `bot.storage.sql_games` writes, it returns the same way)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

import orjson

from bot.kit.shards import Shards
from bot.storage.common import KEEP, Keep
from bot.storage.games import GameRow, GameStatus, Seat
from bot.storage.sql_base import Row, SqlBackend
from engine.interface import JSON

__all__ = ["ACTIVE", "SqlGameReads", "game_from_row"]

ACTIVE = "status IN ('lobby', 'running')"


class SqlGameReads(SqlBackend):
    """The reads of `GameStore` over a backend's connection."""

    async def game(self, game_id: int) -> GameRow | None:
        return await self._select_one("SELECT * FROM games WHERE id = ?", (game_id,))

    async def active_game(self, channel_id: int) -> GameRow | None:
        return await self._select_one(
            f"SELECT * FROM games WHERE channel_id = ? AND {ACTIVE}", (channel_id,)
        )

    async def unfinished_games(self, *, shards: Shards | None = None) -> list[GameRow]:
        where, params = _shard_filter(shards)
        return await self._select(f"SELECT * FROM games WHERE {ACTIVE}{where} ORDER BY id", params)

    async def ended_since(self, moment: datetime, *, shards: Shards | None = None) -> list[GameRow]:
        where, params = _shard_filter(shards)
        return await self._select(
            "SELECT * FROM games WHERE status IN ('finished', 'cancelled')"
            f" AND record IS NOT NULL AND finished_at >= ?{where} ORDER BY id",
            (self._to_db_time(moment), *params),
        )

    async def last_finished_game(
        self, channel_id: int, *, include_cancelled: bool = False
    ) -> GameRow | None:
        ended = "('finished', 'cancelled')" if include_cancelled else "('finished')"
        return await self._select_one(
            f"SELECT * FROM games WHERE channel_id = ? AND status IN {ended}"
            " ORDER BY finished_at DESC, id DESC LIMIT 1",
            (channel_id,),
        )

    async def next_deadline(self, *, shards: Shards | None = None) -> tuple[datetime, int] | None:
        # Walks the partial index games_by_deadline from its start: one row read
        # when every game is on this process's shards.
        where, params = _shard_filter(shards)
        async with self._read() as db:
            row = await db.fetchone(
                "SELECT deadline_at, id FROM games WHERE deadline_at IS NOT NULL"
                f" AND {ACTIVE}{where} ORDER BY deadline_at, id LIMIT 1",
                params,
            )
        return None if row is None else (self._from_db_time(row["deadline_at"]), row["id"])

    async def due_games(self, now: datetime, *, shards: Shards | None = None) -> list[GameRow]:
        where, params = _shard_filter(shards)
        return await self._select(
            "SELECT * FROM games WHERE deadline_at IS NOT NULL AND deadline_at <= ?"
            f" AND {ACTIVE}{where} ORDER BY deadline_at, id",
            (self._to_db_time(now), *params),
        )

    async def oldest_lobby(self, *, shards: Shards | None = None) -> tuple[datetime, int] | None:
        where, params = _shard_filter(shards)
        async with self._read() as db:
            row = await db.fetchone(
                f"SELECT updated_at, id FROM games WHERE status = 'lobby'{where}"
                " ORDER BY updated_at, id LIMIT 1",
                params,
            )
        return None if row is None else (self._from_db_time(row["updated_at"]), row["id"])

    async def idle_lobbies(
        self, updated_before: datetime, *, shards: Shards | None = None
    ) -> list[GameRow]:
        where, params = _shard_filter(shards)
        return await self._select(
            f"SELECT * FROM games WHERE status = 'lobby' AND updated_at < ?{where}"
            " ORDER BY updated_at, id",
            (self._to_db_time(updated_before), *params),
        )

    async def _select_one(self, sql: str, params: Sequence[object]) -> GameRow | None:
        async with self._read() as db:
            row = await db.fetchone(sql, params)
        return None if row is None else self._game_from_row(row)

    async def _select(self, sql: str, params: Sequence[object]) -> list[GameRow]:
        async with self._read() as db:
            rows = await db.fetchall(sql, params)
        return [self._game_from_row(row) for row in rows]

    def _game_from_row(
        self, row: Row, record: JSON | Keep | None = KEEP, snapshot: JSON | Keep | None = KEEP
    ) -> GameRow:
        return game_from_row(self._from_db_time, row, record, snapshot)


def game_from_row(
    from_db_time: Callable[[object], datetime],
    row: Row,
    record: JSON | Keep | None = KEEP,
    snapshot: JSON | Keep | None = KEEP,
) -> GameRow:
    """A game from its row, moments read with `from_db_time`; `record` and
    `snapshot`, where given, instead of the row's (a write's row has neither:
    `LIGHT`)."""

    def moment(value: object) -> datetime | None:
        return None if value is None else from_db_time(value)

    return GameRow(
        id=row["id"],
        game=row["game"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        status=GameStatus(row["status"]),
        host_id=row["host_id"],
        settings=orjson.loads(row["settings"]),
        seats=tuple(Seat.from_json(seat) for seat in orjson.loads(row["seats"])),
        record=_optional_json(row["record"]) if record is KEEP else record,
        snapshot=_optional_json(row["snapshot"]) if snapshot is KEEP else snapshot,
        version=row["version"],
        table_message_id=row["table_message_id"],
        ping_message_id=row["ping_message_id"],
        lobby_message_id=row["lobby_message_id"],
        narration=orjson.loads(row["narration"]),
        deadline_at=moment(row["deadline_at"]),
        created_at=from_db_time(row["created_at"]),
        updated_at=from_db_time(row["updated_at"]),
        finished_at=moment(row["finished_at"]),
        presence=orjson.loads(row["presence"]),
    )


def _shard_filter(shards: Shards | None) -> tuple[str, tuple[object, ...]]:
    """An `AND …` clause keeping the games on `shards`, and its parameters.

    Computed from guild_id rather than stored, so a change of shard count
    needs no rewrite of the table.
    """
    if shards is None or shards.ids is None:
        return "", ()
    if not shards.ids:
        return " AND 1 = 0", ()
    ids = sorted(shards.ids)
    marks = ", ".join("?" for _ in ids)
    # Parenthesised: % binds tighter than >> in both SQLite and PostgreSQL.
    return (
        f" AND ((COALESCE(guild_id, 0) >> 22) % ?) IN ({marks})",
        (shards.count, *ids),
    )


def _optional_json(text: str | None) -> JSON | None:
    return None if text is None else orjson.loads(text)
