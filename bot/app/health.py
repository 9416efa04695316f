"""Whether the bot is well, for a load balancer, an orchestrator or a person
(`/health`, beside `/metrics`: bot.kit.metrics.Served): its gateway
connections are up (every shard of this process's), and the database
answers a query within `DATABASE_WAIT`.

Which connections are up is followed from discord.py's own events (a
connection made, resumed, lost), per shard when the bot runs several.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Iterable

import discord
from discord.ext import commands

from bot.storage import Storage

log = logging.getLogger(__name__)

#: Seconds the database has to answer the health check's query.
DATABASE_WAIT = 2.0


class Gateway:
    """The gateway connections of one bot, as discord.py reports them."""

    def __init__(self, client: commands.Bot, shards: Iterable[int] | None) -> None:
        self.client = client
        # Shards not connected now: at first, all of them (None: an unsharded bot's one).
        self.down: set[int | None] = set(shards) if shards is not None else {None}
        listen = client.add_listener
        if shards is None:
            listen(self._connected, "on_connect")
            listen(self._connected, "on_resumed")
            listen(self._lost, "on_disconnect")
        else:
            listen(self._shard_connected, "on_shard_connect")
            listen(self._shard_connected, "on_shard_resumed")
            listen(self._shard_lost, "on_shard_disconnect")

    async def _connected(self) -> None:
        self.down.discard(None)

    async def _lost(self) -> None:
        self.down.add(None)

    async def _shard_connected(self, shard_id: int) -> None:
        self.down.discard(shard_id)

    async def _shard_lost(self, shard_id: int) -> None:
        self.down.add(shard_id)

    @property
    def connected(self) -> bool:
        return not self.down and self.client.is_ready() and not self.client.is_closed()

    def latencies(self) -> list[tuple[int, float]]:
        """Each connected shard's heartbeat latency in seconds."""
        if isinstance(self.client, discord.AutoShardedClient):
            found = self.client.latencies
        else:
            found = [(0, self.client.latency)]
        return [(shard, seconds) for shard, seconds in found if shard not in self.down]


async def check(gateway: Gateway, storage: Storage | None) -> tuple[bool, dict[str, object]]:
    """(healthy, what was found) for `/health`."""
    database = False
    if storage is not None:
        try:
            async with asyncio.timeout(DATABASE_WAIT):
                await storage.schema_version()
            database = True
        except Exception as error:  # any failure is the answer: it does not answer
            log.warning("health check: the database did not answer (%r)", error)
    latencies = [seconds for _, seconds in gateway.latencies() if math.isfinite(seconds)]
    found: dict[str, object] = {
        "gateway": "connected" if gateway.connected else "disconnected",
        "database": "answers" if database else "does not answer",
    }
    if latencies:
        found["gateway_latency_ms"] = round(1000 * max(latencies), 1)
    return gateway.connected and database, found
