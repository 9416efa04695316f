"""Every refusal of the host is an ephemeral message in the player's words;
nothing is applied. Played with the test game (tests/highcard); a game's own
refusals are with its tests (tests/<game>/bot)."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.plugin.registry import presentations

from tests.highcard.players import COMMAND, PREFIX, Players


async def _game(discord_server, bots, seats=3, seed=3) -> Players:
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:seats], seed=seed)
    await players.open()
    return players


async def test_command_where_no_game_runs(discord_server, bots):
    await bots.start()
    ana = discord_server.users[0]
    for command in ("table", "end"):
        r = await discord_server.slash(ana, discord_server.channel, COMMAND, command)
        assert r.response.ephemeral
        assert r.message.content == t("error.no_game", command=f"/{COMMAND} new")


@pytest.mark.parametrize("locale", ["en-US", "ru", "fr"])
async def test_a_refusal_names_the_game_of_the_command_used(discord_server, bots, locale):
    """Each game names itself: `/highcard` refusals suggest `/highcard`
    commands, in the player's words for them, and no other game's."""
    await bots.start()
    ana = discord_server.users[0]
    ana.locale = locale
    others = [f"/{shown.command} " for shown in presentations().values()]
    for command in ("table", "join"):
        r = await discord_server.slash(ana, discord_server.channel, COMMAND, command)
        text = r.message.content
        assert [o for o in others if o in text] == [f"/{COMMAND} "], text
        new = t(f"command.{COMMAND}.new.name", locale)
        assert f"/{COMMAND} {new}" in text, text


async def test_outsider_cannot_open_a_hand(discord_server, bots):
    players = await _game(discord_server, bots)
    outsider = discord_server.add_user("Zoe")
    r = await discord_server.click(outsider, players.table(), label=t("own_hand.button"))
    assert r.response.ephemeral
    assert r.message.content == t("error.not_in_game")


async def test_stale_button_gets_the_current_view(discord_server, bots):
    """A hand opened twice: the card played from the second, the first's
    select is a moment ago: it applies nothing and says so, privately."""
    players = await _game(discord_server, bots)
    user = players.user_of(players.to_act())
    old = (await players.hand(user)).message
    old_select = old.find_select(prefix=f"{PREFIX}:{players.game}:{players.version}:play")
    card = old_select["options"][0]["value"]
    await players.play(user)  # the same turn, played from a hand opened again
    version = players.version
    r = await discord_server.select(user, old, old_select["custom_id"], [card])
    assert players.version == version, "a stale click applies nothing"
    assert t("error.stale") in r.message.text
    assert r.message.ephemeral
