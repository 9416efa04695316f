"""Who a web viewer is, checked by the server (never taken from the client).

The client authorises through Discord's Embedded App SDK and hands the server
the OAuth2 code; the server exchanges it at Discord's token endpoint with the
application's client secret, learns the user from `/users/@me`, and asks
Discord (with the bot's token) which channel the Activity instance runs in and
whether the user is in it. Only then does it sign a session: the user, the
channel, their language, and when it expires. A session is an HMAC over those
facts with a key derived from the client secret, so it survives a restart of
the bot (clients reconnect with it) and cannot be forged or stretched.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import aiohttp
import discord.http

log = logging.getLogger(__name__)

#: How long a session lets its viewer reconnect without authorising again.
SESSION_LIFETIME = timedelta(hours=12)


class Refused(Exception):
    """Not who, or not where, they say: the viewer is told no more than that."""


@dataclass(frozen=True)
class Session:
    user_id: int
    name: str
    channel_id: int
    guild_id: int | None
    locale: str | None
    expires: int  # seconds since the epoch
    avatar: str | None = None  # the user's Discord avatar hash, None: Discord's default

    def to_json(self) -> dict[str, Any]:
        return {
            "u": self.user_id,
            "n": self.name,
            "c": self.channel_id,
            "g": self.guild_id,
            "l": self.locale,
            "e": self.expires,
            "a": self.avatar,
        }

    @classmethod
    def of(cls, data: dict[str, Any]) -> Session:
        return cls(
            int(data["u"]),
            str(data["n"]),
            int(data["c"]),
            None if data["g"] is None else int(data["g"]),
            data["l"] if isinstance(data["l"], str) else None,
            int(data["e"]),
            avatar_hash(data.get("a")),
        )


class Sessions:
    """Signs and checks sessions."""

    def __init__(self, secret: str, now: Callable[[], datetime]) -> None:
        self._key = hashlib.sha256(b"activity-session:" + secret.encode()).digest()
        self.now = now

    def issue(
        self,
        user_id: int,
        name: str,
        channel_id: int,
        guild_id: int | None,
        locale: str | None,
        avatar: str | None = None,
    ) -> str:
        expires = int((self.now() + SESSION_LIFETIME).timestamp())
        body = Session(user_id, name, channel_id, guild_id, locale, expires, avatar).to_json()
        payload = _b64(json.dumps(body, separators=(",", ":")).encode())
        return f"{payload}.{self._sign(payload)}"

    def check(self, token: object) -> Session:
        """The session this token carries; Refused if forged, altered or expired."""
        if not isinstance(token, str) or token.count(".") != 1:
            raise Refused("malformed")
        payload, signature = token.split(".")
        if not hmac.compare_digest(signature, self._sign(payload)):
            raise Refused("forged")
        try:
            session = Session.of(json.loads(_unb64(payload)))
        except (ValueError, KeyError, TypeError, AttributeError) as bad:
            raise Refused("malformed") from bad
        if session.expires <= self.now().timestamp():
            raise Refused("expired")
        return session

    def _sign(self, payload: str) -> str:
        return _b64(hmac.new(self._key, payload.encode(), hashlib.sha256).digest())


def avatar_hash(value: object) -> str | None:
    """A Discord avatar hash (hex, `a_` before an animated one's), else None."""
    if not isinstance(value, str) or not 0 < len(value) <= 40:
        return None
    return value if value.removeprefix("a_").isalnum() else None


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True)
class Identity:
    user_id: int
    name: str
    locale: str | None
    access_token: str
    avatar: str | None = None


class Discord:
    """The three questions the server asks Discord about a viewer."""

    def __init__(
        self,
        client_id: Callable[[], int],
        client_secret: str,
        instance: Callable[[str], Awaitable[dict[str, Any]]],
    ) -> None:
        self.client_id = client_id
        self.client_secret = client_secret
        self._instance = instance  # GET the activity instance with the bot's token
        self._http: aiohttp.ClientSession | None = None

    @property
    def api(self) -> str:
        """Discord's REST base, as discord.py uses it (`DISCORD_API_BASE` in tests)."""
        return str(discord.http.Route.BASE).rstrip("/")

    def http(self) -> aiohttp.ClientSession:
        if self._http is None or self._http.closed:
            self._http = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10))
        return self._http

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()

    async def identify(self, code: str) -> Identity:
        """Exchange the SDK's code for a token, and ask whose it is."""
        form = {
            "client_id": str(self.client_id()),
            "client_secret": self.client_secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        async with self.http().post(f"{self.api}/oauth2/token", data=form) as response:
            if response.status != 200:
                raise Refused("code")
            token = (await response.json()).get("access_token")
        if not isinstance(token, str):
            raise Refused("code")
        headers = {"Authorization": f"Bearer {token}"}
        async with self.http().get(f"{self.api}/users/@me", headers=headers) as response:
            if response.status != 200:
                raise Refused("user")
            user = await response.json()
        if not isinstance(user, dict) or "id" not in user:
            raise Refused("user")
        name = user.get("global_name") or user.get("username") or str(user["id"])
        return Identity(
            int(user["id"]),
            str(name)[:100],
            user.get("locale"),
            token,
            avatar_hash(user.get("avatar")),
        )

    async def where(self, instance_id: str, user_id: int) -> tuple[int, int | None]:
        """The channel (and server) of this Activity instance, if the user is in it."""
        try:
            instance = await self._instance(instance_id)
        except Exception as unknown:
            raise Refused("instance") from unknown
        users = {str(u) for u in instance.get("users") or ()}
        location = instance.get("location") or {}
        channel = location.get("channel_id")
        if str(user_id) not in users or channel is None:
            raise Refused("instance")
        guild = location.get("guild_id")
        return int(channel), None if guild is None else int(guild)
