"""The SQL both backends share: one set of portable statements over a small driver.

Statements are written once, with `?` placeholders, in SQL that SQLite and
PostgreSQL read alike. A backend supplies the connection handling (how a
transaction is begun and how a row is locked), how a moment is stored, and
how it recognises the one-active-game-per-channel index refusing an insert.
"""

from __future__ import annotations

import abc
import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from typing import Any, Protocol, TypeVar

from .base import (
    DEFAULT_GAME,
    KEEP,
    ChannelBusy,
    GameNotFound,
    GameResult,
    GameRow,
    GameStatus,
    Keep,
    Rate,
    Rating,
    ResultRow,
    Seat,
    Shards,
    StaleVersion,
    Storage,
    WrongStatus,
)
from .cache import Kept

ACTIVE = "status IN ('lobby', 'running')"
T = TypeVar("T")
#: Every column of a game but its record and snapshot, the two large ones:
#: what a write returns (the caller holds those two already).
LIGHT = (
    "id, game, guild_id, channel_id, status, host_id, settings, seats, version,"
    " table_message_id, ping_message_id, lobby_message_id, narration, deadline_at,"
    " created_at, updated_at, finished_at, presence"
)


class Row(Protocol):
    def __getitem__(self, key: str, /) -> Any: ...


class Executor(Protocol):
    """One connection, inside a transaction when it came from `_write`."""

    async def fetchone(self, sql: str, params: Sequence[object] = ()) -> Row | None: ...

    async def fetchall(self, sql: str, params: Sequence[object] = ()) -> Sequence[Row]: ...

    async def execute(self, sql: str, params: Sequence[object] = ()) -> None: ...


class SqlStorage(Storage):
    """`Storage` in portable SQL; subclasses bring the connection."""

    #: Appended to the status check inside a write, to lock the game's row
    #: until the commit (PostgreSQL). SQLite's BEGIN IMMEDIATE locks the file.
    lock_row = ""

    #: Seconds a setting or preference read is trusted (bot.storage.cache):
    #: another process may change it.
    kept_seconds = 30.0

    def __init__(self, now: Callable[[], datetime]) -> None:
        self._now = now
        self._meta: Kept[str, str | None] = Kept(self.kept_seconds)
        self._preferences: Kept[int, dict[str, Any]] = Kept(self.kept_seconds)

    # -- what a backend provides -------------------------------------------

    @abc.abstractmethod
    def _read(self) -> AbstractAsyncContextManager[Executor]:
        """A connection for reading."""

    @abc.abstractmethod
    async def _transaction(self, body: Callable[[Executor], Awaitable[T]]) -> T:
        """`await body(db)` in one transaction, committed when it returns.
        `body` awaits nothing but `db`: a backend may run it in one go on its
        database thread (SQLite), so a write costs one trip there, not one a
        statement."""

    @abc.abstractmethod
    def _to_db_time(self, moment: datetime) -> object:
        """A moment as a statement parameter."""

    @abc.abstractmethod
    def _from_db_time(self, value: Any) -> datetime:
        """A moment as the database returned it."""

    @abc.abstractmethod
    def _is_channel_busy(self, error: Exception) -> bool:
        """Whether an INSERT failed on the one-active-game-per-channel index."""

    # -- reading games -----------------------------------------------------

    async def schema_version(self) -> int:
        async with self._read() as db:
            row = await db.fetchone("SELECT MAX(version) AS v FROM schema_migrations")
        return 0 if row is None or row["v"] is None else int(row["v"])

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

    # -- writing games -----------------------------------------------------

    async def create_lobby(
        self,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        settings: Mapping[str, Any],
        seats: Sequence[Seat],
        *,
        game: str = DEFAULT_GAME,
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
        settings: Mapping[str, Any] | None = None,
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
        record: Mapping[str, Any],
        snapshot: Mapping[str, Any],
        *,
        deadline_at: datetime | None = None,
    ) -> GameRow:
        changes = {
            "status": GameStatus.RUNNING.value,
            "record": dumps(record),
            "snapshot": dumps(snapshot),
            "version": action_count(record),
            "deadline_at": self._optional_time(deadline_at),
        }

        async def body(db: Executor) -> GameRow:
            await self._require_status(db, game_id, (GameStatus.LOBBY,))
            return await self._update(db, game_id, changes, record, snapshot)

        return await self._transaction(body)

    async def commit_action(
        self,
        game_id: int,
        expected_version: int,
        record: Mapping[str, Any],
        snapshot: Mapping[str, Any],
        *,
        status: GameStatus | None = None,
        deadline_at: datetime | Keep | None = None,
        presence: Mapping[str, Any] | None = None,
    ) -> GameRow:
        new_version = action_count(record)
        if new_version <= expected_version:
            raise ValueError(
                f"the record has {new_version} actions; a commit after version "
                f"{expected_version} must add at least one"
            )
        changes: dict[str, object] = {
            "record": dumps(record),
            "snapshot": dumps(snapshot),
            "version": new_version,
        }
        if deadline_at is not KEEP:
            changes["deadline_at"] = self._optional_time(deadline_at)
        if presence is not None:
            changes["presence"] = dumps(presence)
        if status is not None and status is not GameStatus.RUNNING:
            changes |= self._ending(status)

        async def body(db: Executor) -> GameRow:
            # The row stays locked from this read to the commit, so two writers of
            # one version cannot both pass the check.
            current = await self._require_status(db, game_id, (GameStatus.RUNNING,))
            if current["version"] != expected_version:
                raise StaleVersion(game_id, expected_version, current["version"])
            return await self._update(db, game_id, changes, record, snapshot)

        return await self._transaction(body)

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

        async def body(db: Executor) -> GameRow:
            return await self._update(db, game_id, changes)

        return await self._transaction(body)

    async def set_narration(self, game_id: int, narration: Mapping[str, Any]) -> GameRow:
        async def body(db: Executor) -> GameRow:
            return await self._update(db, game_id, {"narration": dumps(narration)})

        return await self._transaction(body)

    async def set_presence(
        self,
        game_id: int,
        presence: Mapping[str, Any],
        *,
        deadline_at: datetime | Keep | None = KEEP,
    ) -> GameRow:
        changes: dict[str, object] = {"presence": dumps(presence)}
        if deadline_at is not KEEP:
            changes["deadline_at"] = self._optional_time(deadline_at)

        async def body(db: Executor) -> GameRow:
            return await self._update(db, game_id, changes)

        return await self._transaction(body)

    async def set_deadline(self, game_id: int, deadline_at: datetime | None) -> GameRow:
        async def body(db: Executor) -> GameRow:
            return await self._update(
                db, game_id, {"deadline_at": self._optional_time(deadline_at)}
            )

        return await self._transaction(body)

    async def finish(self, game_id: int, status: GameStatus = GameStatus.FINISHED) -> GameRow:
        changes = self._ending(status)

        async def body(db: Executor) -> GameRow:
            await self._require_status(db, game_id, (GameStatus.LOBBY, GameStatus.RUNNING))
            return await self._update(db, game_id, changes)

        return await self._transaction(body)

    # -- meta --------------------------------------------------------------

    async def get_meta(self, key: str) -> str | None:
        found, value = self._meta.get(key)
        if found:
            return value
        async with self._read() as db:
            row = await db.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        value = None if row is None else str(row["value"])
        self._meta.put(key, value)
        return value

    async def set_meta(self, key: str, value: str) -> None:
        async def body(db: Executor) -> None:
            await db.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

        await self._transaction(body)
        self._meta.put(key, value)

    # -- user preferences ------------------------------------------------

    async def preferences(self, user_id: int) -> dict[str, Any]:
        found, kept = self._preferences.get(user_id)
        if found and kept is not None:
            return dict(kept)
        async with self._read() as db:
            row = await db.fetchone(
                "SELECT preferences FROM user_preferences WHERE user_id = ?", (user_id,)
            )
        preferences = {} if row is None else dict(json.loads(row["preferences"]))
        self._preferences.put(user_id, preferences)
        return dict(preferences)

    async def set_preferences(self, user_id: int, **changes: Any) -> dict[str, Any]:
        def change(preferences: dict[str, Any]) -> bool:
            preferences.update(changes)
            return True

        preferences, _ = await self._change_preferences(user_id, change)
        return preferences

    async def claim_preference(self, user_id: int, key: str) -> bool:
        def change(preferences: dict[str, Any]) -> bool:
            if preferences.get(key):
                return False
            preferences[key] = True
            return True

        _, claimed = await self._change_preferences(user_id, change)
        return claimed

    async def _change_preferences(
        self, user_id: int, change: Callable[[dict[str, Any]], bool]
    ) -> tuple[dict[str, Any], bool]:
        """Read a user's settings, `change` them in place and write them back if
        it says so, in one transaction (the row locked on PostgreSQL)."""

        async def body(db: Executor) -> tuple[dict[str, Any], bool]:
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

        try:
            preferences, changed = await self._transaction(body)
        except BaseException:
            self._preferences.drop(user_id)
            raise
        self._preferences.put(user_id, preferences)
        return dict(preferences), changed

    # -- results and ratings -----------------------------------------------

    async def record_result(
        self, result: GameResult, rate: Rate, periods: Sequence[str] = ("all",)
    ) -> bool:
        finished = self._to_db_time(result.finished_at)

        async def body(db: Executor) -> bool:
            for index, seat in enumerate(result.seats):
                inserted = await db.fetchone(
                    "INSERT INTO results (game_id, seat, guild_id, game, variant, finished_at,"
                    " player, user_id, name, place, score, made)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (game_id, seat) DO NOTHING RETURNING seat",
                    (
                        result.game_id,
                        seat.seat,
                        result.guild_id,
                        result.game,
                        result.variant,
                        finished,
                        seat.player,
                        seat.user_id,
                        seat.name,
                        seat.place,
                        seat.score,
                        dumps(list(seat.made)),
                    ),
                )
                if inserted is None:
                    if index == 0:
                        return False  # recorded before (by this process or another)
                    raise ValueError(f"game {result.game_id} repeats seat {seat.seat}")
            for period in periods:
                await self._rate(db, result, rate, period)
            return True

        return await self._transaction(body)

    async def _rate(self, db: Executor, result: GameResult, rate: Rate, period: str) -> None:
        players = sorted({seat.player for seat in result.seats})
        # A player's first game in a period has no row to lock, and two games
        # ending at once would both rate from nothing: an empty row (no games)
        # is made first, in the players' order, so the second writer waits for
        # the first and then reads its row. It never outlives this transaction.
        for player in players:
            await db.execute(
                "INSERT INTO ratings (guild_id, game, period, player, name, mu, sigma, ordinal,"
                " games, wins) VALUES (?, ?, ?, ?, '', 0, 0, 0, 0, 0)"
                " ON CONFLICT (guild_id, game, period, player) DO NOTHING",
                (result.guild_id, result.game, period, player),
            )
        marks = ", ".join("?" for _ in players)
        rows = await db.fetchall(
            "SELECT player, mu, sigma, games, wins FROM ratings"
            f" WHERE guild_id = ? AND game = ? AND period = ? AND player IN ({marks})"
            f"{self.lock_row}",
            (result.guild_id, result.game, period, *players),
        )
        priors = {row["player"]: row for row in rows if row["games"]}
        after = rate(result, {p: (row["mu"], row["sigma"]) for p, row in priors.items()})
        for player in players:
            seats = [seat for seat in result.seats if seat.player == player]
            prior = priors.get(player)
            games = (prior["games"] if prior else 0) + 1
            wins = (prior["wins"] if prior else 0) + any(seat.place == 1 for seat in seats)
            mu, sigma = after[player]
            await db.execute(
                "INSERT INTO ratings (guild_id, game, period, player, name, mu, sigma, ordinal,"
                " games, wins) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id, game, period, player) DO UPDATE SET"
                " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,"
                " ordinal = excluded.ordinal, games = excluded.games, wins = excluded.wins",
                (
                    result.guild_id,
                    result.game,
                    period,
                    player,
                    seats[0].name,
                    mu,
                    sigma,
                    mu - 3 * sigma,
                    games,
                    wins,
                ),
            )

    async def player_results(self, guild_id: int, game: str, player: str) -> list[ResultRow]:
        async with self._read() as db:
            rows = await db.fetchall(
                "SELECT * FROM results WHERE guild_id = ? AND game = ? AND player = ?"
                " ORDER BY finished_at DESC, game_id DESC",
                (guild_id, game, player),
            )
        return [self._result_from_row(row) for row in rows]

    async def computers_beaten(self, guild_id: int, game: str, player: str) -> dict[str, int]:
        async with self._read() as db:
            rows = await db.fetchall(
                "SELECT c.player AS player, COUNT(*) AS beaten FROM results me"
                " JOIN results c ON c.game_id = me.game_id"
                " WHERE me.guild_id = ? AND me.game = ? AND me.player = ?"
                " AND c.player LIKE 'computer:%' AND c.place > me.place"
                " GROUP BY c.player",
                (guild_id, game, player),
            )
        return {row["player"]: int(row["beaten"]) for row in rows}

    async def leaderboard(
        self, guild_id: int, game: str, period: str, *, min_games: int = 1, limit: int = 10
    ) -> list[Rating]:
        # Walks the index ratings_board from the best rating down.
        async with self._read() as db:
            rows = await db.fetchall(
                "SELECT player, name, mu, sigma, games, wins FROM ratings"
                " WHERE guild_id = ? AND game = ? AND period = ? AND games >= ?"
                " ORDER BY ordinal DESC, player LIMIT ?",
                (guild_id, game, period, min_games, limit),
            )
        return [
            Rating(
                player=row["player"],
                name=row["name"],
                mu=float(row["mu"]),
                sigma=float(row["sigma"]),
                games=int(row["games"]),
                wins=int(row["wins"]),
            )
            for row in rows
        ]

    async def finished_games(self, guild_id: int, *, limit: int = 10) -> list[GameRow]:
        return await self._select(
            "SELECT * FROM games WHERE COALESCE(guild_id, 0) = ? AND status = 'finished'"
            " ORDER BY finished_at DESC, id DESC LIMIT ?",
            (guild_id, limit),
        )

    async def places(self, game_ids: Sequence[int]) -> dict[int, dict[int, int]]:
        found: dict[int, dict[int, int]] = {game_id: {} for game_id in game_ids}
        if not game_ids:
            return found
        marks = ", ".join("?" for _ in game_ids)
        async with self._read() as db:
            rows = await db.fetchall(
                f"SELECT game_id, seat, place FROM results WHERE game_id IN ({marks})",
                tuple(game_ids),
            )
        for row in rows:
            found[row["game_id"]][row["seat"]] = row["place"]
        return found

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

    # -- internals ---------------------------------------------------------

    def _result_from_row(self, row: Row) -> ResultRow:
        return ResultRow(
            game_id=row["game_id"],
            seat=row["seat"],
            player=row["player"],
            user_id=row["user_id"],
            name=row["name"],
            place=row["place"],
            score=row["score"],
            made=tuple(json.loads(row["made"])),
            game=row["game"],
            variant=row["variant"],
            guild_id=row["guild_id"],
            finished_at=self._from_db_time(row["finished_at"]),
        )

    async def _select_one(self, sql: str, params: Sequence[object]) -> GameRow | None:
        async with self._read() as db:
            row = await db.fetchone(sql, params)
        return None if row is None else self._game_from_row(row)

    async def _select(self, sql: str, params: Sequence[object]) -> list[GameRow]:
        async with self._read() as db:
            rows = await db.fetchall(sql, params)
        return [self._game_from_row(row) for row in rows]

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

    async def _update(
        self,
        db: Executor,
        game_id: int,
        changes: Mapping[str, object],
        record: Mapping[str, Any] | None = None,
        snapshot: Mapping[str, Any] | None = None,
    ) -> GameRow:
        """Apply `changes` (column → SQL value) to one game and return the new
        row: with `record` and `snapshot` as given (the values just written),
        None where not given, rather than read back and decoded on every write."""
        columns = {**changes, "updated_at": self._to_db_time(self._now())}
        # Column names come from this module's literals only, never from callers.
        assignments = ", ".join(f"{column} = ?" for column in columns)
        row = await db.fetchone(
            f"UPDATE games SET {assignments} WHERE id = ? RETURNING {LIGHT}",
            (*columns.values(), game_id),
        )
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

    def _optional_datetime(self, value: Any) -> datetime | None:
        return None if value is None else self._from_db_time(value)

    def _game_from_row(self, row: Row, record: Any = KEEP, snapshot: Any = KEEP) -> GameRow:
        """A game from its row; `record` and `snapshot`, where given, instead
        of the row's (a write's row has neither: `LIGHT`)."""
        return GameRow(
            id=row["id"],
            game=row["game"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            status=GameStatus(row["status"]),
            host_id=row["host_id"],
            settings=json.loads(row["settings"]),
            seats=tuple(Seat.from_json(seat) for seat in json.loads(row["seats"])),
            record=_optional_json(row["record"]) if record is KEEP else record,
            snapshot=_optional_json(row["snapshot"]) if snapshot is KEEP else snapshot,
            version=row["version"],
            table_message_id=row["table_message_id"],
            ping_message_id=row["ping_message_id"],
            lobby_message_id=row["lobby_message_id"],
            narration=json.loads(row["narration"]),
            deadline_at=self._optional_datetime(row["deadline_at"]),
            created_at=self._from_db_time(row["created_at"]),
            updated_at=self._from_db_time(row["updated_at"]),
            finished_at=self._optional_datetime(row["finished_at"]),
            presence=json.loads(row["presence"]),
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


def action_count(record: Mapping[str, Any]) -> int:
    """The version a record stands for: its actions, or every game's in a
    match. Whether the record is well formed is for its game to say."""
    games = record.get("games")
    if isinstance(games, list):
        return sum(len(g.get("actions", ())) for g in games)
    return len(record.get("actions", ()))


def dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _optional_json(text: str | None) -> Any:
    return None if text is None else json.loads(text)
