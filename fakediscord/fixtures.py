"""pytest fixtures: ``discord_server`` is a started FakeDiscord, fresh for each test."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from .patching import patch_discord
from .server import FakeDiscord

__all__ = ["discord_server"]


@pytest_asyncio.fixture
async def discord_server() -> AsyncIterator[FakeDiscord]:
    """A running fake Discord with discord.py pointed at it.

    Clients started with ``start_client`` are closed at teardown, and the test fails
    if any Discord rule violation is still recorded (tests that provoke violations
    on purpose should ``take_violations()``).
    """
    server = FakeDiscord()
    await server.start()
    restore = patch_discord(server)
    try:
        yield server
    finally:
        try:
            await server.stop()
        finally:
            restore()
    if server.violations:
        listing = "\n".join(f"  - {v}" for v in server.violations)
        pytest.fail(f"the bot broke Discord's rules during the test:\n{listing}", pytrace=False)
