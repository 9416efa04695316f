"""Spectators: Watch shows exactly what the public table shows, privately,
refreshed on demand, and never a hand (issue: stats and spectators)."""

from __future__ import annotations

from bot.games.mammamia import render

from driver import Players, version_texts


async def _game(discord_server, bots) -> Players:
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:3], seed=5)
    await players.open("classic")
    return players


async def test_a_spectator_sees_the_public_table_and_nothing_more(discord_server, bots):
    players = await _game(discord_server, bots)
    for _ in range(4):
        await players.step()
    await bots.idle()
    zoe = discord_server.add_user("Zoe")
    table = discord_server.get_message(players.live.row.table_message_id)
    r = await discord_server.click(zoe, table, label=render.t("table.button.watch"))
    assert r.response.ephemeral
    watched = r.message
    assert render.t("watch.note") in watched.text
    public_embed = table.embeds[0]
    assert watched.embeds[0]["title"] == public_embed["title"]
    assert watched.embeds[0]["description"] == public_embed["description"]
    hand_words = (render.t("hand.ingredients"), render.t("hand.orders"))
    for text in version_texts(watched):
        assert not any(word in text for word in hand_words)
        for seat in range(3):  # no card of any hand is named that the table does not show
            for card in set(players.live.state.hands[seat]) - set(players.live.state.table):
                title = render.card_title("classic", card)
                assert title not in text or title in table.text
    labels = [b.get("label") for b in watched.buttons()]
    assert labels == [render.t("table.button.watch")]  # no My hand, no play
    await players.step()
    await bots.idle()
    edits = watched.edit_count
    await discord_server.click(zoe, watched, label=render.t("table.button.watch"))
    assert watched.edit_count == edits + 1  # refreshed in place, not a new message
    table = discord_server.get_message(players.live.row.table_message_id)
    assert watched.embeds[0]["description"] == table.embeds[0]["description"]


async def test_a_player_is_pointed_to_the_table_and_their_hand(discord_server, bots):
    players = await _game(discord_server, bots)
    await bots.idle()
    table = discord_server.get_message(players.live.row.table_message_id)
    r = await discord_server.click(players.users[0], table, label=render.t("table.button.watch"))
    assert r.response.ephemeral
    assert r.message.content == render.t("error.watch_player")
