"""A game of any game, opened and started only with what the host gives every
game: `/<command> new`, the lobby's Join and Start. For the host's tests that
need every game the registry finds, none named."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.live.live import Live

from fakediscord.server import FakeDiscord


async def started(
    server: FakeDiscord, bots: Any, command: str, users: list[Any], channel: Any
) -> Live:
    """A game of `/<command>` opened by the first of `users` in `channel`,
    joined by the others and started: the game as the bot holds it."""
    host = users[0]
    lobby = (await server.slash(host, channel, command, "new")).message
    for user in users[1:]:
        await server.click(user, lobby, label=t("lobby.button.join"))
    await server.click(host, lobby, label=t("lobby.button.start"))
    await bots.idle()
    row = await bots.current.service.storage.active_game(channel.id)
    assert row is not None and row.status.value == "running", command
    live = bots.current.service.games.held(row.id)
    assert live is not None
    return live
