"""What an operator can watch, in Prometheus's form: interactions answered
and how long they took, moves, REST calls by route class (those Discord's
global limit counts, and the interaction-token routes it does not), waits
for the bot's own budget and for Discord's rate limits, live games, database
round trips and their latency, pictures drawn.

The counters always count (in memory, a few microseconds each); they are
served over HTTP only when `METRICS_PORT` is set (`serve`), off by default
(docs/metrics.md).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Callable
from types import SimpleNamespace, TracebackType
from typing import Any

import aiohttp
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

log = logging.getLogger(__name__)

REGISTRY = CollectorRegistry()

INTERACTIONS = Histogram(
    "bot_interaction_seconds",
    "Interactions answered, by kind (command, component, other), and the seconds "
    "from Discord sending each to the bot's first answer",
    ["kind"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0),
    registry=REGISTRY,
)
MOVES = Counter(
    "bot_moves_total",
    "Actions committed to games, by who made them: a person through an interaction, "
    "or the bot (a computer seat, a timeout, an absent seat)",
    ["by"],
    registry=REGISTRY,
)
#: The two classes of REST calls (`route_class`).
GLOBAL, TOKEN = "global", "token"
REST = Counter(
    "bot_rest_calls_total",
    "REST calls to Discord by route class: global (counted by Discord's global rate limit), "
    "token (interaction callbacks and token routes, not counted)",
    ["route"],
    registry=REGISTRY,
)
BUDGET_WAITS = Counter(
    "bot_budget_waits_total",
    "Times a channel call waited for the bot's own global-limit budget",
    registry=REGISTRY,
)
RATE_LIMITED = Counter(
    "bot_rate_limited_total",
    "Times Discord answered 429 (rate limited) and the bot waited",
    ["route"],
    registry=REGISTRY,
)
LIVE_GAMES = Gauge("bot_live_games", "Games held in memory by this process", registry=REGISTRY)
DB = Histogram(
    "bot_db_round_trip_seconds",
    "Database round trips (a statement, a transaction's begin or commit; on SQLite a "
    "call to its thread) and their seconds",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25),
    registry=REGISTRY,
)
PICTURES = Counter(
    "bot_pictures_drawn_total",
    "Pictures drawn by the picture worker (those answered from memory are not)",
    registry=REGISTRY,
)

#: The routes Discord's global rate limit does not count: an interaction's
#: callback, and the webhook routes of its token (follow-ups, and edits and
#: deletes of what it made).
TOKEN_ROUTE = re.compile(r"/(?:interactions/[0-9]+/[^/]+/callback|webhooks/[0-9]+/[^/]+)(?:/|$)")


def route_class(path: str) -> str:
    """`TOKEN` for an interaction's routes, else `GLOBAL`."""
    return TOKEN if TOKEN_ROUTE.search(path) else GLOBAL


def http_trace() -> aiohttp.TraceConfig:
    """Counts every REST call discord.py makes (its one HTTP session, the
    interactions' webhook calls included) by route class, and each 429."""

    async def ended(session: aiohttp.ClientSession, context: SimpleNamespace, params: Any) -> None:
        kind = route_class(params.url.path)
        REST.labels(kind).inc()
        if params.response.status == 429:
            RATE_LIMITED.labels(kind).inc()

    async def failed(session: aiohttp.ClientSession, context: SimpleNamespace, params: Any) -> None:
        REST.labels(route_class(params.url.path)).inc()

    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(ended)
    trace.on_request_exception.append(failed)
    return trace


class Trip:
    """`with Trip():` times one database round trip."""

    __slots__ = ("_start",)

    def __enter__(self) -> None:
        self._start = time.perf_counter()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        DB.observe(time.perf_counter() - self._start)


def live_games(count: Callable[[], int]) -> None:
    """Where the live games' count is read, at each scrape."""
    LIVE_GAMES.set_function(count)


class Served:
    """The metrics served at http://<address>:<port>/metrics, from a thread
    of their own that waits on its socket (`port` 0: a free one)."""

    def __init__(self, port: int, address: str = "127.0.0.1") -> None:
        self._server, _ = start_http_server(port, addr=address, registry=REGISTRY)
        self.port = int(self._server.server_port)
        log.info("Serving metrics on http://%s:%s/metrics", address, self.port)

    async def stop(self) -> None:
        await asyncio.to_thread(self._server.shutdown)
        self._server.server_close()
