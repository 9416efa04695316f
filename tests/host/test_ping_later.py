"""Issue 45, the lead's decision A: when the turn passes to a person, the
table stays where it is (edited) and their mention waits: it comes only if
they have not acted PING_AFTER seconds into the wait, as the table brought
down to them, once (issue 41 point 1: never to the actor, at most once a
wait). The ping is a stage of the turn's clock, stored with the move's own
write: a restart before it falls due makes it when it does, one after makes
it at once, and either way once; a ping no longer due (the person acted) is
never made. With the test game (tests/highcard), on a clock moved by hand.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.clocks.timers import PING_AFTER
from bot.kit.clock import ManualClock

from tests.highcard.players import Players
from tests.host.test_bot_table_posts import fail_next_table_post, until_cleared


async def three_players(server: Any, bots: Any, **options: Any) -> Players:
    bots.clock = ManualClock()
    await bots.start()
    players = Players(server, bots, server.users[:3], seed=45)
    await players.open(**{"turn_timer": "off", **options})
    return players


def mentions(server: Any, since: set[int]) -> Counter[int]:
    """Whom the bot's public posts made since `since` notified, and how often."""
    said: Counter[int] = Counter()
    for message_id, message in server.messages.items():
        if message_id not in since and message.public and message.author is server.bot_user:
            said.update(message.notified)
    return said


def tables(server: Any) -> list[Any]:
    """The game's table messages in the channel (its Watch button marks them)."""
    return [m for m in server.public_messages() if any(":0:watch" in c for c in m.custom_ids())]


async def test_a_player_who_acts_within_ping_after_is_never_mentioned(discord_server, bots):
    players = await three_players(discord_server, bots)
    table = players.table().id
    before = set(discord_server.messages)
    for _ in range(2):  # the round's turns (its reveal posts, as ever), each before its ping
        await bots.advance(PING_AFTER - 1)
        await players.step()
    assert mentions(discord_server, before) == Counter(), "nobody was pinged"
    assert players.table().id == table, "the table stayed where it is, edited"
    assert players.user_of(players.to_act()).mention in players.table().content


async def test_one_who_does_not_gets_exactly_one_mention_after_it(discord_server, bots):
    players = await three_players(discord_server, bots)
    mover = players.user_of(players.to_act())
    await players.step()
    waited = players.user_of(players.to_act())
    before = set(discord_server.messages)
    await bots.advance(PING_AFTER - 1)
    assert mentions(discord_server, before) == Counter(), "not yet"
    await bots.advance(2)
    assert mentions(discord_server, before) == Counter({waited.id: 1})
    assert mover.id not in mentions(discord_server, before), "never the actor"
    await bots.advance(10 * PING_AFTER)  # still not acted: at most once a wait
    assert mentions(discord_server, before) == Counter({waited.id: 1})
    assert [m.id for m in tables(discord_server)] == [players.live.row.table_message_id]
    table = players.table()
    assert table.id not in before and table.notified == {waited.id}, "the table came down"


async def test_a_ping_waits_its_time_across_a_restart(discord_server, bots):
    players = await three_players(discord_server, bots)
    await players.step()
    waited = players.user_of(players.to_act())
    before = set(discord_server.messages)
    await bots.advance(PING_AFTER / 2)
    await bots.stop()
    await bots.start()  # the same clock and database: the ping is stored with the move
    await bots.idle()
    assert mentions(discord_server, before) == Counter(), "not due yet"
    await bots.advance(PING_AFTER)
    assert mentions(discord_server, before) == Counter({waited.id: 1})
    assert len(tables(discord_server)) == 1


async def test_a_ping_that_fell_due_while_the_bot_was_down_is_made_once(discord_server, bots):
    players = await three_players(discord_server, bots)
    await players.step()
    waited = players.user_of(players.to_act())
    before = set(discord_server.messages)
    await bots.stop()
    bots.clock.advance(3 * PING_AFTER)  # down past the ping's time
    await bots.start()
    await bots.idle()
    await bots.advance(0.1)  # the timers' first look
    assert mentions(discord_server, before) == Counter({waited.id: 1})
    await bots.stop()
    await bots.start()  # once more: it was made, and is not made again
    await bots.advance(PING_AFTER)
    assert mentions(discord_server, before) == Counter({waited.id: 1})
    assert len(tables(discord_server)) == 1


async def test_a_ping_whose_post_got_out_unrecorded_is_not_made_twice(discord_server, bots):
    """Killed between the ping's post and storing its id: the restart finds
    the post by its ids (`Publisher._adopt`) and keeps it."""
    players = await three_players(discord_server, bots)
    await players.step()
    waited = players.user_of(players.to_act())
    before = set(discord_server.messages)
    lost = fail_next_table_post(bots.current, after_posting=True)
    await bots.advance(PING_AFTER + 1)
    await until_cleared(lost)
    await bots.stop()  # before the retry: the post is out, its id stored nowhere
    await bots.start()
    await bots.idle()
    await bots.advance(PING_AFTER)
    assert mentions(discord_server, before) == Counter({waited.id: 1})
    assert [m.id for m in tables(discord_server)] == [players.live.row.table_message_id]


async def test_a_ping_no_longer_due_is_never_made_after_a_restart(discord_server, bots):
    players = await three_players(discord_server, bots)
    await players.step()
    waited = players.user_of(players.to_act())
    await bots.advance(PING_AFTER / 2)
    before = set(discord_server.messages)
    await players.step()  # they acted in time
    await bots.stop()
    bots.clock.advance(PING_AFTER)
    await bots.start()
    await bots.idle()
    await bots.advance(0.1)
    said = mentions(discord_server, before)
    assert waited.id not in said, "the ping of a wait that ended is never made"
    assert sum(said.values()) <= 1, "the next player's, once at most"


async def test_a_reminder_after_the_ping_still_mentions_once_more(discord_server, bots):
    """The turn timer's half-way reminder stays a mention of its own (issue
    41): the ping, then the reminder, each once."""
    players = await three_players(discord_server, bots, turn_timer="1m")
    await players.step()
    waited = players.user_of(players.to_act())
    before = set(discord_server.messages)
    await bots.advance(PING_AFTER + 1)
    assert mentions(discord_server, before) == Counter({waited.id: 1})
    await bots.advance(30 - PING_AFTER)
    assert mentions(discord_server, before) == Counter({waited.id: 2})
    assert len(tables(discord_server)) == 1
