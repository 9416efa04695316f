"""The Activity's web server, inside the bot process: the page, its files,
the session endpoint (who you are) and the websocket (the live table).

    GET  /                   the page (its first words in the browser's language;
                             outside Discord it says what it is, in words)
    GET  /assets/<name>      the client (built from activity/ by `make activity`; the
                             wheel carries it), the art and the icon, named by content hash
    GET  /favicon.ico        the icon, for a browser that asks there anyway
    POST /api/session        {code, instance_id} -> {session, locale}: the OAuth2 code
                             exchanged, the user and the instance's channel checked
                             (400 for a body that is not that, 403 for a refusal)
    GET  /api/ws             the live table (`bot.web.hub`)
    GET  /api/avatar/<user>/<hash>.png   a player's avatar (`bot.web.avatars`)
"""

from __future__ import annotations

import html
import logging
from pathlib import Path
from typing import Any

import aiohttp
import discord
from aiohttp import web

from bot.flow.service import GameService
from bot.i18n import DEFAULT_LOCALE, locale_of, t, use_locale
from bot.kit import budget
from bot.kit.clock import Clock
from bot.plugin.registry import presentation
from bot.web import frames
from bot.web.art import icon
from bot.web.assets import Assets
from bot.web.auth import Discord, Refused, Sessions
from bot.web.avatars import Avatars
from bot.web.config import ActivityConfig
from bot.web.door import Door
from bot.web.hub import Hub
from bot.web.scene import sprite

log = logging.getLogger(__name__)

#: Where the built client is: inside the installed package (the wheel
#: carries it: setup.py), else beside the package in a checkout (`make activity`).
INSTALLED = Path(__file__).resolve().parent / "client"
CHECKOUT = Path(__file__).resolve().parents[2] / "activity" / "dist"
#: The largest body a client sends (a session request is a code and an id).
MAX_BODY = 16 * 1024

PAGE = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="dark">
<title>{title}</title>
<link rel="icon" href="{icon}" type="image/svg+xml">
<link rel="stylesheet" href="{css}">
</head>
<body data-client-id="{client_id}" data-art="{art}" data-outside="{outside}">
<p id="live" class="live" role="status" aria-live="polite">{connecting}</p>
<main id="table" aria-busy="true"></main>
<script type="module" src="{js}"></script>
</body>
</html>
"""

#: Opened outside Discord (no frame_id: Discord always gives one): what this
#: page is, in words, and no client that would wait for a Discord that is not there.
OUTSIDE = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<title>{title}</title>
<link rel="icon" href="{icon}" type="image/svg+xml">
<link rel="stylesheet" href="{css}">
</head>
<body>
<main id="table" class="outside"><h1>{title}</h1><p>{outside}</p></main>
</body>
</html>
"""


class Channels:
    """The channels the Door posts lobby messages to, through the bot."""

    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot

    def channel(self, channel_id: int) -> discord.PartialMessageable | None:
        return self.bot.get_partial_messageable(channel_id)

    def guild_locale(self, guild_id: int | None) -> str | None:
        guild = self.bot.get_guild(guild_id) if guild_id is not None else None
        return None if guild is None else str(guild.preferred_locale)


class ClientNotBuilt(Exception):
    """The Activity is asked for but its client was never built."""


def client_folder() -> Path | None:
    """The folder the built client is served from, if it is anywhere."""
    return next((f for f in (INSTALLED, CHECKOUT) if (f / "app.js").exists()), None)


class ActivityServer:
    """Serves the Activity for one bot process."""

    def __init__(
        self, bot: discord.Client, service: GameService, clock: Clock, config: ActivityConfig
    ) -> None:
        self.bot = bot
        self.config = config
        self.service = service
        self.door = Door(service, clock.now, Channels(bot), self._pace)
        self.sessions = Sessions(config.client_secret, clock.utcnow)
        self.discord = Discord(self.client_id, config.client_secret, self._instance)
        self.avatars = Avatars(self._user_avatar, bot.http.get_from_cdn)
        self.hub = Hub(self.door, self.sessions, self.avatars)
        self.assets = Assets()  # made by `start`, from the client it finds
        self.app = web.Application(client_max_size=MAX_BODY)
        self.app.add_routes(
            [
                web.get("/", self.page),
                web.get("/assets/{name}", self.asset),
                web.get("/favicon.ico", self.favicon),
                web.post("/api/session", self.session),
                web.get("/api/ws", self.hub.serve),
                web.get("/api/avatar/{user}/{avatar}.png", self.avatars.serve),
            ]
        )
        self._runner: web.AppRunner | None = None
        self.port = config.port

    def client_id(self) -> int:
        return self.config.client_id or self.bot.application_id or 0

    def _pace(self, name: str, settings: Any) -> float:
        """Seconds a paced step takes: the bot's pace if set (tests), else the game's."""
        pace = self.service.pace
        if pace is not None:
            return float(pace)
        return float(presentation(name).pace(settings))

    @staticmethod
    def _assets(client: Path) -> Assets:
        """The page's files: the built client's, the art and the icon (drawn here)."""
        assets = Assets()
        for name in ("app.js", "app.css"):
            assets.add_file(client / name)
        assets.add("art.svg", sprite().encode())
        assets.add("icon.svg", icon().encode())
        return assets

    async def start(self) -> None:
        client = client_folder()
        if client is None:
            raise ClientNotBuilt(t("config.activity_not_built"))
        self.assets = self._assets(client)
        self._runner = web.AppRunner(self.app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.config.host, self.config.port)
        await site.start()
        addresses = self._runner.addresses  # (host, port, …) of each bound socket
        if addresses:
            self.port = addresses[0][1]
        log.info("Serving the Activity on http://%s:%s", self.config.host, self.port)

    async def stop(self) -> None:
        await self.hub.close()
        await self.discord.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _instance(self, instance_id: str) -> dict[str, object]:
        """Where the Activity instance runs and who is in it, asked with the bot's token."""
        route = discord.http.Route(
            "GET",
            "/applications/{application_id}/activity-instances/{instance_id}",
            application_id=self.client_id(),
            instance_id=instance_id,
        )
        with budget.ahead():  # a person waits for the table to open
            found: dict[str, object] = await self.bot.http.request(route)
        return found

    async def _user_avatar(self, user_id: int) -> str | None:
        """A seated player's avatar hash: from the bot's cache, else asked of Discord."""
        user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
        return None if user.avatar is None else user.avatar.key

    # --- the routes -------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.Response:
        locale = best_locale(request.headers.get("Accept-Language", ""))
        inside = "frame_id" in request.query and "instance_id" in request.query
        with use_locale(locale):
            words = {
                "lang": html.escape(locale),
                "title": html.escape(t("activity.title")),
                "icon": self.assets.url("icon.svg"),
                "css": self.assets.url("app.css"),
            }
            if inside:
                text = PAGE.format(
                    **words,
                    connecting=html.escape(t("activity.connecting")),
                    outside=html.escape(t("activity.outside")),
                    client_id=self.client_id(),
                    art=self.assets.url("art.svg"),
                    js=self.assets.url("app.js"),
                )
            else:
                text = OUTSIDE.format(**words, outside=html.escape(t("activity.outside")))
        return web.Response(text=text, content_type="text/html", headers=NO_STORE)

    async def asset(self, request: web.Request) -> web.Response:
        found = self.assets.get(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound()
        return self.assets.response(request, found)

    async def favicon(self, request: web.Request) -> web.Response:
        found = self.assets.get(self.assets.url("icon.svg").removeprefix("assets/"))
        assert found is not None
        return self.assets.response(request, found)

    async def session(self, request: web.Request) -> web.Response:
        """Who the viewer is and which channel's table they may see, checked
        with Discord; the answer is a signed session, or a refusal that says
        nothing about why beyond "sign in again" (400 for a request that is
        not a code and an instance id)."""
        with use_locale(best_locale(request.headers.get("Accept-Language", ""))):
            try:
                body = frames.parse(await request.read())
            except frames.Malformed:
                return web.json_response({"error": t("activity.refused.request")}, status=400)
            code, instance = frames.text(body.get("code")), frames.text(body.get("instance_id"))
            if not code or not instance:
                return web.json_response({"error": t("activity.refused.request")}, status=400)
            try:
                who = await self.discord.identify(code)
                channel, guild = await self.discord.where(instance, who.user_id)
            except (Refused, ValueError, AttributeError, KeyError, TypeError) as refused:
                log.info("activity session refused: %s", refused)
                return web.json_response({"error": t("activity.refused.session")}, status=403)
            except (aiohttp.ClientError, TimeoutError):
                log.warning("Discord did not answer an Activity sign-in", exc_info=True)
                return web.json_response({"error": t("activity.refused.discord")}, status=503)
        token = self.sessions.issue(
            who.user_id, who.name, channel, guild, who.locale, avatar=who.avatar
        )
        self.avatars.learn(who.user_id, who.avatar)
        # The user's Discord token stays on the server: the page needs only the session.
        return web.json_response({"session": token, "locale": locale_of(who.locale)})


NO_STORE = {"Cache-Control": "no-store"}


def best_locale(accept: str) -> str:
    """The first of the browser's languages that we speak, else English."""
    for part in accept.split(",")[:20]:
        tag = part.split(";")[0].strip()[:35]
        if not tag:
            continue
        found = locale_of(tag)
        if found != DEFAULT_LOCALE or tag.lower().startswith(DEFAULT_LOCALE):
            return found
    return DEFAULT_LOCALE
