"""`GameStore` in portable SQL: the table `games`, from lobby to end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from bot.kit.frozen import replaced
from bot.storage.common import KEEP, Keep
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
from bot.storage.sql_base import Executor, Row, dumps
from bot.storage.sql_batch import Batch
from bot.storage.sql_game_reads import SqlGameReads, game_from_row
from engine.interface import JSON, Settings

__all__ = ["SqlGames", "game_from_row"]

#: Every column of a game but its record and snapshot, the two large ones:
#: what a write returns (the caller holds those two already).
LIGHT = (
    "id, game, guild_id, channel_id, status, host_id, settings, seats, version,"
    " table_message_id, ping_message_id, lobby_message_id, narration, deadline_at,"
    " created_at, updated_at, finished_at, presence"
)


class SqlGames(SqlGameReads, GameStore):
    """`GameStore` over a backend's connection: its writes, beside its reads
    (`SqlGameReads`)."""

    _batch: Batch | None = None

    # -- writing games -----------------------------------------------------

    async def create_lobby(
        self,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        settings: Settings,
        seats: Sequence[Seat],
        *,
        game: str,
    ) -> GameRow:
        now = self._to_db_time(self._now())

        async def body(db: Executor) -> Row | None:
            return await db.fetchone(
                "INSERT INTO games (game, guild_id, channel_id, status, host_id, settings,"
                " seats, created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)"
                " RETURNING *",
                (
                    game,
                    guild_id,
                    channel_id,
                    host_id,
                    dumps(settings),
                    dumps([seat.to_json() for seat in seats]),
                    now,
                    now,
                ),
            )

        try:
            row = await self._transaction(body)
        except Exception as error:
            if not self._is_channel_busy(error):
                raise
            # The partial unique index refused a second active game in the channel.
            busy = await self.active_game(channel_id)
            if busy is None:  # it ended in between; a real integrity error otherwise
                raise
            raise ChannelBusy(channel_id, busy) from None
        assert row is not None
        return self._game_from_row(row)

    async def update_lobby(
        self,
        game_id: int,
        *,
        seats: Sequence[Seat] | None = None,
        settings: Settings | None = None,
        host_id: int | None = None,
    ) -> GameRow:
        changes: dict[str, object] = {}
        if seats is not None:
            changes["seats"] = dumps([seat.to_json() for seat in seats])
        if settings is not None:
            changes["settings"] = dumps(settings)
        if host_id is not None:
            changes["host_id"] = host_id

        async def body(db: Executor) -> GameRow:
            await self._require_status(db, game_id, (GameStatus.LOBBY,))
            return await self._update(db, game_id, changes)

        return await self._transaction(body)

    async def start_game(
        self,
        game_id: int,
        record: JSON,
        snapshot: JSON,
        *,
        version: int,
        deadline_at: datetime | None = None,
        presence: JSON | None = None,
        narration: JSON | None = None,
    ) -> GameRow:
        changes = {
            "status": GameStatus.RUNNING.value,
            "record": dumps(record),
            "snapshot": dumps(snapshot),
            "version": version,
            "deadline_at": self._optional_time(deadline_at),
        }
        if presence is not None:
            changes["presence"] = dumps(presence)
        if narration is not None:
            changes["narration"] = dumps(narration)

        async def body(db: Executor) -> GameRow:
            await self._require_status(db, game_id, (GameStatus.LOBBY,))
            return await self._update(db, game_id, changes, record, snapshot)

        return await self._transaction(body)

    async def commit_action(
        self,
        game_id: int,
        expected_version: int,
        record: JSON,
        snapshot: JSON,
        *,
        version: int,
        status: GameStatus | None = None,
        deadline_at: datetime | Keep | None = None,
        presence: JSON | None = None,
        narration: JSON | None = None,
        table_message_id: int | Keep | None = KEEP,
        row: GameRow | None = None,
    ) -> GameRow:
        if version <= expected_version:
            raise ValueError(
                f"the record stands for version {version}; a commit after version "
                f"{expected_version} must add at least one action"
            )
        if row is not None and (row.id, row.version) != (game_id, expected_version):
            raise ValueError(f"the row given is game {row.id} at version {row.version}")
        now = self._now()
        ending = status is not None and status is not GameStatus.RUNNING
        if ending:
            assert status is not None
            self._ending(status)  # refuses a status that does not end a game
            deadline_at = None
        values = (
            game_id,
            expected_version,
            version,
            dumps(record),
            dumps(snapshot),
            status.value if ending and status is not None else None,
            None if presence is None else dumps(presence),
            None if narration is None else dumps(narration),
            0 if deadline_at is KEEP else 1,
            None if deadline_at is KEEP else self._optional_time(deadline_at),
            0 if table_message_id is KEEP else 1,
            None if table_message_id is KEEP else table_message_id,
            self._to_db_time(now),
            self._to_db_time(now) if ending else None,
        )
        # One row of the next statement (sql_batch.py): its WHERE checks the
        # version and the status, so two writers of one version cannot both pass.
        if not await self._writes.commit(game_id, values):
            await self._refused(game_id, expected_version)
        if row is None:  # no row to make it from: read back (the tests' way; the bot gives it)
            stored = await self.game(game_id)
            if stored is None:
                raise GameNotFound(game_id)
            return stored
        # Made from the row the caller holds and what was just written: nothing read back.
        stored_now = self._from_db_time(self._to_db_time(now))  # as a read would give it
        return replaced(
            row,
            record=dict(record),
            snapshot=dict(snapshot),
            version=version,
            status=status if ending and status is not None else row.status,
            presence=dict(presence) if presence is not None else row.presence,
            narration=dict(narration) if narration is not None else row.narration,
            deadline_at=row.deadline_at if deadline_at is KEEP else deadline_at,
            table_message_id=(
                row.table_message_id if table_message_id is KEEP else table_message_id
            ),
            updated_at=stored_now,
            finished_at=stored_now if ending else row.finished_at,
        )

    async def _refused(self, game_id: int, expected_version: int) -> None:
        """Why a move's row did not apply: read the game (only on this rare path)."""
        async with self._read() as db:
            current = await db.fetchone(
                "SELECT status, version FROM games WHERE id = ?", (game_id,)
            )
        if current is None:
            raise GameNotFound(game_id)
        status_now = GameStatus(current["status"])
        if status_now is not GameStatus.RUNNING:
            raise WrongStatus(game_id, status_now, (GameStatus.RUNNING,))
        raise StaleVersion(game_id, expected_version, current["version"])

    def owe_narration(self, game_id: int, owed: Owed) -> None:
        self._writes.owe(game_id, owed)

    async def flush(self) -> None:
        if self._batch is not None:
            await self._batch.flush()

    @property
    def _writes(self) -> Batch:
        """The games' writes gathered into statements (sql_batch.py), made at first use."""
        if self._batch is None:
            self._batch = Batch(self._rows, self._param, self._owed_row)
        return self._batch

    def _owed_row(self, game_id: int, owed: Owed) -> tuple[object, ...]:
        """An owed game's row: what its messages show, at the version stored."""
        version, narration, table_message_id = owed()
        keep = (None, None, None, None)  # record, snapshot, status, presence
        shown = (dumps(narration), 0, None, 1, table_message_id)  # the deadline kept
        return (game_id, version, version, *keep, *shown, self._to_db_time(self._now()), None)

    async def set_messages(
        self,
        game_id: int,
        *,
        table_message_id: int | Keep | None = KEEP,
        ping_message_id: int | Keep | None = KEEP,
        lobby_message_id: int | Keep | None = KEEP,
    ) -> GameRow:
        given = {
            "table_message_id": table_message_id,
            "ping_message_id": ping_message_id,
            "lobby_message_id": lobby_message_id,
        }
        changes = {column: value for column, value in given.items() if value is not KEEP}
        return await self._update_one(game_id, changes)

    async def set_narration(
        self,
        game_id: int,
        narration: JSON,
        *,
        table_message_id: int | Keep | None = KEEP,
    ) -> GameRow:
        changes: dict[str, object] = {"narration": dumps(narration)}
        if table_message_id is not KEEP:
            changes["table_message_id"] = table_message_id
        return await self._update_one(game_id, changes)

    async def set_presence(
        self,
        game_id: int,
        presence: JSON,
        *,
        deadline_at: datetime | Keep | None = KEEP,
        narration: JSON | None = None,
    ) -> GameRow:
        changes: dict[str, object] = {"presence": dumps(presence)}
        if deadline_at is not KEEP:
            changes["deadline_at"] = self._optional_time(deadline_at)
        if narration is not None:
            changes["narration"] = dumps(narration)
        return await self._update_one(game_id, changes)

    async def set_deadline(self, game_id: int, deadline_at: datetime | None) -> GameRow:
        return await self._update_one(game_id, {"deadline_at": self._optional_time(deadline_at)})

    async def finish(self, game_id: int, status: GameStatus = GameStatus.FINISHED) -> GameRow:
        changes = self._ending(status)

        async def body(db: Executor) -> GameRow:
            await self._require_status(db, game_id, (GameStatus.LOBBY, GameStatus.RUNNING))
            return await self._update(db, game_id, changes)

        return await self._transaction(body)

    # -- internals ---------------------------------------------------------

    async def _require_status(
        self, db: Executor, game_id: int, allowed: Sequence[GameStatus]
    ) -> Row:
        row = await db.fetchone(
            f"SELECT status, version FROM games WHERE id = ?{self.lock_row}", (game_id,)
        )
        if row is None:
            raise GameNotFound(game_id)
        status = GameStatus(row["status"])
        if status not in allowed:
            raise WrongStatus(game_id, status, allowed)
        return row

    async def _update_one(self, game_id: int, changes: Mapping[str, object]) -> GameRow:
        """`_update` as a statement of its own (`_statement`)."""
        sql, params = self._update_sql(game_id, changes)
        row = await self._statement(sql, params)
        if row is None:
            raise GameNotFound(game_id)
        return self._game_from_row(row, None, None)

    def _update_sql(
        self, game_id: int, changes: Mapping[str, object]
    ) -> tuple[str, tuple[object, ...]]:
        columns = {**changes, "updated_at": self._to_db_time(self._now())}
        # Column names come from this module's literals only, never from callers.
        assignments = ", ".join(f"{column} = ?" for column in columns)
        sql = f"UPDATE games SET {assignments} WHERE id = ? RETURNING {LIGHT}"
        return sql, (*columns.values(), game_id)

    async def _update(
        self,
        db: Executor,
        game_id: int,
        changes: Mapping[str, object],
        record: JSON | None = None,
        snapshot: JSON | None = None,
    ) -> GameRow:
        """Apply `changes` (column → SQL value) to one game and return the new
        row: with `record` and `snapshot` as given (the values just written),
        None where not given, rather than read back and decoded on every write."""
        row = await db.fetchone(*self._update_sql(game_id, changes))
        if row is None:
            raise GameNotFound(game_id)
        return self._game_from_row(row, record, snapshot)

    def _ending(self, status: GameStatus) -> dict[str, object]:
        if status.active:
            raise ValueError(f"{status} does not end a game")
        return {
            "status": status.value,
            "finished_at": self._to_db_time(self._now()),
            "deadline_at": None,
        }

    def _optional_time(self, moment: datetime | None) -> object:
        return None if moment is None else self._to_db_time(moment)
