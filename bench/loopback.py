"""The loopback Discord of the tests, instrumented for a load run.

It serves a real bot process over TCP as usual; on top, it counts the bot's
REST calls by route (without keeping their bodies), counts broken rules
instead of raising them, keeps what each game channel publicly shows (the
table, the pending decision, the version on their buttons) so the players
can wait on it, and forgets old interactions and private messages so that a
long run does not grow the harness's own memory.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter, deque
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from fakediscord.models import FakeChannel, FakeMessage, FakeUser, Violation
from fakediscord.routing import BotRequest, Upload
from fakediscord.server import FakeDiscord

CUSTOM_ID = re.compile(r"^mm:(\d+):(\d+):(\w+)")
DECISION_VERBS = frozenset({"pay", "choose", "ask", "help"})
ID = re.compile(r"/\d+")
SECRET = re.compile(r"/itok_[\w-]+|/[\w-]{40,}")


def route_of(req: BotRequest) -> str:
    """`PATCH /channels/{id}/messages/{id}`: the route with ids and tokens taken out."""
    path = SECRET.sub("/{token}", req.path)
    return f"{req.method} {ID.sub('/{id}', path)}"


#: The two classes of REST calls: those Discord's global rate limit counts
#: (50 a second per bot token, across its shards and processes), and an
#: interaction's callback and token routes, which it does not.
GLOBAL, TOKEN = "global", "token"


def class_of(req: BotRequest) -> str:
    return GLOBAL if req.global_limited else TOKEN


class RequestCounter(list[BotRequest]):
    """Stands in for `FakeDiscord.requests`: counts each call, keeps none."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[float, str, str]] = []  # (when, route, class)

    def append(self, req: BotRequest) -> None:
        self.calls.append((time.monotonic(), route_of(req), class_of(req)))

    def between(self, start: float, end: float) -> Counter[str]:
        """Calls by route."""
        return Counter(route for at, route, _ in self.calls if start <= at < end)

    def classes(self, start: float, end: float) -> Counter[str]:
        """Calls by class (`GLOBAL`, `TOKEN`)."""
        found = Counter(kind for at, _, kind in self.calls if start <= at < end)
        return Counter({GLOBAL: found[GLOBAL], TOKEN: found[TOKEN]})

    def routes(self, start: float, end: float) -> dict[str, dict[str, int]]:
        """Calls by class, then by route, most first."""
        found: dict[str, Counter[str]] = {GLOBAL: Counter(), TOKEN: Counter()}
        for at, route, kind in self.calls:
            if start <= at < end:
                found[kind][route] += 1
        return {kind: dict(routes.most_common()) for kind, routes in found.items()}


@dataclass
class Pending:
    """A state-changing interaction, waiting for its public consequence."""

    dispatched: float
    ack: float | None = None
    published: float | None = None


@dataclass
class Shown:
    """What one game channel shows in public, as the fake last stored it."""

    channel: FakeChannel
    game: int | None = None
    table: FakeMessage | None = None
    version: int = -1  # the version on the table's buttons
    over: bool = False
    decision: FakeMessage | None = None
    decision_version: int = -1
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    pending: Pending | None = None
    lags: list[float] = field(default_factory=list)
    first_update_after: float | None = None  # set to a time to watch for the next update
    first_update: float | None = None

    def reset(self) -> None:
        self.game, self.table, self.version, self.over = None, None, -1, False
        self.decision, self.decision_version = None, -1

    def expect(self) -> Pending:
        self.pending = Pending(time.monotonic())
        return self.pending

    def acknowledged(self, pending: Pending, at: float) -> None:
        pending.ack = at
        self._lag(pending)

    def _lag(self, pending: Pending) -> None:
        if pending.ack is not None and pending.published is not None:
            self.lags.append(max(0.0, pending.published - pending.ack))
            if self.pending is pending:
                self.pending = None

    def update(self, msg: FakeMessage, now: float) -> None:
        after = self.first_update_after
        if after is not None and self.first_update is None and now >= after:
            self.first_update = now
        pending = self.pending
        if pending is not None and pending.published is None and now >= pending.dispatched:
            pending.published = now
            self._lag(pending)
        versions: dict[str, int] = {}
        game = None
        for cid in msg.custom_ids():
            match = CUSTOM_ID.match(cid)
            if match:
                game = int(match.group(1))
                verb = match.group(3)
                versions[verb] = max(versions.get(verb, -1), int(match.group(2)))
        if game is not None and self.game is not None and game != self.game:
            return  # a message of an earlier game in this channel
        if "hand" in versions:
            self.game, self.table, self.version = game, msg, versions["hand"]
        elif msg is self.table:
            self.over = True  # the table lost its buttons: the game ended
        decided = [v for verb, v in versions.items() if verb in DECISION_VERBS]
        if decided:
            self.decision, self.decision_version = msg, max(decided)
        elif msg is self.decision:
            self.decision, self.decision_version = None, -1
        self.changed.set()

    def deleted(self, msg: FakeMessage) -> None:
        if msg is self.table:
            self.table = None
        if msg is self.decision:
            self.decision, self.decision_version = None, -1
        self.changed.set()


#: The bytes of picture the null bot's answer to an interaction sent in this
#: task uploads (bench.beside: as many as the bot's answer to the one it
#: mirrors did), told to the null bot in the interaction's token, after
#: `PICTURE_MARK`.
PICTURE: ContextVar[int] = ContextVar("picture", default=0)
PICTURE_MARK = "_picture_"  # of a token's own characters (the routes counted by name)


class LoadDiscord(FakeDiscord):
    def __init__(self) -> None:
        super().__init__(user_names=())
        self.raise_on_violation = False
        self.fail_on_bot_errors = False
        self.calls = RequestCounter()
        self.requests = self.calls
        self.rule_counts: Counter[str] = Counter()
        self.shown: dict[int, Shown] = {}
        self._private: deque[tuple[float, int]] = deque()

    def new_token(self) -> str:
        size = PICTURE.get()
        token = super().new_token()
        return f"{token}{PICTURE_MARK}{size}" if size else token

    def violate(
        self, rule: str, detail: str, route: str = "", interaction: Any = None
    ) -> Violation:
        """Counted, not logged or raised: late answers are a figure of the run."""
        violation = Violation(rule, detail, route, interaction.id if interaction else None)
        self.rule_counts[rule] += 1
        if interaction is not None:
            interaction.violations.append(violation)
        if len(self.violations) < 50:  # a few examples for the report
            self.violations.append(violation)
        return violation

    def watch(self, channel: FakeChannel) -> Shown:
        shown = self.shown[channel.id] = Shown(channel)
        return shown

    async def create_message(
        self,
        channel: FakeChannel,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        author: FakeUser | None = None,
        interaction: Any = None,
        msg_type: int = 0,
    ) -> FakeMessage:
        msg = await super().create_message(
            channel, body, uploads, author=author, interaction=interaction, msg_type=msg_type
        )
        if not msg.public:
            self._private.append((time.monotonic(), msg.id))
        elif msg.author is self.bot_user and channel.id in self.shown:
            self.shown[channel.id].update(msg, time.monotonic())
        return msg

    async def edit_message(
        self,
        msg: FakeMessage,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        finish_loading: bool = False,
    ) -> None:
        await super().edit_message(msg, body, uploads, finish_loading=finish_loading)
        msg.history.clear()  # earlier versions: of no use here, and they add up
        shown = self.shown.get(msg.channel_id)
        if msg.public and shown is not None:
            shown.update(msg, time.monotonic())

    async def delete_message(self, msg: FakeMessage) -> None:
        await super().delete_message(msg)
        shown = self.shown.get(msg.channel_id)
        if shown is not None:
            shown.deleted(msg)
        del self.messages[msg.id]

    def forget_old(self, age: float = 15 * 60.0) -> None:
        """Drop interactions and private messages older than `age` seconds:
        Discord keeps an interaction's token 15 minutes, and the bot uses it
        as long (the table it posted, edited in place at each hand-over; a
        hand kept open, readied at its owner's turn)."""
        cutoff = time.monotonic() - age
        # Kept in the order they were dispatched: the old ones come first (the
        # floor calls this at every press, and a scan of every interaction of
        # the run cost its presser a tenth of a core).
        old = []
        for token, r in self.interactions.items():
            if r.dispatched_at >= cutoff:
                break
            old.append(token)
        for token in old:
            del self.interactions[token]
        while self._private and self._private[0][0] < cutoff:
            self.messages.pop(self._private.popleft()[1], None)
