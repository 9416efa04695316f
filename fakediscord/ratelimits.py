"""Discord's rate limits, as the loopback Discord enforces them.

- **Global**: at most `GLOBAL_LIMIT` requests in any `GLOBAL_WINDOW` seconds
  per bot token, across all its shards and processes, on every route but an
  interaction's callback and its token's webhook routes. Discord counts by
  the second; the fake counts in a sliding window, which is stricter: a bot
  within it is within Discord's.
- **Per route**: buckets by route and top-level resource (a channel, a
  webhook and its token), each `limit` requests a window of `per` seconds,
  announced on every answer with the headers discord.py reads
  (`X-RateLimit-Limit`, `-Remaining`, `-Reset`, `-Reset-After`, `-Bucket`).
  Discord publishes no figures and says they change; those here are what
  Discord answered when people measured (`ROUTE_BUCKETS`), tunable per test.
- **Past a limit**: 429, with `Retry-After`, a JSON body saying for how long
  and whether the limit was global, and `X-RateLimit-Scope`; as at Discord,
  the answer passes through Google's front (a `Via` header): discord.py reads
  a 429 without one as a Cloudflare ban.
- **Invalid requests**: each 401, 403 and 429 (but a 429 of scope `shared`)
  counts; past `INVALID_LIMIT` in `INVALID_WINDOW` seconds Discord bans the
  address for a while (Cloudflare's 429 with no `Via`): the fake does too.

Every 429 and a ban are recorded as violations (`rate_limited`,
`invalid_requests`): a bot that reads the headers and keeps within its own
budget never meets one.
"""

from __future__ import annotations

import math
import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from aiohttp import web

from .routing import BotRequest, json_response

#: Requests a bot token may make on globally limited routes in any window.
GLOBAL_LIMIT = 50
GLOBAL_WINDOW = 1.0
#: Invalid requests (401, 403, 429) an address may make in a window before a ban.
INVALID_LIMIT = 10_000
INVALID_WINDOW = 600.0
#: How long Discord's front bans an address past the invalid requests' limit.
BAN_SECONDS = 3600.0
#: What every answer of Discord's API passes through (discord.py checks it on a 429).
VIA = "1.1 google"
#: Marks Cloudflare's answer to a banned address (an aiohttp response's own key).
BANNED = web.ResponseKey("fakediscord.banned", bool)


@dataclass(frozen=True)
class BucketRule:
    """One per-route limit: `limit` requests a window of `per` seconds, for each
    top-level resource the path's first group names (a channel, a webhook)."""

    name: str  # X-RateLimit-Bucket (a hash at Discord)
    methods: frozenset[str]
    pattern: re.Pattern[str]
    limit: int
    per: float


def _rule(name: str, methods: str, path: str, limit: int, per: float) -> BucketRule:
    return BucketRule(name, frozenset(methods.split()), re.compile(path), limit, per)


#: The per-route buckets the fake enforces. Sending and editing a channel's
#: messages share one bucket of 5 a 5 s per channel, deleting them 5 a second
#: (Discord's answers seen in discord/discord-api-docs#2761, #8330); a
#: webhook, which is what an interaction's token routes are, 5 a 2 s per
#: token. Reading a channel's history has no bucket of its own (#1135): only
#: the global limit holds it back.
ROUTE_BUCKETS: tuple[BucketRule, ...] = (
    _rule("channel-messages", "POST PATCH", r"^/channels/(\d+)/messages(?:/\d+)?$", 5, 5.0),
    _rule("channel-message-delete", "DELETE", r"^/channels/(\d+)/messages/\d+$", 5, 1.0),
    _rule("webhook", "GET POST PATCH DELETE", r"^/webhooks/(\d+/[^/]+)(?:/|$)", 5, 2.0),
)


@dataclass
class Bucket:
    """One resource's window of one rule (Discord's buckets reset all at once)."""

    rule: BucketRule
    remaining: int
    resets_at: float  # monotonic


@dataclass(frozen=True)
class Limited:
    """A request answered 429: when, on which route, by which limit, for how long."""

    at: float
    route: str
    scope: str  # "global", "user" (a route's bucket) or "shared"
    retry_after: float


@dataclass
class RateLimits:
    """The limits of one loopback Discord; `check` before a request is served,
    `answered` once its response is known."""

    clock: Callable[[], float] = time.monotonic
    global_limit: int = GLOBAL_LIMIT
    global_window: float = GLOBAL_WINDOW
    rules: tuple[BucketRule, ...] = ROUTE_BUCKETS
    invalid_limit: int = INVALID_LIMIT
    enabled: bool = True
    #: How many times faster the route buckets' windows pass than Discord's
    #: (the counts stay): tests at test tempo, whose computers think for no
    #: time, set it; the global limit is always Discord's.
    tempo: float = 1.0
    #: Every 429 answered, in order (a test asserts there is none).
    limited: list[Limited] = field(default_factory=list)
    _served: deque[float] = field(default_factory=deque)  # globally limited requests served
    _buckets: dict[tuple[str, str], Bucket] = field(default_factory=dict)
    _invalid: deque[float] = field(default_factory=deque)
    banned_until: float = 0.0

    # --- before serving -------------------------------------------------------------

    def banned(self) -> web.Response | None:
        """Cloudflare's 429, while the address is banned (before anything else)."""
        return _banned() if self.clock() < self.banned_until else None

    def check(self, req: BotRequest) -> web.Response | None:
        """The 429 answering `req` if it is over a limit; else None, and it is counted."""
        now = self.clock()
        if not self.enabled:
            return None
        if req.global_limited:
            while self._served and now - self._served[0] >= self.global_window:
                self._served.popleft()
            if len(self._served) >= self.global_limit:
                wait = self._served[0] + self.global_window - now
                return self._limited(req, now, "global", wait, {})
        bucket = self._bucket(req, now)
        if bucket is not None and bucket.remaining <= 0:
            headers = self._headers(bucket, now)
            return self._limited(req, now, "user", bucket.resets_at - now, headers)
        if req.global_limited:
            self._served.append(now)
        if bucket is not None:
            bucket.remaining -= 1
        return None

    def _bucket(self, req: BotRequest, now: float) -> Bucket | None:
        for rule in self.rules:
            if req.method not in rule.methods:
                continue
            found = rule.pattern.match(req.path)
            if found is None:
                continue
            key = (rule.name, found.group(1))
            bucket = self._buckets.get(key)
            if bucket is None or now >= bucket.resets_at:
                bucket = self._buckets[key] = Bucket(rule, rule.limit, now + rule.per / self.tempo)
            return bucket
        return None

    def _limited(
        self, req: BotRequest, now: float, scope: str, wait: float, headers: dict[str, str]
    ) -> web.Response:
        wait = max(wait, 0.001)
        self.limited.append(Limited(now, req.route, scope, wait))
        body = {
            "message": "You are being rate limited.",
            "retry_after": round(wait, 3),
            "global": scope == "global",
        }
        response = json_response(body, status=429)
        response.headers.update(headers)
        response.headers["Retry-After"] = str(math.ceil(wait))
        response.headers["X-RateLimit-Scope"] = scope
        if scope == "global":
            response.headers["X-RateLimit-Global"] = "true"
        return response

    # --- after serving ----------------------------------------------------------------

    def answered(self, req: BotRequest, response: web.StreamResponse) -> bool:
        """Add the bucket's headers to a served answer; count an invalid one.
        True when this answer made the invalid requests pass Discord's limit."""
        now = self.clock()
        if response.get(BANNED):
            return False  # Cloudflare's answer, not Discord's: no Via, not counted
        response.headers.setdefault("Via", VIA)
        if response.status != 429 and self.enabled:
            bucket = self._bucket(req, now)
            if bucket is not None:
                response.headers.update(self._headers(bucket, now))
        invalid = response.status in (401, 403) or (
            response.status == 429 and response.headers.get("X-RateLimit-Scope") != "shared"
        )
        if not invalid:
            return False
        self._invalid.append(now)
        while self._invalid and now - self._invalid[0] >= INVALID_WINDOW:
            self._invalid.popleft()
        if len(self._invalid) > self.invalid_limit and now >= self.banned_until:
            self.banned_until = now + BAN_SECONDS
            return True
        return False

    @property
    def invalid_requests(self) -> int:
        """Invalid requests in the current window, as Discord counts them."""
        now = self.clock()
        return sum(1 for at in self._invalid if now - at < INVALID_WINDOW)

    def busy_until(self) -> float:
        """When the last exhausted window ends: a bot that read the headers may
        be waiting on it, quiet, until then (`FakeDiscord.settle`)."""
        now = self.clock()
        ends = [b.resets_at for b in self._buckets.values() if b.remaining <= 0]
        if len(self._served) >= self.global_limit:
            ends.append(self._served[0] + self.global_window)
        return max((end for end in ends if end > now), default=0.0)

    @staticmethod
    def _headers(bucket: Bucket, now: float) -> dict[str, str]:
        after = max(bucket.resets_at - now, 0.0)
        return {
            "X-RateLimit-Limit": str(bucket.rule.limit),
            "X-RateLimit-Remaining": str(max(bucket.remaining, 0)),
            "X-RateLimit-Reset": f"{time.time() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": bucket.rule.name,
        }


def _banned() -> web.Response:
    """Cloudflare's answer to a banned address: a 429 that is not Discord's."""
    response = web.Response(status=429, text="error code: 1015", content_type="text/plain")
    response[BANNED] = True
    return response
