"""What an operator can watch, in Prometheus's form (docs/metrics.md), under
the project's prefix `mammamia_bot_`: interactions answered and how long they
took, answers late or deferred and how far the event loop fell behind,
moves, REST calls by route class (those Discord's global limit counts, and
the interaction-token routes it does not), the bot's own budget of the first
and any 429 Discord answered, the gateway's latency, live games, database
round trips and their latency, pictures drawn; and the process's own
(`process_…`: CPU, memory, open files) and Python's (`python_…`: the
garbage collector, the version).

The counters always count (in memory, a few microseconds each); they are
served over HTTP only when `METRICS_PORT` is set (`Served`, beside the
health check), off by default.
"""

from __future__ import annotations

import logging
import math
import re
import time
from collections.abc import Awaitable, Callable, Iterable
from types import SimpleNamespace, TracebackType
from typing import Protocol

import aiohttp
from aiohttp import web
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    GC_COLLECTOR,
    PLATFORM_COLLECTOR,
    PROCESS_COLLECTOR,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

log = logging.getLogger(__name__)

#: Every metric of the project's own is named `mammamia_bot_…` (the project's name).
PREFIX = "mammamia_bot"

REGISTRY = CollectorRegistry()
# The process's and the interpreter's own figures, under their usual names.
for _standard in (PROCESS_COLLECTOR, PLATFORM_COLLECTOR, GC_COLLECTOR):
    REGISTRY.register(_standard)

INTERACTIONS = Histogram(
    f"{PREFIX}_interaction_seconds",
    "Interactions answered, by kind (command, component, other), and the seconds "
    "from Discord sending each to the bot's first answer",
    ["kind"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0),
    registry=REGISTRY,
)
LATE_ANSWERS = Counter(
    f"{PREFIX}_late_answers_total",
    "Interactions answered after Discord's 3 seconds (Discord refused the answer)",
    registry=REGISTRY,
)
DEFERRED = Counter(
    f"{PREFIX}_deferred_answers_total",
    "Interactions deferred because their answer was not ready within 2 s (answered later)",
    registry=REGISTRY,
)
LOOP_LATE = Histogram(
    f"{PREFIX}_event_loop_lag_seconds",
    "How late the event loop woke for a look asked every 0.5 s: the time ready work "
    "(answers, table updates) waited for it",
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0),
    registry=REGISTRY,
)
MOVES = Counter(
    f"{PREFIX}_moves_total",
    "Actions committed to games, by who made them: a person through an interaction, "
    "or the bot (a computer seat, a timeout, an absent seat)",
    ["by"],
    registry=REGISTRY,
)
#: The two classes of REST calls (`route_class`).
GLOBAL, TOKEN = "global", "token"
REST = Counter(
    f"{PREFIX}_rest_requests_total",
    "REST requests to Discord by route class: global (counted by Discord's global rate "
    "limit), token (interaction callbacks and token routes, not counted)",
    ["route"],
    registry=REGISTRY,
)
BUDGET_TAKEN = Counter(
    f"{PREFIX}_budget_requests_total",
    "Requests Discord's global limit counts, each let through by the bot's own budget",
    registry=REGISTRY,
)
BUDGET_WAITS = Counter(
    f"{PREFIX}_budget_waits_total",
    "Requests that waited for the bot's own budget (its window was full)",
    registry=REGISTRY,
)
BUDGET_WAITED = Counter(
    f"{PREFIX}_budget_wait_seconds_total",
    "Seconds requests waited for the bot's own budget, in all",
    registry=REGISTRY,
)
RATE_LIMITED = Counter(
    f"{PREFIX}_rate_limited_total",
    "Times Discord answered 429 (rate limited), by route class and the limit's scope "
    "(global, user: a route's bucket, shared: a resource's)",
    ["route", "scope"],
    registry=REGISTRY,
)
LIVE_GAMES = Gauge(
    f"{PREFIX}_live_games", "Games held in memory by this process", registry=REGISTRY
)
DB = Histogram(
    f"{PREFIX}_db_round_trip_seconds",
    "Database round trips (on PostgreSQL a statement, a transaction's begin or commit; "
    "on SQLite a call to its thread) and their seconds",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25),
    registry=REGISTRY,
)
PICTURES = Counter(
    f"{PREFIX}_pictures_drawn_total",
    "Pictures drawn by the picture worker (those answered from memory are not)",
    registry=REGISTRY,
)

#: The routes Discord's global rate limit does not count: an interaction's
#: callback, and the webhook routes of its token (follow-ups, and edits and
#: deletes of what it made).
TOKEN_ROUTE = re.compile(r"/(?:interactions/[0-9]+/[^/]+/callback|webhooks/[0-9]+/[^/]+)(?:/|$)")
#: Discord's REST API; anything else on discord.py's session (the gateway's
#: websocket, a picture from the CDN) is no REST request.
API = re.compile(r"/api/v[0-9]+/")


def route_class(path: str) -> str | None:
    """`TOKEN` for an interaction's routes, `GLOBAL` for the rest of the REST
    API, None for what is not a REST request."""
    if API.search(path) is None:
        return None
    return TOKEN if TOKEN_ROUTE.search(path) else GLOBAL


class Places(Protocol):
    """A budget of requests (bot.kit.budget): a place taken before each, given back after."""

    async def take(self) -> int: ...

    def done(self, place: int) -> None: ...


class Rest:
    """Counts every REST call discord.py makes (its one HTTP session, the
    interactions' webhook calls included) by route class, and each 429; and
    has every globally limited one take a place in `budget` before it leaves,
    given back once it is answered (or failed).

    An aiohttp client middleware (`middleware`): one call a request. discord.py
    makes its session as it logs in and takes no middleware, so the log-in's
    own requests pass a trace hook (`trace`), and once logged in the
    middleware takes over on that session (`take_over`): a trace hook has
    aiohttp send a dozen signals for each request (3 % of the bot's CPU under
    load)."""

    def __init__(self, budget: Places | None = None) -> None:
        self.budget = budget
        # Counted on each class's own child of `REST`: every answer and edit passes here.
        self._counted = {kind: REST.labels(kind) for kind in (TOKEN, GLOBAL)}

    async def _leaving(self, path: str) -> tuple[str | None, int | None]:
        """The request's class (a regex on its path, once), and its place in the budget."""
        kind = route_class(path)
        if self.budget is not None and kind == GLOBAL:
            return kind, await self.budget.take()
        return kind, None

    def _back(
        self, kind: str | None, place: int | None, response: aiohttp.ClientResponse | None
    ) -> None:
        """Answered (`response`) or failed: its place given back, and counted."""
        if place is not None and self.budget is not None:
            self.budget.done(place)
        if kind is not None:
            self._counted[kind].inc()
            if response is not None and response.status == 429:
                scope = response.headers.get("X-RateLimit-Scope", "unknown")
                RATE_LIMITED.labels(kind, scope).inc()

    async def middleware(
        self, request: aiohttp.ClientRequest, handler: aiohttp.ClientHandlerType
    ) -> aiohttp.ClientResponse:
        kind, place = await self._leaving(request.url.path)
        try:
            response = await handler(request)
        except BaseException:
            self._back(kind, place, None)
            raise
        self._back(kind, place, response)
        return response

    def take_over(self, session: aiohttp.ClientSession) -> None:
        """From now on `session`'s requests pass the middleware, and no trace
        hook (set on the session: aiohttp reads both at each request)."""
        session._middlewares = (self.middleware,)
        session._trace_configs = []

    def trace(self) -> aiohttp.TraceConfig:
        """The same, as a trace hook: for the requests of the log-in."""

        async def starting(
            session: aiohttp.ClientSession,
            context: SimpleNamespace,
            params: aiohttp.TraceRequestStartParams,
        ) -> None:
            context.kind, context.place = await self._leaving(params.url.path)

        async def ended(
            session: aiohttp.ClientSession,
            context: SimpleNamespace,
            params: aiohttp.TraceRequestEndParams,
        ) -> None:
            self._back(context.kind, context.place, params.response)

        async def failed(
            session: aiohttp.ClientSession,
            context: SimpleNamespace,
            params: aiohttp.TraceRequestExceptionParams,
        ) -> None:
            self._back(context.kind, context.place, None)

        trace = aiohttp.TraceConfig()
        trace.on_request_start.append(starting)
        trace.on_request_end.append(ended)
        trace.on_request_exception.append(failed)
        return trace


class _Readings(Collector):
    """Gauges read from the running bot at each scrape: the gateway's latency
    per shard, and the budget's limit and use (set by `read_from`)."""

    def __init__(self) -> None:
        self.latencies: Callable[[], Iterable[tuple[int, float]]] = list
        self.budget: Callable[[], tuple[int, int]] | None = None

    def collect(self) -> Iterable[GaugeMetricFamily]:
        latency = GaugeMetricFamily(
            f"{PREFIX}_gateway_latency_seconds",
            "Seconds between a gateway heartbeat and Discord's acknowledgement, per shard "
            "(absent while a shard is not connected)",
            labels=["shard"],
        )
        for shard, seconds in self.latencies():
            if math.isfinite(seconds):
                latency.add_metric([str(shard)], seconds)
        yield latency
        if self.budget is not None:
            limit, used = self.budget()
            yield GaugeMetricFamily(
                f"{PREFIX}_budget_limit",
                "Requests the bot's own budget lets through in any second, in this process",
                value=limit,
            )
            yield GaugeMetricFamily(
                f"{PREFIX}_budget_used",
                "Requests the budget let through in the last second, in this process",
                value=used,
            )


READINGS = _Readings()
REGISTRY.register(READINGS)


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


Health = Callable[[], Awaitable[tuple[bool, dict[str, object]]]]


class Served:
    """The operator's endpoints, from the bot's own event loop (so a loop that
    falls behind shows in their answers): `/metrics` in Prometheus's text
    format, and `/health`, 200 with what was checked when `health` says all
    is well, else 503 (`port` 0: a free one)."""

    def __init__(self, health: Health, port: int, address: str = "127.0.0.1") -> None:
        self.health, self.port, self.address = health, port, address
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/health", self._health)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.address, self.port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        log.info("Serving metrics on http://%s:%s/metrics", self.address, self.port)

    async def _metrics(self, request: web.Request) -> web.Response:
        body = generate_latest(REGISTRY)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _health(self, request: web.Request) -> web.Response:
        healthy, found = await self.health()
        return web.json_response(found, status=200 if healthy else 503)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
