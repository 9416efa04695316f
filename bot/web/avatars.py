"""Players' Discord avatars on the web table, served by the bot's own server:
inside Discord an Activity may load nothing from another host (its proxy
allows only the URL mappings), so the server fetches each picture from
Discord's CDN once and serves it under the page.

Only avatars the server learnt itself are served: of a viewer who signed in
(their `/users/@me`) and of a seated player (the bot's user cache, else one
`GET /users/{id}`). A picture is asked for by user and hash, so a new avatar
is a new address and an old one stays cached.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable

import discord
from aiohttp import web

log = logging.getLogger(__name__)

#: Pictures kept in memory (64 px PNGs of a few KB each).
KEPT = 512
SIZE = 64


class Avatars:
    def __init__(
        self,
        fetch_user: Callable[[int], Awaitable[str | None]],
        fetch_image: Callable[[str], Awaitable[bytes]],
    ) -> None:
        self._fetch_user = fetch_user  # user id -> avatar hash (None: Discord's default)
        self._fetch_image = fetch_image  # a CDN URL -> its bytes
        self._hashes: dict[int, str | None] = {}
        self._asking: dict[int, asyncio.Task[str | None]] = {}
        self._images: OrderedDict[tuple[int, str], bytes] = OrderedDict()

    def learn(self, user_id: int, avatar: str | None) -> None:
        self._hashes[user_id] = avatar

    async def url(self, user_id: int | None) -> str | None:
        """The page's address of this player's avatar, or None (no picture of their own)."""
        if user_id is None:
            return None
        if user_id not in self._hashes:
            task = self._asking.get(user_id)
            if task is None:
                task = self._asking[user_id] = asyncio.create_task(self._ask(user_id))
            try:
                self._hashes[user_id] = await asyncio.shield(task)
            except Exception:  # Discord did not say: no picture, and ask again later
                log.info("avatar of %s unknown", user_id)
                return None
            finally:
                self._asking.pop(user_id, None)
        avatar = self._hashes.get(user_id)
        return None if avatar is None else f"api/avatar/{user_id}/{avatar}.png"

    async def _ask(self, user_id: int) -> str | None:
        return await self._fetch_user(user_id)

    async def serve(self, request: web.Request) -> web.Response:
        try:
            user_id = int(request.match_info["user"])
        except ValueError:
            raise web.HTTPNotFound() from None
        avatar = request.match_info["avatar"]
        if self._hashes.get(user_id) != avatar:
            raise web.HTTPNotFound()
        key = (user_id, avatar)
        image = self._images.get(key)
        if image is None:
            url = f"{discord.Asset.BASE}/avatars/{user_id}/{avatar}.png?size={SIZE}"
            try:
                image = await self._fetch_image(url)
            except (TimeoutError, discord.HTTPException, OSError):
                raise web.HTTPNotFound() from None
            self._images[key] = image
            while len(self._images) > KEPT:
                self._images.popitem(last=False)
        self._images.move_to_end(key)
        headers = {"Cache-Control": "public, max-age=86400", "Content-Type": "image/png"}
        return web.Response(body=image, headers=headers)
