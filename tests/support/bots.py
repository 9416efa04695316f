"""Fixtures for end-to-end tests: the real bot on the loopback Discord."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.app.client import GameBot
from bot.app.config import Config
from bot.interactions import components
from bot.kit.clock import ManualClock
from bot.plugin.registry import presentations
from bot.web.config import ActivityConfig

from fakediscord.server import FakeDiscord

#: How many times faster Discord's per-route windows pass for a bot at test
#: tempo (no pause before a computer moves, none between narration steps):
#: the same counts, as discord.py reads them from the headers (fakediscord/ratelimits.py).
TEST_TEMPO = 10.0


class Bots:
    """Starts the production bot against the fake, and restarts it on the same database."""

    def __init__(self, server: FakeDiscord, db: Path, seed: int) -> None:
        self.server, self.db, self.seed = server, db, seed
        server.limits.tempo = TEST_TEMPO
        self.current: GameBot | None = None
        self.pace = 0.0  # seconds per narrated reveal step
        self.clock: ManualClock | None = None  # a clock the test moves; kept across restarts
        self.activity = False  # serve the Activity (bot.web) on a free port
        self.metrics = False  # serve the Prometheus metrics (bot.kit.metrics) on a free port

    async def start(self, timeout: float = 5.0) -> GameBot:
        activity = None
        if self.activity:
            secret = self.server.activities.client_secret
            activity = ActivityConfig(port=0, client_secret=secret)
        config = Config(
            token="test-token",
            db_path=self.db,
            dev_guild_id=self.server.guild.id,
            activity=activity,
            metrics_port=0 if self.metrics else None,
        )
        bot = GameBot(config, narration_pace=self.pace, clock=self.clock, computer_pause=0)
        seeds = iter(range(self.seed, self.seed + 1000))
        original_build = bot.build_service

        async def build() -> object:
            service = await original_build()
            service._seed = lambda: next(seeds)  # a known deal for the test
            return service

        bot.build_service = build  # type: ignore[method-assign]
        self._count_requests(bot)
        await self.server.start_client(bot, timeout=timeout)
        self.current = bot
        return bot

    def _count_requests(self, bot: GameBot) -> None:
        """An in-flight counter on the bot's own HTTP client: the bot is idle
        when it has no request out, no interaction unanswered and nothing left
        to publish (no waiting on silence)."""
        self.requests_out = 0
        request = bot.http.request

        async def counted(*args: object, **kwargs: object) -> object:
            self.requests_out += 1
            try:
                return await request(*args, **kwargs)
            finally:
                self.requests_out -= 1

        bot.http.request = counted  # type: ignore[method-assign]

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

    async def idle(self, timeout: float = 10.0) -> None:
        """Wait until the bot is done: every interaction answered, no request
        of the bot's in flight, nothing left to publish."""
        assert self.current is not None and self.current.publisher is not None
        publisher, timers = self.current.publisher, self.current.timers
        async with asyncio.timeout(timeout):
            calm = 0
            while calm < 3:  # calm over a few turns of the event loop, not a time
                busy = self.requests_out or not _answered(self.server) or publisher.busy()
                busy = busy or components.handling > 0
                busy = busy or (timers is not None and timers.busy())
                calm = 0 if busy else calm + 1
                if busy:
                    await publisher.idle()
                await asyncio.sleep(0)
                if busy:
                    await asyncio.sleep(0.001)
        self.server.raise_new_violations()


def _answered(server: FakeDiscord) -> bool:
    return server._inflight == 0 and not server.unanswered()


def cheap_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every computer seat plays as the game's cheapest difficulty: a search
    costs seconds of CPU a move, which an end-to-end test of the host need
    not spend. The tests marked `real_computers` play each difficulty as shipped."""
    for rules in {shown.rules for shown in presentations().values()}:
        made = type(rules).agent

        def agent(
            self: Any, difficulty: str, seed: int, seat: int, events: Any = (), made: Any = made
        ) -> Any:
            return made(self, self.difficulties[0], seed, seat, events)

        monkeypatch.setattr(type(rules), "agent", agent)


@pytest_asyncio.fixture
async def bots(
    discord_server: FakeDiscord,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> AsyncIterator[Bots]:
    if request.node.get_closest_marker("real_computers") is None:
        cheap_computers(monkeypatch)
    bots = Bots(discord_server, tmp_path / "games.sqlite3", seed=7)
    yield bots
    await bots.stop()
