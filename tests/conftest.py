"""Shared pytest fixtures, and the tests' own third game (`tests/highcard`),
found by the host beside the shipped games in every test (`GAME_PACKAGES`)."""

from __future__ import annotations

import gc
import itertools
import os
from collections.abc import AsyncIterator, Iterator

import asyncpg
import pytest
import pytest_asyncio
from plurals import counted

import pg
from bots import *  # noqa: F403
from fakediscord.fixtures import *  # noqa: F403

# Before any game is looked for (importing the above looks for none).
os.environ.setdefault("GAME_PACKAGES", "tests.highcard")

_database_numbers = itertools.count(1)

#: The tests that take longest (a browser, real processes, whole games at
#: Discord's own pace), longest first, each a node id or its beginning. `make
#: test` hands the workers two tests at a time (`--maxschedchunk 2`), so these
#: start first, one on each worker as it comes free, and the many short tests
#: fill in around them: the workers finish together rather than one drawing a
#: long test last. Only an order: a test not here (moved, renamed) runs in its turn.
LONG_FIRST = (
    "tests/mammamia/bot/test_mm_activity_browser.py::test_pl_h2_a_plus_game_with_help",
    "tests/mammamia/bot/test_mm_activity_browser.py",
    "tests/host/test_install.py",
    "tests/mammamia/bot/test_quiet_channel.py::test_a_pizza_island_advanced_match",
    "tests/host/test_bot_restart_limits.py",
    "tests/host/test_bot_call_pattern.py::test_moves_no_interaction_carries",
    "tests/mammamia/engine/test_engine_compiled.py::test_pure_python_plays",
    "tests/host/test_bot_crash.py::test_sigkill_after_each_kind_of_post",
    "tests/mammamia/bot/test_bot_games.py::test_whole_plus_game_of_five",
    "tests/bench/test_bench_bot_load.py",
    "tests/pizzaisland/bot/test_pi_activity_browser.py",
    "tests/mammamia/bot/test_mm_activity_phone_walk.py",
    "tests/mammamia/bot/test_mm_computers.py",
    "tests/host/test_bot_catch_up.py",
    "tests/pizzaisland/bot/test_pi_bot.py",
    "tests/host/test_bot_call_pattern.py::test_a_persons_move_costs",
    "tests/host/test_bot_shards.py",
    "tests/host/test_bot_every_click.py",
    "tests/mammamia/bot/test_pictures.py::test_every_picture_reads_on_a_phone",
    "tests/bench/test_bench_floor.py",
    "tests/host/test_activity_kill.py",
    "tests/mammamia/bot/test_bot_pictures.py",
    "tests/mammamia/engine/test_engine_ai_pinned.py::test_seeded_games_play_the_pinned",
    "tests/host/test_bot_stop.py",
    "tests/host/test_activity_browser.py",
    "tests/host/test_deploy.py",
    "tests/host/test_bot_crash.py",
    "tests/mammamia/bot/test_quiet_channel.py",
    "tests/mammamia/bot/test_bot_help.py",
    "tests/mammamia/bot/test_bot_games.py",
    "tests/mammamia/bot/test_mm_languages.py",
    "tests/pizzaisland/bot/test_pi_activity_full_table.py",
    "tests/pizzaisland/bot/test_activity_island.py",
    "tests/mammamia/bot/test_mm_activity_crowded_hand.py",
    "tests/pizzaisland/bot/test_pi_languages.py",
    "tests/pizzaisland/bot/test_pi_stats.py",
    "tests/mammamia/bot/test_mm_restart.py",
    "tests/mammamia/bot/test_mm_stats.py",
)


def _rank(nodeid: str) -> int:
    ranks = (i for i, long in enumerate(LONG_FIRST) if nodeid.startswith(long))
    return next(ranks, len(LONG_FIRST))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: _rank(item.nodeid))


def pytest_collection_finish(session: pytest.Session) -> None:
    """What is loaded by now (modules, catalogs, the tests) lives as long as
    the run: frozen out of the collector's sight, so that each full
    collection looks only at what the tests made (half its CPU)."""
    gc.collect()
    gc.freeze()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[pg.PgServer]:
    """One PostgreSQL server for the whole run, in a temporary directory (tests/support/pg.py)."""
    server = pg.start()
    try:
        yield server
    finally:
        server.stop()


@pytest_asyncio.fixture
async def postgres_url(postgres_server: pg.PgServer) -> AsyncIterator[str]:
    """A new, empty database on the test server, dropped after the test."""
    name = f"test_{next(_database_numbers)}"
    admin = await asyncpg.connect(postgres_server.admin_url)
    try:
        await admin.execute(f"CREATE DATABASE {name} STRATEGY = FILE_COPY")
    finally:
        await admin.close()
    yield postgres_server.url(name)
    admin = await asyncpg.connect(postgres_server.admin_url)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    finally:
        await admin.close()


@pytest.fixture(autouse=True)
def counts_are_plural(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Whatever a test renders, no count goes into a message that is not
    plural (tests/support/plurals.py)."""
    with counted(monkeypatch) as found:
        yield
    assert not found, f"counts in messages that are not plural: {sorted(set(found))[:10]}"
