"""The host redesign's defects, each with its test: commands in a DM, and the
one place a game plugs in (a typed value that names nothing, a game's own
command: with the game's tests, tests/<game>/bot)."""

from __future__ import annotations

import re

import discord

from bot.i18n import t
from bot.interactions import own_hand
from bot.plugin.registry import presentations
from engine import games


async def test_every_command_is_for_server_channels_only(discord_server, bots):
    await bots.start()
    commands = discord_server.commands_for(discord_server.guild)
    names = {shown.command for shown in presentations().values()}
    groups = [c for c in commands if c["name"] in names]
    assert len(groups) == len(names) >= 3  # the test game's among them
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
    assert said == [t("error.no_channel")]


def test_each_game_plugs_in_in_one_place():
    """Every engine game has exactly one presentation, found by itself."""
    assert set(presentations()) == set(games())
    for name, shown in presentations().items():
        assert shown.rules.name == name
        assert re.fullmatch(r"[a-z]{1,32}", shown.command)  # the group players type
        assert shown.items or own_hand.controls(shown)  # its own controls, or the host's hand
