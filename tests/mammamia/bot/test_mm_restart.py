"""Nothing is lost: a new bot process resumes a Mamma Mia! reveal where its
narration stood (the host's restarts: tests/host/test_bot_restart.py)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from bot.i18n import t
from engine import mammamia as engine

from tests.mammamia.driver import Players


async def test_restart_mid_reveal_resumes_the_narration(discord_server, bots):
    bots.pace = 0.05  # slow enough to stop the bot half-way through a reveal
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=12)
    await players.open("classic")
    while len(players.live.state.supply) > 3:
        await players.step()
    while players.live.state.phase == "turn":  # the last turns: do not wait for the narration
        await players.step(wait=False)
    async with asyncio.timeout(30):  # a few cards into the narration
        while not _progress_of(discord_server, players.live.published.narration_id):
            await asyncio.sleep(0.01)
    published = players.live.published  # the reveal message posted (stored with the next write)
    reveal_id = published.narration_id
    assert reveal_id is not None
    model = published.model  # the reveal as the stored moves stand: all of it
    assert isinstance(model, dict)
    message = discord_server.get_message(reveal_id)
    shown = re.search(r"(\d+)\D+(\d+)", _progress(message))
    assert shown is not None and int(shown[1]) <= model["shown"], "stopped on the way"

    await bots.stop()
    bots.pace = 0.0
    await bots.start()
    await bots.idle()

    narration = players.live.row.narration
    assert narration["narration_id"] == reveal_id, "the same reveal message goes on"
    shown_now = re.search(r"(\d+)\D+(\d+)", _progress(discord_server.get_message(reveal_id)))
    assert shown_now is not None and int(shown_now[1]) == model["shown"], "it shows where it stands"
    reveal_messages = [
        m
        for m in discord_server.public_messages()
        if m.embeds and m.embeds[0].get("title", "").startswith("🔥")
    ]
    assert len(reveal_messages) == 1, "the reveal is not posted twice"
    await players.play_to_end()
    assert engine.replay(players.live.record).state.fingerprint() == (
        players.live.state.fingerprint()
    )


def _progress(message: object) -> str:
    """The reveal message's progress field ("cards shown of the oven's")."""
    embed = message.embeds[0]  # type: ignore[attr-defined]
    field = next(f for f in embed["fields"] if f["name"] == t("reveal.progress"))
    return str(field["value"])


def _progress_of(server: Any, message_id: int | None) -> bool:
    """Whether the narration message is posted and shows some cards told."""
    if message_id is None:
        return False
    shown = re.search(r"(\d+)\D+(\d+)", _progress(server.get_message(message_id)))
    return shown is not None and int(shown[1]) > 0
