"""bot.storage: schema migrations, the one-game-per-channel rule, optimistic versions,
deadlines and shards; every test that is not about SQLite's file runs on both backends."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import asyncpg
import pytest

import engine
from bot.storage import (
    KEEP,
    ChannelBusy,
    GameNotFound,
    GameRow,
    GameStatus,
    Seat,
    Shards,
    StaleVersion,
    Storage,
    StorageError,
    WrongStatus,
    open_storage,
    sql_batch,
)
from bot.storage import postgres as postgres_module
from bot.storage import sqlite as sqlite_module
from bot.storage.migrations import POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS

import pg

GUILD, CHANNEL, HOST, USER = 100, 200, 300, 400
GAME = "highcard"  # the test game; storage names no game: each lobby says which it hosts
OTHER = "another-game"  # a name storage has never heard of: it is only kept
SEATS = [Seat(HOST, "Ann"), Seat(301, "Bob")]
PROJECT_ROOT = Path(__file__).resolve().parents[2]
_databases = iter(range(1, 1_000_000))


class Clock:
    """A clock the test moves by hand, one second per reading."""

    def __init__(self) -> None:
        self.moment = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.moment += timedelta(seconds=1)
        return self.moment


def record(actions: int) -> dict[str, Any]:
    return {
        "format": f"{GAME}-record/1",
        "seats": 2,
        "seed": 7,
        "actions": [{"seat": i % 2, "card": 1 + i % 9} for i in range(actions)],
    }


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "nested" / "dir" / "bot.sqlite3"


@pytest.fixture(params=["sqlite", "postgresql"])
async def target(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[str | Path]:
    """Where a fresh database is: a SQLite path, or a new database on the test PostgreSQL."""
    if request.param == "sqlite":
        yield db_path
        return
    server: pg.PgServer = request.getfixturevalue("postgres_server")
    name = f"storage_{next(_databases)}"
    admin = await asyncpg.connect(server.admin_url)
    try:
        await admin.execute(f"CREATE DATABASE {name} STRATEGY = FILE_COPY")
    finally:
        await admin.close()
    yield server.url(name)
    admin = await asyncpg.connect(server.admin_url)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    finally:
        await admin.close()


@pytest.fixture
async def store(target: str | Path) -> AsyncIterator[Storage]:
    async with await open_storage(target, now=Clock()) as opened:
        yield opened


def is_postgres(target: str | Path) -> bool:
    return isinstance(target, str)


def migrations_of(target: str | Path) -> tuple[tuple[str, ...], Any]:
    if is_postgres(target):
        return POSTGRES_MIGRATIONS, postgres_module
    return SQLITE_MIGRATIONS, sqlite_module


async def raw(target: str | Path, sql: str) -> list[tuple[Any, ...]]:
    """Rows of a query, read past the Storage (what is really in the database)."""
    if isinstance(target, str):
        conn = await asyncpg.connect(target)
        try:
            return [tuple(row) for row in await conn.fetch(sql)]
        finally:
            await conn.close()
    with sqlite3.connect(target) as conn:
        return [tuple(row) for row in conn.execute(sql)]


async def running_game(store: Storage, channel: int = CHANNEL, guild: int | None = GUILD) -> int:
    game = await store.create_lobby(guild, channel, HOST, {"variant": "classic"}, SEATS, game=GAME)
    await store.start_game(game.id, record(0), {"state": 0}, version=0)
    return game.id


# -- opening and migrations -------------------------------------------------


async def test_open_creates_the_full_schema_and_records_migrations(target: str | Path) -> None:
    migrations, _ = migrations_of(target)
    async with await open_storage(target) as store:
        assert await store.schema_version() == len(migrations)
        assert store.backend == ("postgresql" if is_postgres(target) else "sqlite")
    # Migrations are counted in a table of their own, one row each, not in a pragma.
    applied = await raw(target, "SELECT version FROM schema_migrations ORDER BY version")
    assert [row[0] for row in applied] == list(range(1, len(migrations) + 1))
    if not is_postgres(target):
        assert isinstance(target, Path) and target.exists()  # parent folders were made
        names = {row[0] for row in await raw(target, "SELECT name FROM sqlite_master")}
    else:
        names = {
            row[0]
            for row in await raw(
                target,
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
                " UNION SELECT indexname FROM pg_indexes WHERE schemaname = 'public'",
            )
        }
    assert {"games", "meta", "schema_migrations", "games_one_active_per_channel"} <= names
    assert "games_by_deadline" in names


async def test_storage_open_is_the_factory(target: str | Path) -> None:
    async with await Storage.open(target) as store:
        kind = "PostgresStorage" if is_postgres(target) else "SqliteStorage"
        assert type(store).__name__ == kind


async def test_reopen_keeps_data_and_does_not_rerun_migrations(
    target: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    migrations, module = migrations_of(target)
    probe = "CREATE TABLE probe (n INTEGER); INSERT INTO probe VALUES (1);"
    monkeypatch.setattr(module, "MIGRATIONS", (*migrations, probe))
    async with await open_storage(target) as store:
        game = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS, game=GAME)
    async with await open_storage(target) as store:
        assert await store.schema_version() == len(migrations) + 1
        assert await store.game(game.id) == game
    # The probe migration inserted its row exactly once.
    assert await raw(target, "SELECT COUNT(*) FROM probe") == [(1,)]


async def test_new_migration_upgrades_an_existing_database(
    target: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    migrations, module = migrations_of(target)
    async with await open_storage(target) as store:
        game = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS, game=GAME)
    added = "ALTER TABLE games ADD COLUMN note TEXT NOT NULL DEFAULT 'n/a';"
    monkeypatch.setattr(module, "MIGRATIONS", (*migrations, added))
    async with await open_storage(target) as store:
        assert await store.schema_version() == len(migrations) + 1
        assert await store.active_game(CHANNEL) == game
    assert await raw(target, "SELECT note FROM games") == [("n/a",)]


async def test_failed_migration_leaves_the_database_as_it_was(
    target: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    migrations, module = migrations_of(target)
    async with await open_storage(target):
        pass
    broken = "CREATE TABLE half (n INTEGER); INSERT INTO no_such_table VALUES (1);"
    monkeypatch.setattr(module, "MIGRATIONS", (*migrations, broken))
    with pytest.raises((sqlite3.OperationalError, asyncpg.UndefinedTableError)):
        await open_storage(target)
    assert await raw(target, "SELECT MAX(version) FROM schema_migrations") == [(len(migrations),)]
    monkeypatch.setattr(module, "MIGRATIONS", migrations)
    async with await open_storage(target) as store:  # the table "half" was rolled back
        assert await store.schema_version() == len(migrations)
    half = (
        "SELECT to_regclass('half') IS NOT NULL"
        if is_postgres(target)
        else "SELECT COUNT(*) FROM sqlite_master WHERE name = 'half'"
    )
    assert not (await raw(target, half))[0][0]


async def test_a_failed_step_in_python_leaves_the_database_as_it_was(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with await open_storage(db_path) as store:
        await store.set_meta("k", "before")

    async def broken(db: Any) -> None:
        await db.execute("UPDATE meta SET value = 'half' WHERE key = 'k'")
        raise RuntimeError("step failed")

    monkeypatch.setattr(sqlite_module, "MIGRATIONS", (*SQLITE_MIGRATIONS, broken))
    with pytest.raises(RuntimeError, match="step failed"):
        await open_storage(db_path)
    monkeypatch.setattr(sqlite_module, "MIGRATIONS", SQLITE_MIGRATIONS)
    async with await open_storage(db_path) as store:
        assert await store.schema_version() == len(SQLITE_MIGRATIONS)
        assert await store.get_meta("k") == "before"


async def test_database_newer_than_the_bot_is_refused(target: str | Path) -> None:
    migrations, _ = migrations_of(target)
    async with await open_storage(target):
        pass
    newer = len(migrations) + 1
    if is_postgres(target):
        conn = await asyncpg.connect(str(target))
        await conn.execute("INSERT INTO schema_migrations (version) VALUES ($1)", newer)
        await conn.close()
    else:
        with sqlite3.connect(target) as conn:
            conn.execute(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (?, 'x')", (newer,)
            )
    with pytest.raises(StorageError, match="newer than this bot"):
        await open_storage(target)


async def test_a_database_of_the_user_version_days_opens_and_migrates(db_path: Path) -> None:
    """A SQLite file made before schema_migrations (PRAGMA user_version 2, no game
    column) keeps its games, gets the table with 1 and 2 marked applied, and only
    the newer migrations run on it; a game is named after its record's format."""
    db_path.parent.mkdir(parents=True)
    with sqlite3.connect(db_path) as conn:
        for number, script in enumerate(SQLITE_MIGRATIONS[:2], start=1):
            conn.executescript(script)
            conn.execute(f"PRAGMA user_version = {number}")
        conn.execute(
            "INSERT INTO games (guild_id, channel_id, status, host_id, settings, seats,"
            " record, snapshot, version, deadline_at, created_at, updated_at, presence)"
            " VALUES (1, 2, 'running', 3, '{}', '[]',"
            f' \'{{"format": "{GAME}-record/1", "actions": [{{}}]}}\', \'{{}}\', 1,'
            " '2025-01-01T12:05:00.000000+00:00', '2025-01-01T12:00:00.000000+00:00',"
            " '2025-01-01T12:00:00.000000+00:00', '{\"away\": [false]}')"
        )
    async with await open_storage(db_path) as store:
        assert await store.schema_version() == len(SQLITE_MIGRATIONS)
        game = await store.active_game(2)
        assert game is not None
        assert (game.game, game.version, game.presence) == (GAME, 1, {"away": [False]})
        assert await store.next_deadline() == (datetime(2025, 1, 1, 12, 5, tzinfo=UTC), game.id)
    applied = await raw(db_path, "SELECT version FROM schema_migrations ORDER BY version")
    assert [row[0] for row in applied] == list(range(1, len(SQLITE_MIGRATIONS) + 1))


def old_row(
    conn: sqlite3.Connection, channel: int, status: str, record: Any, deadline: str | None = None
) -> int:
    """A game as a database before the game column held it (schema 2)."""
    cursor = conn.execute(
        "INSERT INTO games (guild_id, channel_id, status, host_id, settings, seats,"
        " record, snapshot, version, deadline_at, created_at, updated_at, finished_at)"
        " VALUES (1, ?, ?, 3, '{}', '[]', ?, '{}', 0, ?, ?, ?, ?)",
        (
            channel,
            status,
            None if record is None else json.dumps(record),
            deadline,
            "2025-01-01T12:00:00.000000+00:00",
            "2025-01-01T12:30:00.000000+00:00",
            "2025-01-01T13:00:00.000000+00:00" if status in ("finished", "cancelled") else None,
        ),
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


async def test_migrating_names_each_old_game_after_its_record(db_path: Path) -> None:
    """A SQLite file from before the game column: every game with a record is
    named by the game whose format the record has (running or finished, each
    game of the registry); a game whose record tells none (a lobby has none
    yet) could not be resumed, so it is closed as cancelled and frees its
    channel. (PostgreSQL had the column from its first migration.)"""
    db_path.parent.mkdir(parents=True)
    deadline = "2025-01-01T12:05:00.000000+00:00"
    named: dict[int, tuple[str, str]] = {}
    with sqlite3.connect(db_path) as conn:
        for number, script in enumerate(SQLITE_MIGRATIONS[:2], start=1):
            assert isinstance(script, str)
            conn.executescript(script)
            conn.execute(f"PRAGMA user_version = {number}")
        for n, (name, rules) in enumerate(sorted(engine.games().items())):
            deal = rules.new_record({}, 2, 7)
            named[old_row(conn, 10 + n, "running", deal, deadline)] = (name, "running")
            named[old_row(conn, 20 + n, "finished", deal)] = (name, "finished")
        lobby = old_row(conn, 30, "lobby", None)
        cancelled = old_row(conn, 31, "cancelled", None)
        unknown = old_row(conn, 32, "running", {"format": "no-such-record/9"}, deadline)
    async with await open_storage(db_path, now=Clock()) as store:
        assert await store.schema_version() == len(SQLITE_MIGRATIONS)
        for game_id, (name, status) in named.items():
            game = await store.game(game_id)
            assert game is not None
            assert (game.game, game.status.value) == (name, status)
        assert {g.id for g in await store.unfinished_games()} == {
            game_id for game_id, (_, status) in named.items() if status == "running"
        }
        for game_id in (lobby, cancelled, unknown):
            game = await store.game(game_id)
            assert game is not None
            assert (game.game, game.status, game.deadline_at) == ("", GameStatus.CANCELLED, None)
        closed = await store.game(lobby)
        assert closed is not None and closed.finished_at == closed.updated_at
        again = await store.game(cancelled)
        assert again is not None and again.finished_at == datetime(2025, 1, 1, 13, tzinfo=UTC)
        await store.create_lobby(GUILD, 30, HOST, {}, SEATS, game=GAME)  # the channel is free


async def test_migrating_keeps_the_names_an_earlier_migration_gave(db_path: Path) -> None:
    """A database that went through migration 3 as it first shipped (every row
    then named after the one game the bot hosted) is left as it is."""
    db_path.parent.mkdir(parents=True)
    shipped = [*SQLITE_MIGRATIONS[:5]]
    assert isinstance(shipped[2], str)
    shipped[2] = shipped[2].replace("DEFAULT ''", f"DEFAULT '{GAME}'")
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT)"
        )
        for number, script in enumerate(shipped, start=1):
            assert isinstance(script, str)
            conn.executescript(script)
            conn.execute("INSERT INTO schema_migrations VALUES (?, 'then')", (number,))
            if number == 2:
                game_id = old_row(conn, 10, "running", {"actions": []})
    async with await open_storage(db_path) as store:
        assert await store.schema_version() == len(SQLITE_MIGRATIONS)
        game = await store.game(game_id)
        assert game is not None
        assert (game.game, game.status, game.record) == (GAME, GameStatus.RUNNING, {"actions": []})


async def test_wal_mode_is_on(db_path: Path) -> None:
    async with await open_storage(db_path) as store:
        assert await store.journal_mode() == "wal"  # type: ignore[attr-defined]
    # WAL is persistent: another connection sees it too.
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_record_format_is_not_storage_business(store: Storage) -> None:
    """Storage keeps a record as given, at the version its caller says it stands
    for; whether the format is right is the game's check."""
    lobby = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS, game=OTHER)
    other = {"format": f"{OTHER}-record/1", "actions": [{"a": 1}, {"a": 2}]}
    game = await store.start_game(lobby.id, other, {"state": 2}, version=2)
    assert (game.game, game.version, game.record) == (OTHER, 2, other)


# -- lobby ------------------------------------------------------------------


async def test_create_lobby_round_trips(store: Storage) -> None:
    settings = {"variant": "plus", "help": True}
    seats = [*SEATS, Seat(None, "Computer 1", agent="greedy")]
    game = await store.create_lobby(GUILD, CHANNEL, HOST, settings, seats, game=GAME)
    assert game.status is GameStatus.LOBBY
    assert (game.guild_id, game.channel_id, game.host_id) == (GUILD, CHANNEL, HOST)
    assert game.settings == settings
    assert game.seats == tuple(seats)
    assert (game.record, game.snapshot, game.version, game.finished_at) == (None, None, 0, None)
    assert game.narration == {}
    assert await store.game(game.id) == game
    assert await store.active_game(CHANNEL) == game


async def test_channel_busy_while_a_game_is_open_or_running(store: Storage) -> None:
    first = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS, game=GAME)
    with pytest.raises(ChannelBusy) as busy:
        await store.create_lobby(GUILD, CHANNEL, 999, {}, [], game=GAME)
    assert busy.value.game.id == first.id

    await store.start_game(first.id, record(0), {}, version=0)
    with pytest.raises(ChannelBusy):
        await store.create_lobby(GUILD, CHANNEL, 999, {}, [], game=GAME)

    other_channel = await store.create_lobby(GUILD, CHANNEL + 1, 999, {}, [], game=GAME)
    assert other_channel.id != first.id
    assert len(await store.unfinished_games()) == 2


async def test_channel_is_free_again_after_the_game_ends(store: Storage) -> None:
    first = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS, game=GAME)
    await store.finish(first.id, GameStatus.CANCELLED)
    assert await store.active_game(CHANNEL) is None
    second = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS, game=GAME)
    assert second.id > first.id
    assert await store.active_game(CHANNEL) == second


async def test_update_lobby_changes_only_what_is_given(store: Storage) -> None:
    game = await store.create_lobby(GUILD, CHANNEL, HOST, {"variant": "classic"}, SEATS, game=GAME)
    moved = await store.update_lobby(game.id, seats=SEATS[1:], host_id=301)
    assert moved.seats == (SEATS[1],)
    assert moved.host_id == 301
    assert moved.settings == {"variant": "classic"}
    assert moved.updated_at > game.updated_at
    resettled = await store.update_lobby(game.id, settings={"variant": "plus"})
    assert resettled.settings == {"variant": "plus"}
    assert resettled.seats == (SEATS[1],)


async def test_lobby_changes_refused_once_running(store: Storage) -> None:
    game_id = await running_game(store)
    with pytest.raises(WrongStatus):
        await store.update_lobby(game_id, seats=[])
    with pytest.raises(WrongStatus):
        await store.start_game(game_id, record(0), {}, version=0)


# -- playing ----------------------------------------------------------------


async def test_start_game_stores_record_and_snapshot(store: Storage) -> None:
    lobby = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS, game=GAME)
    deadline = datetime(2025, 1, 2, tzinfo=UTC)
    game = await store.start_game(
        lobby.id, record(0), {"state": 0}, version=0, deadline_at=deadline
    )
    assert game.status is GameStatus.RUNNING
    assert game.record == record(0)
    assert game.snapshot == {"state": 0}
    assert game.version == 0
    assert game.deadline_at == deadline


async def test_commit_action_moves_the_version_to_the_action_count(store: Storage) -> None:
    game_id = await running_game(store)
    game = await store.commit_action(game_id, 0, record(1), {"state": 1}, version=1)
    assert (game.version, game.snapshot) == (1, {"state": 1})
    # Several actions at once (e.g. computer seats answering) jump the version.
    game = await store.commit_action(game_id, 1, record(3), {"state": 3}, version=3)
    assert game.version == 3
    assert game.record == record(3)
    assert await store.game(game_id) == game


async def test_stale_version_is_refused_and_nothing_changes(store: Storage) -> None:
    game_id = await running_game(store)
    await store.commit_action(game_id, 0, record(1), {"state": 1}, version=1)
    before = await store.game(game_id)
    with pytest.raises(StaleVersion) as stale:
        await store.commit_action(game_id, 0, record(1), {"state": "again"}, version=1)
    assert (stale.value.expected, stale.value.actual) == (0, 1)
    assert await store.game(game_id) == before


async def test_concurrent_commits_of_one_version_apply_once(store: Storage) -> None:
    game_id = await running_game(store)
    results = await asyncio.gather(
        store.commit_action(game_id, 0, record(1), {"by": "a"}, version=1),
        store.commit_action(game_id, 0, record(1), {"by": "b"}, version=1),
        return_exceptions=True,
    )
    assert sum(isinstance(result, StaleVersion) for result in results) == 1
    game = await store.game(game_id)
    assert game is not None
    assert game.version == 1


def statements_of(store: Storage, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The rows of each statement the store's batch of writes runs, from now on."""
    rows: list[int] = []
    run = type(store)._rows

    async def counted(self: Any, sql: str, params: Any) -> Any:
        rows.append(len(params) // len(sql_batch.COLUMNS))
        return await run(self, sql, params)

    monkeypatch.setattr(type(store), "_rows", counted)
    return rows


async def test_moves_of_several_games_arriving_together_are_one_statement(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#45.2: a group commit. Moves of three games asked for at once go to
    the database in one statement, one round trip; each is checked on its own."""
    games = [await running_game(store, channel=CHANNEL + n) for n in range(3)]
    rows = statements_of(store, monkeypatch)
    results = await asyncio.gather(
        *(store.commit_action(g, 0, record(1), {"game": g}, version=1) for g in games),
        store.commit_action(games[0], 0, record(1), {"again": True}, version=1),
        return_exceptions=True,
    )
    # The second move of the first game is not in the same statement as its
    # first (it would pass the same checks): it comes next, and is refused.
    assert rows == [3, 1]
    assert [type(r) for r in results] == [GameRow, GameRow, GameRow, StaleVersion]
    for game_id in games:
        stored = await store.game(game_id)
        assert stored is not None and stored.snapshot == {"game": game_id}


async def test_a_move_given_its_row_reads_nothing_back(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#45.2: the game as the caller holds it, and what the move writes, make
    the row returned: equal to what a read gives, with no read."""
    game_id = await running_game(store)
    row = await store.game(game_id)
    assert row is not None
    reads: list[str] = []
    game = type(store).game

    async def read(self: Any, game_id: int) -> Any:
        reads.append("game")
        return await game(self, game_id)

    monkeypatch.setattr(type(store), "game", read)
    due = datetime(2025, 1, 2, 10, 0, tzinfo=UTC)
    made = await store.commit_action(
        game_id,
        0,
        record(1),
        {"state": 1},
        version=1,
        deadline_at=due,
        presence={"away": [True, False]},
        narration={"model_version": 1},
        table_message_id=55,
        row=row,
    )
    assert reads == []
    stored = await read(store, game_id)
    assert made == stored
    ended = await store.commit_action(
        game_id, 1, record(2), {"state": 2}, version=2, status=GameStatus.FINISHED, row=made
    )
    assert ended == await read(store, game_id)
    assert ended.status is GameStatus.FINISHED and ended.deadline_at is None


async def test_what_messages_show_rides_on_the_next_move_of_any_game(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#45.2: after a table post, what the messages show (its id) is owed, not
    written on its own: the next move of another game carries it in its
    statement; one made for a version the game has left changes nothing."""
    first, second = [await running_game(store, channel=CHANNEL + n) for n in range(2)]
    rows = statements_of(store, monkeypatch)
    store.owe_narration(first, lambda: (0, {"table": "posted"}, 77))
    assert rows == []  # nothing written yet
    await store.commit_action(second, 0, record(1), {"state": 1}, version=1)
    assert rows == [2]  # the move and what the other game owed: one statement
    shown = await store.game(first)
    assert shown is not None
    assert (shown.table_message_id, shown.narration, shown.version) == (77, {"table": "posted"}, 0)
    # Owed as of version 0, but the game has moved on: the move's own row won.
    await store.commit_action(first, 0, record(1), {"state": 1}, version=1, narration={"m": 1})
    store.owe_narration(first, lambda: (0, {"table": "old"}, 78))
    await store.flush()
    stored = await store.game(first)
    assert stored is not None and (stored.narration, stored.table_message_id) == ({"m": 1}, 77)


async def test_what_is_owed_is_written_by_itself_when_no_move_comes(
    target: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sql_batch, "OWED_WAIT", 0.05)
    async with await open_storage(target) as store:
        game_id = await running_game(store)
        rows = statements_of(store, monkeypatch)
        store.owe_narration(game_id, lambda: (0, {"table": "posted"}, 91))
        for _ in range(100):
            if rows:
                break
            await asyncio.sleep(0.02)
        assert rows == [1]
        stored = await store.game(game_id)
        assert stored is not None and stored.table_message_id == 91
        store.owe_narration(game_id, lambda: (0, {"table": "posted again"}, 92))
    # Closing writes what is still owed.
    async with await open_storage(target) as reopened:
        stored = await reopened.game(game_id)
        assert stored is not None and stored.table_message_id == 92


async def test_commit_must_add_an_action(store: Storage) -> None:
    game_id = await running_game(store)
    with pytest.raises(ValueError, match="must add"):
        await store.commit_action(game_id, 0, record(0), {}, version=0)


async def test_commit_refused_in_the_lobby_and_after_the_end(store: Storage) -> None:
    lobby = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS, game=GAME)
    with pytest.raises(WrongStatus):
        await store.commit_action(lobby.id, 0, record(1), {}, version=1)
    game_id = await running_game(store, channel=CHANNEL + 1)
    await store.finish(game_id)
    with pytest.raises(WrongStatus):
        await store.commit_action(game_id, 0, record(1), {}, version=1)


async def test_final_action_ends_the_game_in_the_same_commit(store: Storage) -> None:
    game_id = await running_game(store)
    await store.set_deadline(game_id, datetime(2025, 1, 2, tzinfo=UTC))
    game = await store.commit_action(
        game_id, 0, record(1), {"over": True}, version=1, status=GameStatus.FINISHED
    )
    assert game.status is GameStatus.FINISHED
    assert game.finished_at is not None
    assert game.deadline_at is None
    assert await store.active_game(CHANNEL) is None


async def test_a_commit_clears_the_deadline_unless_given(store: Storage) -> None:
    """A deadline belongs to the version it was armed for: a commit moves the
    version on, so it goes too, unless the caller sets a new one or keeps it."""
    game_id = await running_game(store)
    first = datetime(2025, 1, 2, 10, 0, tzinfo=UTC)
    await store.set_deadline(game_id, first)
    kept = await store.commit_action(game_id, 0, record(1), {}, version=1, deadline_at=KEEP)
    assert kept.deadline_at == first
    cleared = await store.commit_action(game_id, 1, record(2), {}, version=2)
    assert cleared.deadline_at is None
    assert await store.next_deadline() is None
    later = first + timedelta(hours=1)
    given = await store.commit_action(game_id, 2, record(3), {}, version=3, deadline_at=later)
    assert given.deadline_at == later
    with pytest.raises(ValueError, match="timezone"):
        await store.set_deadline(game_id, datetime(2025, 1, 2))


async def test_unknown_game_is_reported(store: Storage) -> None:
    assert await store.game(12345) is None
    with pytest.raises(GameNotFound):
        await store.set_narration(12345, {"events_shown": 1})
    with pytest.raises(GameNotFound):
        await store.commit_action(12345, 0, record(1), {}, version=1)


# -- messages, narration, ending ----------------------------------------------


async def test_set_messages_is_partial_and_none_clears(store: Storage) -> None:
    game = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS, game=GAME)
    game = await store.set_messages(game.id, lobby_message_id=1, table_message_id=2)
    game = await store.set_messages(game.id, ping_message_id=3)
    assert (game.lobby_message_id, game.table_message_id, game.ping_message_id) == (1, 2, 3)
    game = await store.set_messages(game.id, ping_message_id=None)
    assert (game.lobby_message_id, game.table_message_id, game.ping_message_id) == (1, 2, None)


async def test_set_narration(store: Storage) -> None:
    game_id = await running_game(store)
    await store.set_narration(game_id, {"events_shown": 4})
    game = await store.game(game_id)
    assert game is not None
    assert game.narration == {"events_shown": 4}


async def test_finish_needs_an_ending_status_and_an_active_game(store: Storage) -> None:
    game_id = await running_game(store)
    with pytest.raises(ValueError):
        await store.finish(game_id, GameStatus.RUNNING)
    game = await store.finish(game_id, GameStatus.FINISHED)
    assert game.status is GameStatus.FINISHED
    with pytest.raises(WrongStatus):
        await store.finish(game_id, GameStatus.CANCELLED)


async def test_unfinished_games_lists_lobbies_and_running_oldest_first(store: Storage) -> None:
    running = await running_game(store, channel=1)
    lobby = await store.create_lobby(GUILD, 2, HOST, {}, SEATS, game=GAME)
    done = await running_game(store, channel=3)
    await store.finish(done)
    cancelled = await store.create_lobby(GUILD, 4, HOST, {}, SEATS, game=GAME)
    await store.finish(cancelled.id, GameStatus.CANCELLED)
    assert [game.id for game in await store.unfinished_games()] == [running, lobby.id]


async def test_last_finished_game(store: Storage) -> None:
    assert await store.last_finished_game(CHANNEL) is None
    older = await running_game(store)
    await store.finish(older)
    newer = await running_game(store)
    await store.finish(newer)
    cancelled = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS, game=GAME)
    await store.finish(cancelled.id, GameStatus.CANCELLED)
    last = await store.last_finished_game(CHANNEL)
    assert last is not None
    assert last.id == newer
    last_any = await store.last_finished_game(CHANNEL, include_cancelled=True)
    assert last_any is not None
    assert last_any.id == cancelled.id
    assert await store.last_finished_game(CHANNEL + 1) is None


async def test_meta(store: Storage) -> None:
    assert await store.get_meta("commands_hash:global") is None
    await store.set_meta("commands_hash:global", "abc")
    await store.set_meta("commands_hash:global", "def")
    assert await store.get_meta("commands_hash:global") == "def"


# -- which game -------------------------------------------------------------


async def test_game_name_is_stored(store: Storage) -> None:
    default = await store.create_lobby(GUILD, 1, HOST, {}, SEATS, game=GAME)
    other = await store.create_lobby(GUILD, 2, HOST, {}, SEATS, game=OTHER)
    assert default.game == GAME
    assert other.game == OTHER
    again = await store.game(other.id)
    assert again is not None and again.game == OTHER


# -- deadlines ----------------------------------------------------------------


async def test_next_deadline_is_the_earliest_of_unfinished_games(store: Storage) -> None:
    assert await store.next_deadline() is None
    at = datetime(2025, 1, 2, 12, 0, tzinfo=UTC)
    late, early, ended = [await running_game(store, channel=c) for c in (1, 2, 3)]
    await store.set_deadline(late, at + timedelta(minutes=5))
    await store.set_deadline(early, at)
    await store.set_deadline(ended, at - timedelta(hours=1))
    await store.finish(ended)  # ending clears the deadline
    assert await store.next_deadline() == (at, early)
    await store.set_deadline(early, None)
    assert await store.next_deadline() == (at + timedelta(minutes=5), late)


async def test_due_games_are_those_past_their_deadline_earliest_first(store: Storage) -> None:
    at = datetime(2025, 1, 2, 12, 0, tzinfo=UTC)
    second, first, later, none = [await running_game(store, channel=c) for c in (1, 2, 3, 4)]
    await store.set_deadline(second, at)
    await store.set_deadline(first, at - timedelta(seconds=1))
    await store.set_deadline(later, at + timedelta(microseconds=1))
    assert await store.due_games(at - timedelta(seconds=2)) == []
    due = await store.due_games(at)
    assert [g.id for g in due] == [first, second], "a deadline equal to now is due"
    assert due[0].record == record(0), "due games come with their record"
    assert none not in [g.id for g in await store.due_games(at + timedelta(days=1))]


async def test_deadline_in_another_time_zone_is_the_same_moment(store: Storage) -> None:
    game_id = await running_game(store)
    paris = timezone_plus(1)
    await store.set_deadline(game_id, datetime(2025, 1, 2, 13, 0, tzinfo=paris))
    moment, _ = await store.next_deadline() or (None, None)
    assert moment == datetime(2025, 1, 2, 12, 0, tzinfo=UTC)
    assert [g.id for g in await store.due_games(datetime(2025, 1, 2, 12, 0, tzinfo=UTC))] == [
        game_id
    ]


def timezone_plus(hours: int) -> Any:
    from datetime import timezone

    return timezone(timedelta(hours=hours))


async def test_idle_lobbies_and_the_oldest_lobby(store: Storage) -> None:
    clock_start = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)
    old = await store.create_lobby(GUILD, 1, HOST, {}, SEATS, game=GAME)  # updated at +1 s
    young = await store.create_lobby(GUILD, 2, HOST, {}, SEATS, game=GAME)  # +2 s
    await running_game(store, channel=3)  # not a lobby
    assert await store.oldest_lobby() == (old.updated_at, old.id)
    assert old.updated_at == clock_start + timedelta(seconds=1)
    idle = await store.idle_lobbies(young.updated_at)
    assert [g.id for g in idle] == [old.id], "strictly before the moment"
    touched = await store.update_lobby(old.id, settings={"variant": "plus"})
    assert await store.oldest_lobby() == (young.updated_at, young.id)
    assert [g.id for g in await store.idle_lobbies(touched.updated_at)] == [young.id]


# -- shards -------------------------------------------------------------------


def guild_on(shard: int, count: int, n: int = 1) -> int:
    """A guild id that Discord puts on `shard` of `count`."""
    return ((n * count + shard) << 22) | 12345


def test_shard_of_follows_discord() -> None:
    shards = Shards.of(4, [1, 3])
    assert shards.shard_of(guild_on(3, 4)) == 3
    assert shards.shard_of(None) == 0  # direct messages are shard 0's
    assert shards.holds(guild_on(1, 4)) and not shards.holds(guild_on(2, 4))
    with pytest.raises(ValueError):
        Shards.of(2, [2])
    with pytest.raises(ValueError):
        Shards.of(0, [])


async def test_listing_queries_keep_only_games_on_the_given_shards(store: Storage) -> None:
    count = 3
    at = datetime(2025, 1, 2, tzinfo=UTC)
    games: dict[int, int] = {}
    for shard in range(count):
        # A large guild id too: the shift must be done on 64-bit integers.
        guild = guild_on(shard, count, n=10**9)
        games[shard] = await running_game(store, channel=10 + shard, guild=guild)
        await store.set_deadline(games[shard], at + timedelta(minutes=shard))
    lobby = await store.create_lobby(guild_on(2, count), 20, HOST, {}, SEATS, game=GAME)
    dm_lobby = await store.create_lobby(None, 21, HOST, {}, SEATS, game=GAME)
    ended = await running_game(store, channel=22, guild=guild_on(2, count))
    await store.finish(ended)

    mine = Shards.of(count, [1, 2])
    unfinished = [g.id for g in await store.unfinished_games(shards=mine)]
    assert unfinished == [games[1], games[2], lobby.id]
    assert [g.id for g in await store.unfinished_games(shards=Shards.of(count, [0]))] == [
        games[0],
        dm_lobby.id,
    ]
    assert len(await store.unfinished_games()) == count + 2
    assert await store.next_deadline(shards=mine) == (at + timedelta(minutes=1), games[1])
    due = await store.due_games(at + timedelta(hours=1), shards=mine)
    assert [g.id for g in due] == [games[1], games[2]]
    assert await store.oldest_lobby(shards=mine) == (lobby.updated_at, lobby.id)
    later = at + timedelta(days=1000)
    assert [g.id for g in await store.idle_lobbies(later, shards=mine)] == [lobby.id]
    since = datetime(2000, 1, 1, tzinfo=UTC)
    assert [g.id for g in await store.ended_since(since, shards=mine)] == [ended]
    assert await store.ended_since(since, shards=Shards.of(count, [0, 1])) == []
    assert await store.unfinished_games(shards=Shards.of(count, [])) == []


# -- durability (SQLite's file) ----------------------------------------------


async def test_every_write_survives_a_crash(db_path: Path) -> None:
    """A process that dies right after a write (no close, no checkpoint) loses nothing."""
    script = textwrap.dedent(
        f"""
        import asyncio, os, sys
        sys.path.insert(0, {str(PROJECT_ROOT)!r})
        from bot.storage import Seat, Storage

        async def main():
            store = await Storage.open({str(db_path)!r})
            game = await store.create_lobby(
                1, 2, 3, {{"variant": "classic"}}, [Seat(3, "Ann")], game={GAME!r}
            )
            await store.start_game(game.id, {record(0)!r}, {{"state": 0}}, version=0)
            await store.commit_action(game.id, 0, {record(1)!r}, {{"state": 1}}, version=1)
            await store.set_meta("k", "v")
            os._exit(0)  # die without closing anything

        asyncio.run(main())
        """
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60)
    assert db_path.with_name(db_path.name + "-wal").exists()  # the writes sit in the WAL

    async with await Storage.open(db_path) as store:
        game = await store.active_game(2)
        assert game is not None
        assert (game.status, game.version, game.snapshot) == (GameStatus.RUNNING, 1, {"state": 1})
        assert game.record == record(1)
        assert await store.get_meta("k") == "v"


async def test_close_then_reopen_without_further_writes(target: str | Path) -> None:
    store = await open_storage(target)
    game_id = await running_game(store)
    game = await store.commit_action(game_id, 0, record(1), {"state": 1}, version=1)
    await store.close()
    async with await open_storage(target) as reopened:
        assert await reopened.game(game_id) == game
        assert [g.id for g in await reopened.unfinished_games()] == [game_id]


# -- several processes on one PostgreSQL ---------------------------------------
# `postgres_url` (tests/conftest.py): a new database on the test server.


async def test_two_pools_commit_one_version_once(postgres_url: str) -> None:
    """Two bot processes (two pools) commit an action on the same version at
    once: the row lock makes one wait and then see the other's version."""
    stores = [await open_storage(postgres_url, now=Clock()) for _ in range(2)]
    try:
        game_id = await running_game(stores[0])
        for round_ in range(5):
            results = await asyncio.gather(
                *(
                    s.commit_action(
                        game_id, round_, record(round_ + 1), {"by": n}, version=round_ + 1
                    )
                    for n, s in enumerate(stores)
                ),
                return_exceptions=True,
            )
            stale = [r for r in results if isinstance(r, StaleVersion)]
            won = [r for r in results if not isinstance(r, BaseException)]
            assert (len(stale), len(won)) == (1, 1), results
            assert stale[0].actual == round_ + 1
        game = await stores[1].game(game_id)
        assert game is not None and game.version == 5
    finally:
        for s in stores:
            await s.close()


async def test_the_moves_connection_is_held_and_replaced_when_it_is_lost(
    postgres_url: str,
) -> None:
    """The games' writes keep one connection between statements (no pool
    round at every move); the server dropping it costs no move: the next
    one takes another, and a connection lost under a statement fails only
    that statement."""
    async with await open_storage(postgres_url, now=Clock()) as store:
        assert isinstance(store, postgres_module.PostgresStorage)
        game_id = await running_game(store)
        await store.commit_action(game_id, 0, record(1), {"state": 1}, version=1)
        held = store._writer
        assert held is not None
        await store.commit_action(game_id, 1, record(2), {"state": 2}, version=2)
        assert store._writer is held, "kept for the next statement"
        admin = await asyncpg.connect(postgres_url)
        try:
            await admin.execute("SELECT pg_terminate_backend($1)", held.get_server_pid())
            for _ in range(100):  # the client hears of it
                if postgres_module._lost(held):
                    break
                await asyncio.sleep(0.02)
            assert postgres_module._lost(held)
            await store.commit_action(game_id, 2, record(3), {"state": 3}, version=3)
            assert store._writer is not None and store._writer is not held
            killed = store._writer.get_server_pid()
            await admin.execute("SELECT pg_terminate_backend($1)", killed)
        finally:
            await admin.close()
        # Lost without the client knowing yet: that statement fails, the next goes
        # through. How it fails depends on when the server's goodbye arrives: on
        # a loaded machine asyncpg may find the connection still mid-operation
        # (InternalClientError: "another operation is in progress").
        try:
            await store.commit_action(game_id, 3, record(4), {"state": 4}, version=4)
        except (
            asyncpg.PostgresError,
            asyncpg.InterfaceError,
            asyncpg.InternalClientError,
            OSError,
        ):
            assert store._writer is None
            await store.commit_action(game_id, 3, record(4), {"state": 4}, version=4)
        game = await store.game(game_id)
        assert game is not None and game.version == 4


async def test_two_connections_racing_in_open_transactions(postgres_url: str) -> None:
    """The second writer blocks on FOR UPDATE while the first holds its
    transaction open, and fails with StaleVersion once the first commits."""
    async with await open_storage(postgres_url, now=Clock()) as store:
        game_id = await running_game(store)
        holder = await asyncpg.connect(postgres_url)
        try:
            tx = holder.transaction()
            await tx.start()
            await holder.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game_id)
            await holder.execute(
                "UPDATE games SET version = 1, record = $2 WHERE id = $1",
                game_id,
                '{"actions": [{}]}',
            )
            blocked = asyncio.create_task(
                store.commit_action(game_id, 0, record(1), {"late": True}, version=1)
            )
            await asyncio.sleep(0.3)
            assert not blocked.done(), "the row lock holds the second writer"
            await tx.commit()
            with pytest.raises(StaleVersion):
                await blocked
        finally:
            await holder.close()


async def test_channel_busy_across_two_storages(postgres_url: str) -> None:
    first = await open_storage(postgres_url, now=Clock())
    second = await open_storage(postgres_url, now=Clock())
    try:
        results = await asyncio.gather(
            *(s.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS, game=GAME) for s in (first, second)),
            return_exceptions=True,
        )
        busy = [r for r in results if isinstance(r, ChannelBusy)]
        made = [r for r in results if not isinstance(r, BaseException)]
        assert (len(busy), len(made)) == (1, 1), results
        assert busy[0].game.id == made[0].id
        with pytest.raises(ChannelBusy):
            await second.create_lobby(GUILD, CHANNEL, 999, {}, [], game=GAME)
        await first.finish(made[0].id, GameStatus.CANCELLED)
        again = await second.create_lobby(GUILD, CHANNEL, 999, {}, [], game=GAME)
        assert again.id > made[0].id
    finally:
        await first.close()
        await second.close()


async def test_migrations_run_once_when_processes_start_together(postgres_url: str) -> None:
    stores = await asyncio.gather(*(open_storage(postgres_url) for _ in range(3)))
    try:
        rows = await raw(postgres_url, "SELECT version FROM schema_migrations")
        assert sorted(row[0] for row in rows) == list(range(1, len(POSTGRES_MIGRATIONS) + 1))
    finally:
        for s in stores:
            await s.close()


# -- results and ratings (bot/flow/stats.py) ---------------------------------------------


def a_result(game_id: int, places: list[int], finished: datetime | None = None) -> Any:
    """A finished game of Ann (user 300), Bob (user 301) and a hard computer."""
    from bot.storage import GameResult, ResultRow

    players = [("300", HOST, "Ann"), ("301", 301, "Bob"), ("computer:hard", None, "🤖 Sofia")]
    seats = tuple(
        ResultRow(game_id, seat, key, user, name, place, score=3 - place, made=("misto",))
        for seat, ((key, user, name), place) in enumerate(zip(players, places, strict=True))
    )
    moment = finished or datetime(2025, 6, 4, 12, tzinfo=UTC)
    return GameResult(game_id, GUILD, GAME, "classic", moment, seats)


def rate_for_test(result: Any, priors: Any) -> dict[str, tuple[float, float]]:
    from bot.flow.stats import rate

    return rate(result, priors)


async def test_a_result_is_recorded_once_per_game_id(store: Storage) -> None:
    """A restart that records a game's result again neither doubles it nor moves
    its ratings twice."""
    assert await store.record_result(a_result(1, [1, 2, 3]), rate_for_test)
    before = await store.leaderboard(GUILD, GAME, "all")
    assert not await store.record_result(a_result(1, [3, 2, 1]), rate_for_test)
    assert await store.leaderboard(GUILD, GAME, "all") == before
    ann = await store.player_results(GUILD, GAME, "300")
    assert [(r.game_id, r.place, r.made) for r in ann] == [(1, 1, ("misto",))]


async def test_ratings_move_with_each_result_and_count_wins(store: Storage) -> None:
    for game_id in range(1, 4):
        await store.record_result(a_result(game_id, [1, 3, 2]), rate_for_test)
    board = await store.leaderboard(GUILD, GAME, "all", min_games=3)
    assert [r.player for r in board] == ["300", "computer:hard", "301"]
    assert [(r.games, r.wins) for r in board] == [(3, 3), (3, 0), (3, 0)]
    assert board[0].ordinal > board[1].ordinal > board[2].ordinal
    assert await store.leaderboard(GUILD, GAME, "all", min_games=4) == []
    assert await store.leaderboard(GUILD + 1, GAME, "all") == []


async def test_period_ratings_count_only_their_period(store: Storage) -> None:
    june = datetime(2025, 6, 4, 12, tzinfo=UTC)
    july = datetime(2025, 7, 2, 12, tzinfo=UTC)
    from bot.flow.stats import period_keys

    for game_id, moment in ((1, june), (2, june), (3, july)):
        result = a_result(game_id, [2, 1, 3], moment)
        await store.record_result(result, rate_for_test, period_keys(moment))
    games = {r.player: r.games for r in await store.leaderboard(GUILD, GAME, "all")}
    assert games["301"] == 3
    june_board = await store.leaderboard(GUILD, GAME, "month:2025-06")
    assert {r.player: r.games for r in june_board}["301"] == 2
    week = period_keys(july)[2]
    assert [r.games for r in await store.leaderboard(GUILD, GAME, week)] == [1, 1, 1]


async def test_two_games_ending_at_once_count_both_for_a_new_player(
    target: str | Path,
) -> None:
    """A player's first results in a period, recorded at the same moment by two
    processes: neither update is lost (there is no rating row yet to lock, so
    the second writer must still wait for the first)."""
    async with (
        await open_storage(target, now=Clock()) as one,
        await open_storage(target, now=Clock()) as two,
    ):
        games = range(1, 9)
        await asyncio.gather(
            *(
                store.record_result(a_result(game_id, [1, 2, 3]), rate_for_test)
                for store, game_id in zip((one, two) * 4, games, strict=True)
            )
        )
        board = await one.leaderboard(GUILD, GAME, "all")
        assert {r.player: (r.games, r.wins) for r in board} == {
            "300": (8, 8),
            "301": (8, 0),
            "computer:hard": (8, 0),
        }
        ann = await one.player_results(GUILD, GAME, "300")
        assert len(ann) == 8


async def test_computers_beaten(store: Storage) -> None:
    await store.record_result(a_result(1, [1, 2, 3]), rate_for_test)
    await store.record_result(a_result(2, [3, 1, 2]), rate_for_test)
    assert await store.computers_beaten(GUILD, GAME, "300") == {"computer:hard": 1}
    assert await store.computers_beaten(GUILD, GAME, "301") == {"computer:hard": 2}


async def test_recent_results_of_one_game_on_a_server_newest_first(store: Storage) -> None:
    """A game's history lists that game only, on that server, newest first,
    each with every seat's place and score."""
    day = datetime(2025, 6, 4, 12, tzinfo=UTC)
    await store.record_result(a_result(1, [1, 2, 3], day), rate_for_test)
    await store.record_result(a_result(2, [3, 1, 2], day + timedelta(hours=1)), rate_for_test)
    other = a_result(3, [2, 1, 3], day + timedelta(hours=2))
    await store.record_result(dataclasses.replace(other, game=OTHER), rate_for_test)
    elsewhere = a_result(4, [1, 3, 2], day + timedelta(hours=3))
    await store.record_result(dataclasses.replace(elsewhere, guild_id=GUILD + 1), rate_for_test)
    found = await store.recent_results(GUILD, GAME)
    assert [r.game_id for r in found] == [2, 1]
    assert [(s.seat, s.place, s.score, s.name) for s in found[0].seats] == [
        (0, 3, 0, "Ann"),
        (1, 1, 2, "Bob"),
        (2, 2, 1, "🤖 Sofia"),
    ]
    assert found[0].variant == "classic" and found[0].finished_at == day + timedelta(hours=1)
    assert [r.game_id for r in await store.recent_results(GUILD, GAME, limit=1)] == [2]
    assert [r.game_id for r in await store.recent_results(GUILD, OTHER)] == [3]


async def test_forget_deletes_results_and_ratings_and_keeps_seat_names(store: Storage) -> None:
    game_id = await running_game(store)
    await store.finish(game_id)
    await store.record_result(a_result(game_id, [1, 2, 3]), rate_for_test)
    assert await store.forget_player(HOST) == 1
    assert await store.player_results(GUILD, GAME, "300") == []
    board = await store.leaderboard(GUILD, GAME, "all")
    assert "300" not in {r.player for r in board} and "301" in {r.player for r in board}
    game = await store.game(game_id)
    assert game is not None
    assert [(s.user_id, s.name) for s in game.seats] == [(None, "Ann"), (301, "Bob")]
    assert game.host_id == 0
    assert await store.player_results(GUILD, GAME, "301") != []


# -- user preferences --------------------------------------------------------


async def test_preferences_change_in_part_and_none_removes(store: Storage) -> None:
    assert await store.preferences(USER) == {}
    assert await store.set_preferences(USER, notify=True, dm_refused=GAME) == {
        "notify": True,
        "dm_refused": GAME,
    }
    assert await store.set_preferences(USER, dm_refused=None) == {"notify": True}
    assert await store.preferences(USER) == {"notify": True}


async def test_a_flag_is_claimed_once_by_concurrent_claims_of_two_processes(
    target: str | Path,
) -> None:
    """The DM notice (`dm_refused_told`) is said once even when a player's
    clicks race, and on PostgreSQL even when two processes serve them."""
    async with (
        await open_storage(target, now=Clock()) as one,
        await open_storage(target, now=Clock()) as two,
    ):
        await one.set_preferences(USER, dm_refused=GAME)
        assert (await two.preferences(USER)).get("dm_refused_told") is None
        claims = await asyncio.gather(
            *(store.claim_preference(USER, "dm_refused_told") for store in (one, two) * 4)
        )
        assert sorted(claims) == [False] * 7 + [True]
        assert await one.claim_preference(USER, "dm_refused_told") is False
        await two.set_preferences(USER, dm_refused_told=None)
        assert await two.claim_preference(USER, "dm_refused_told") is True
        # A user with no settings stored yet: still one winner.
        claims = await asyncio.gather(
            *(store.claim_preference(USER + 1, "told") for store in (one, two) * 4)
        )
        assert sorted(claims) == [False] * 7 + [True]


async def test_kept_values_are_read_once_and_another_process_change_is_heard(
    postgres_url: str,
) -> None:
    """On PostgreSQL a player's preferences and a server's setting, asked for
    at every click, are read once and kept: each process hears of another's
    change as it is committed (LISTEN/NOTIFY) and reads the new value then."""
    from bot.kit.metrics import PREFIX, REGISTRY

    def trips() -> float:
        return REGISTRY.get_sample_value(f"{PREFIX}_db_round_trip_seconds_count") or 0.0

    key = f"pictures:{GUILD}"
    async with (
        await open_storage(postgres_url, now=Clock()) as one,
        await open_storage(postgres_url, now=Clock()) as two,
    ):
        assert await two.preferences(USER) == {}
        assert await two.get_meta(key) is None
        before = trips()
        for _ in range(3):
            assert await two.preferences(USER) == {}
            assert await two.get_meta(key) is None
        assert trips() == before, "kept: no round trip"
        await one.set_preferences(USER, notify=True)
        await one.set_meta(key, "off")
        async with asyncio.timeout(10):  # the notification's way through the server
            while await two.preferences(USER) != {"notify": True}:
                await asyncio.sleep(0.01)
            while await two.get_meta(key) != "off":
                await asyncio.sleep(0.01)


def test_a_value_read_while_a_change_was_heard_is_not_kept() -> None:
    """A read that overlapped a change may have returned the old value: it
    is not kept (bot.storage.cache)."""
    from bot.storage.cache import Kept

    kept: Kept[int, str] = Kept()
    since = kept.changes
    kept.drop(1)  # heard while the read was under way
    kept.put(1, "old", since)
    assert kept.get(1) == (False, None)
    kept.put(1, "new", kept.changes)
    assert kept.get(1) == (True, "new")


# -- the stores ---------------------------------------------------------------


def test_storage_is_four_stores_each_in_its_own_sql_module() -> None:
    """Games, players, settings and results are separate interfaces with no
    method in common; `Storage` is all four, and each one's SQL implements all
    of its interface by itself."""
    from bot.storage import GameStore, PlayerStore, ResultStore, SettingStore
    from bot.storage.sql_games import SqlGames
    from bot.storage.sql_players import SqlPlayers
    from bot.storage.sql_results import SqlResults
    from bot.storage.sql_settings import SqlSettings

    stores = {GameStore: SqlGames, PlayerStore: SqlPlayers, SettingStore: SqlSettings}
    stores[ResultStore] = SqlResults
    seen: set[str] = set()
    for store, sql in stores.items():
        assert issubclass(Storage, store) and issubclass(sql, store)
        methods = set(store.__abstractmethods__)
        assert not methods & seen, "one method, one store"
        assert not methods & sql.__abstractmethods__, f"{sql.__name__} leaves some undone"
        seen |= methods
    assert set(Storage.__abstractmethods__) == seen | {"close", "schema_version"}
