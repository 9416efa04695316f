"""What an operator can watch, in Prometheus's form: interactions answered
and how long they took, moves, REST calls by route class (those Discord's
global limit counts, and the interaction-token routes it does not), waits
for the bot's own budget and for Discord's rate limits, live games, database
round trips and their latency, pictures drawn.

The counters always count (in memory, a few nanoseconds each); they are
served over HTTP only when `METRICS_PORT` is set (`serve`), off by default.
"""

from __future__ import annotations

import logging

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

log = logging.getLogger(__name__)

REGISTRY = CollectorRegistry()

INTERACTIONS = Histogram(
    "bot_interaction_seconds",
    "Seconds from Discord sending an interaction to the bot's first answer",
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0),
    registry=REGISTRY,
)
MOVES = Counter("bot_moves_total", "Actions committed to games", registry=REGISTRY)
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
    "bot_rate_limited_total", "Times Discord answered 429 and the bot waited", registry=REGISTRY
)
LIVE_GAMES = Gauge("bot_live_games", "Games held in memory by this process", registry=REGISTRY)
DB = Histogram(
    "bot_db_round_trip_seconds",
    "Database round trips and their seconds",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25),
    registry=REGISTRY,
)
PICTURES = Counter("bot_pictures_drawn_total", "Pictures drawn", registry=REGISTRY)


def serve(port: int, address: str = "127.0.0.1") -> None:
    """Serve the metrics at http://<address>:<port>/metrics (a thread of its own)."""
    start_http_server(port, addr=address, registry=REGISTRY)
    log.info("Serving metrics on http://%s:%s/metrics", address, port)
