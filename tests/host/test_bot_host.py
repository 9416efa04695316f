"""The host redesign's defects, each with its test: typed option values that
name nothing, commands in a DM, and the one place a game plugs in."""

from __future__ import annotations

import re

import discord

from bot.games.mammamia import render
from bot.plugin.registry import presentations
from engine import games

from driver import Players


async def _game(discord_server, bots, seats=3) -> Players:
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:seats], seed=3)
    await players.open("classic")
    return players


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


async def test_every_command_is_for_server_channels_only(discord_server, bots):
    await bots.start()
    commands = discord_server.commands_for(discord_server.guild)
    groups = [c for c in commands if c["name"] in ("mammamia", "pizzaisland")]
    assert groups
    for group in groups:
        assert group["contexts"] == [0], group  # guild only: never a DM


async def test_a_command_from_a_dm_is_answered_not_run():
    """Should a DM interaction reach the bot anyway, it says where games are played."""
    from types import SimpleNamespace

    from bot.interactions.components import guarded

    said: list[str] = []

    class Response:
        def is_done(self) -> bool:
            return False

        async def send_message(self, **kwargs):
            said.append(kwargs.get("content"))

    ran = []

    async def work() -> None:
        ran.append(True)

    dm = SimpleNamespace(
        guild_id=None,
        locale="en-US",
        id=1,
        response=Response(),
        extras={},
        created_at=discord.utils.utcnow(),
        client=SimpleNamespace(stopping=False),
    )
    assert not await guarded(dm, work())
    assert not ran
    assert said == [render.t("error.no_channel")]


def test_each_game_plugs_in_in_one_place():
    """Every engine game has exactly one presentation, found by itself."""
    assert set(presentations()) == set(games())
    for name, shown in presentations().items():
        assert shown.rules.name == name
        assert re.fullmatch(r"[a-z]{1,32}", shown.command)  # the group players type
        assert shown.items
