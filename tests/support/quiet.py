"""What a whole game on the loopback Discord cost the people in its channel
(issue 41): the mentions, the table posts, the narration posts, the taps per
turn, and what every version of a reveal message showed on a phone.

`Quiet` wraps a game's driver (`tests.mammamia.driver.Players`,
`tests.pizzaisland.driver.IslandPlayers`): each step of the game is one action
the game waited for (a turn, a take, a decision, the answers to a help
request), and the figures are read from the messages the loopback Discord
kept, with their every version, and from the presses the people made through
it.
"""

from __future__ import annotations

import asyncio
import itertools
import math
import re
import types
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.live.narration import fold
from bot.plugin.contract import Show

from fakediscord.models import FakeMessage
from fakediscord.server import FakeDiscord

#: A phone's width in characters of a line (issue 41).
PHONE = 36


def waited(live: Any) -> frozenset[int]:
    """The people the game waits for now: every person asked by a question
    put to several seats (but those who answered every request at once),
    else the seat to act, if a person plays it."""
    rules, state = live.rules, live.state
    if rules.is_over(state):
        return frozenset()
    asked = list(rules.asked(state))
    standing = live.presence().standing if asked else {}
    seats = asked or list(rules.to_act(state))[:1]
    return frozenset(
        live.row.seats[s].user_id
        for s in seats
        if live.row.seats[s].agent is None and s not in standing
    )


def width(text: str) -> int:
    """Columns a line takes: East Asian wide characters and emoji take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def phone_lines(version: dict[str, Any]) -> int:
    """The lines a message's version reads on a phone, `PHONE` columns wide:
    its content, and each embed's title, description, fields' names and
    values (a phone stacks inline fields) and footer."""
    texts = [version.get("content") or ""]
    for embed in version.get("embeds") or []:
        texts += [embed.get("title") or "", embed.get("description") or ""]
        for f in embed.get("fields") or []:
            texts += [f.get("name") or "", f.get("value") or ""]
        texts.append((embed.get("footer") or {}).get("text") or "")
    lines = 0
    for text in texts:
        if not text:
            continue
        for line in text.split("\n"):
            lines += max(1, math.ceil(width(line) / PHONE))
    return lines


def versions(message: FakeMessage) -> list[dict[str, Any]]:
    """Every version of a message, oldest first, with when it was made."""
    current = {
        "content": message.content,
        "embeds": message.embeds,
        "attachments": [a.filename for a in message.attachments],
        "at": message.at,
    }
    return [*message.history, current]


@dataclass
class Step:
    actors: frozenset[int]  # the people who pressed something in this step
    before: frozenset[int]  # the people waited for before it
    after: frozenset[int]  # and after it
    created: list[FakeMessage]
    taps: Counter[int]  # presses by person
    decision_below: bool = False  # a public decision waits, and the newest message lacks it


@dataclass
class Figures:
    """One game's figures, in the words of issue 41."""

    mentions: int = 0
    to_actor: int = 0  # mentions by the message that reports the person's own action
    beyond: int = 0  # mentions of a person not newly waited for, or twice in one wait
    waits: int = 0  # times the game began waiting for a person
    table_posts: int = 0
    handovers: int = 0  # steps after which the game waits for someone new
    rounds: int = 0  # narration posts the game owed (a reveal per round; a match's games)
    narration_posts: int = 0
    taps: Counter[int] = field(default_factory=Counter)  # a person's action -> presses
    reveal_lines: int = 0  # the most lines of any version of a reveal, at 36 columns
    reveal_pictures: int = 0  # the most pictures of any version
    fast_edits: int = 0  # versions made less than a second after the one before
    decision_buried: int = 0  # steps after which a decision was not on the newest message
    versions: int = 0  # versions of the narration messages, in all
    narration_seconds: float = 0.0  # from each narration's first version to its last

    @property
    def turns(self) -> int:
        return sum(self.taps.values())

    def share_within(self, taps: int) -> float:
        within = sum(n for k, n in self.taps.items() if k <= taps)
        return within / self.turns if self.turns else 1.0

    def line(self) -> str:
        return (
            f"mentions {self.mentions} (to the actor {self.to_actor}, beyond the waits "
            f"{self.beyond}; waits {self.waits}) · table posts {self.table_posts} "
            f"(hand-overs {self.handovers} + 2 × {self.rounds} rounds = "
            f"{self.handovers + 2 * self.rounds}) · narration posts {self.narration_posts} "
            f"for {self.rounds} · taps per turn {dict(sorted(self.taps.items()))} "
            f"(≤ 3: {self.share_within(3):.0%}) · reveal versions {self.versions}: at most "
            f"{self.reveal_lines} lines, {self.reveal_pictures} pictures, "
            f"{self.fast_edits} within a second of the previous · decisions not on the newest "
            f"message {self.decision_buried}"
        )


class Quiet:
    """Counts what a driver's game cost its channel."""

    def __init__(self, server: FakeDiscord, players: Any) -> None:
        self.server, self.players = server, players
        self.steps: list[Step] = []
        self._taps: Counter[int] = Counter()
        for name in ("click", "select", "slash", "press"):
            self._count(name)

    def _count(self, name: str) -> None:
        server = self.server
        original = getattr(server, name)

        async def pressed(user: Any, *args: Any, **kwargs: Any) -> Any:
            self._taps[user.id] += 1
            return await original(user, *args, **kwargs)

        setattr(server, name, pressed)

    async def step(self) -> None:
        live = self.players.live
        before = waited(live)
        mark = max(self.server.messages, default=0)
        self._taps = Counter()
        await self.players.step()
        await self.players.bots.idle()
        after = waited(self.players.live)
        created = [m for i, m in self.server.messages.items() if i > mark and m.public]
        taps = self._taps
        step = Step(frozenset(taps), before, after, created, taps)
        step.decision_below = self._decision_below()
        self.steps.append(step)

    def _decision_below(self) -> bool:
        """Whether a public decision waits and the channel's newest message
        does not carry its buttons."""
        live = self.players.live
        if not live.shown.has_decision(live.public_view()):
            return False
        channel = self.server.channel
        newest = max(
            (m for m in self.server.public_messages(channel) if m.author.bot),
            key=lambda m: m.id,
        )
        here = f"{live.shown.prefix}:{live.id}:{live.version}:"
        own = ("hand", "rules", "watch", "open")
        verbs = [c[len(here) :].split(":")[0] for c in newest.custom_ids() if c.startswith(here)]
        return not any(v not in own for v in verbs)

    async def play_to_end(self, limit: int = 3000) -> None:
        for _ in range(limit):
            live = self.players.live
            if live.rules.is_over(live.state):
                await self.players.bots.idle()
                return
            await self.step()
        raise AssertionError("the game did not end")

    def figures(self) -> Figures:
        live = self.players.live
        prefix, game = live.shown.prefix, live.id
        table_mark = re.compile(rf"^{re.escape(prefix)}:{game}:0:watch$")
        narration_mark = re.compile(rf"^{re.escape(prefix)}:{game}:0:rules:n$")
        result = Figures()
        narrations: list[FakeMessage] = []
        for step in self.steps:
            # Waited for anew: not a step before, nor an actor of this one (the
            # post that reports their own action mentions them not).
            new = step.after - step.before - step.actors
            result.waits += len(new)
            result.handovers += bool(new)
            said: Counter[int] = Counter()
            for message in step.created:
                ids = message.custom_ids()
                if any(table_mark.match(i) for i in ids):
                    result.table_posts += 1
                if any(narration_mark.match(i) for i in ids):
                    narrations.append(message)
                for user in message.notified:
                    said[user] += 1
                    result.mentions += 1
                    result.to_actor += user in step.actors
            result.beyond += sum(n - (user in new) for user, n in said.items())
            for user in step.actors:
                result.taps[step.taps[user]] += 1
            result.decision_buried += step.decision_below
        # The first table, posted when the game started, before any step.
        result.table_posts += 1
        result.narration_posts = len(narrations)
        events = [e for v in sorted(live.events) for e in live.events[v]]
        folded = fold(live.shown, None, events)
        result.rounds = sum(1 for _, s in folded.steps if s.show is Show.POST)
        for message in narrations:
            shown = versions(message)
            result.versions += len(shown)
            result.reveal_lines = max(result.reveal_lines, *(phone_lines(v) for v in shown))
            result.reveal_pictures = max(
                result.reveal_pictures, *(len(v["attachments"]) for v in shown)
            )
            times = [v["at"] for v in shown]
            result.fast_edits += sum(1 for a, b in itertools.pairwise(times) if b - a < 1.0)
            result.narration_seconds += times[-1] - times[0]
        return result


def narrated_in_virtual_time(server: FakeDiscord, monkeypatch: Any) -> None:
    """The narration's pauses at the game's own pace, taken on the loopback
    Discord's clock instead of waited for: every version of a message is
    stamped with the time a player would have seen it, at no cost in the test."""
    from bot.publishing import narrator

    real_sleep = asyncio.sleep

    async def sleep(seconds: float, result: Any = None) -> Any:
        if seconds > 0:
            server.clock.advance(seconds)
        return await real_sleep(0, result)

    shim = types.SimpleNamespace(**{k: getattr(asyncio, k) for k in dir(asyncio) if k[0] != "_"})
    shim.sleep = sleep
    monkeypatch.setattr(narrator, "asyncio", shim)
    if hasattr(narrator, "time"):
        clock = types.SimpleNamespace(monotonic=server.clock.monotonic, time=server.clock.time)
        monkeypatch.setattr(narrator, "time", clock)
