"""Shared pytest fixtures."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Iterator

import asyncpg
import pytest
import pytest_asyncio

import pg
from bots import *  # noqa: F403
from fakediscord.fixtures import *  # noqa: F403

_database_numbers = itertools.count(1)


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
