"""A Pizza Island turn of many takes: one table, edited in place, brought
down when buried, with no new mention (the host's table posts when Discord
fails them: tests/host/test_bot_table_posts.py)."""

from __future__ import annotations

from typing import Any

from bot.games.pizzaisland import render as pi_render

from tests.pizzaisland.driver import IslandPlayers


def new_public(server: Any, before: set[int]) -> list[Any]:
    return [m for i, m in server.messages.items() if i not in before and m.public]


async def test_pi_the_table_stays_in_place_while_a_turn_goes_on_and_comes_down_when_buried(
    discord_server, bots
):
    """Issue 41: a player taking card after card sees one table edited in
    place, with no new mention; once other messages came under it, their
    next take brings it down to the bottom (still no mention: they were
    being waited for already)."""
    await bots.start()
    players = IslandPlayers(discord_server, bots, discord_server.users[:2], seed=21)
    await players.open(turn_timer="off")
    live = players.live
    mover = players.user_of(live.rules.to_act(live.state)[0])
    take = pi_render.t("pi.button.take_deck")

    async def take_one() -> bool:
        """A take that keeps the turn (and asks no decision of the mover)."""
        live = players.live
        seat = live.rules.to_act(live.state)[0]
        if players.user_of(seat) is not mover or live.state.pending is not None:
            return False
        await discord_server.click(mover, players.table(), label=take)
        await bots.idle()
        live = players.live
        return players.user_of(live.rules.to_act(live.state)[0]) is mover

    table = players.table().id
    assert await take_one(), "the first take keeps the turn (seed)"
    assert players.table().id == table, "the same table, edited in place"
    await discord_server.say(discord_server.users[2], "who is winning?")
    before = set(discord_server.messages)
    assert await take_one(), "the second take keeps the turn too (seed)"
    moved = players.table()
    assert moved.id != table, "buried: the table came down to the bottom"
    assert not any(m.notified for m in new_public(discord_server, before)), (
        "the mover was being waited for already: no mention"
    )
    assert discord_server.get_message(table).deleted, "one table in the channel"
