"""Shared pytest fixtures, and the tests' own third game (`tests/highcard`),
found by the host beside the shipped games in every test (`GAME_PACKAGES`)."""

from __future__ import annotations

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

#: The modules whose tests take longest (real processes, a browser, whole games
#: at Discord's own pace), run first: the workers (`make test`, `-n`) then finish
#: together rather than waiting on one that drew a long test last. Only an order:
#: a module not here (moved, or not yet there) runs in its turn.
LONG_FIRST = (
    "tests/host/test_bot_restart_limits.py",
    "tests/host/test_activity_browser.py",
    "tests/mammamia/bot/test_mm_activity_browser.py",
    "tests/pizzaisland/bot/test_pi_activity_browser.py",
    "tests/host/test_bot_call_pattern.py",
    "tests/host/test_install.py",
    "tests/host/test_bot_crash.py",
    "tests/mammamia/bot/test_mm_computers.py",
    "tests/mammamia/bot/test_quiet_channel.py",
    "tests/host/test_bot_shards.py",
    "tests/host/test_bot_every_click.py",
    "tests/host/test_bot_stop.py",
    "tests/pizzaisland/bot/test_pi_bot.py",
    "tests/bench/test_bench_bot_load.py",
    "tests/mammamia/engine/test_engine_compiled.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {path: index for index, path in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))


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
