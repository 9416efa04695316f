"""Mamma Mia!'s own commands: help (Plus only), the rules with the player's
colour, and `play`'s autocomplete. The host's lobby and table commands:
tests/host/test_bot_commands.py."""

from __future__ import annotations

from bot.games.mammamia import render

from tests.mammamia.driver import Players


async def test_help_is_plus_only(discord_server, bots):
    await bots.start()
    ana = discord_server.users[0]
    r = await discord_server.slash(
        ana, discord_server.channel, "mammamia", "new", options={"variant": "classic", "help": True}
    )
    assert r.message.content == render.t("error.help_plus_only")


async def test_autocomplete_offers_only_the_callers_hand(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=23)
    await players.open("classic")
    live = players.live
    for seat in range(2):
        user = players.user_of(seat)
        hand = live.state.hands[seat]
        kinds = await discord_server.autocomplete(
            user, discord_server.channel, "mammamia", "play", options={}, focused="ingredient"
        )
        assert {c["value"] for c in kinds} == {c for c in hand if c in render.KIND_EMOJI}
        orders = await discord_server.autocomplete(
            user, discord_server.channel, "mammamia", "play", options={}, focused="order"
        )
        assert {c["value"] for c in orders} == {c for c in hand if c not in render.KIND_EMOJI}


async def test_the_rules_show_the_players_colour(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=21)
    await players.open("classic")
    ana = players.users[0]
    r = await discord_server.slash(ana, discord_server.channel, "mammamia", "rules")
    assert r.response.ephemeral
    seat = players.live.seat_of(ana.id)
    colour = players.live.state.colours[seat]
    assert render.COLOUR_EMOJI[colour] + " Misto" in r.message.text
