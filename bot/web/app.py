"""The Activity's web server, inside the bot process: the client's files,
the session endpoint (who you are) and the websocket (the live table).

    GET  /               the page (its first words in the browser's language)
    GET  /app.js, /app.css   the client, built from activity/ (`make activity`; the wheel
                         carries it)
    POST /api/session    {code, instance_id} -> {session}: the OAuth2 code
                         exchanged, the user and the instance's channel checked
    GET  /api/ws         the live table (`bot.web.hub`)
"""

from __future__ import annotations

import html
import logging
from pathlib import Path
from typing import Any

import discord
from aiohttp import web

from bot.flow.service import GameService
from bot.i18n import DEFAULT_LOCALE, locale_of, t, use_locale
from bot.kit import budget
from bot.kit.clock import Clock
from bot.web.auth import Discord, Refused, Sessions
from bot.web.config import ActivityConfig
from bot.web.door import Door
from bot.web.hub import Hub

log = logging.getLogger(__name__)

#: Where the built client is: inside the installed package (the wheel
#: carries it: setup.py), else beside the package in a checkout (`make activity`).
INSTALLED = Path(__file__).resolve().parent / "client"
CHECKOUT = Path(__file__).resolve().parents[2] / "activity" / "dist"
FILES = {"app.js": "text/javascript", "app.css": "text/css", "app.js.map": "application/json"}

PAGE = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="app.css">
</head>
<body data-client-id="{client_id}">
<main id="table" aria-live="polite" aria-busy="true"><p class="connecting">{connecting}</p></main>
<script type="module" src="app.js"></script>
</body>
</html>
"""


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
        self.door = Door(service, clock.now)
        self.sessions = Sessions(config.client_secret, clock.utcnow)
        self.discord = Discord(self.client_id, config.client_secret, self._instance)
        self.hub = Hub(self.door, self.sessions)
        self.app = web.Application()
        self.app.add_routes(
            [
                web.get("/", self.page),
                web.get("/{name:app\\.(?:js|css|js\\.map)}", self.file),
                web.post("/api/session", self.session),
                web.get("/api/ws", self.hub.serve),
            ]
        )
        self._runner: web.AppRunner | None = None
        self.port = config.port
        self.client = CHECKOUT  # set by `start`

    def client_id(self) -> int:
        return self.config.client_id or self.bot.application_id or 0

    async def start(self) -> None:
        client = client_folder()
        if client is None:
            raise ClientNotBuilt(t("config.activity_not_built"))
        self.client = client
        self._runner = web.AppRunner(self.app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.config.host, self.config.port)
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        if sockets:
            self.port = sockets[0].getsockname()[1]
        log.info("Serving the Activity on http://%s:%s", self.config.host, self.port)

    async def stop(self) -> None:
        await self.hub.close()
        await self.discord.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _instance(self, instance_id: str) -> dict[str, Any]:
        """Where the Activity instance runs and who is in it, asked with the bot's token."""
        route = discord.http.Route(
            "GET",
            "/applications/{application_id}/activity-instances/{instance_id}",
            application_id=self.client_id(),
            instance_id=instance_id,
        )
        with budget.ahead():  # a person waits for the table to open
            found: dict[str, Any] = await self.bot.http.request(route)
        return found

    # --- the routes -------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.Response:
        locale = best_locale(request.headers.get("Accept-Language", ""))
        with use_locale(locale):
            text = PAGE.format(
                lang=html.escape(locale),
                title=html.escape(t("activity.title")),
                connecting=html.escape(t("activity.connecting")),
                client_id=self.client_id(),
            )
        return web.Response(text=text, content_type="text/html", headers=NO_STORE)

    async def file(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        path = self.client / name
        if name not in FILES or not path.exists():
            raise web.HTTPNotFound()
        return web.FileResponse(path, headers={"Content-Type": FILES[name], **NO_STORE})

    async def session(self, request: web.Request) -> web.Response:
        """Who the viewer is and which channel's table they may see, checked
        with Discord; the answer is a signed session, or a refusal that says
        nothing about why beyond "sign in again"."""
        try:
            body = await request.json()
            code, instance = body.get("code"), body.get("instance_id")
            if not isinstance(code, str) or not isinstance(instance, str):
                raise Refused("request")
            who = await self.discord.identify(code)
            channel, guild = await self.discord.where(instance, who.user_id)
        except (Refused, ValueError, AttributeError) as refused:
            log.info("activity session refused: %s", refused)
            with use_locale(best_locale(request.headers.get("Accept-Language", ""))):
                text = t("activity.refused.session")
            return web.json_response({"error": text}, status=403)
        token = self.sessions.issue(who.user_id, who.name, channel, guild, who.locale)
        # The user's Discord token stays on the server: the page needs only the session.
        return web.json_response({"session": token, "locale": locale_of(who.locale)})


NO_STORE = {"Cache-Control": "no-store"}


def best_locale(accept: str) -> str:
    """The first of the browser's languages that we speak, else English."""
    for part in accept.split(","):
        tag = part.split(";")[0].strip()
        if not tag:
            continue
        found = locale_of(tag)
        if found != DEFAULT_LOCALE or tag.lower().startswith(DEFAULT_LOCALE):
            return found
    return DEFAULT_LOCALE
