"""What one move costs the database (#45.2): one round trip, one statement,
where it once took some 26 round trips under one lock (#32.2) and then two
(the move, then the id of the table it posted). What the messages show after
the table's edit (or a post's id) rides on the next statement, whichever
game's move it writes; moves of several games that arrive together share
one. The move's new deadline (the ping's, 20 s on) costs the timers no query. With
the test game (tests/highcard); a shipped game's own controls are with its
tests (`tests/<game>/bot/test_*_trips.py`)."""

from __future__ import annotations

import asyncio

from bot.storage import sql_batch

from fakediscord.models import FakeMessage
from tests.highcard.engine import GAME
from tests.highcard.players import PREFIX, Players
from trips import Trips, one_row_then_the_table, stored_table


async def open_hand(players: Players) -> FakeMessage:
    """The hand of the seat to act, from the table's My cards."""
    user = players.user_of(players.to_act())
    return (await players.hand(user)).message


async def play_from(players: Players, hand: FakeMessage) -> None:
    """A card played from an open hand's select."""
    user = players.user_of(players.to_act())
    select = hand.find_select(prefix=f"{PREFIX}:{players.game}:")
    card = players.value(players.choose(players.to_act()))
    await players.server.select(user, hand, select["custom_id"], [card])


async def play_a_card(players: Players) -> None:
    await play_from(players, await open_hand(players))


async def test_a_played_turn_is_one_trip_and_the_table_id_follows(
    discord_server, bots, monkeypatch
):
    monkeypatch.setattr(sql_batch, "OWED_WAIT", 0.2)
    trips = Trips(monkeypatch)
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:3], seed=5)
    await players.open()
    await bots.idle()
    live = players.live
    hand = await open_hand(players)
    await bots.idle()
    await asyncio.sleep(0.3)  # what the start owed is written
    trips.clear()
    await play_from(players, hand)
    await bots.idle()
    assert live.version == 1
    await one_row_then_the_table(trips, bots, live)


async def test_the_table_id_rides_on_the_next_move_of_another_game(
    discord_server, bots, monkeypatch
):
    monkeypatch.setattr(sql_batch, "OWED_WAIT", 60.0)  # no write of its own in this test
    other = discord_server.add_channel("second-table")
    trips = Trips(monkeypatch)
    await bots.start()
    users = discord_server.users
    first = Players(discord_server, bots, users[:2], seed=5)
    second = Players(discord_server, bots, users[2:4], seed=6)
    second.channel = other
    await first.open()
    await second.open()
    await bots.idle()
    await play_a_card(first)
    await bots.idle()
    posted = first.live.published.table
    assert posted is not None and await stored_table(bots, first.live.id) != posted
    trips.clear()
    await play_a_card(second)
    await bots.idle()
    # The second game's move, and what the first owed: one statement of two rows.
    assert trips.calls == ["write:2 rows"], trips.calls
    assert await stored_table(bots, first.live.id) == posted
    assert second.live.version == 1


async def test_moves_of_several_games_at_once_share_statements(discord_server, bots, monkeypatch):
    """Moves of four games pressed together: each committed and answered, in
    fewer statements than moves (what is owed rides along)."""
    monkeypatch.setattr(sql_batch, "OWED_WAIT", 60.0)
    channels = [discord_server.channel] + [discord_server.add_channel(f"t{n}") for n in range(3)]
    users = [discord_server.add_user(f"player{n}") for n in range(2 * len(channels))]
    trips = Trips(monkeypatch)
    await bots.start()
    tables = []
    for n, channel in enumerate(channels):
        players = Players(discord_server, bots, users[2 * n : 2 * n + 2], seed=10 + n)
        players.channel = channel
        await players.open()
        tables.append(players)
    await bots.idle()
    hands = [await open_hand(p) for p in tables]
    await bots.idle()
    trips.clear()
    await asyncio.gather(*(play_from(p, hand) for p, hand in zip(tables, hands, strict=True)))
    await bots.idle()
    assert all(p.live.version == 1 for p in tables)
    assert all(call.startswith("write:") for call in trips.calls), trips.calls
    assert sum(trips.rows) >= len(tables) and len(trips.rows) < len(tables), trips.calls


async def test_a_move_by_the_hand_controls_reads_nothing_and_writes_one_row(
    discord_server, bots, monkeypatch
):
    """The hand opened from the table, a card picked in its select: the
    answer before the move reads and writes nothing; the move is one row."""
    monkeypatch.setattr(sql_batch, "OWED_WAIT", 60.0)  # no write of its own in this test
    trips = Trips(monkeypatch)
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=21)
    await players.open(turn_timer="off")
    await bots.idle()
    trips.clear()
    live = players.live
    hand = await open_hand(players)
    assert trips.calls == [], trips.calls
    await play_from(players, hand)
    await bots.idle()
    assert live.version == 1 and not GAME.is_over(live.state)
    assert trips.calls == ["write:1 row"], trips.calls
