"""Point discord.py at a FakeDiscord without touching the bot's code."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import yarl

if TYPE_CHECKING:
    from .server import FakeDiscord


def patch_discord(server: FakeDiscord) -> Callable[[], None]:
    """Aim REST (``Route.BASE``) and the gateway (``DEFAULT_GATEWAY``) at ``server``.

    Sharded clients ask ``/gateway/bot`` for their URL, which the fake also answers.
    Returns a function that restores discord.py's own values.
    """
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = server.api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(server.gateway_url)

    def restore() -> None:
        Route.BASE = old_base
        DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    return restore
