"""Every refusal is an ephemeral message in the player's words; nothing is applied."""

from __future__ import annotations

import pytest

from bot.games.mammamia import render

from driver import Players


async def _game(discord_server, bots, variant="classic", seats=3, seed=3) -> Players:
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:seats], seed=seed)
    await players.open(variant)
    return players


async def test_command_where_no_game_runs(discord_server, bots):
    await bots.start()
    ana = discord_server.users[0]
    for command in ("hand", "table", "end"):
        r = await discord_server.slash(ana, discord_server.channel, "mammamia", command)
        assert r.response.ephemeral
        assert r.message.content == render.t("error.no_game", command="/mammamia new")


@pytest.mark.parametrize("locale", ["en-US", "ru", "fr"])
async def test_a_refusal_names_the_game_of_the_command_used(discord_server, bots, locale):
    """Each game names itself: `/pizzaisland` refusals suggest `/pizzaisland`
    commands, in the player's words for them."""
    await bots.start()
    ana = discord_server.users[0]
    ana.locale = locale
    for command in ("table", "join"):
        r = await discord_server.slash(ana, discord_server.channel, "pizzaisland", command)
        text = r.message.content
        assert "/pizzaisland " in text and "/mammamia" not in text, text
        new = render.t("command.pizzaisland.new.name", locale)
        assert f"/pizzaisland {new}" in text, text


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


async def test_outsider_cannot_open_a_hand(discord_server, bots):
    players = await _game(discord_server, bots)
    outsider = discord_server.add_user("Zoe")
    table = discord_server.get_message(players.live.row.table_message_id)
    r = await discord_server.click(outsider, table, label=render.t("table.button.hand"))
    assert r.response.ephemeral
    assert r.message.content == render.t("error.not_in_game")


async def test_stale_button_gets_the_current_view(discord_server, bots):
    players = await _game(discord_server, bots)
    live = players.live
    seat = live.state.current
    user = players.user_of(seat)
    table = discord_server.get_message(live.row.table_message_id)
    hand = (await discord_server.click(user, table, label=render.t("table.button.hand"))).message
    hand = await players.pick_a_turn(user, hand)
    old_play = hand.find_button(prefix=f"mm:{live.id}:{live.version}:play:")
    await players.step()  # the same turn, played by command meanwhile
    version = players.live.version
    r = await discord_server.click(user, hand, old_play["custom_id"])
    assert players.live.version == version, "a stale click applies nothing"
    assert render.t("error.stale") in r.message.text
    assert r.message.ephemeral


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
