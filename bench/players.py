"""The players of one game channel, acting only on what Discord shows them.

They read the public table (whose move it is: the ▶ line; the version on its
buttons), open their hand with the table's button or `/mammamia hand`, play
the turn the hand's controls offer (by the Play button, after changing the
ingredient now and then, or typed as `/mammamia play`), and answer the
reveal's decision buttons. Each waits 1–3 s before a move, as a person would.
Nothing is read from the bot's memory or database.

Two mixes: `buttons` (the default: half the turns by the hand's buttons,
half typed after `/mammamia hand`) and `typed`, people who type their turns:
`/mammamia play` with the cards of the hand they last saw (the answer to
their last play shows it), looking at it first with `/mammamia hand` half
the time, or when they saw none yet or the play was refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import time
from collections.abc import Awaitable
from typing import Any

import bot.plugin  # noqa: F401  (the games' messages too: a table's words are its game's)
from bot.games.mammamia.render import KIND_EMOJI
from bot.i18n import t

from .loopback import CUSTOM_ID, LoadDiscord, Shown
from .metrics import Metrics
from fakediscord.interactions import InteractionResult
from fakediscord.models import FakeChannel, FakeMessage, FakeUser

NO_PROGRESS = 20.0  # seconds a player waits for their move to show before trying again
FAULTS = (LookupError, ValueError, PermissionError, RuntimeError)
MIXES = ("buttons", "typed")
#: In the typed mix: how often a player looks at their hand before typing a turn.
LOOK_FIRST = 0.5
#: `3 × 🍍 pineapple`: the cards of one kind in a hand's words.
HELD = re.compile(r"(\d+) × (\S+)")
KIND_OF = {emoji: kind for kind, emoji in KIND_EMOJI.items()}


class Table:
    """One channel, its players (and computer seats), and the game they play there."""

    def __init__(
        self,
        server: LoadDiscord,
        channel: FakeChannel,
        users: list[FakeUser],
        computers: int,
        metrics: Metrics,
        rng: random.Random,
        reveal_speed: str = "normal",
        think: tuple[float, float] = (1.0, 3.0),
        mix: str = "buttons",
    ) -> None:
        self.server, self.channel, self.users = server, channel, users
        self.computers = computers
        self.metrics, self.rng = metrics, rng
        self.reveal_speed = reveal_speed
        self.think = think
        self.mix = mix
        self.shown: Shown = server.watch(channel)
        self.phase = "setup"
        self.games = 0
        self.seen: dict[int, FakeMessage] = {}  # each player's last hand, in the typed mix

    # --- one interaction, measured --------------------------------------------------

    async def _do(
        self, kind: str, interaction: Awaitable[InteractionResult], changes: bool = False
    ) -> InteractionResult | None:
        pending = self.shown.expect() if changes else None
        try:
            rec = await interaction
        except FAULTS as fault:  # what the player saw no longer offers this
            self.metrics.harness_errors[f"{kind}: {type(fault).__name__}"] += 1
            return None
        self.metrics.record(kind, self.phase, rec)
        if pending is not None and rec.response is not None:
            self.shown.acknowledged(pending, rec.dispatched_at + rec.response.elapsed)
        return rec

    # --- opening a game --------------------------------------------------------------

    async def open(self, timeout: float = 120.0) -> bool:
        """`/mammamia new`, everyone joins, computers are added, the host starts;
        True once the table shows the first move."""
        server, host = self.server, self.users[0]
        self.shown.reset()
        options = {"variant": "classic", "reveal_speed": self.reveal_speed}
        r = await self._do(
            "slash:new", server.slash(host, self.channel, "mammamia", "new", options=options)
        )
        lobby = r.message if r is not None else None
        if lobby is None:
            return False
        for user in self.users[1:]:
            await self._do("button:join", server.click(user, lobby, label=t("lobby.button.join")))
        for _ in range(self.computers):
            r = await self._do(
                "button:add_computer",
                server.click(host, lobby, label=t("lobby.button.add_computer")),
            )
            picker = r.message if r is not None else None
            if picker is None:
                return False
            with contextlib.suppress(LookupError):
                menu = picker.find_select(prefix="mm:")
                await self._do(
                    "select:computer", server.select(host, picker, menu["custom_id"], ["easy"])
                )
        await self._do("button:start", server.click(host, lobby, label=t("lobby.button.start")))
        self.games += 1
        self.seen.clear()
        return await self._wait(lambda: self.shown.version >= 0, timeout)

    async def _wait(self, ready: Any, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not ready():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self.shown.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.shown.changed.wait(), min(left, 1.0))
        return True

    # --- playing ----------------------------------------------------------------------

    def acting(self) -> FakeUser | None:
        """The player the table marks with ▶."""
        table = self.shown.table
        if table is None:
            return None
        for embed in table.embeds:
            for item in embed.get("fields", []):
                for line in str(item.get("value", "")).splitlines():
                    if line.startswith("▶"):
                        return next((u for u in self.users if u.name in line), None)
        return None

    def _turn_shown(self, user: FakeUser) -> bool:
        table = self.shown.table
        description = table.embeds[0].get("description", "") if table and table.embeds else ""
        return t("table.turn_of", name=user.name) in description

    async def play(self, until: float) -> None:
        """Play until `until` (time.monotonic()); a game that ends is followed by a new one."""
        self.phase = "play"
        acted, since = -1, time.monotonic()
        while time.monotonic() < until:
            shown = self.shown
            if shown.over:
                await asyncio.sleep(self.rng.uniform(*self.think))
                await self.open()
                acted, since = -1, time.monotonic()
                continue
            user = self.acting()
            version = shown.version
            decision = shown.decision is not None and shown.decision_version == version
            turn = user is not None and self._turn_shown(user)
            if user is None or version <= acted or not (decision or turn):
                if acted >= 0 and time.monotonic() - since > NO_PROGRESS:
                    self.metrics.stuck += 1  # our move never showed: look again
                    acted = -1
                shown.changed.clear()
                with contextlib.suppress(TimeoutError):
                    left = max(0.01, min(until - time.monotonic(), 1.0))
                    await asyncio.wait_for(shown.changed.wait(), left)
                continue
            await asyncio.sleep(self.rng.uniform(*self.think))
            if time.monotonic() >= until:
                return
            # A move not sent (its hand not shown yet, say, the bot being
            # behind) is tried again after another pause, not taken as made.
            if decision:
                sent = await self._decide(user, version)
            else:
                sent = await self._turn(user, version)
            if sent:
                acted, since = version, time.monotonic()

    async def _turn(self, user: FakeUser, version: int) -> bool:
        """A turn; whether it was sent."""
        if self.mix == "typed":
            return await self._typed_turn(user, version)
        server, game = self.server, self.shown.game
        table = self.shown.table
        if table is None:
            return False
        by_buttons = self.rng.random() < 0.5
        if by_buttons:
            opened = self._do(
                "button:hand", server.click(user, table, custom_id=f"mm:{game}:{version}:hand")
            )
        else:
            opened = self._do("slash:hand", server.slash(user, self.channel, "mammamia", "hand"))
        r = await opened
        hand = r.message if r is not None else None
        if hand is None:
            return False
        version = _hand_version(hand, game, version)
        if by_buttons and self.rng.random() < 0.3:
            hand = await self._other_kind(user, hand, game, version)
        play = _button(hand, f"mm:{game}:{version}:play:")
        if play is not None and play.get("disabled"):  # nothing chosen yet: pick a whole turn
            hand = await self._whole_turn(user, hand, game, version)
            play = _button(hand, f"mm:{game}:{version}:play:")
        if play is None or play.get("disabled"):
            self.metrics.harness_errors["hand without Play"] += 1
            return False
        kind, count, order, draw = play["custom_id"].split(":", 4)[4].split(".")
        if by_buttons or draw == "-" or (kind != "-" and count == "-"):
            await self._do("button:play", server.click(user, hand, play["custom_id"]), True)
        elif kind == "-":
            command = server.slash(user, self.channel, "mammamia", "pass", options={"draw": draw})
            await self._do("slash:pass", command, True)
        else:
            options: dict[str, Any] = {"ingredient": kind, "count": int(count), "draw": draw}
            if order != "-":
                options["order"] = order
            command = server.slash(user, self.channel, "mammamia", "play", options=options)
            await self._do("slash:play", command, True)
        return True

    async def _typed_turn(self, user: FakeUser, version: int) -> bool:
        """`/mammamia play` typed from the hand last seen (looked at first
        with `/mammamia hand` now and then, or when none was seen)."""
        seen = self.seen.get(user.id)
        if seen is None or self.rng.random() < LOOK_FIRST:
            seen = await self._look(user)
            if seen is None:
                return False
        options = self._typed_options(seen, version)
        if options is None:
            seen = await self._look(user)
            options = self._typed_options(seen, version) if seen is not None else None
            if options is None:
                self.metrics.harness_errors["typed: no turn to type"] += 1
                return False
        if "ingredient" not in options:  # no ingredient in hand (MM-T4): `/mammamia pass`
            command = self.server.slash(user, self.channel, "mammamia", "pass", options=options)
            r = await self._do("slash:pass", command, True)
        else:
            command = self.server.slash(user, self.channel, "mammamia", "play", options=options)
            r = await self._do("slash:play", command, True)
        answer = r.message if r is not None else None
        if answer is not None and _held(answer):
            self.seen[user.id] = answer  # the hand after the move
        else:  # refused (the hand had changed): look before the next turn
            self.seen.pop(user.id, None)
        return True

    async def _look(self, user: FakeUser) -> FakeMessage | None:
        command = self.server.slash(user, self.channel, "mammamia", "hand")
        r = await self._do("slash:hand", command)
        hand = r.message if r is not None else None
        if hand is not None:
            self.seen[user.id] = hand
        return hand

    def _typed_options(self, hand: FakeMessage, version: int) -> dict[str, Any] | None:
        """A whole turn the hand's menu offers, else some cards of one kind it
        holds, from the supply."""
        version = _hand_version(hand, self.shown.game, version)
        with contextlib.suppress(LookupError):
            menu = hand.find_select(prefix=f"mm:{self.shown.game}:{version}:turn:")
            value = self.rng.choice(menu["options"])["value"]
            kind, count, order, draw = value.split(".")
            if kind == "pass":  # a hand with no ingredient offers only passes
                return {"draw": draw if draw != "-" else "supply"}
            if kind in KIND_EMOJI and count != "-" and draw != "-":
                options: dict[str, Any] = {"ingredient": kind, "count": int(count), "draw": draw}
                if order != "-":
                    options["order"] = order
                return options
        with contextlib.suppress(LookupError):  # more turns than a menu holds: the cards
            menu = hand.find_select(prefix=f"mm:{self.shown.game}:{version}:cards:")
            kind, _, count = self.rng.choice(menu["options"])["value"].partition("*")
            if kind in KIND_EMOJI and count.isdigit():
                return {"ingredient": kind, "count": int(count), "draw": "supply"}
        held = _held(hand)
        if not held:
            return None
        kind, count = self.rng.choice(sorted(held.items()))
        return {"ingredient": kind, "count": self.rng.randint(1, count), "draw": "supply"}

    async def _whole_turn(
        self, user: FakeUser, hand: FakeMessage, game: int | None, version: int
    ) -> FakeMessage:
        """Pick one of the whole turns the hand offers (its one menu), else
        cards and then what goes with them (its two); the hand is redrawn."""
        prefix = f"mm:{game}:{version}:"
        for verbs in (("turn",), ("cards", "finish")):
            picked = False
            for verb in verbs:
                try:
                    menu = hand.find_select(prefix=f"{prefix}{verb}:")
                except LookupError:
                    continue
                value = self.rng.choice(menu["options"])["value"]
                r = await self._do(
                    f"select:{verb}", self.server.select(user, hand, menu["custom_id"], [value])
                )
                hand = (r.message if r is not None else None) or hand
                picked = True
            if picked:
                return hand
        return hand

    async def _other_kind(
        self, user: FakeUser, hand: FakeMessage, game: int | None, version: int
    ) -> FakeMessage:
        """Pick another ingredient in the hand's select; the hand is redrawn."""
        try:
            menu = hand.find_select(prefix=f"mm:{game}:{version}:kind:")
        except LookupError:
            return hand
        value = self.rng.choice(menu["options"])["value"]
        r = await self._do(
            "select:kind", self.server.select(user, hand, menu["custom_id"], [value])
        )
        return (r.message if r is not None else None) or hand

    async def _decide(self, user: FakeUser, version: int) -> bool:
        """A decision's button; whether one was pressed."""
        message = self.shown.decision
        if message is None:
            return False
        choices = []
        for button in message.buttons():
            match = CUSTOM_ID.match(button.get("custom_id", ""))
            if match and int(match.group(2)) == version:
                choices.append(button["custom_id"])
        if not choices:
            return False
        paying = [c for c in choices if c.endswith(":pay:yes")]
        chosen = paying[0] if paying and self.rng.random() < 0.5 else self.rng.choice(choices)
        verb = CUSTOM_ID.match(chosen).group(3)  # type: ignore[union-attr]
        r = await self._do(f"button:{verb}", self.server.click(user, message, chosen), True)
        picker = r.message if r is not None and r.response is not None else None
        if picker is not None and not picker.public:  # a private picker: name the cards
            with contextlib.suppress(LookupError):
                menu = picker.find_select(prefix=f"mm:{self.shown.game}:{version}:")
                first = menu["options"][0]["value"]
                await self._do(
                    "select:cards",
                    self.server.select(user, picker, menu["custom_id"], [first]),
                    True,
                )
        return True

    async def peek(self, user: FakeUser | None = None) -> InteractionResult | None:
        """One look at the hand (the table's button), as a player coming back would."""
        table, game = self.shown.table, self.shown.game
        if table is None:
            return None
        cid = f"mm:{game}:{self.shown.version}:hand"
        return await self._do("button:hand", self.server.click(user or self.users[0], table, cid))


def _held(hand: FakeMessage) -> dict[str, int]:
    """The ingredient cards a hand message shows, by kind (its words)."""
    for embed in hand.embeds:
        for item in embed.get("fields", []):
            if item.get("name") == t("hand.ingredients"):
                found = HELD.findall(str(item.get("value", "")))
                return {KIND_OF[e]: int(n) for n, e in found if e in KIND_OF}
    return {}


def _hand_version(hand: FakeMessage, game: int | None, version: int) -> int:
    """The version a hand's controls carry: the game's as the table shows it,
    or none (0) on a bot whose hand stays the same while others play (issue
    45; the benchmark measures both, `--bot-root`)."""
    if any(c.startswith(f"mm:{game}:0:") for c in hand.custom_ids()):
        return 0
    return version


def _button(message: FakeMessage, prefix: str) -> dict[str, Any] | None:
    return next((b for b in message.buttons() if b.get("custom_id", "").startswith(prefix)), None)
