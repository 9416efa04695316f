"""Drives whole Pizza Island matches through Discord as players would: the
table's buttons, the private Decide message, its selects and buttons. The
engine state is read only to choose what a player does next."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bot.games.pizzaisland import render
from bot.interactions.paging import turned
from bot.live.live import Live
from engine.pizzaisland import actions as pi

from fakediscord.models import FakeMessage
from fakediscord.server import FakeDiscord


class IslandPlayers:
    def __init__(self, server: FakeDiscord, bots: Any, users: list[Any], seed: int) -> None:
        self.server, self.bots, self.users = server, bots, users
        self.rng = random.Random(seed)
        self.channel = server.channel
        self.game: int | None = None
        self._live: Any = None
        self.coverage: Counter[str] = Counter()
        self.seen_cards: list[str] = []  # what Mushrooms and Peppers showed, privately
        self.prefer: dict[type, float] = {}  # action type -> weight, to steer a match

    @property
    def live(self) -> Live:
        assert self.game is not None
        self._live = self.bots.current.service.games.held(self.game) or self._live
        return self._live

    async def open(self, computers: tuple[str, ...] = (), **options: Any) -> FakeMessage:
        host = self.users[0]
        r = await self.server.slash(host, self.channel, "pizzaisland", "new", options=options)
        lobby = r.message
        for user in self.users[1:]:
            await self.server.click(user, lobby, label=render.t("lobby.button.join"))
        for level in computers:
            picker = (
                await self.server.click(host, lobby, label=render.t("lobby.button.add_computer"))
            ).message
            select = picker.find_select(prefix="pi:")
            await self.server.select(host, picker, select["custom_id"], [level])
            await self.bots.idle()
        await self.server.click(host, lobby, label=render.t("lobby.button.start"))
        await self.bots.idle()
        row = await self.bots.current.service.storage.active_game(self.channel.id)
        assert row is not None and row.game == "pizza-island"
        self.game = row.id
        return lobby

    def user_of(self, seat: int) -> Any:
        user_id = self.live.row.seats[seat].user_id
        return next(u for u in self.users if u.id == user_id)

    def table(self) -> FakeMessage:
        message = self.server.get_message(self.live.row.table_message_id)
        assert message is not None
        return message

    def choose(self, legal: list[Any]) -> Any:
        weights = [self.prefer.get(type(a), 1.0) for a in legal]
        return self.rng.choices(legal, weights)[0]

    async def step(self) -> None:
        """One move by whoever must act, through the table and the Decide message."""
        live = self.live
        seat = live.rules.to_act(live.state)[0]
        if live.row.seats[seat].agent is not None:
            await self._computer(live.version)
            return
        user = self.user_of(seat)
        legal = list(live.rules.legal_actions(live.state, seat))
        action = self.choose(legal)
        if live.state.pending is None:
            await self._turn(user, action)
        else:
            await self._decide(user, action)
        await self.bots.idle()

    async def _turn(self, user: Any, action: Any) -> None:
        table = self.table()
        if isinstance(action, pi.Stop):
            r = await self.server.click(user, table, label=render.t("pi.button.stop"))
            self.coverage["stop"] += 1
        elif action.source == "deck":
            r = await self.server.click(user, table, label=render.t("pi.button.take_deck"))
            self.coverage["take_deck"] += 1
        else:
            label = render.t("pi.button.take_ship", card=render.card_name(action.source))
            r = await self.server.click(user, table, label=label)
            self.coverage["take_ship"] += 1
        if r.message is not None and r.response.ephemeral and r.message.embeds:
            self._note_private(r.message)

    async def _decide(self, user: Any, action: Any) -> None:
        r = await self.server.click(user, self.table(), label=render.t("pi.button.decide"))
        message = r.message
        assert r.response.ephemeral, "a decision is private"
        self._note_private(message)
        self.coverage[type(action).__name__.lower()] += 1
        if isinstance(action, pi.Replace | pi.Decline):
            cid = f"choice:{action.text().replace(' ', '_')}"
            button = next(b for b in message.buttons() if b["custom_id"].endswith(cid))
            await self.server.click(user, message, button["custom_id"])
            return
        select = message.find_select(prefix="pi:")
        values = [o["value"] for o in select["options"]]
        while action.text() not in values and turned(values[-1]):  # the next page
            self.coverage["page"] += 1
            message = (
                await self.server.select(user, message, select["custom_id"], [values[-1]])
            ).message
            select = message.find_select(prefix="pi:")
            values = [o["value"] for o in select["options"]]
        assert action.text() in values, "every way to use a hero is offered"
        await self.server.select(user, message, select["custom_id"], [action.text()])

    def _note_private(self, message: FakeMessage) -> None:
        """What a decision message showed under "What you see": private cards."""
        for embed in message.embeds:
            for field in embed.get("fields") or []:
                if field.get("name") == render.t("pi.decide.seen"):
                    self.seen_cards.append(field["value"])

    async def _computer(self, version: int) -> None:
        for _ in range(400):
            await self.bots.idle()
            if self.live.version != version:
                self.coverage["computer"] += 1
                return
        raise AssertionError("the computer seat did not move")

    async def play_to_end(self, limit: int = 3000) -> None:
        for _ in range(limit):
            if self.live.rules.is_over(self.live.state):
                await self.bots.idle()
                return
            await self.step()
        raise AssertionError("the match did not end")
