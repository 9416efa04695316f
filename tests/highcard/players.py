"""Plays High Card as people do, through the loopback Discord: `/highcard new`,
the lobby's buttons, the table's My cards and the hand's select. The engine's
state is read only to choose what a player does next; every move reaches the
bot as a click. The host's tests drive their games with this (it is not part of
the game: tests/highcard/engine and bot stay the small game they prove)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from bot.i18n import t
from bot.interactions.own_hand import value_of
from bot.live.live import Live

from .engine import GAME, Play, State
from fakediscord.interactions import InteractionResult
from fakediscord.models import FakeMessage, FakeUser
from fakediscord.server import FakeDiscord

COMMAND = "highcard"
PREFIX = "hc"


class Players:
    """Some of the server's users at one game of High Card in the server's channel,
    clicking its public buttons by their words in the language of the moment."""

    def __init__(
        self, server: FakeDiscord, bots: Any, users: list[FakeUser], seed: int = 0
    ) -> None:
        self.server, self.bots, self.users = server, bots, users
        self.rng = random.Random(seed)
        self.channel = server.channel
        self.game: int | None = None
        self._live: Live | None = None

    # -- the lobby ----------------------------------------------------------------

    async def new(self, user: FakeUser | None = None, **options: Any) -> InteractionResult:
        """`/highcard new` with these options (none: every default)."""
        user = user or self.users[0]
        return await self.server.slash(user, self.channel, COMMAND, "new", options=options)

    async def open(self, computers: tuple[str, ...] = (), **options: Any) -> FakeMessage:
        """A lobby by the first user, joined by the others (and `computers`
        added), started: the game runs. Returns the lobby's message."""
        host = self.users[0]
        lobby = (await self.new(host, **options)).message
        for user in self.users[1:]:
            await self.server.click(user, lobby, label=t("lobby.button.join"))
        for level in computers:
            label = t("lobby.button.add_computer")
            picker = (await self.server.click(host, lobby, label=label)).message
            select = picker.find_select(prefix=f"{PREFIX}:")
            await self.server.select(host, picker, select["custom_id"], [level])
            await self.bots.idle()
        await self.server.click(host, lobby, label=t("lobby.button.start"))
        await self.bots.idle()
        row = await self.bots.current.service.storage.active_game(self.channel.id)
        assert row is not None and row.game == GAME.name and row.status == "running"
        self.game = row.id
        return lobby

    # -- the game as the bot holds it ---------------------------------------------

    @property
    def live(self) -> Live:
        """The game as the bot holds it (kept here too: the bot lets an ended
        game go from memory once everything about it is published)."""
        assert self.game is not None
        self._live = self.bots.current.service.games.held(self.game) or self._live
        assert self._live is not None
        return self._live

    @property
    def state(self) -> State:
        state = self.live.state
        assert isinstance(state, State)
        return state

    @property
    def version(self) -> int:
        return self.live.version

    @property
    def over(self) -> bool:
        return GAME.is_over(self.state)

    def to_act(self) -> int:
        """The seat whose turn it is."""
        return GAME.to_act(self.state)[0]

    def user_of(self, seat: int) -> FakeUser:
        user_id = self.live.row.seats[seat].user_id
        return next(u for u in self.users if u.id == user_id)

    def ids(self, verb: str) -> str:
        """The start of this moment's component ids of a verb (`hc:<game>:<version>:<verb>`)."""
        return f"{PREFIX}:{self.game}:{self.version}:{verb}"

    def table(self) -> FakeMessage:
        message = self.server.get_message(self.live.row.table_message_id)
        assert message is not None
        return message

    # -- a move, as a person makes it ---------------------------------------------

    async def hand(self, user: FakeUser) -> InteractionResult:
        """My cards on the table: the user's hand, privately."""
        return await self.server.click(user, self.table(), label=t("own_hand.button"))

    def choose(self, seat: int) -> int:
        return self.rng.choice([a.card for a in GAME.legal_actions(self.state, seat)])

    def value(self, card: int) -> str:
        """The hand's select's value that plays `card`: the play, less the seat."""
        return value_of(Play(0, card))

    async def play(self, user: FakeUser, card: int | None = None) -> InteractionResult:
        """Open the hand and play `card` (any legal one if None) from its select."""
        hand = (await self.hand(user)).message
        assert hand.ephemeral and hand.visible_to == frozenset({user.id})
        select = hand.find_select(prefix=f"{PREFIX}:{self.game}:")
        if card is None:
            seat = self.live.seat_of(user.id)
            assert seat is not None, "only a seated player has cards to choose from"
            card = self.choose(seat)
        return await self.server.select(user, hand, select["custom_id"], [self.value(card)])

    async def step(self, wait: bool = True) -> None:
        """One move by whoever must act; a computer's, or a seat the bot plays,
        is waited for. `wait`: let the bot finish publishing too."""
        seat, version = self.to_act(), self.version
        if self.live.row.seats[seat].agent is not None:
            await self.moved_for(version)
            return
        await self.play(self.user_of(seat))
        assert self.version > version, "the card picked was played"
        if wait:
            await self.bots.idle()

    async def moved_for(self, version: int, timeout: float = 10) -> None:
        """Wait for the bot to move from `version` for a seat it plays."""
        async with asyncio.timeout(timeout):
            while self.version == version:
                await self.bots.idle()
                await asyncio.sleep(0.01)
        await self.bots.idle()

    async def play_to_end(self, limit: int = 50) -> None:
        for _ in range(limit):
            if self.over:
                await self.bots.idle()
                return
            await self.step()
        raise AssertionError("the game did not end")
