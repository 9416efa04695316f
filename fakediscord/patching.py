"""Point discord.py at a FakeDiscord without touching the bot's code."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import yarl

if TYPE_CHECKING:
    from .server import FakeDiscord


def patch_discord(server: FakeDiscord) -> Callable[[], None]:
    """Aim REST (``Route.BASE``), the gateway (``DEFAULT_GATEWAY``) and the CDN
    (``Asset.BASE``) at ``server``.

    Sharded clients ask ``/gateway/bot`` for their URL, which the fake also answers.
    Returns a function that restores discord.py's own values.
    """
    from discord.asset import Asset
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    old_base, old_gateway, old_cdn = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY, Asset.BASE
    Route.BASE = server.api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(server.gateway_url)
    Asset.BASE = server.cdn_base

    def restore() -> None:
        Route.BASE = old_base
        DiscordWebSocket.DEFAULT_GATEWAY = old_gateway
        Asset.BASE = old_cdn

    return restore
