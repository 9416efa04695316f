"""Fixtures for end-to-end tests: the real bot on the loopback Discord."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.client import MammaMiaBot
from bot.clock import ManualClock
from bot.config import Config

from fakediscord.server import FakeDiscord


class Bots:
    """Starts the production bot against the fake, and restarts it on the same database."""

    def __init__(self, server: FakeDiscord, db: Path, seed: int) -> None:
        self.server, self.db, self.seed = server, db, seed
        self.current: MammaMiaBot | None = None
        self.pace = 0.0  # seconds per narrated reveal step
        self.clock: ManualClock | None = None  # a clock the test moves; kept across restarts

    async def start(self) -> MammaMiaBot:
        config = Config(token="test-token", db_path=self.db, dev_guild_id=self.server.guild.id)
        pace = {"slow": self.pace, "normal": self.pace, "fast": self.pace}
        bot = MammaMiaBot(config, reveal_pace=pace, clock=self.clock, computer_pause=0)
        seeds = iter(range(self.seed, self.seed + 1000))
        original_build = bot.build_service

        async def build() -> object:
            service = await original_build()
            service._seed = lambda: next(seeds)  # a known deal for the test
            return service

        bot.build_service = build  # type: ignore[method-assign]
        await self.server.start_client(bot)
        self.current = bot
        return bot

    async def stop(self) -> None:
        if self.current is not None:
            await self.server.stop_client(self.current)
            self.current = None

    async def advance(self, seconds: float) -> None:
        """Move the bot's clock on and let what fell due happen."""
        assert self.clock is not None
        self.clock.advance(seconds)
        await asyncio.sleep(0.05)
        await self.idle()

    async def idle(self) -> None:
        """Let the bot finish publishing (narration, table, pings)."""
        assert self.current is not None and self.current.publisher is not None
        for _ in range(3):
            await self.server.settle()
            await self.current.publisher.idle()
        await self.server.settle()


@pytest_asyncio.fixture
async def bots(discord_server: FakeDiscord, tmp_path: Path) -> AsyncIterator[Bots]:
    bots = Bots(discord_server, tmp_path / "games.sqlite3", seed=7)
    yield bots
    await bots.stop()
