"""``FakeDiscord``: an aiohttp server on 127.0.0.1 that speaks enough Discord for discord.py.

State and message bookkeeping live here; the REST handlers are in ``routes_*.py``, the
websocket in ``gateway.py``, and what a test user can do in ``actors.py``.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from . import payloads, rules
from . import routes_activity as _routes_activity
from . import routes_interactions as _routes_interactions  # noqa: F401 - registers routes
from . import routes_rest as _routes_rest  # noqa: F401 - registers routes
from .actors import Actors, RunningClient
from .clock import FakeClock, Snowflakes
from .gateway import (
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_MESSAGE_CONTENT,
    GatewaySession,
)
from .interactions import InteractionResult
from .models import (
    BOT_PERMISSIONS,
    DM,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    GUILD_TEXT,
    MEMBER_PERMISSIONS,
    Attachment,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeRole,
    FakeUser,
    RuleViolation,
    Violation,
)
from .pictures import avatar_png
from .ratelimits import RateLimits
from .routing import BotRequest, Upload, error, match, read_request

log = logging.getLogger(__name__)

DEFAULT_USERS = ("Ana", "Ben", "Cleo", "Dario")
API_PREFIX = re.compile(r"^/api/v\d+")
MENTION = re.compile(r"<@!?(\d+)>")
#: Seconds a nonce sent with ``enforce_nonce`` is remembered ("a few minutes" at Discord;
#: the fake keeps it short so a bot cannot lean on a long window).
NONCE_WINDOW = 120.0
# Flags a bot may set on a message; the rest are Discord's to decide.
SETTABLE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_EPHEMERAL | (1 << 12) | (1 << 15)


class FakeDiscord(Actors):
    """A loopback Discord: REST under ``/api/v10``, the gateway at ``/``.

    Create it, ``await start()``, point discord.py at it (``fakediscord.patch_discord``),
    and use the ``Actors`` methods (``slash``, ``click``...) to play users.
    """

    def __init__(
        self, *, token: str = "fake-bot-token", user_names: tuple[str, ...] = DEFAULT_USERS
    ):
        self.clock = FakeClock()
        self.ids = Snowflakes(self.clock)
        self.token = token
        # Rules a test may tune.
        self.response_deadline = 3.0
        """Seconds the bot has for the initial response (Discord: 3)."""
        self.no_response_grace = 1.0
        """Extra seconds a helper waits for a late callback before calling it missing."""
        self.wait_deferred = 0.0
        """Seconds a helper waits, after a deferred response, for the answer it
        announced (the edit or follow-up), as a person looking on would; 0: none."""
        self.token_lifetime = 15 * 60.0
        """Seconds an interaction token is usable on the fake clock (Discord: 15 min)."""
        self.raise_on_violation = True
        """Helpers (slash, click, settle...) raise RuleViolation for new violations."""
        self.command_sync_wait = 2.0
        """How long ``slash`` waits for a first command sync before giving up."""
        self.fail_on_bot_errors = True
        """Record errors discord.py logs (unhandled exceptions in commands, views, events)."""
        self.violations: list[Violation] = []
        self.requests: list[BotRequest] = []
        """Every HTTP request the bot made, in order."""
        self.limits = RateLimits()
        """Discord's global and per-route rate limits (`limits.limited`: each 429)."""

        self.application_id = self.ids.next()
        self.bot_user = FakeUser(self.application_id, "FakeBot", bot=True)
        self.owner = FakeUser(self.ids.next(), "Owner")
        self.users_by_id: dict[int, FakeUser] = {self.owner.id: self.owner}
        self.users: list[FakeUser] = []
        self.avatar_requests = 0  # pictures its CDN served
        self.guilds: list[FakeGuild] = []
        self.messages: dict[int, FakeMessage] = {}
        # Each channel's public messages' ids, oldest first (ids only grow):
        # an interaction's payload names the newest, which a scan of every
        # message took longer to find the more messages a run had made.
        self._public_ids: dict[int, list[int]] = {}
        self.dm_channels: dict[int, FakeChannel] = {}
        """The bot's DM channels, by the other user's id."""
        self.nonces: dict[tuple[int, str], tuple[FakeMessage, float]] = {}
        """(channel id, nonce) -> the message created with it and when (fake clock)."""
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.command_syncs = 0
        self.interactions: dict[str, InteractionResult] = {}
        #: Interactions not seen answered yet (`unanswered`), oldest first.
        self._waiting: list[InteractionResult] = []
        self.sessions: list[GatewaySession] = []
        self.recommended_shards = 1  # what GET /gateway/bot answers
        self._clients: dict[int, RunningClient] = {}
        self.on_create: list[Callable[[FakeMessage], Awaitable[None]]] = []
        """Called with every new message before the bot hears back about it (a test
        can stop the bot there, between its post and its knowing the id)."""

        self._last_activity = time.monotonic()
        self._inflight = 0
        self._runner: web.AppRunner | None = None
        self._error_watch = _BotErrorWatch(self)
        self.port = 0

        self.guild = self.add_guild("Fake Guild")
        self.channel = self.add_channel("general")
        for name in user_names:
            self.add_user(name)

    # -- lifecycle ---------------------------------------------------------------
    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` must be set to."""
        return f"{self.url}/api/v10"

    @property
    def cdn_base(self) -> str:
        """What ``discord.Asset.BASE`` must be set to: the fake's CDN."""
        return f"{self.url}/cdn"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        self.port = self._runner.addresses[0][1]
        logging.getLogger("discord").addHandler(self._error_watch)

    async def stop(self) -> None:
        await self.stop_all_clients()
        logging.getLogger("discord").removeHandler(self._error_watch)
        for session in list(self.sessions):
            await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- HTTP entry point --------------------------------------------------------
    async def _handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/" and request.headers.get("Upgrade", "").lower() == "websocket":
            return await self._gateway(request)
        if path.startswith("/attachments/"):
            return self._serve_attachment(path)
        if path.startswith("/cdn/avatars/"):
            return self._serve_avatar(path)
        self._inflight += 1
        self.touch()
        try:
            return await self._rest(request)
        finally:
            self._inflight -= 1
            self.touch()

    async def _rest(self, request: web.Request) -> web.Response:
        path = API_PREFIX.sub("", request.path)
        req = await read_request(request, path)
        self.requests.append(req)
        found = match(request.method, path)
        if found is None:
            self.violate("unknown_route", "the fake does not know this route", req.route)
            return error(404, 0, "404: Not Found")
        handler_route, params = found
        req.params = params
        banned = self.limits.banned()
        if banned is not None:
            return banned
        if handler_route.needs_auth and req.headers.get("Authorization") != f"Bot {self.token}":
            response: web.Response = error(401, 0, "401: Unauthorized")
        else:
            response = self.limits.check(req) or await handler_route.handler(self, req)
        if response.status == 429 and response.headers.get("X-RateLimit-Scope"):
            scope = response.headers["X-RateLimit-Scope"]
            wait = response.headers["Retry-After"]
            self.violate("rate_limited", f"429 ({scope}), retry after {wait} s", req.route)
        if self.limits.answered(req, response):
            self.violate(
                "invalid_requests",
                f"more than {self.limits.invalid_limit} invalid requests (401, 403, 429) in "
                "10 minutes: Discord bans the address for an hour",
                req.route,
            )
        return response

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(self, ws)
        try:
            await session.run()
        finally:
            if session in self.sessions:
                self.sessions.remove(session)
        return ws

    def _serve_attachment(self, path: str) -> web.Response:
        parts = path.split("/")
        for msg in self.messages.values():
            for att in msg.attachments:
                if len(parts) > 3 and str(att.id) == parts[3]:
                    return web.Response(body=att.data, content_type=att.content_type or "")
        return web.Response(status=404)

    def _serve_avatar(self, path: str) -> web.Response:
        """A user's avatar, as Discord's CDN serves it (`/avatars/<user>/<hash>.png`):
        a picture drawn from the hash, for a user who has that avatar."""
        parts = path.split("/")  # "", "cdn", "avatars", user, file
        if len(parts) != 5 or not parts[3].isdigit():
            return web.Response(status=404)
        user = self.users_by_id.get(int(parts[3]))
        if user is None or user.avatar is None or parts[4] != f"{user.avatar}.png":
            return web.Response(status=404)
        self.avatar_requests += 1
        return web.Response(body=avatar_png(user.avatar), content_type="image/png")

    def touch(self) -> None:
        self._last_activity = time.monotonic()

    # -- gateway sessions --------------------------------------------------------
    def attach_session(self, session: GatewaySession) -> None:
        self.sessions = [s for s in self.sessions if s is not session and not s.ws.closed]
        self.sessions.append(session)

    def session_by_id(self, session_id: str | None) -> GatewaySession | None:
        return next((s for s in self.sessions if s.session_id == session_id), None)

    @property
    def active_session(self) -> GatewaySession | None:
        """The most recently identified open connection: it receives interactions."""
        live = [s for s in self.sessions if s.open]
        return live[-1] if live else None

    def session_for(self, guild_id: int) -> GatewaySession | None:
        """The newest open connection whose shard owns this guild (as Discord routes)."""
        live = [s for s in self.sessions if s.open and s.owns(guild_id)]
        return live[-1] if live else None

    async def broadcast(self, event: str, data: dict[str, Any], intent: int = 0) -> None:
        guild_id = data.get("guild_id") if isinstance(data, dict) else None
        for session in [s for s in self.sessions if s.open]:
            if guild_id is not None and not session.owns(int(guild_id)):
                continue
            if intent == 0 or session.wants(intent):
                await session.dispatch(event, data)

    # -- violations --------------------------------------------------------------
    def violate(
        self,
        rule: str,
        detail: str,
        route: str = "",
        interaction: InteractionResult | None = None,
    ) -> Violation:
        violation = Violation(rule, detail, route, interaction.id if interaction else None)
        self.violations.append(violation)
        if interaction is not None:
            interaction.violations.append(violation)
        log.error("Discord rule broken: %s", violation)
        return violation

    def reject(
        self,
        problems: list[rules.Problem],
        route: str,
        interaction: InteractionResult | None = None,
    ) -> web.Response:
        for problem in problems:
            self.violate(problem.rule, f"{problem.path}: {problem.message}", route, interaction)
        return error(400, 50035, "Invalid Form Body", errors=rules.error_body(problems)["errors"])

    def take_violations(self) -> list[Violation]:
        """Return and forget the recorded violations (for tests that provoke them)."""
        taken, self.violations = self.violations, []
        return taken

    def raise_new_violations(self, result: InteractionResult | None = None) -> None:
        fresh = [v for v in self.violations if not v.raised]
        if not fresh or not self.raise_on_violation:
            return
        for violation in fresh:
            violation.raised = True
        raise RuleViolation(fresh, result)

    # -- guild, channels, users ----------------------------------------------------
    def add_guild(self, name: str) -> FakeGuild:
        guild = FakeGuild(self.ids.next(), name, owner_id=self.owner.id)
        guild.roles[guild.id] = FakeRole(guild.id, "@everyone", MEMBER_PERMISSIONS)
        bot_role = FakeRole(self.ids.next(), self.bot_user.name, BOT_PERMISSIONS, 1, managed=True)
        guild.roles[bot_role.id] = bot_role
        self.bot_user.role_ids.append(bot_role.id)
        guild.member_ids.append(self.owner.id)
        self.guilds.append(guild)
        return guild

    def add_channel(
        self, name: str, guild: FakeGuild | None = None, kind: int = GUILD_TEXT
    ) -> FakeChannel:
        """A channel: a text channel, or with ``kind=GUILD_VOICE`` a voice channel."""
        guild = guild or self.guild
        position = len(guild.text_channels())
        channel = FakeChannel(self.ids.next(), name, guild.id, type=kind, position=position)
        guild.channels[channel.id] = channel
        if self.sessions:  # a bot connected already learns of it, as from Discord
            created = self.broadcast("CHANNEL_CREATE", payloads.channel(channel))
            task = asyncio.ensure_future(created)
            task.add_done_callback(lambda t: t.exception())
        return channel

    async def delete_channel(self, channel: FakeChannel) -> None:
        """Someone with Manage Channels deletes it: CHANNEL_DELETE (THREAD_DELETE)
        to the bot, and every route of it answers 10003 Unknown Channel."""
        channel.deleted = True
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        await self.broadcast(event, payloads.channel(channel))

    def add_role(self, name: str, permissions: int = 0, guild: FakeGuild | None = None) -> FakeRole:
        guild = guild or self.guild
        role = FakeRole(self.ids.next(), name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        return role

    def add_user(
        self, name: str, *, roles: tuple[FakeRole, ...] = (), guild: FakeGuild | None = None
    ) -> FakeUser:
        """A new guild member (announced as GUILD_MEMBER_ADD to bots with the members intent)."""
        guild = guild or self.guild
        user = FakeUser(self.ids.next(), name, global_name=name, role_ids=[r.id for r in roles])
        self.users_by_id[user.id] = user
        self.users.append(user)
        guild.member_ids.append(user.id)
        if self.sessions:
            data = payloads.member(user, guild) | {"guild_id": str(guild.id)}
            task = asyncio.ensure_future(
                self.broadcast("GUILD_MEMBER_ADD", data, INTENT_GUILD_MEMBERS)
            )
            task.add_done_callback(lambda t: t.exception())
        return user

    def user(self, name: str) -> FakeUser:
        return next(u for u in self.users if u.name == name)

    def get_guild(self, guild_id: int) -> FakeGuild | None:
        return next((g for g in self.guilds if g.id == guild_id), None)

    def get_channel(self, channel_id: int) -> FakeChannel | None:
        for guild in self.guilds:
            channel = guild.channels.get(channel_id)
            if channel is not None and not channel.deleted:
                return channel
        return next((c for c in self.dm_channels.values() if c.id == channel_id), None)

    # -- Activities (routes_activity) -----------------------------------------------
    @property
    def activities(self) -> _routes_activity.Activities:
        return _routes_activity.activities(self)

    def authorize(self, user: FakeUser) -> str:
        """The OAuth2 code the Embedded App SDK's `authorize` gives this user."""
        return _routes_activity.authorize(self, user)

    def launch(self, user: FakeUser, channel: FakeChannel | None = None) -> str:
        """The user opens the Activity in a channel (the test's by default): its instance id."""
        return _routes_activity.launch(self, user, channel or self.channel)

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The bot's DM channel with ``user`` (one per user, made on first use)."""
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = FakeChannel(self.ids.next(), "", 0, type=DM, recipient_id=user.id)
            self.dm_channels[user.id] = channel
        return channel

    def dms_to(self, user: FakeUser) -> list[FakeMessage]:
        """The direct messages the bot sent ``user``, oldest first."""
        channel = self.dm_channels.get(user.id)
        return [] if channel is None else self.public_messages(channel)

    def guild_of(self, channel: FakeChannel) -> FakeGuild:
        guild = self.get_guild(channel.guild_id)
        assert guild is not None
        return guild

    def guild_create_payload(self, guild: FakeGuild, session: GatewaySession) -> dict[str, Any]:
        members = [self.bot_user]
        if session.wants(INTENT_GUILD_MEMBERS):
            members += [self.users_by_id[m] for m in guild.member_ids]
        return payloads.guild(guild, members, bot=self.bot_user, joined_at=self.bot_user.joined_at)

    async def create_thread(
        self,
        parent: FakeChannel,
        *,
        name: str,
        kind: int,
        auto_archive_duration: int,
        thread_id: int | None = None,
    ) -> FakeChannel:
        thread = FakeChannel(
            thread_id or self.ids.next(),
            name,
            parent.guild_id,
            type=kind,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
            auto_archive_duration=auto_archive_duration,
            created_at=payloads.iso(self.clock.time()),
        )
        self.guild_of(parent).channels[thread.id] = thread
        await self.broadcast("THREAD_CREATE", payloads.channel(thread) | {"newly_created": True})
        return thread

    # -- messages ------------------------------------------------------------------
    def message_payload(self, msg: FakeMessage, intents: int | None = None) -> dict[str, Any]:
        """The message as the bot receives it.

        Like Discord, a bot without the message-content intent gets other users' messages
        with empty content, embeds, attachments and components unless it is mentioned.
        ``intents`` defaults to those of the connected bot.
        """
        everyone = self.users_by_id | {self.bot_user.id: self.bot_user}
        mentions = [everyone[i] for i in msg.mention_ids if i in everyone]
        data = payloads.message(msg, self.url, mentions)
        if intents is None:
            session = self.active_session
            intents = session.intents if session else INTENT_MESSAGE_CONTENT
        hidden = msg.author is not self.bot_user and self.bot_user.id not in msg.mention_ids
        if hidden and not intents & INTENT_MESSAGE_CONTENT:
            data |= {"content": "", "embeds": [], "attachments": [], "components": []}
        return data

    def validate_message_body(
        self,
        req: BotRequest,
        body: dict[str, Any],
        *,
        base: FakeMessage | None,
        interaction: InteractionResult | None = None,
    ) -> web.Response | None:
        """Check limits, and that the message would not end up empty; 400 + violation if not."""
        problems = rules.check_message(body)
        content = body.get("content", base.content if base else "")
        embeds = body.get("embeds", base.embeds if base else [])
        components = body.get("components", base.components if base else [])
        attachments = self._attachments_after(base, body, req.uploads)
        problems += rules.check_not_empty(
            content or "", embeds or [], components or [], attachments
        )
        if problems:
            return self.reject(problems, req.route, interaction)
        return None

    def _attachments_after(
        self, base: FakeMessage | None, body: dict[str, Any], uploads: list[Upload]
    ) -> list[Attachment]:
        described = {str(a.get("id")): a for a in body.get("attachments") or []}
        new = [
            Attachment(
                self.ids.next(),
                (described.get(str(u.index)) or {}).get("filename") or u.filename,
                u.data,
                u.content_type,
                (described.get(str(u.index)) or {}).get("description"),
            )
            for u in uploads
        ]
        kept = base.attachments if base else []
        if "attachments" in body:
            kept = [a for a in kept if str(a.id) in described]
        return kept + new

    def message_with_nonce(self, channel: FakeChannel, body: dict[str, Any]) -> FakeMessage | None:
        """Discord's idempotent send: with ``enforce_nonce``, a nonce the bot already
        used in this channel within the last few minutes returns the message it
        created then, and nothing new is posted. (The fake returns it even if it was
        deleted since; a bot must cope with either answer.)"""
        nonce = body.get("nonce")
        if nonce is None or not body.get("enforce_nonce"):
            return None
        seen = self.nonces.get((channel.id, str(nonce)))
        if seen is None or self.clock.time() - seen[1] > NONCE_WINDOW:
            return None
        return seen[0]

    async def create_message(
        self,
        channel: FakeChannel,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        author: FakeUser | None = None,
        interaction: InteractionResult | None = None,
        msg_type: int = 0,
    ) -> FakeMessage:
        flags = (body.get("flags") or 0) & (SETTABLE_FLAGS | FLAG_LOADING)
        nonce = body.get("nonce")
        msg = FakeMessage(
            id=self.ids.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id or None,
            nonce=None if nonce is None else str(nonce),
            author=author or self.bot_user,
            content=body.get("content") or "",
            embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []),
            attachments=self._attachments_after(None, body, uploads),
            flags=flags,
            type=msg_type,
            timestamp=payloads.iso(self.clock.time()),
            at=self.clock.time(),
        )
        if interaction is not None:
            msg.webhook_id = self.application_id
            msg.application_id = self.application_id
            msg.interaction_id = interaction.id
            msg.interaction_user = interaction.user
            msg.interaction_type = interaction.type
            if flags & FLAG_EPHEMERAL:
                msg.visible_to = frozenset({interaction.user.id})
        elif flags & FLAG_EPHEMERAL:
            msg.flags &= ~FLAG_EPHEMERAL  # channel messages cannot be ephemeral
        msg.mention_ids = self._mentions(msg.content)
        msg.notified = self._notified(msg.mention_ids, body.get("allowed_mentions"))
        self.messages[msg.id] = msg
        if msg.public:
            self._public_ids.setdefault(channel.id, []).append(msg.id)
        if msg.nonce is not None and body.get("enforce_nonce"):
            self.nonces[(channel.id, msg.nonce)] = (msg, self.clock.time())
        # DMs are not dispatched: the bot's intents here never ask for DM events.
        if msg.public and not channel.is_dm:
            await self._broadcast_message("MESSAGE_CREATE", msg)
        for hook in list(self.on_create):
            await hook(msg)
        return msg

    async def edit_message(
        self,
        msg: FakeMessage,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        finish_loading: bool = False,
    ) -> None:
        msg.history.append(msg.snapshot())
        if "content" in body:
            msg.content = body["content"] or ""
            msg.mention_ids = self._mentions(msg.content)
        if "embeds" in body:
            msg.embeds = list(body["embeds"] or [])
        if "components" in body:
            msg.components = list(body["components"] or [])
        if "flags" in body and body["flags"] is not None:
            keep = msg.flags & ~FLAG_SUPPRESS_EMBEDS
            msg.flags = keep | (body["flags"] & FLAG_SUPPRESS_EMBEDS)
        if finish_loading:
            msg.flags &= ~FLAG_LOADING
        msg.attachments = self._attachments_after(msg, body, uploads)
        msg.at = self.clock.time()
        msg.edited_timestamp = payloads.iso(msg.at)
        if msg.public:
            await self._broadcast_message("MESSAGE_UPDATE", msg)

    async def delete_message(self, msg: FakeMessage) -> None:
        msg.deleted = True
        if msg.public:
            data = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id:
                data["guild_id"] = str(msg.guild_id)
            await self.broadcast("MESSAGE_DELETE", data, INTENT_GUILD_MESSAGES)

    async def _broadcast_message(self, event: str, msg: FakeMessage) -> None:
        for session in [s for s in self.sessions if s.open]:
            if msg.guild_id and not session.owns(msg.guild_id):
                continue
            if session.wants(INTENT_GUILD_MESSAGES):
                await session.dispatch(event, self._gateway_message(msg, session.intents))

    def _gateway_message(self, msg: FakeMessage, intents: int) -> dict[str, Any]:
        data = self.message_payload(msg, intents)
        guild = self.get_guild(msg.guild_id) if msg.guild_id else None
        if guild is not None and msg.author is not self.bot_user:
            member = payloads.member(msg.author, guild)
            del member["user"]
            data["member"] = member
        return data

    def _mentions(self, content: str) -> list[int]:
        known = self.users_by_id.keys() | {self.bot_user.id}
        return [int(i) for i in MENTION.findall(content) if int(i) in known]

    @staticmethod
    def _notified(mentioned: list[int], allowed: dict[str, Any] | None) -> frozenset[int]:
        """The users a new message notifies: without `allowed_mentions` every
        user it mentions; with it, those its `parse` or `users` let through."""
        if allowed is None:
            return frozenset(mentioned)
        parse = allowed.get("parse") or []
        users = {int(u) for u in allowed.get("users") or []}
        return frozenset(u for u in mentioned if "users" in parse or u in users)

    # -- queries for tests -----------------------------------------------------------
    def unanswered(self) -> bool:
        """Whether an interaction still waits for its initial response. Those
        seen answered are forgotten, so a test asking after every step of a
        long game looks at the few under way, not at every interaction since."""
        self._waiting = [rec for rec in self._waiting if not rec.answered.is_set()]
        return bool(self._waiting)

    def is_answer(self, message: FakeMessage) -> bool:
        """Whether the message is an interaction's first answer (a command's
        reply, such as a lobby), not a follow-up or a post of the bot's own."""
        return any(rec.original is message for rec in self.interactions.values() if rec.original)

    def bot_posts(self, channel: FakeChannel | None = None) -> list[FakeMessage]:
        """Public messages the bot posted by itself or as follow-ups (tables,
        narrations, results), not first answers; deleted ones too, oldest first."""
        channel_id = (channel or self.channel).id
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel_id
            and m.public
            and m.author is self.bot_user
            and not self.is_answer(m)
        ]

    def last_message_id(self, channel: FakeChannel) -> str | None:
        """The channel's newest message still there (ephemeral ones are no
        channel's), as Discord tells it in an interaction's channel."""
        ids = self._public_ids.get(channel.id, [])
        while ids:
            newest = self.messages.get(ids[-1])
            if newest is not None and not newest.deleted:
                return str(newest.id)
            ids.pop()  # deleted (or forgotten): never the newest again
        return None

    def public_messages(self, channel: FakeChannel | None = None) -> list[FakeMessage]:
        """Live public messages of the channel, oldest first, each as last edited."""
        channel_id = (channel or self.channel).id
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel_id and m.public and not m.deleted
        ]

    def visible_to(self, user: FakeUser, channel: FakeChannel | None = None) -> list[FakeMessage]:
        """What ``user`` sees in the channel: public messages plus ephemerals sent to them."""
        channel_id = (channel or self.channel).id
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel_id and m.is_visible_to(user)
        ]

    def ephemerals_for(
        self, user: FakeUser, channel: FakeChannel | None = None
    ) -> list[FakeMessage]:
        return [m for m in self.visible_to(user, channel) if not m.public]

    def last_message(
        self, channel: FakeChannel | None = None, user: FakeUser | None = None
    ) -> FakeMessage | None:
        found = self.visible_to(user, channel) if user else self.public_messages(channel)
        return found[-1] if found else None

    def get_message(self, message_id: int) -> FakeMessage | None:
        return self.messages.get(message_id)

    def commands_for(self, guild: FakeGuild) -> list[dict[str, Any]]:
        """Guild commands first (they shadow global ones of the same name), then global."""
        return self.guild_commands.get(guild.id, []) + self.global_commands

    def _any_commands(self) -> bool:
        return bool(self.global_commands) or any(self.guild_commands.values())

    def new_token(self) -> str:
        """An interaction's token (a subclass may mark it)."""
        return "itok_" + secrets.token_urlsafe(32)


class _BotErrorWatch(logging.Handler):
    """Turns errors discord.py logs (it swallows exceptions of handlers) into violations."""

    def __init__(self, server: FakeDiscord) -> None:
        super().__init__(logging.ERROR)
        self.server = server

    def emit(self, record: logging.LogRecord) -> None:
        if not self.server.fail_on_bot_errors:
            return
        detail = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            detail += f": {record.exc_info[1]!r}"
        self.server.violate("bot_exception", detail, record.name)
