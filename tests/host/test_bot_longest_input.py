"""The longest input Discord allows, through every option of every command of
every game the registry finds (issue #30, point 3), in a game of each, a
lobby and an empty channel: each is answered, within Discord's limits
(the loopback Discord refuses any payload over them with 400/50035, like
Discord, and fails the test), never with an error of the bot's own.

Strings an option leaves unbounded may be 6,000 characters long; a bounded one
its `max_length`; integers their `max_value` (Discord's 2**53 where unset);
users the longest names (32 characters, markdown and a mention in them).
A game's own refusal of what was typed is with its tests (`tests/<game>/bot/`)."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.kit.limits import TYPED
from bot.plugin.registry import presentations

from fakediscord.interactions import BOOLEAN, INTEGER, NUMBER, STRING, SUB_COMMAND, USER
from fakediscord.server import FakeDiscord
from started import started
from tests.highcard.players import COMMAND

#: What a player might type, over and over: mentions, markdown, emoji.
NASTY = "<@123456789012345678> **bold** `code` ||spoiler|| __u__ ~~s~~ 🍕 <t:1700000000:R> "
#: Discord's longest string option, and its largest integer.
LONGEST_STRING, LARGEST_INTEGER = 6000, 2**53


def names(count: int) -> list[str]:
    """`count` display names of Discord's longest (32), each unlike the others."""
    return [(f"**`<@{i}>`||{i}||__~~" + "W" * 32)[:32] for i in range(count)]


def longest(option: dict[str, Any], user: Any) -> Any:
    """The longest value Discord lets a player give `option`."""
    kind = option["type"]
    if option.get("choices"):
        return max((c["value"] for c in option["choices"]), key=lambda v: len(str(v)))
    if kind == STRING:
        size = option.get("max_length", LONGEST_STRING)
        return (NASTY * (size // len(NASTY) + 1))[:size]
    if kind in (INTEGER, NUMBER):
        return option.get("max_value", LARGEST_INTEGER)
    if kind == BOOLEAN:
        return True
    if kind == USER:
        return user
    raise AssertionError(f"an option of a kind this test does not fill: {option}")


def subcommands(server: FakeDiscord) -> list[tuple[str, dict[str, Any]]]:
    """(group, subcommand) of every command the bot synced."""
    found = []
    for group in server.commands_for(server.guild):
        for sub in group.get("options") or []:
            assert sub["type"] == SUB_COMMAND, (group["name"], sub["name"])
            found.append((group["name"], sub))
    return found


async def test_every_typed_option_is_bounded(discord_server, bots):
    """Every string a player types has a length bound; every number a range."""
    await bots.start()
    commands = subcommands(discord_server)
    assert {group for group, _ in commands} >= {p.command for p in presentations().values()}
    for group, sub in commands:
        for option in sub.get("options") or []:
            where = (group, sub["name"], option["name"])
            if option["type"] == STRING and not option.get("choices"):
                assert option.get("min_length", 0) >= 1 and option["max_length"] <= TYPED, where
            if option["type"] == INTEGER and not option.get("choices"):
                assert "min_value" in option and "max_value" in option, where


async def test_the_longest_input_through_every_option_of_every_command(discord_server, bots):
    server = discord_server
    long_names = names(5)
    players = [server.add_user(name) for name in long_names[:4]]
    outsider = server.add_user(long_names[4])
    lobby, empty = (server.add_channel(n) for n in ("lobby", "empty"))
    await bots.start()
    places = []  # (channel, who types): a game of each (whoever must act), a lobby, nothing
    for n, shown in enumerate(presentations().values()):
        channel = server.add_channel(f"table-{n}")
        seated = players[n % 2 * 2 : n % 2 * 2 + 2]
        live = await started(server, bots, shown.command, seated, channel)
        acting = live.rules.to_act(live.state)[0]
        places.append((channel, next(u for u in players if u.id == live.row.seats[acting].user_id)))
    await server.slash(players[0], lobby, COMMAND, "new")
    places += [(lobby, players[0]), (empty, players[1])]
    internal = t("error.internal")
    answered = 0
    for channel, user in places:
        for group, sub in subcommands(server):
            options = {o["name"]: longest(o, outsider) for o in sub.get("options") or []}
            r = await server.slash(user, channel, group, sub["name"], options=options)
            assert r.response is not None, (group, sub["name"])
            for message in r.messages:
                assert internal not in message.text, (group, sub["name"], channel.name)
            answered += 1
        await bots.idle()
    assert answered >= len(places) * 30
