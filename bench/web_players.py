"""Players at the web table (the Activity) in a load run: two people per
channel who sign in as the page does (a code from the loopback Discord, the
bot's `POST /api/session`), open a lobby from the table's launcher, take
their seats, start, and play whole games over the websocket only, choosing
among the legal actions the table offers, with a person's pause before each.

What is measured is a move's round trip: from an action sent to the moment
the player's socket holds the state after it (the frame whose version is
past the one acted on), while the load's other games go on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from typing import Any

import aiohttp

from .loopback import LoadDiscord
from fakediscord.models import FakeChannel, FakeUser

NO_PROGRESS = 20.0  # seconds a player waits for the table before giving up on a move


class WebPlayer:
    """One person's table: their session and websocket, and the frames it got."""

    def __init__(self, user: FakeUser) -> None:
        self.user = user
        self.state: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.answers: dict[int, dict[str, Any]] = {}
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.next = 0
        self.reader: asyncio.Task[None] | None = None

    async def sign_in(
        self, http: aiohttp.ClientSession, server: LoadDiscord, base: str, channel: FakeChannel
    ) -> None:
        instance = server.launch(self.user, channel)
        body = {"code": server.authorize(self.user), "instance_id": instance}
        async with http.post(f"{base}/api/session", json=body) as r:
            if r.status != 200:
                raise RuntimeError(f"sign-in refused: {r.status}")
            token = (await r.json())["session"]
        self.ws = await http.ws_connect(f"{base}/api/ws", max_msg_size=0)
        await self.ws.send_str(json.dumps({"type": "hello", "session": token}))
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.ws is not None
        async for message in self.ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            frame = json.loads(message.data)
            if frame["type"] == "state":
                self.state = frame
            elif "id" in frame and isinstance(frame["id"], int):
                self.answers[frame["id"]] = frame
            self.changed.set()

    async def until(self, test: Any, timeout: float = NO_PROGRESS) -> dict[str, Any]:
        async with asyncio.timeout(timeout):
            while self.state is None or not test(self.state):
                self.changed.clear()
                await self.changed.wait()
        return self.state

    async def send(self, frame: dict[str, Any]) -> int:
        assert self.ws is not None
        self.next += 1
        await self.ws.send_str(json.dumps({**frame, "id": self.next}))
        return self.next

    async def answer(self, ident: int, timeout: float = NO_PROGRESS) -> dict[str, Any]:
        async with asyncio.timeout(timeout):
            while ident not in self.answers:
                self.changed.clear()
                await self.changed.wait()
        return self.answers.pop(ident)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.reader


class WebTable:
    """A channel whose game is played at the web table alone, by two people."""

    def __init__(
        self,
        server: LoadDiscord,
        channel: FakeChannel,
        users: list[FakeUser],
        rng: random.Random,
        think: tuple[float, float],
    ) -> None:
        self.server, self.channel, self.rng, self.think = server, channel, rng, think
        self.players = [WebPlayer(user) for user in users]
        self.trips: list[float] = []  # seconds, each move's round trip
        self.refused = 0
        self.games = 0
        self.faults: list[str] = []
        self._http: aiohttp.ClientSession | None = None

    async def open(self, base: str) -> None:
        """Sign in, open a lobby at the launcher, take seats, start."""
        self._http = aiohttp.ClientSession()
        for player in self.players:
            await player.sign_in(self._http, self.server, base, self.channel)
        host = self.players[0]
        await host.until(lambda s: s["status"] == "none")
        await host.answer(
            await host.send({"type": "lobby", "verb": "open", "game": "mammamia", "options": {}})
        )
        await self._seat_and_start()

    async def _seat_and_start(self) -> None:
        host, other = self.players
        await other.until(lambda s: s["status"] == "lobby")
        await other.answer(await other.send({"type": "lobby", "verb": "join"}))
        await host.until(lambda s: s["status"] == "lobby" and len(s["scene"]["seats"]) == 2)
        await host.answer(await host.send({"type": "lobby", "verb": "start"}))
        for player in self.players:
            await player.until(lambda s: s["status"] == "running")
        self.games += 1

    async def play(self, until: float) -> None:
        try:
            while time.monotonic() < until:
                await self._move(until)
        except (TimeoutError, RuntimeError, KeyError) as fault:
            self.faults.append(repr(fault))

    async def _move(self, until: float) -> None:
        host = self.players[0]
        state = host.state
        assert state is not None
        if state["status"] in ("finished", "cancelled"):
            await host.answer(await host.send({"type": "lobby", "verb": "again"}))
            await self._seat_and_start()
            return
        version = state["version"]
        # Whoever the table offers something now (one player, or both asked at once).
        for player in self.players:
            await player.until(lambda s: s["version"] >= version or s["status"] != "running")
        acting = [p for p in self.players if p.state and p.state["scene"]["actions"]]
        if not acting:
            await host.until(lambda s: s["version"] > version or s["status"] != "running")
            return
        await asyncio.sleep(self.rng.uniform(*self.think))
        if time.monotonic() >= until:
            return
        await asyncio.gather(*(self._act(p, version) for p in acting))
        await host.until(lambda s: s["version"] > version or s["status"] != "running")

    async def _act(self, player: WebPlayer, version: int) -> None:
        assert player.state is not None
        actions = list(player.state["scene"]["actions"])
        self.rng.shuffle(actions)
        for action in actions:
            start = time.perf_counter()
            ident = await player.send(
                {"type": "act", "version": version, "action": action["action"]}
            )
            answer = await player.answer(ident)
            if answer["type"] == "done":
                await player.until(lambda s: s["version"] > version or s["status"] != "running")
                self.trips.append(time.perf_counter() - start)
                return
            self.refused += 1
            if player.state is None or player.state["version"] != version:
                return  # settled by someone else's answer meanwhile

    async def close(self) -> None:
        for player in self.players:
            await player.close()
        if self._http is not None:
            await self._http.close()
