"""Activities: Discord's side of the table inside Discord.

- the launch response (interaction callback type 12) opens an Activity
  instance in the interaction's channel, with the user in it;
- `POST /oauth2/token` exchanges a code the SDK's `authorize` gave (see
  `FakeDiscord.authorize`) for an access token, given the application's client
  secret; a code works once and for ten minutes (fake clock);
- `GET /users/@me` with `Bearer <access token>` answers that user;
- `GET /applications/{app}/activity-instances/{instance}` (bot token) answers
  where the instance runs and who is in it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl

from aiohttp import web

from . import payloads
from .models import FakeChannel, FakeUser
from .routing import BotRequest, error, json_response, route

if TYPE_CHECKING:
    from .server import FakeDiscord

LAUNCH_ACTIVITY = 12
CODE_LIFETIME = 600.0
UNKNOWN_INSTANCE = 10068  # an unknown activity instance (Discord: "Unknown..."); the fake's own


@dataclass
class Instance:
    id: str
    channel: FakeChannel
    users: set[int] = field(default_factory=set)


@dataclass
class Activities:
    """The fake's Activity bookkeeping."""

    client_secret: str = field(default_factory=lambda: secrets.token_hex(16))
    codes: dict[str, tuple[int, float]] = field(default_factory=dict)  # code -> (user, issued)
    tokens: dict[str, int] = field(default_factory=dict)  # access token -> user
    instances: dict[str, Instance] = field(default_factory=dict)
    launches: list[tuple[int, str]] = field(default_factory=list)  # (user, instance) launched

    def instance_in(self, channel: FakeChannel) -> Instance | None:
        return next((i for i in self.instances.values() if i.channel.id == channel.id), None)


def activities(server: FakeDiscord) -> Activities:
    found = getattr(server, "_activities", None)
    if found is None:
        found = Activities()
        server._activities = found  # type: ignore[attr-defined]
    return found


def launch(server: FakeDiscord, user: FakeUser, channel: FakeChannel) -> str:
    """The user opens the channel's Activity (joining its instance if one runs)."""
    state = activities(server)
    instance = state.instance_in(channel)
    if instance is None:
        instance = Instance(f"i-{secrets.token_hex(8)}", channel)
        state.instances[instance.id] = instance
    instance.users.add(user.id)
    state.launches.append((user.id, instance.id))
    return instance.id


def authorize(server: FakeDiscord, user: FakeUser) -> str:
    """What the SDK's `authorize` command answers in this user's Discord client."""
    code = secrets.token_urlsafe(16)
    activities(server).codes[code] = (user.id, server.clock.monotonic())
    return code


@route("POST", "/oauth2/token", auth=False)
async def token(server: FakeDiscord, req: BotRequest) -> web.Response:
    form = dict(parse_qsl(req.raw.decode())) if req.raw else {}
    state = activities(server)
    if (
        form.get("client_id") != str(server.application_id)
        or form.get("client_secret") != state.client_secret
    ):
        return json_response({"error": "invalid_client"}, status=401)
    if form.get("grant_type") != "authorization_code":
        return json_response({"error": "unsupported_grant_type"}, status=400)
    issued = state.codes.pop(form.get("code", ""), None)
    if issued is None or server.clock.monotonic() - issued[1] > CODE_LIFETIME:
        return json_response({"error": "invalid_grant"}, status=400)
    access = secrets.token_urlsafe(24)
    state.tokens[access] = issued[0]
    body = {"access_token": access, "token_type": "Bearer", "expires_in": 604800}
    return json_response(body | {"refresh_token": secrets.token_urlsafe(24), "scope": "identify"})


async def me_by_bearer(server: FakeDiscord, req: BotRequest) -> web.Response | None:
    """`GET /users/@me` with a user's access token: that user, with their locale."""
    header = req.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return None
    user_id = activities(server).tokens.get(header.removeprefix("Bearer "))
    user = server.users_by_id.get(user_id or 0)
    if user is None:
        return error(401, 0, "401: Unauthorized")
    return json_response(payloads.user(user) | {"locale": user.locale})


@route("GET", "/applications/{app_id}/activity-instances/{instance_id}")
async def get_instance(server: FakeDiscord, req: BotRequest) -> web.Response:
    instance = activities(server).instances.get(req.params["instance_id"])
    if instance is None or req.params["app_id"] != str(server.application_id):
        return error(404, UNKNOWN_INSTANCE, "Unknown Activity Instance")
    location: dict[str, Any] = {
        "id": f"gc-{instance.channel.guild_id}-{instance.channel.id}",
        "kind": "gc",
        "channel_id": str(instance.channel.id),
        "guild_id": str(instance.channel.guild_id),
    }
    body = {
        "application_id": str(server.application_id),
        "instance_id": instance.id,
        "launch_id": str(server.ids.next()),
        "location": location,
        "users": [str(u) for u in sorted(instance.users)],
    }
    return json_response(body)
