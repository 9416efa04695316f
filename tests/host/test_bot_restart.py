"""Nothing is lost: a new bot process on the same database carries every game
on. With the test game (tests/highcard)."""

from __future__ import annotations

from tests.highcard.players import Players


async def test_restart_mid_turn_keeps_the_game(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:3], seed=11)
    await players.open()
    for _ in range(4):
        await players.step()
    before = players.state.to_json()
    version = players.version
    user = players.user_of(players.to_act())
    hand = (await players.hand(user)).message

    await bots.stop()
    await bots.start()
    await bots.idle()

    assert players.live.version == version
    assert players.state.to_json() == before
    # A hand opened before the restart still plays: its select outlives the process.
    play = hand.find_select(prefix=players.ids("play"))
    await discord_server.select(user, hand, play["custom_id"], [play["options"][0]["value"]])
    assert players.live.version == version + 1
    await players.play_to_end()
    record = players.live.record
    assert len(record["actions"]) == players.live.version, "nothing applied twice"
    assert players.live.rules.replay(record).state == players.state


async def test_a_restart_costs_no_request_for_a_game_whose_messages_are_up_to_date(
    discord_server, bots
):
    """The restart storm of the scale issue: one GET /channels/{id} per game and
    a table edit that changed nothing. A resumed game whose table and ping
    already show where it stands costs no REST call at all."""
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=11)
    await players.open()
    await players.step()  # a card face down: no reveal yet
    await bots.stop()
    before = len(discord_server.requests)
    await bots.start()
    await bots.idle()
    channel_calls = [r.route for r in discord_server.requests[before:] if " /channels/" in r.route]
    assert channel_calls == []
    await players.step()  # and it carries on
