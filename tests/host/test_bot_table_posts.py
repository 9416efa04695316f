"""The table's post when Discord fails it, or the answer to it is lost: the
intent stored before the post settles it (bot.publishing.publisher), so nobody is
mentioned twice for one moment and no old table is left in the channel.
With the test game (tests/highcard)."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable
from typing import Any

from bot.clocks.timers import PING_AFTER
from bot.i18n import t
from bot.kit.clock import ManualClock

from tests.highcard.players import COMMAND, Players

Post = Callable[[Any, Any, str], Awaitable[int]]


def wrap_posts(bot: Any, wrapper: Callable[[Post, Any, Any, str], Awaitable[int]]) -> None:
    """Send the bot's public posts through `wrapper(post, reply, mentions,
    nonce)`, whichever route carries them (the channel's, or an
    interaction's follow-up)."""
    publisher = bot.publisher
    sync = publisher._sync

    async def patched_sync(live: Any, stage: Any) -> None:
        outlet = stage.outlet
        if not getattr(outlet, "wrapped", False):
            post = outlet.post

            async def wrapped(reply: Any, mentions: Any, nonce: str) -> int:
                return await wrapper(post, reply, mentions, nonce)

            outlet.post = wrapped
            outlet.wrapped = True
        await sync(live, stage)

    publisher._sync = patched_sync


def fail_next_table_post(bot: Any, *, after_posting: bool) -> list[bool]:
    """Make the bot's next public post with an embed fail: before Discord
    takes it, or after (the answer lost). The flag is cleared once it failed."""
    armed = [True]

    async def failing(post: Post, reply: Any, mentions: Any, nonce: str) -> int:
        if not (armed[0] and reply.embed is not None):
            return int(await post(reply, mentions, nonce))
        armed[0] = False
        if after_posting:
            await post(reply, mentions, nonce)
        raise ConnectionResetError("the request to Discord failed (simulated)")

    wrap_posts(bot, failing)
    return armed


async def until_cleared(flag: list[bool]) -> None:
    async with asyncio.timeout(10):
        while flag[0]:
            await asyncio.sleep(0.01)


async def two_players(server: Any, bots: Any) -> Players:
    bots.clock = ManualClock()  # the ping's clock, moved by the test
    await bots.start()
    players = Players(server, bots, server.users[:2], seed=21)
    await players.open(turn_timer="off")
    return players


async def pinged(bots: Any) -> None:
    """The waited person has not acted PING_AFTER seconds on: the table comes
    down to them, a post that mentions them (issue 45: the table stays in
    place at the hand-over)."""
    await bots.advance(PING_AFTER + 1)


def new_public(server: Any, before: set[int]) -> list[Any]:
    return [m for i, m in server.messages.items() if i not in before and m.public]


async def test_a_failed_repost_by_table_is_sent_again_without_a_mention(discord_server, bots):
    players = await two_players(discord_server, bots)
    before = set(discord_server.messages)
    failed = fail_next_table_post(bots.current, after_posting=False)
    r = await discord_server.slash(players.users[0], None, COMMAND, "table")
    assert r.message.content == t("table.reposted")
    await until_cleared(failed)
    await bots.idle()
    table = discord_server.get_message(players.live.row.table_message_id)
    assert table.id not in before, "the table came down to the bottom"
    assert not any(m.notified for m in new_public(discord_server, before)), (
        "the moment was announced already: a repost asked for mentions nobody"
    )


async def test_a_failed_mention_then_a_move_mentions_each_moment_once(discord_server, bots):
    players = await two_players(discord_server, bots)
    before = set(discord_server.messages)
    await players.step()  # the turn passes: the table stays
    failed = fail_next_table_post(bots.current, after_posting=False)
    await pinged(bots)  # the next player's ping fails to post
    await until_cleared(failed)
    await players.step()  # and they move on the old table meanwhile
    await players.step()
    await pinged(bots)
    notified = [m.notified for m in new_public(discord_server, before) if m.notified]
    assert notified, "the turns were announced"
    assert all(a != b for a, b in itertools.pairwise(notified)), (
        "a player is never mentioned twice in a row for one turn",
        notified,
    )
    tables = [
        m for m in discord_server.public_messages() if m.embeds and not discord_server.is_answer(m)
    ]
    assert [m.id for m in tables] == [players.live.row.table_message_id]


async def test_ending_a_game_whose_table_post_was_lost_leaves_no_table_behind(discord_server, bots):
    players = await two_players(discord_server, bots)
    await players.step()
    lost = fail_next_table_post(bots.current, after_posting=True)
    await pinged(bots)
    await until_cleared(lost)
    host = players.users[0]
    r = await discord_server.slash(host, discord_server.channel, COMMAND, "end")
    await discord_server.click(host, r.message, label=t("end.confirm"))
    await bots.idle()
    tables = [
        m for m in discord_server.public_messages() if m.embeds and not discord_server.is_answer(m)
    ]
    assert len(tables) == 1, [m.content for m in tables]
    (table,) = tables
    assert not table.components and t("table.ended_early") in table.content


async def test_a_kick_after_the_reminder_mentions_nobody_again(discord_server, bots):
    bots.clock = ManualClock()
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:3], seed=31)
    await players.open(turn_timer="1m")
    actor = players.user_of(players.to_act())
    host = players.users[0]
    other = next(u for u in players.users if u is not actor and u is not host)
    await bots.advance(31)  # the half-way reminder mentions the actor
    before = set(discord_server.messages)
    await discord_server.slash(
        host, discord_server.channel, COMMAND, "kick", options={"player": other}
    )
    await bots.idle()
    assert players.live.presence().kicked[players.live.seat_of(other.id)]
    assert not any(m.notified for m in new_public(discord_server, before)), (
        "the clock re-armed by a kick is still the same turn"
    )


async def test_a_stored_table_is_not_posted_again_after_the_nonce_window(discord_server, bots):
    """The process stopped after the new table's id was stored and before the
    old one went: what is left is the deletion, even when Discord no longer
    remembers the nonce (a restart minutes later)."""
    players = await two_players(discord_server, bots)
    bot = bots.current
    failed = [True]
    sync = bot.publisher._sync

    async def patched_sync(live: Any, stage: Any) -> None:
        outlet = stage.outlet
        if not getattr(outlet, "failing", False):
            delete = outlet.delete

            async def failing(message_id: int | None) -> None:
                if failed[0]:
                    failed[0] = False
                    discord_server.clock.advance(600)  # past Discord's memory of nonces
                    raise ConnectionResetError("the request to Discord failed (simulated)")
                await delete(message_id)

            outlet.delete = failing
            outlet.failing = True
        await sync(live, stage)

    bot.publisher._sync = patched_sync
    await players.step()  # the turn passes: the table stays, nothing deleted
    assert failed[0]
    before = set(discord_server.messages)
    await pinged(bots)  # the ping's post; the old table's deletion fails
    await until_cleared(failed)
    await bots.idle()
    posted = [
        m
        for m in new_public(discord_server, before)
        if m.embeds and not discord_server.is_answer(m)
    ]
    assert len(posted) == 1, "the turn's table was posted once"
    assert len([m for m in posted if m.notified]) == 1
    tables = [
        m for m in discord_server.public_messages() if m.embeds and not discord_server.is_answer(m)
    ]
    assert [m.id for m in tables] == [players.live.row.table_message_id] == [posted[0].id]


def hold_table_posts(bot: Any) -> asyncio.Event:
    """The bot's table posts wait until the event is set: the process is
    stopped (or killed) with one under way."""
    release = asyncio.Event()

    async def held(post: Post, reply: Any, mentions: Any, nonce: str) -> int:
        if reply.embed is not None:
            await release.wait()
        return int(await post(reply, mentions, nonce))

    wrap_posts(bot, held)
    return release


async def test_a_repost_the_process_stopped_before_comes_down_after_the_restart(
    discord_server, bots
):
    """`/… table` said the table is posted again below; the process stopped
    before it was: the next one posts it below (not an edit of the old one
    in place), and the old one goes."""
    players = await two_players(discord_server, bots)
    for _ in range(2):  # a round: its reveal's message
        await players.step()
    await discord_server.slash(players.users[0], None, COMMAND, "table")  # and the table below
    await bots.idle()
    narration = players.live.published.narration_id
    old = players.live.row.table_message_id
    assert narration is not None and old > narration
    hold_table_posts(bots.current)
    r = await discord_server.slash(players.users[0], None, COMMAND, "table")
    assert r.message.content == t("table.reposted")
    await bots.stop()
    await bots.start()
    await bots.idle()
    table = players.live.row.table_message_id
    assert table != old and table > r.message.id, "the table came down below the answer"
    assert discord_server.messages[old].deleted
    later = [m for m in discord_server.public_messages() if m.id > r.message.id]
    assert not any(m.notified for m in later), "the moment was announced already"
