"""bot.storage: schema migrations, the one-game-per-channel rule, optimistic versions."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import storage as storage_module
from bot.migrations import MIGRATIONS
from bot.storage import (
    ChannelBusy,
    GameNotFound,
    GameStatus,
    Seat,
    StaleVersion,
    Storage,
    StorageError,
    WrongStatus,
)

GUILD, CHANNEL, HOST = 100, 200, 300
SEATS = [Seat(HOST, "Ann"), Seat(301, "Bob")]
PROJECT_ROOT = Path(__file__).resolve().parents[1]


class Clock:
    """A clock the test moves by hand, one second per reading."""

    def __init__(self) -> None:
        self.moment = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.moment += timedelta(seconds=1)
        return self.moment


def record(actions: int) -> dict[str, Any]:
    return {
        "format": "mammamia-record/1",
        "variant": "classic",
        "seats": 2,
        "seed": 7,
        "actions": [{"seat": i % 2, "turn": {"pass": True, "draw": None}} for i in range(actions)],
    }


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "nested" / "dir" / "mammamia.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Storage]:
    async with await Storage.open(db_path, now=Clock()) as opened:
        yield opened


async def running_game(store: Storage, channel: int = CHANNEL) -> int:
    game = await store.create_lobby(GUILD, channel, HOST, {"variant": "classic"}, SEATS)
    await store.start_game(game.id, record(0), {"state": 0})
    return game.id


# -- opening and migrations -------------------------------------------------


async def test_open_creates_parent_dir_and_full_schema(db_path: Path) -> None:
    async with await Storage.open(db_path) as store:
        assert db_path.exists()
        assert await store.schema_version() == len(MIGRATIONS)
    with sqlite3.connect(db_path) as conn:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    assert {"games", "meta", "games_one_active_per_channel"} <= tables


async def test_wal_mode_is_on(store: Storage, db_path: Path) -> None:
    assert await store.journal_mode() == "wal"
    # WAL is persistent: another connection sees it too.
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_reopen_keeps_data_and_does_not_rerun_migrations(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    probe = "CREATE TABLE probe (n INTEGER); INSERT INTO probe VALUES (1);"
    monkeypatch.setattr(storage_module, "MIGRATIONS", (*MIGRATIONS, probe))
    async with await Storage.open(db_path) as store:
        game = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS)
    async with await Storage.open(db_path) as store:
        assert await store.schema_version() == len(MIGRATIONS) + 1
        assert await store.game(game.id) == game
    with sqlite3.connect(db_path) as conn:
        # The probe migration inserted its row exactly once.
        assert conn.execute("SELECT COUNT(*) FROM probe").fetchone()[0] == 1


async def test_new_migration_upgrades_an_existing_database(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with await Storage.open(db_path) as store:
        game = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS)
    added = "ALTER TABLE games ADD COLUMN note TEXT NOT NULL DEFAULT 'n/a';"
    monkeypatch.setattr(storage_module, "MIGRATIONS", (*MIGRATIONS, added))
    async with await Storage.open(db_path) as store:
        assert await store.schema_version() == len(MIGRATIONS) + 1
        assert await store.active_game(CHANNEL) == game
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT note FROM games").fetchone()[0] == "n/a"


async def test_failed_migration_leaves_the_database_as_it_was(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with await Storage.open(db_path):
        pass
    broken = "CREATE TABLE half (n INTEGER); INSERT INTO no_such_table VALUES (1);"
    monkeypatch.setattr(storage_module, "MIGRATIONS", (*MIGRATIONS, broken))
    with pytest.raises(sqlite3.OperationalError):
        await Storage.open(db_path)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'half'").fetchone() is None


async def test_database_newer_than_the_bot_is_refused(db_path: Path) -> None:
    async with await Storage.open(db_path):
        pass
    with sqlite3.connect(db_path) as conn:
        conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    with pytest.raises(StorageError, match="newer than this bot"):
        await Storage.open(db_path)


# -- lobby ------------------------------------------------------------------


async def test_create_lobby_round_trips(store: Storage) -> None:
    settings = {"variant": "plus", "help": True}
    seats = [*SEATS, Seat(None, "Computer 1", agent="greedy")]
    game = await store.create_lobby(GUILD, CHANNEL, HOST, settings, seats)
    assert game.status is GameStatus.LOBBY
    assert (game.guild_id, game.channel_id, game.host_id) == (GUILD, CHANNEL, HOST)
    assert game.settings == settings
    assert game.seats == tuple(seats)
    assert (game.record, game.snapshot, game.version, game.finished_at) == (None, None, 0, None)
    assert game.narration == {}
    assert await store.game(game.id) == game
    assert await store.active_game(CHANNEL) == game


async def test_channel_busy_while_a_game_is_open_or_running(store: Storage) -> None:
    first = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS)
    with pytest.raises(ChannelBusy) as busy:
        await store.create_lobby(GUILD, CHANNEL, 999, {}, [])
    assert busy.value.game.id == first.id

    await store.start_game(first.id, record(0), {})
    with pytest.raises(ChannelBusy):
        await store.create_lobby(GUILD, CHANNEL, 999, {}, [])

    other_channel = await store.create_lobby(GUILD, CHANNEL + 1, 999, {}, [])
    assert other_channel.id != first.id
    assert len(await store.unfinished_games()) == 2


async def test_channel_is_free_again_after_the_game_ends(store: Storage) -> None:
    first = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS)
    await store.finish(first.id, GameStatus.CANCELLED)
    assert await store.active_game(CHANNEL) is None
    second = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS)
    assert second.id > first.id
    assert await store.active_game(CHANNEL) == second


async def test_update_lobby_changes_only_what_is_given(store: Storage) -> None:
    game = await store.create_lobby(GUILD, CHANNEL, HOST, {"variant": "classic"}, SEATS)
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
        await store.start_game(game_id, record(0), {})


# -- playing ----------------------------------------------------------------


async def test_start_game_stores_record_and_snapshot(store: Storage) -> None:
    lobby = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS)
    deadline = datetime(2025, 1, 2, tzinfo=UTC)
    game = await store.start_game(lobby.id, record(0), {"state": 0}, deadline_at=deadline)
    assert game.status is GameStatus.RUNNING
    assert game.record == record(0)
    assert game.snapshot == {"state": 0}
    assert game.version == 0
    assert game.deadline_at == deadline


async def test_commit_action_moves_the_version_to_the_action_count(store: Storage) -> None:
    game_id = await running_game(store)
    game = await store.commit_action(game_id, 0, record(1), {"state": 1})
    assert (game.version, game.snapshot) == (1, {"state": 1})
    # Several actions at once (e.g. computer seats answering) jump the version.
    game = await store.commit_action(game_id, 1, record(3), {"state": 3})
    assert game.version == 3
    assert game.record == record(3)
    assert await store.game(game_id) == game


async def test_stale_version_is_refused_and_nothing_changes(store: Storage) -> None:
    game_id = await running_game(store)
    await store.commit_action(game_id, 0, record(1), {"state": 1})
    before = await store.game(game_id)
    with pytest.raises(StaleVersion) as stale:
        await store.commit_action(game_id, 0, record(1), {"state": "again"})
    assert (stale.value.expected, stale.value.actual) == (0, 1)
    assert await store.game(game_id) == before


async def test_concurrent_commits_of_one_version_apply_once(store: Storage) -> None:
    game_id = await running_game(store)
    results = await asyncio.gather(
        store.commit_action(game_id, 0, record(1), {"by": "a"}),
        store.commit_action(game_id, 0, record(1), {"by": "b"}),
        return_exceptions=True,
    )
    assert sum(isinstance(result, StaleVersion) for result in results) == 1
    game = await store.game(game_id)
    assert game is not None
    assert game.version == 1


async def test_commit_must_add_an_action(store: Storage) -> None:
    game_id = await running_game(store)
    with pytest.raises(ValueError, match="must add"):
        await store.commit_action(game_id, 0, record(0), {})


async def test_commit_refused_in_the_lobby_and_after_the_end(store: Storage) -> None:
    lobby = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS)
    with pytest.raises(WrongStatus):
        await store.commit_action(lobby.id, 0, record(1), {})
    game_id = await running_game(store, channel=CHANNEL + 1)
    await store.finish(game_id)
    with pytest.raises(WrongStatus):
        await store.commit_action(game_id, 0, record(1), {})


async def test_final_action_ends_the_game_in_the_same_commit(store: Storage) -> None:
    game_id = await running_game(store)
    await store.set_deadline(game_id, datetime(2025, 1, 2, tzinfo=UTC))
    game = await store.commit_action(
        game_id, 0, record(1), {"over": True}, status=GameStatus.FINISHED
    )
    assert game.status is GameStatus.FINISHED
    assert game.finished_at is not None
    assert game.deadline_at is None
    assert await store.active_game(CHANNEL) is None


async def test_deadline_kept_unless_given(store: Storage) -> None:
    game_id = await running_game(store)
    first = datetime(2025, 1, 2, 10, 0, tzinfo=UTC)
    await store.set_deadline(game_id, first)
    kept = await store.commit_action(game_id, 0, record(1), {})
    assert kept.deadline_at == first
    cleared = await store.commit_action(game_id, 1, record(2), {}, deadline_at=None)
    assert cleared.deadline_at is None
    with pytest.raises(ValueError, match="timezone"):
        await store.set_deadline(game_id, datetime(2025, 1, 2))


async def test_unknown_game_is_reported(store: Storage) -> None:
    assert await store.game(12345) is None
    with pytest.raises(GameNotFound):
        await store.set_narration(12345, {"events_shown": 1})
    with pytest.raises(GameNotFound):
        await store.commit_action(12345, 0, record(1), {})


# -- messages, narration, ending ----------------------------------------------


async def test_set_messages_is_partial_and_none_clears(store: Storage) -> None:
    game = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS)
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
    lobby = await store.create_lobby(GUILD, 2, HOST, {}, SEATS)
    done = await running_game(store, channel=3)
    await store.finish(done)
    cancelled = await store.create_lobby(GUILD, 4, HOST, {}, SEATS)
    await store.finish(cancelled.id, GameStatus.CANCELLED)
    assert [game.id for game in await store.unfinished_games()] == [running, lobby.id]


async def test_last_finished_game(store: Storage) -> None:
    assert await store.last_finished_game(CHANNEL) is None
    older = await running_game(store)
    await store.finish(older)
    newer = await running_game(store)
    await store.finish(newer)
    cancelled = await store.create_lobby(GUILD, CHANNEL, HOST, {}, SEATS)
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


# -- durability -------------------------------------------------------------


async def test_every_write_survives_a_crash(db_path: Path) -> None:
    """A process that dies right after a write (no close, no checkpoint) loses nothing."""
    script = textwrap.dedent(
        f"""
        import asyncio, os, sys
        sys.path.insert(0, {str(PROJECT_ROOT)!r})
        from bot.storage import Seat, Storage

        async def main():
            store = await Storage.open({str(db_path)!r})
            game = await store.create_lobby(1, 2, 3, {{"variant": "classic"}}, [Seat(3, "Ann")])
            await store.start_game(game.id, {record(0)!r}, {{"state": 0}})
            await store.commit_action(game.id, 0, {record(1)!r}, {{"state": 1}})
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


async def test_close_then_reopen_without_further_writes(db_path: Path) -> None:
    store = await Storage.open(db_path)
    game_id = await running_game(store)
    game = await store.commit_action(game_id, 0, record(1), {"state": 1})
    await store.close()
    async with await Storage.open(db_path) as reopened:
        assert await reopened.game(game_id) == game
        assert [g.id for g in await reopened.unfinished_games()] == [game_id]
