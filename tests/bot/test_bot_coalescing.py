"""Under load the table is edited once for several quick moves, never through
a queue of stale edits; and the answer to a move never waits for publishing
(bot.publisher: one worker per game, and a flag that says "changed again")."""

from __future__ import annotations

import asyncio
from typing import Any

from driver import Players


async def test_quick_moves_while_discord_is_slow_make_one_edit_not_a_queue(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:3], seed=4)
    await players.open("classic")
    await bots.idle()
    table_id = players.live.row.table_message_id
    table = discord_server.get_message(table_id)
    release = asyncio.Event()
    held: list[int] = []
    edit = discord_server.edit_message

    async def slow_edit(message: Any, *args: Any, **kwargs: Any) -> Any:
        if message.id == table_id and not release.is_set():
            held.append(message.edit_count)
            await release.wait()  # Discord is slow to take the table's edit
        return await edit(message, *args, **kwargs)

    discord_server.edit_message = slow_edit
    edits_before = table.edit_count
    version = players.live.version
    for _ in range(4):  # four moves, each answered while the table's edit hangs
        await players.step(wait=False)
    assert players.live.version >= version + 4
    assert held, "the table's edit was under way during the moves"
    release.set()
    await bots.idle()
    # One edit was under way when the moves came; after it, one more with the
    # state as it now stands, not one per move.
    assert table.edit_count - edits_before <= 2
    assert players.live.version in _versions_on(table), "the table shows the latest move"


def _versions_on(message: Any) -> set[int]:
    """The state versions the message's buttons carry (`mm:<game>:<version>:…`)."""
    found = set()
    for button in message.buttons():
        parts = button.get("custom_id", "").split(":")
        if len(parts) > 2 and parts[2].isdigit():
            found.add(int(parts[2]))
    return found
