"""The websocket gateway: HELLO, heartbeats, IDENTIFY -> READY + GUILD_CREATE, dispatches."""

from __future__ import annotations

import json
import logging
import secrets
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from . import payloads

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger(__name__)

DISPATCH = 0
HEARTBEAT = 1
IDENTIFY = 2
PRESENCE_UPDATE = 3
RESUME = 6
REQUEST_GUILD_MEMBERS = 8
INVALID_SESSION = 9
HELLO = 10
HEARTBEAT_ACK = 11

INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_MESSAGE_CONTENT = 1 << 15

HEARTBEAT_INTERVAL_MS = 41_250


class GatewaySession:
    """One bot connection. Sends TEXT frames of plain JSON (no zlib), as discord.py accepts."""

    def __init__(self, server: FakeDiscord, ws: web.WebSocketResponse) -> None:
        self.server = server
        self.ws = ws
        self.session_id = secrets.token_hex(16)
        self.sequence = 0
        self.intents = 0
        self.identified = False
        self.shard: list[int] | None = None

    @property
    def open(self) -> bool:
        return self.identified and not self.ws.closed

    def wants(self, intent: int) -> bool:
        return bool(self.intents & intent)

    def owns(self, guild_id: int) -> bool:
        """Discord's sharding: a guild's events go to shard (guild_id >> 22) % count."""
        if not self.shard:
            return True
        shard_id, count = self.shard
        return (guild_id >> 22) % count == shard_id

    async def send(self, op: int, data: Any, event: str | None = None) -> None:
        frame: dict[str, Any] = {"op": op, "d": data, "s": None, "t": event}
        if op == DISPATCH:
            self.sequence += 1
            frame["s"] = self.sequence
        if self.ws.closed:
            return
        try:
            await self.ws.send_str(json.dumps(frame))
        except (ConnectionError, RuntimeError) as exc:  # closing under our feet
            log.debug("gateway send failed: %s", exc)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.server.touch()
        await self.send(DISPATCH, data, event)

    async def run(self) -> None:
        await self.send(HELLO, {"heartbeat_interval": HEARTBEAT_INTERVAL_MS})
        async for msg in self.ws:
            if msg.type is not WSMsgType.TEXT:
                if msg.type is WSMsgType.BINARY:
                    self.server.violate("gateway_frame", "bot sent a binary gateway frame")
                continue
            frame = json.loads(msg.data)
            await self._receive(frame.get("op"), frame.get("d"))

    async def _receive(self, op: int | None, data: Any) -> None:
        if op == HEARTBEAT:
            await self.send(HEARTBEAT_ACK, None)
        elif op == IDENTIFY:
            await self._identify(data)
        elif op == RESUME:
            await self._resume(data)
        elif op == REQUEST_GUILD_MEMBERS:
            await self._send_members(data)
        elif op == PRESENCE_UPDATE:
            pass
        else:
            log.debug("ignoring gateway op %s", op)

    async def _identify(self, data: dict[str, Any]) -> None:
        if data.get("token") != self.server.token:
            await self.ws.close(code=4004, message=b"Authentication failed.")
            return
        self.intents = int(data.get("intents", 0))
        self.shard = data.get("shard")
        self.identified = True
        self.server.attach_session(self)
        server = self.server
        ready: dict[str, Any] = {
            "v": 10,
            "user": payloads.user(server.bot_user)
            | {"verified": True, "flags": 0, "mfa_enabled": False},
            "guilds": [
                {"id": str(g.id), "unavailable": True} for g in server.guilds if self.owns(g.id)
            ],
            "session_id": self.session_id,
            "session_type": "normal",
            "resume_gateway_url": server.gateway_url,
            "application": {"id": str(server.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "guild_join_requests": [],
            "user_settings": {},
            "_trace": ["fakediscord"],
        }
        if self.shard is not None:
            ready["shard"] = self.shard
        await self.dispatch("READY", ready)
        for guild in server.guilds:
            if self.owns(guild.id):
                await self.dispatch("GUILD_CREATE", server.guild_create_payload(guild, self))

    async def _resume(self, data: dict[str, Any]) -> None:
        old = self.server.session_by_id(data.get("session_id"))
        if old is None or data.get("token") != self.server.token:
            await self.send(INVALID_SESSION, False)
            return
        self.session_id = old.session_id
        self.sequence = old.sequence
        self.intents = old.intents
        self.identified = True
        self.server.attach_session(self)
        await self.dispatch("RESUMED", {"_trace": ["fakediscord"]})

    async def _send_members(self, data: dict[str, Any]) -> None:
        guild = self.server.get_guild(int(data["guild_id"]))
        if guild is None:
            return
        members = [payloads.member(self.server.bot_user, guild)]
        members += [payloads.member(self.server.users_by_id[m], guild) for m in guild.member_ids]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await self.dispatch("GUILD_MEMBERS_CHUNK", chunk)
