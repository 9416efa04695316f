"""Drives whole games through Discord as players would: slash commands, the
hand controls and the reveal buttons. The engine state is read only to decide
what a player does next; every move reaches the bot through the fake Discord.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.games.mammamia import render
from bot.games.mammamia.hand import ANY_VERSION as HAND_VERSION
from bot.games.mammamia.hand import Draft
from bot.live.live import Live
from engine import mammamia as engine

from fakediscord.models import FakeMessage
from fakediscord.server import FakeDiscord


@dataclass
class Coverage:
    """What a game went through, so a test can insist on it."""

    counts: Counter[str] = field(default_factory=Counter)

    def add(self, what: str) -> None:
        self.counts[what] += 1


def offers(hand: FakeMessage, prefix: str, action: Any) -> bool:
    """Whether the hand's controls offer this turn: in its whole-turn menu, or
    its cards in the cards menu (the order and draw follow from them)."""
    ids = " ".join(hand.custom_ids())
    if f"{prefix}:play:" not in ids:
        return False
    try:
        whole = hand.find_select(prefix=f"{prefix}:turn:")
    except LookupError:
        whole = None
    if whole is not None:
        return any(o["value"] == Draft.of(action).encode() for o in whole["options"])
    if isinstance(action, engine.Pass):
        return True
    cards = hand.find_select(prefix=f"{prefix}:cards:")
    return any(o["value"] == f"{action.ingredient}*{action.count}" for o in cards["options"])


class Players:
    def __init__(self, server: FakeDiscord, bots: Any, users: list[Any], seed: int) -> None:
        self.server, self.bots, self.users = server, bots, users
        self.rng = random.Random(seed)
        self.channel = server.channel
        self.game: int | None = None
        self._live: Any = None
        self.coverage = Coverage()
        self.secrets_seen: list[tuple[str, str]] = []  # (hand text, owner) for MM-V1 checks
        # (whole or detailed, clicks) per turn by buttons, the click opening the hand included
        self.clicks: list[tuple[str, int]] = []
        self.by_controls = 0.25  # the share of turns played with the hand's controls
        self.hands: dict[int, FakeMessage] = {}  # each person's hand message, kept open
        self.refuse_all = 0.0  # how often a refusal is for every request of the round

    @property
    def live(self) -> Live:
        """The game as the bot holds it (kept here too: the bot lets an ended
        game go from memory once everything about it is published)."""
        assert self.game is not None
        self._live = self.bots.current.service.games.held(self.game) or self._live
        return self._live

    async def open(self, variant: str, computers: tuple[str, ...] = (), **options: Any) -> None:
        host = self.users[0]
        r = await self.server.slash(
            host, self.channel, "mammamia", "new", options={"variant": variant, **options}
        )
        lobby = r.message
        for user in self.users[1:]:
            await self.server.click(user, lobby, label=render.t("lobby.button.join"))
        for level in computers:
            picker = (
                await self.server.click(host, lobby, label=render.t("lobby.button.add_computer"))
            ).message
            select = picker.find_select(prefix="mm:")
            await self.server.select(host, picker, select["custom_id"], [level])
            await self.bots.idle()
        await self.server.click(host, lobby, label=render.t("lobby.button.start"))
        await self.bots.idle()
        row = await self.bots.current.service.storage.active_game(self.channel.id)
        self.game = row.id

    def user_of(self, seat: int) -> Any:
        user_id = self.live.row.seats[seat].user_id
        return next(u for u in self.users if u.id == user_id)

    # --- one move -------------------------------------------------------------------

    async def step(self, wait: bool = True) -> None:
        """One move by whoever must act; `wait` also lets the bot finish publishing.
        A computer seat moves by itself: then this only waits for it."""
        state = self.live.state
        seat = state.to_act()[0]
        pending = state.pending
        if pending is not None and pending.stage == "help":
            queue = pending.asking
            if any(self.live.row.seats[s].agent is None for s in queue):
                await self._answer_help(self.game, state.version)
                if wait:
                    await self.bots.idle()
                return
        if self.live.row.seats[seat].agent is not None:
            await self._computer_moves(state.version)
            return
        user = self.user_of(seat)
        legal = engine.legal_actions(state, seat)
        if state.phase == "turn":
            await self._turn(user, seat, legal)
        else:
            await self._decide(user, seat, legal)
        if wait:
            await self.bots.idle()

    async def _turn(self, user: Any, seat: int, legal: list[Any]) -> None:
        action = self.rng.choice(legal)
        if self.rng.random() < self.by_controls:
            await self._turn_by_controls(user, action)
            return
        if isinstance(action, engine.Pass):
            self.coverage.add("pass")
            r = await self.server.slash(
                user, self.channel, "mammamia", "pass", options={"draw": action.draw or "supply"}
            )
        else:
            options: dict[str, Any] = {
                "ingredient": action.ingredient,
                "count": action.count,
                "draw": action.draw or "supply",
            }
            if action.order:
                options["order"] = action.order
            self.coverage.add("play_command")
            r = await self.server.slash(user, self.channel, "mammamia", "play", options=options)
        assert r.response.ephemeral, "a turn is confirmed privately"
        self._remember_hand(r.message, user)
        self.hands[user.id] = r.message  # the answer is the hand: the one kept open now

    async def _turn_by_controls(self, user: Any, action: Any) -> None:
        """The same turn through the hand message: a whole turn from its select
        where it is offered (one click opens the hand, one picks the turn, one
        plays it), else the detailed controls. The hand a player keeps open
        is playable as it is when it offers this turn (the bot redrew it when
        the turn came, if what it shows changed)."""
        g, v = self.game, self.live.version
        prefix = f"mm:{g}:{HAND_VERSION}"
        hand = self.hands.get(user.id)  # the hand a player keeps open on their phone
        if hand is not None and not hand.deleted and offers(hand, prefix, action):
            clicks = 0  # ready: no tap opens it
            self.coverage.add("hand_ready")
        else:
            table = self.server.get_message(self.live.row.table_message_id)
            r = await self.server.click(user, table, label=render.t("table.button.hand"))
            if not r.followups and r.response.type == 6:  # deferred (a loaded machine)
                await self.bots.idle()
            hand = r.message
            clicks = 1
            assert offers(hand, prefix, action), "a hand opened on one's turn offers every turn"
        self.hands[user.id] = hand
        assert hand.ephemeral and hand.visible_to == frozenset({user.id})
        self._remember_hand(hand, user)
        value = Draft.of(action).encode()
        picked = hand.find_button(prefix=f"{prefix}:play:")
        if picked["custom_id"].endswith(f":{value}") and not picked.get("disabled"):
            path = "picked"  # picked while the others played: Play plays it
        else:
            hand, path, taps = await self._pick(user, hand, prefix, action)
            clicks += taps
        play = hand.find_button(prefix=f"{prefix}:play:")
        assert not play.get("disabled"), play
        self.hands[user.id] = hand
        await self.server.click(user, hand, play["custom_id"])
        clicks += 1
        # Applied (a computer or absent seat may already have moved after it).
        assert self.live.version > v, "the Play button applied the chosen turn"
        applied = self.live.rules.actions_of(self.live.record)[v]
        assert applied["seat"] == action.seat and "turn" in applied
        self.coverage.add("play_controls")
        self.coverage.add(f"play_{path}")
        self.clicks.append((path, clicks))

    async def _pick(
        self, user: Any, hand: FakeMessage, prefix: str, action: Any
    ) -> tuple[FakeMessage, str, int]:
        """Pick `action` in the hand's menus: the hand after, the path, the taps."""
        value = Draft.of(action).encode()
        try:  # every whole turn, when they fit in one select
            whole = hand.find_select(prefix=f"{prefix}:turn:")
        except LookupError:
            whole = {"options": []}
        if any(o["value"] == value for o in whole["options"]):
            r = await self.server.select(user, hand, whole["custom_id"], [value])
            return r.message or hand, "whole", 1
        taps = 0
        choices = []
        if isinstance(action, engine.Turn):
            choices.append(("cards", f"{action.ingredient}*{action.count}"))
        choices.append(("finish", f"{getattr(action, 'order', None) or '-'}~{action.draw or '-'}"))
        for verb, choice in choices:
            try:
                select = hand.find_select(prefix=f"{prefix}:{verb}:")
            except LookupError:  # e.g. only one order and draw possible: nothing to choose
                continue
            assert any(o["value"] == choice for o in select["options"]), (choice, select)
            r = await self.server.select(user, hand, select["custom_id"], [choice])
            hand = r.message or hand
            taps += 1
        return hand, "detailed", taps

    async def pick_a_turn(self, user: Any, hand: FakeMessage) -> FakeMessage:
        """Choose the first whole turn the hand offers (the first cards and the
        first order and draw with them when the turns fill more than one
        select): its Play button then plays it."""
        prefix = f"mm:{self.game}:{HAND_VERSION}"
        verbs = ["turn"] if any(prefix + ":turn:" in c for c in hand.custom_ids()) else []
        for verb in verbs or ["cards", "finish"]:
            if not any(f"{prefix}:{verb}:" in c for c in hand.custom_ids()):
                continue
            select = hand.find_select(prefix=f"{prefix}:{verb}:")
            first = select["options"][0]["value"]
            r = await self.server.select(user, hand, select["custom_id"], [first])
            hand = r.message or hand
        return hand

    def _remember_hand(self, message: FakeMessage, user: Any) -> None:
        """Keep the private Orders field of a hand view, to look for it in public."""
        for embed in message.embeds:
            for f in embed.get("fields", []):
                if f.get("name") == render.t("hand.orders", user.locale) and "**" in f.get(
                    "value", ""
                ):
                    self.secrets_seen.append((f["value"], str(user.id)))

    # --- the reveal --------------------------------------------------------------------

    def reveal_message(self) -> FakeMessage:
        message_id = self.live.published.narration_id
        message = self.server.get_message(message_id)
        assert message is not None
        return message

    async def click_decision(self, user: Any, cid: str) -> Any:
        return await self.server.click(user, self.reveal_message(), cid)

    async def _decide(self, user: Any, seat: int, legal: list[Any]) -> None:
        state = self.live.state
        pending = state.pending
        g, v = self.game, state.version
        if pending.stage == "help":
            await self._answer_help(g, v)
            return
        if pending.stage == "choose":
            chooses = [a for a in legal if isinstance(a, engine.Choose)]
            if not pending.covered and self.rng.random() < 0.2:
                self.coverage.add("declined_choice")
                await self.click_decision(user, f"mm:{g}:{v}:pay:no")
                return
            action = self.rng.choice(chooses)
            self.coverage.add("chose")
            await self.click_decision(user, f"mm:{g}:{v}:choose:{'+'.join(action.kinds)}")
            return
        asks = [a for a in legal if isinstance(a, engine.Ask)]
        pays = [a for a in legal if isinstance(a, engine.Pay) and a.accept]
        if asks and self.rng.random() < 0.6:
            self.coverage.add("asked")
            r = await self.click_decision(user, f"mm:{g}:{v}:ask")
            picker = r.message
            assert picker.ephemeral and picker.visible_to == frozenset({user.id})
            select = picker.find_select(prefix=f"mm:{g}:{v}:askset")
            value = self.rng.choice(select["options"])["value"]
            await self.server.select(user, picker, select["custom_id"], [value])
            return
        if pays and self.rng.random() < 0.7:
            self.coverage.add("paid")
            r = await self.click_decision(user, f"mm:{g}:{v}:pay:yes")
            if pending.short:  # Bombastica: name the cards in a private picker
                picker = r.message
                assert picker.ephemeral
                select = picker.find_select(prefix=f"mm:{g}:{v}:payset")
                await self.server.select(
                    user, picker, select["custom_id"], [select["options"][0]["value"]]
                )
            return
        self.coverage.add("declined")
        await self.click_decision(user, f"mm:{g}:{v}:pay:no")

    async def _answer_help(self, g: int | None, v: int) -> None:
        """PL-H2: everyone who may help is asked at once; the people answer in
        a random order (computer seats have answered already), until the
        answers settle the request."""
        queue = list(self.live.state.pending.asking)
        people = [s for s in queue if self.live.row.seats[s].agent is None]
        self.rng.shuffle(people)
        for seat in people:
            if self.live.version != v:
                return
            holds = not engine.reveal.first_lacking(
                self.live.state.hands[seat], self.live.state.pending.ask
            )
            refuse = (
                not holds or self.coverage.counts["help_refused"] <= self.coverage.counts["helped"]
            )
            self.coverage.add("help_refused" if refuse else "helped")
            answer = "no" if refuse else "yes"
            if refuse and self.rng.random() < self.refuse_all:  # every request this round
                answer = "no-round"
                self.coverage.add("refused_round")
            r = await self.click_decision(self.user_of(seat), f"mm:{g}:{v}:help:{answer}")
            assert r.response.type == 6 and not r.followups, "the answer adds no message"
        assert self.live.version != v, "every asked player answered: the request is settled"

    async def _computer_moves(self, version: int) -> None:
        for _ in range(400):
            await self.bots.idle()
            if self.live.version != version:
                self.coverage.add("computer")
                await asyncio.sleep(0.02)
                await self.bots.idle()  # its move may have come at the tail of the wait
                return
            await asyncio.sleep(0.02)
        raise AssertionError("the computer seat did not move")

    async def play_to_end(self, limit: int = 2000) -> None:
        for _ in range(limit):
            if self.live.state.phase == "over":
                return
            await self.step()
        raise AssertionError("the game did not end")


def narration_lines(embed: dict[str, Any]) -> int:
    """The lines of text a narration message shows: its description and the
    values of its fields (titles, field names and the footer aside)."""
    texts = [embed.get("description") or ""]
    texts += [f.get("value", "") for f in embed.get("fields") or []]
    return sum(len(text.split("\n")) for text in texts if text)


def reveal_messages(server: FakeDiscord) -> list[FakeMessage]:
    """The oven reveal messages posted in the game's channel."""
    return [
        m
        for m in server.public_messages(server.channel)
        if m.embeds and m.embeds[0].get("title", "").startswith("🔥")
    ]


def reveal_seconds(live: Live) -> list[tuple[int, float]]:
    """Each reveal's cards and the seconds its narration pauses at the
    default pace, computed from the game's public events as the publisher
    paces them (decisions aside: a wait for a player is not the narration's)."""
    shown = live.shown
    pace = shown.pace({})
    reveals: list[tuple[int, float]] = []
    model = None
    for event in (e for v in sorted(live.events) for e in live.events[v] if e.to is None):
        model, step = shown.narrate(model, event)
        if isinstance(event, engine.events.RevealStarted):
            reveals.append((event.oven, 0.0))
        if step.paced and reveals:
            cards, seconds = reveals[-1]
            reveals[-1] = (cards, seconds + pace)
    return reveals
