"""Under load the table is posted once for several quick moves, never through
a queue of stale posts; and the answer to a move never waits for publishing
(bot.publishing.publisher: one worker per game, and a flag that says "changed again").
With the test game (tests/highcard)."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.highcard.players import Players


async def test_quick_moves_while_discord_is_slow_make_one_post_not_a_queue(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:3], seed=4)
    await players.open()
    await bots.idle()
    release = asyncio.Event()
    held: list[str] = []
    create = discord_server.create_message

    async def slow_create(channel: Any, body: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        public = not (body.get("flags") or 0) & 64
        if body.get("embeds") and public and not release.is_set():
            held.append(body.get("content") or "")
            await release.wait()  # Discord is slow to take the table's post
        return await create(channel, body, *args, **kwargs)

    discord_server.create_message = slow_create
    before = set(discord_server.messages)
    version = players.live.version
    for _ in range(4):  # four moves, each answered while the table's post hangs
        await players.step(wait=False)
    assert players.live.version >= version + 4
    assert held, "the table's post was under way during the moves"
    release.set()
    await bots.idle()
    # One post was under way when the moves came; after it, one more with the
    # state as it now stands, not one per move.
    tables = [
        m
        for i, m in discord_server.messages.items()
        if i not in before and m.embeds and m.public and not discord_server.is_answer(m)
    ]
    assert len(tables) <= 2
    table = discord_server.get_message(players.live.row.table_message_id)
    assert players.live.version in _versions_on(table), "the table shows the latest move"
    assert [m for m in tables if not m.deleted] == [table], "one table on the channel"


def _versions_on(message: Any) -> set[int]:
    """The state versions the message's buttons carry (`mm:<game>:<version>:…`)."""
    found = set()
    for button in message.buttons():
        parts = button.get("custom_id", "").split(":")
        if len(parts) > 2 and parts[2].isdigit():
            found.add(int(parts[2]))
    return found
