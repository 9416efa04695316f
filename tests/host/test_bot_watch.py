"""Spectators: Watch shows exactly what the public table shows, privately,
refreshed on demand, and never a hand (issue: stats and spectators)."""

from __future__ import annotations

from bot.i18n import t

from messages import version_texts
from tests.highcard.players import Players


async def _game(discord_server, bots) -> Players:
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:3], seed=5)
    await players.open()
    return players


async def test_a_spectator_sees_the_public_table_and_nothing_more(discord_server, bots):
    players = await _game(discord_server, bots)
    for _ in range(4):
        await players.step()
    await bots.idle()
    zoe = discord_server.add_user("Zoe")
    table = players.table()
    r = await discord_server.click(zoe, table, label=t("table.button.watch"))
    assert r.response.ephemeral
    watched = r.message
    assert t("watch.note") in watched.text
    public_embed = table.embeds[0]
    assert watched.embeds[0]["title"] == public_embed["title"]
    assert watched.embeds[0]["description"] == public_embed["description"]
    for text in version_texts(watched):
        assert t("own_hand.title") not in text
        for seat in range(3):  # no card of any hand is shown (a hand writes them "[7]")
            assert not any(f"[{card}]" in text for card in players.state.hands[seat])
    labels = [b.get("label") for b in watched.buttons()]
    assert labels == [t("table.button.watch")]  # no My cards, no play
    await players.step()
    await bots.idle()
    edits = watched.edit_count
    await discord_server.click(zoe, watched, label=t("table.button.watch"))
    assert watched.edit_count == edits + 1  # refreshed in place, not a new message
    assert watched.embeds[0]["description"] == players.table().embeds[0]["description"]


async def test_a_player_is_pointed_to_the_table_and_their_hand(discord_server, bots):
    players = await _game(discord_server, bots)
    await bots.idle()
    r = await discord_server.click(players.users[0], players.table(), label=t("table.button.watch"))
    assert r.response.ephemeral
    assert r.message.content == t("error.watch_player")
