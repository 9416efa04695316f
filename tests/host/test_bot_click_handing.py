"""A click is handed to its component by the bot itself (`GameBot.on_interaction`,
`bot.interactions.clicks`), found in the message's components as Discord sends
them: discord.py's own way rebuilt a whole view from the message at every click
(`View.from_message`) only to find the item clicked, a tenth of a click's CPU.
What the player sees is the same: the hand's select plays, a click no
component hears gets its private answer."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.i18n import t
from bot.interactions import clicks, own_hand
from bot.interactions.components import misplaced

from tests.highcard.players import PREFIX, Players


async def test_a_click_is_handed_without_a_view_rebuilt(
    discord_server: Any, bots: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    rebuilt: list[int] = []
    original = discord.ui.View.from_message.__func__  # type: ignore[attr-defined]

    def counted(cls: Any, message: Any, /, **kwargs: Any) -> Any:
        rebuilt.append(message.id)
        return original(cls, message, **kwargs)

    monkeypatch.setattr(discord.ui.View, "from_message", classmethod(counted))
    server = discord_server
    await bots.start()
    players = Players(server, bots, server.users[:2], seed=5)
    await players.open()  # the lobby's buttons: clicks too
    version = players.version
    seat = players.to_act()
    answer = await players.play(players.user_of(seat))  # My cards, then the hand's select
    await bots.idle()
    assert answer.response is not None and not answer.violations
    assert players.version > version, "the select was handed to its component, and played"
    assert rebuilt == [], "no view rebuilt from a message for a click"
    # An id the message does not carry: no component hears it, it is answered.
    stale = await server.press(
        players.user_of(seat), players.table(), f"{PREFIX}:{players.game}:0:forget"
    )
    await bots.idle()
    assert stale.message is not None and stale.message.ephemeral
    assert t("error.stale") in stale.message.text
    assert rebuilt == []


async def test_a_component_that_cannot_be_made_is_answered(
    discord_server: Any, bots: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """discord.py logged such a click and left it unanswered ("This
    interaction failed"); it is an error of the bot's, and said so."""
    server = discord_server
    await bots.start()
    players = Players(server, bots, server.users[:2], seed=5)
    await players.open()

    async def broken(cls: Any, interaction: Any, item: Any, match: Any, /) -> Any:
        raise RuntimeError("a kind that cannot be made")

    monkeypatch.setattr(own_hand.HandButton, "from_custom_id", classmethod(broken))
    answer = await players.hand(players.users[0])
    await bots.idle()
    assert answer.message is not None and answer.message.ephemeral
    assert answer.message.text == t("error.internal")


class _Component:
    def __init__(self, kind: discord.ComponentType, custom_id: str | None, children=()) -> None:
        self.type, self.custom_id, self.children = kind, custom_id, list(children)


def _clicked(custom_id: str, kind: discord.ComponentType, components: list[Any]) -> Any:
    return SimpleNamespace(
        data={"custom_id": custom_id, "component_type": kind.value},
        message=SimpleNamespace(components=components),
    )


def test_heard_needs_the_id_and_its_type_on_the_message() -> None:
    from bot.games.mammamia.controls import PlayButton, TurnSelect

    kinds = [PlayButton, TurnSelect]
    button, menu = discord.ComponentType.button, discord.ComponentType.string_select
    play = "mm:7:3:play:x"
    row = [_Component(discord.ComponentType.action_row, None, [_Component(button, play)])]
    heard = clicks.heard(_clicked(play, button, row), kinds)
    assert [(kind, match["game"], match["version"]) for kind, match in heard] == [
        (PlayButton, "7", "3")
    ]
    assert clicks.heard(_clicked(play, menu, row), kinds) == []  # another type of that id
    assert clicks.heard(_clicked("mm:7:3:play:y", button, row), kinds) == []  # not on it
    assert clicks.heard(_clicked("mm:7:3:turn:x", menu, row), kinds) == []
    turn = "mm:7:3:turn:x"
    row.append(_Component(discord.ComponentType.action_row, None, [_Component(menu, turn)]))
    assert [kind for kind, _ in clicks.heard(_clicked(turn, menu, row), kinds)] == [TurnSelect]
    assert clicks.heard(_clicked("mm:7:3:rules", button, row), kinds) == []  # no such kind


class _Guild:
    def __init__(self, guild_id: int, channels: set[int]) -> None:
        self.id, self.channels = guild_id, channels

    def get_channel_or_thread(self, channel_id: int) -> object | None:
        return SimpleNamespace(id=channel_id, guild=self) if channel_id in self.channels else None


class _Client:
    def __init__(self, *guilds: _Guild) -> None:
        self.guilds = guilds
        self.looked_everywhere = 0

    def get_guild(self, guild_id: int) -> _Guild | None:
        return next((g for g in self.guilds if g.id == guild_id), None)

    def get_channel(self, channel_id: int) -> object | None:
        self.looked_everywhere += 1
        found = (g.get_channel_or_thread(channel_id) for g in self.guilds)
        return next((c for c in found if c is not None), None)


def test_a_channel_is_looked_for_in_its_own_server_first() -> None:
    client = _Client(_Guild(1, {10}), _Guild(2, {20}))

    def placed(guild_id: int, channel_id: int) -> bool:
        interaction: Any = SimpleNamespace(client=client, guild_id=guild_id, channel_id=channel_id)
        return misplaced(interaction)

    assert not placed(1, 10)
    assert client.looked_everywhere == 0, "found in the payload's own server"
    assert placed(1, 20), "another server's channel named with this one"
    assert not placed(1, 30), "a channel the bot does not know"
    assert placed(3, 10), "a server the bot is not in, naming a channel of another"
