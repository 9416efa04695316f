"""Activity viewers for the tests: a user opens the table in a channel, the
loopback Discord gives their SDK a code, the bot's own server checks it, and
the viewer's websocket frames are kept, every one, for the leak checks."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp

from bot.app.client import GameBot
from engine import game

from fakediscord.models import FakeChannel, FakeUser
from fakediscord.server import FakeDiscord


def base(bot: GameBot) -> str:
    assert bot.web is not None
    return f"http://127.0.0.1:{bot.web.port}"


async def session(
    server: FakeDiscord,
    bot: GameBot,
    user: FakeUser,
    channel: FakeChannel | None = None,
    instance: str | None = None,
    code: str | None = None,
) -> tuple[int, dict[str, Any]]:
    """Open the Activity in `channel` as `user` and ask the bot for a session."""
    instance = instance or server.launch(user, channel)
    code = code or server.authorize(user)
    async with (
        aiohttp.ClientSession() as http,
        http.post(f"{base(bot)}/api/session", json={"code": code, "instance_id": instance}) as r,
    ):
        return r.status, await r.json()


class Viewer:
    """One websocket on the live table."""

    def __init__(self, http: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.http, self.ws = http, ws
        self.frames: list[dict[str, Any]] = []
        self._new = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, bot: GameBot, token: str, game_id: int | None = None) -> Viewer:
        http = aiohttp.ClientSession()
        ws = await http.ws_connect(f"{base(bot)}/api/ws")
        hello: dict[str, Any] = {"type": "hello", "session": token}
        if game_id is not None:
            hello["game"] = game_id
        await ws.send_str(json.dumps(hello))
        return cls(http, ws)

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.TEXT:
                self.frames.append(json.loads(message.data))
                self._new.set()

    async def wait(self, test: Any, timeout: float = 10.0) -> dict[str, Any]:
        """The first frame (from the start) that passes `test`."""
        async with asyncio.timeout(timeout):
            while True:
                for frame in self.frames:
                    if test(frame):
                        return frame
                if self.ws.closed and self._reader.done():
                    raise AssertionError(f"closed; frames: {self.frames}")
                self._new.clear()
                await self._new.wait()

    async def state(self, version: int | None = None, timeout: float = 10.0) -> dict[str, Any]:
        """The newest state frame, once one at `version` or later arrived."""

        def fresh(frame: dict[str, Any]) -> bool:
            return frame["type"] == "state" and (version is None or frame["version"] >= version)

        await self.wait(fresh, timeout)
        return [f for f in self.frames if f["type"] == "state"][-1]

    async def act(self, action: dict[str, Any], version: int, ident: int = 1) -> dict[str, Any]:
        await self.ws.send_str(
            json.dumps({"type": "act", "id": ident, "version": version, "action": action})
        )
        return await self.wait(lambda f: f.get("id") == ident and f["type"] != "state")

    async def close(self) -> None:
        await self.ws.close()
        await self.http.close()
        self._reader.cancel()


def states_by_version(row: Any) -> dict[int, Any]:
    """Every state a stored game went through, replayed from its record."""
    rules = game(row.game)
    state, _ = rules.start(row.record)
    states = {state.version: state}
    for data in rules.actions_of(row.record):
        state, _ = rules.apply(state, rules.action_from_json(data))
        states[state.version] = state
    return states


def check_frames(frames: list[dict[str, Any]], row: Any, seat: int | None) -> int:
    """Every state frame shows exactly the public view and this seat's own
    view at its version, and no other seat's hidden cards anywhere in it
    (their order cards in hand, what their Mushroom or Pepper showed).
    Returns how many frames were checked."""
    rules = game(row.game)
    states = states_by_version(row)
    checked = 0
    for frame in frames:
        if frame["type"] != "state" or frame["view"] is None or frame["game"] != row.id:
            continue
        state = states[frame["version"]]
        assert frame["view"] == rules.public_view(state).to_json(), "not the public view"
        assert frame["seat"] == seat
        if seat is None:
            assert frame["you"] is None
        else:
            assert frame["you"] == rules.player_view(state, seat).to_json()
        text = json.dumps(frame, ensure_ascii=False)
        public = json.dumps(frame["view"], ensure_ascii=False)
        own = json.dumps(frame["you"], ensure_ascii=False)
        for other in range(len(row.seats)):
            if other == seat:
                continue
            hidden = rules.player_view(state, other).to_json()
            secrets = set(hidden.get("hand_orders", ())) | set(hidden.get("seen", ()))
            for secret in secrets:
                if f'"{secret}"' in public or f'"{secret}"' in own:
                    continue  # also public (or the viewer's own): not a secret now
                assert f'"{secret}"' not in text, f"seat {other}'s {secret} sent to {seat}"
        checked += 1
    return checked
