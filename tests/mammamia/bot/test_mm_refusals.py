"""Mamma Mia!'s own refusals (its `play` and `pass` commands, its typed
orders, its decisions): each an ephemeral message in the player's words,
nothing applied. The host's refusals: tests/host/test_bot_refusals.py."""

from __future__ import annotations

from bot.games.mammamia import render

from tests.mammamia.driver import Players


async def _game(discord_server, bots, variant="classic", seats=3, seed=3) -> Players:
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:seats], seed=seed)
    await players.open(variant)
    return players


async def test_wrong_turn_and_cards_not_held(discord_server, bots):
    players = await _game(discord_server, bots)
    live = players.live
    current = live.state.current
    waiting = players.user_of((current + 1) % 3)
    version = live.version
    options = {"ingredient": "salami", "count": 1, "draw": "supply"}
    r = await discord_server.slash(
        waiting, discord_server.channel, "mammamia", "play", options=options
    )
    assert r.response.ephemeral
    assert r.message.content == f"It is {live.names()[current]}'s turn."
    user = players.user_of(current)
    hand = live.state.hands[current]
    missing = next(k for k in live.state.box.kinds if k not in hand)
    held = next(k for k in live.state.box.kinds if k in hand)
    options = {"ingredient": missing, "count": 1, "draw": "supply"}
    r = await discord_server.slash(
        user, discord_server.channel, "mammamia", "play", options=options
    )
    assert r.message.content == f"You hold no {render.kind(missing)}."
    options = {"ingredient": held, "count": hand.count(held) + 1, "draw": "supply"}
    r = await discord_server.slash(
        user, discord_server.channel, "mammamia", "play", options=options
    )
    assert r.message.content == f"You hold only {render.amount(held, hand.count(held))}."
    assert players.live.version == version, "no refused action was applied"


async def test_another_players_decision_button(discord_server, bots):
    players = await _game(discord_server, bots, seed=5)
    while not (players.live.state.phase == "reveal" and players.live.state.pending):
        await players.step()
    state = players.live.state
    decider = state.to_act()[0]
    other = players.user_of((decider + 1) % 3)
    version = players.live.version
    r = await players.click_decision(other, f"mm:{players.game}:{version}:pay:no")
    assert r.response.ephemeral
    assert r.message.content == f"This decision belongs to {players.live.names()[decider]}."
    assert players.live.version == version


async def test_engine_refusals_reach_the_player_in_words(discord_server, bots):
    """A classic pass while holding ingredients: the engine's reason, ephemerally."""
    players = await _game(discord_server, bots)
    live = players.live
    user = players.user_of(live.state.current)
    r = await discord_server.slash(
        user, discord_server.channel, "mammamia", "pass", options={"draw": "supply"}
    )
    assert r.response.ephemeral
    assert r.message.content == render.t("error.cannot_pass")


async def test_a_typed_order_that_names_nothing_gets_a_clear_refusal(discord_server, bots):
    players = await _game(discord_server, bots)
    live = players.live
    seat = live.state.current
    held = next(k for k in live.state.box.kinds if k in live.state.hands[seat])
    version = live.version
    options = {"ingredient": held, "count": 1, "draw": "supply", "order": "banana-split"}
    r = await discord_server.slash(
        players.user_of(seat), discord_server.channel, "mammamia", "play", options=options
    )
    assert r.response.ephemeral
    assert r.message.content == render.t("error.order_not_held")
    options = {"ingredient": "banana", "count": 1, "draw": "supply"}
    r = await discord_server.slash(
        players.user_of(seat), discord_server.channel, "mammamia", "play", options=options
    )
    assert r.message.content == render.t("error.unknown_kind", kind="banana")
    assert players.live.version == version


async def test_a_kicked_player_cannot_play_their_old_seat(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:3], seed=52)
    await players.open("classic", turn_timer="off")
    ana, ben = players.users[:2]
    ben_seat = players.live.seat_of(ben.id)
    await discord_server.slash(
        ana, discord_server.channel, "mammamia", "kick", options={"player": ben}
    )
    await bots.idle()
    hand = players.live.state.hands[ben_seat]
    kind = next(c for c in hand if c in render.KIND_EMOJI)
    options = {"ingredient": kind, "count": 1, "draw": "supply"}
    r = await discord_server.slash(ben, discord_server.channel, "mammamia", "play", options=options)
    assert r.response.ephemeral
    assert r.message.content == render.t("error.left_game")
