"""The lobby and table commands: join, leave, start, cancel, table, rules, end,
Play again, and clicks that arrive together, with the test game
(tests/highcard). A game's own commands are with its tests
(tests/<game>/bot)."""

from __future__ import annotations

import asyncio
import json

from bot.i18n import t

from tests.highcard.players import COMMAND, Players


async def _lobby(discord_server, bots):
    await bots.start()
    ana = discord_server.users[0]
    r = await discord_server.slash(ana, discord_server.channel, COMMAND, "new")
    return r.message


async def test_one_game_per_channel(discord_server, bots):
    await _lobby(discord_server, bots)
    ben = discord_server.users[1]
    r = await discord_server.slash(ben, discord_server.channel, COMMAND, "new")
    assert r.response.ephemeral
    busy = t("error.busy_with", title=t("highcard.title"), command=f"/{COMMAND} end")
    assert r.message.content == busy


async def test_start_needs_two_players_and_the_host(discord_server, bots):
    lobby = await _lobby(discord_server, bots)
    ana, ben = discord_server.users[:2]
    r = await discord_server.click(ana, lobby, label="Start")
    assert r.message.content == t("error.too_few_players", min=2)
    await discord_server.click(ben, lobby, label="Join")
    r = await discord_server.click(ben, lobby, label="Start")
    assert r.response.ephemeral and "Only" in r.message.content
    r = await discord_server.click(ben, lobby, label="Join")
    assert r.message.content == t("error.already_seated")


async def test_join_and_leave_by_command_update_the_lobby(discord_server, bots):
    lobby = await _lobby(discord_server, bots)
    ben = discord_server.users[1]
    r = await discord_server.slash(ben, discord_server.channel, COMMAND, "join")
    assert r.message.content == t("lobby.you_joined")
    await bots.idle()  # the lobby message is redrawn after the answer
    assert f"2. {ben.display_name}" in discord_server.get_message(lobby.id).text
    await discord_server.slash(ben, discord_server.channel, COMMAND, "leave")
    await bots.idle()
    assert f"2. {ben.display_name}" not in discord_server.get_message(lobby.id).text


async def test_embeds_name_players_and_never_mention_them(discord_server, bots):
    """A mention of an uncached user shows as a raw id on phones: names in
    embeds, mentions only in message content (the table's first line)."""
    lobby = await _lobby(discord_server, bots)
    ben = discord_server.users[1]
    await discord_server.click(ben, lobby, label=t("lobby.button.join"))
    await discord_server.click(discord_server.users[0], lobby, label=t("lobby.button.start"))
    await bots.idle()
    public = discord_server.public_messages(discord_server.channel)
    embedded = [m for m in public if m.embeds]
    assert embedded
    for message in embedded:
        for embed in message.embeds:
            assert "<@" not in str(embed), embed
    pings = [m for m in embedded if "<@" in m.content]
    assert pings  # the turn is still announced with a mention, in the table's content


async def test_cancel_by_host_frees_the_channel(discord_server, bots):
    lobby = await _lobby(discord_server, bots)
    ana, ben = discord_server.users[:2]
    r = await discord_server.click(ben, lobby, label="Cancel")
    assert r.response.ephemeral, "only the host or a moderator may cancel"
    await discord_server.click(ana, lobby, label="Cancel")
    assert t("lobby.closed") in discord_server.get_message(lobby.id).text
    r = await discord_server.slash(ben, discord_server.channel, COMMAND, "new")
    assert not r.response.ephemeral, "the channel is free again"


async def test_table_rules_and_end(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=21)
    await players.open()
    ana = players.users[0]
    old_table = players.live.row.table_message_id
    r = await discord_server.slash(ana, discord_server.channel, COMMAND, "table")
    assert r.message.content == t("table.reposted")
    await bots.idle()
    assert players.live.row.table_message_id != old_table
    assert discord_server.get_message(old_table).deleted
    newest = discord_server.public_messages()[-1]
    assert newest.id == players.live.row.table_message_id, "the table is at the bottom"

    r = await discord_server.slash(ana, discord_server.channel, COMMAND, "rules")
    assert r.response.ephemeral
    assert t("hc.rules") in r.message.text

    ben = players.users[1]
    r = await discord_server.slash(ben, discord_server.channel, COMMAND, "end")
    assert "Only" in r.message.content, "a player who is not host cannot end it"
    r = await discord_server.slash(ana, discord_server.channel, COMMAND, "end")
    await discord_server.click(ana, r.message, label=t("end.keep"))
    assert players.live.row.status == "running"
    r = await discord_server.slash(ana, discord_server.channel, COMMAND, "end")
    await discord_server.click(ana, r.message, label=t("end.confirm"))
    await bots.idle()
    assert players.live.row.status == "cancelled"
    table = discord_server.get_message(players.live.row.table_message_id)
    assert t("table.ended_early") in table.text and not table.buttons()


async def test_play_again_opens_a_lobby_with_the_same_players(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=22)
    await players.open()
    await players.play_to_end()
    final = discord_server.get_message(players.live.row.narration["final_message_id"])
    ben = players.users[1]
    r = await discord_server.click(ben, final, label=t("final.button.again"))
    assert not r.response.ephemeral
    row = await bots.current.service.storage.active_game(discord_server.channel.id)
    assert row.status == "lobby" and row.host_id == ben.id
    assert {s.user_id for s in row.seats} == {u.id for u in players.users}


async def test_simultaneous_clicks_are_serialised(discord_server, bots):
    """Two picks of a card on the same hand at once: one move is applied, the other is stale."""
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=24)
    await players.open()
    user = players.user_of(players.to_act())
    hand = (await players.hand(user)).message
    play = hand.find_select(prefix=players.ids("play"))
    card = [play["options"][0]["value"]]
    version = players.version
    results = await asyncio.gather(
        discord_server.select(user, hand, play["custom_id"], card),
        discord_server.select(user, hand, play["custom_id"], card),
    )
    assert players.version == version + 1
    stale = t("error.stale")
    answers = [json.dumps(r.response.data, ensure_ascii=False) for r in results]
    assert sum(stale in answer for answer in answers) == 1
