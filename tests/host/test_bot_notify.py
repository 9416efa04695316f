"""Play-by-post: a direct message on your move for players who ask for one
(`/<game> notify`), and what happens when Discord refuses it. With the test
game (tests/highcard): three players, whose turns come three times each,
none twice in a row."""

from __future__ import annotations

import asyncio

from bot.clocks import timers
from bot.i18n import t

from tests.highcard.players import COMMAND, Players


def pings_for(server, user) -> list:
    """Every table the bot posted in the channel that notified this user
    (deleted ones too), leaving out reminders."""
    reminder = t("ping.reminder", due="0").split("<t:")[0]
    posted = [
        (m, m.history[0]["content"] if m.history else m.content)
        for m in server.messages.values()
        if m.channel_id == server.channel.id and m.author is server.bot_user and m.embeds
    ]
    return [
        m
        for m, content in posted
        if not m.ephemeral
        and not server.is_answer(m)
        and user.id in m.notified
        and user.mention in content
        and not content.startswith(reminder)
    ]


def dm_posts(server, user) -> list:
    channel = server.dm_channels.get(user.id)
    if channel is None:
        return []
    return [r for r in server.requests if r.route == f"POST /channels/{channel.id}/messages"]


async def test_notify_on_sends_a_dm_with_a_link_to_the_table_on_each_move(
    discord_server, bots, monkeypatch
):
    await bots.start()
    ana, ben, cleo = discord_server.users[:3]
    r = await discord_server.slash(ana, None, COMMAND, "notify", options={"setting": "on"})
    assert r.response.ephemeral and r.message.content == t("notify.on")
    players = Players(discord_server, bots, [ana, ben, cleo], seed=21)
    await players.open(turn_timer="off")
    while len(pings_for(discord_server, ana)) < 2:
        await players.step()
    where = f"https://discord.com/channels/{discord_server.guild.id}/{discord_server.channel.id}"
    dms = discord_server.dms_to(ana)
    pings = pings_for(discord_server, ana)
    assert len(dms) == len(pings), "one DM per turn or decision"
    for dm, table in zip(dms, pings, strict=True):  # each links to the table that named her
        assert f"{where}/{table.id}" in dm.content and ana.mention in dm.content
    assert discord_server.dms_to(ben) == [], "Ben did not ask for DMs"

    await discord_server.slash(ana, None, COMMAND, "notify", options={"setting": "off"})
    sent = len(dms)
    before = len(pings_for(discord_server, ana))
    # Off: the table stays where it is at her turn, and she is pinged only
    # if she has not played PING_AFTER seconds on (here made short).
    monkeypatch.setattr(timers, "PING_AFTER", 0.05)
    while len(pings_for(discord_server, ana)) == before:
        await players.step()
        await asyncio.sleep(0.2)
        await bots.idle()
    assert len(discord_server.dms_to(ana)) == sent, "off: the ping only"


async def test_closed_dms_are_said_once_privately_and_the_ping_stays(discord_server, bots):
    await bots.start()
    ana, ben, cleo = discord_server.users[:3]
    ben.dms_closed = True
    await discord_server.slash(ben, None, COMMAND, "notify", options={"setting": "on"})
    players = Players(discord_server, bots, [ana, ben, cleo], seed=22)
    await players.open(turn_timer="off")
    while len(pings_for(discord_server, ben)) < 2:
        await players.step()
    assert discord_server.dms_to(ben) == []
    assert len(dm_posts(discord_server, ben)) == 1, "refused once, the bot stops trying"
    notice = t("notify.refused", command=f"/{COMMAND} notify on")  # its words in Ben's language
    told = [m for m in discord_server.ephemerals_for(ben) if m.content == notice]
    assert len(told) == 1, "told once, privately, after Ben's next move"
    assert not any(notice in m.text for m in discord_server.public_messages())

    # Turning it on again (DMs now open) tries again.
    ben.dms_closed = False
    await discord_server.slash(ben, None, COMMAND, "notify", options={"setting": "on"})
    before = len(pings_for(discord_server, ben))
    while len(pings_for(discord_server, ben)) == before:
        await players.step()
    assert len(discord_server.dms_to(ben)) == 1


async def test_the_closed_dm_notice_names_the_game_and_the_players_words(discord_server, bots):
    """Each game names itself: a High Card player whose DMs are closed is
    told to run `/highcard notify on`, in their own language's words."""
    await bots.start()
    ana, ben = discord_server.users[:2]
    ben.dms_closed, ben.locale = True, "fr"
    await discord_server.slash(ben, None, COMMAND, "notify", options={"setting": "on"})
    players = Players(discord_server, bots, [ana, ben], seed=4)
    await players.open()
    while len(pings_for(discord_server, ben)) < 2:
        await players.step()
    command = f"/{COMMAND} " + t("command.notify.name", "fr") + " " + t("command.choice.on", "fr")
    notice = t("notify.refused", "fr", command=command)
    told = [m for m in discord_server.ephemerals_for(ben) if m.content == notice]
    assert len(told) == 1, [m.content for m in discord_server.ephemerals_for(ben)][-3:]
