"""Forged component ids (issue #30, point 6): someone else's seat, another
game, another channel, a version to come or gone, a made-up payload. Each is
tried twice: pressed on a message that does not carry it (what a modified
client sends: no component hears it, `bot.interactions.clicks` answers), and planted on a
message of the bot's that carries it (as if Discord let it through, or an
older bot had drawn it: the components' own checks answer). Each gets a
private refusal, and no game's record, version, seats or status changes.
With the test game (tests/highcard), and a game of every other game the
registry finds, each started by the host's lobby, for the ids of one game
under another's prefix; each game's own controls are forged in its tests
(`tests/<game>/bot/test_*_forged.py`).

docs/security.md lists who may do what; this is its test."""

from __future__ import annotations

from bot.i18n import t
from bot.interactions.own_hand import value_of
from bot.plugin.registry import presentations

from forging import GONE, Tries, state
from started import started
from tests.highcard.engine import GAME, Play
from tests.highcard.players import COMMAND, PREFIX, Players


async def test_forged_ids_are_refused_and_change_nothing(discord_server, bots):
    server = discord_server
    elsewhere, lobby_channel = server.add_channel("elsewhere"), server.add_channel("lobby")
    await bots.start()
    ana, ben, cleo, dario = server.users[:4]
    eve = server.add_user("Eve")
    hc = Players(server, bots, [ana, ben], seed=3)
    await hc.open()
    await hc.step()
    # A game of every other game, each in a channel of its own.
    others = {}
    for name, shown in presentations().items():
        if name != GAME.name:
            channel = server.add_channel(f"table-{shown.prefix}")
            others[shown.prefix] = (
                channel,
                await started(server, bots, shown.command, [cleo, dario], channel),
            )
    assert others, "the registry finds the shipped games beside the test game"
    await server.slash(cleo, lobby_channel, COMMAND, "new")
    lobby = await bots.current.service.lobbies.here(lobby_channel.id)
    live = hc.live
    g, v = live.id, live.version
    seat = hc.to_act()
    acting, waiting = hc.user_of(seat), hc.user_of(1 - seat)
    card = value_of(Play(seat, hc.choose(seat)))  # the hand's select: the play's JSON
    before = await state(bots)
    names = live.names()
    stale = t("error.stale")
    tries = Tries(server, bots)

    # someone else's seat
    await tries.both(
        "another's turn, by the hand's select",
        waiting,
        server.channel,
        f"{PREFIX}:{g}:{v}:play",
        t("error.not_your_turn", name=names[seat]),
        private=True,
        values=(card,),
        unheard=stale,
    )
    await tries.both(
        "ending a game they do not host",
        ben,
        server.channel,
        f"{PREFIX}:{g}:0:confirm:end.yes",
        t("error.not_host", host="Ana"),
        private=True,
        unheard=stale,
    )
    await tries.both(
        "leaving a game they do not play",
        eve,
        server.channel,
        f"{PREFIX}:{g}:0:confirm:leave.yes",
        t("error.not_in_game"),
        private=True,
        unheard=stale,
    )
    await tries.both(
        "another's hand",
        eve,
        server.channel,
        f"{PREFIX}:{g}:{v}:hand",
        t("error.not_in_game"),
        unheard=stale,
    )
    for verb in ("start", "cancel", "addbot", "rmbot"):
        await tries.both(
            f"a lobby they do not host, {verb}",
            dario,
            lobby_channel,
            f"{PREFIX}:{lobby.id}:0:{verb}",
            t("error.not_host", host="Cleo"),
            unheard=t("stale.lobby"),
        )
    await tries.both(
        "a computer added to a lobby they do not host",
        dario,
        lobby_channel,
        f"{PREFIX}:{lobby.id}:0:botlevel",
        t("error.not_host", host="Cleo"),
        private=True,
        values=("easy",),
        unheard=t("stale.lobby"),
    )
    await tries.both(
        "another channel's lobby, join",
        dario,
        elsewhere,
        f"{PREFIX}:{lobby.id}:0:join",
        GONE,
        unheard=GONE,
    )
    # another game: each game's id under every other game's prefix, where it is played
    games = {PREFIX: (server.channel, live), **others}
    for prefix, (channel, game) in games.items():
        player = next(u for u in server.users if u.id == game.row.seats[0].user_id)
        for other in games:
            if other == prefix:
                continue
            for verb in ("hand", "watch", "rules"):
                await tries.both(
                    f"a {prefix} id as {other}'s, {verb}",
                    player,
                    channel,
                    f"{other}:{game.id}:{game.version}:{verb}",
                    GONE,
                    unheard=GONE,
                )
    # another channel: nothing of the game is shown there
    for verb in ("hand", "watch", "rules", "join", "play"):
        await tries.both(
            f"another channel's game, {verb}",
            acting,
            elsewhere,
            f"{PREFIX}:{g}:{v}:{verb}",
            GONE,
            private=verb == "play",
            values=(card,) if verb == "play" else (),
            unheard=GONE,
        )
    # a version to come, a version gone
    await tries.both(
        "a version to come",
        acting,
        server.channel,
        f"{PREFIX}:{g}:{v + 1}:play",
        GONE,
        private=True,
        values=(card,),
        unheard=GONE,
    )
    await tries.both(
        "a version gone",
        acting,
        server.channel,
        f"{PREFIX}:{g}:{v - 1}:play",
        stale,
        private=True,
        values=(card,),
        unheard=stale,
    )
    # made-up payloads
    running = t("error.export_running")
    made_up = [
        (
            "a card no hand holds",
            f"{PREFIX}:{g}:{v}:play",
            t("hc.error.not_held", card=99),
            True,
            (value_of(Play(0, 99)),),
        ),
        ("end, maybe", f"{PREFIX}:{g}:0:confirm:end.maybe", GONE, True, ()),
        ("something else confirmed", f"{PREFIX}:{g}:0:confirm:kick.yes", GONE, True, ()),
        ("forget, maybe", f"{PREFIX}:0:0:forget:maybe", GONE, True, ()),
        ("a game's id on a button of none", f"{PREFIX}:{g}:0:forget:yes", GONE, True, ()),
        (
            "an export of no game",
            f"{PREFIX}:0:0:history",
            t("error.unknown_game", command=f"/{COMMAND} new"),
            True,
            ("99999",),
        ),
        ("an export of a game in play", f"{PREFIX}:0:0:history", running, True, (str(g),)),
        ("an export of words", f"{PREFIX}:0:0:history", GONE, True, ("abc",)),
        ("a game beyond any id", f"{PREFIX}:99999999999999999999:0:join", GONE, False, ()),
        ("a computer of no level", f"{PREFIX}:{g}:0:botlevel", GONE, True, ("godlike",)),
    ]
    for case, custom_id, expected, private, values in made_up:
        await tries.both(
            case, acting, server.channel, custom_id, expected, private=private, values=values
        )

    assert await state(bots) == before, "no forged click changed any game"
    internal = t("error.internal")
    for case, route, said in tries.answers:
        assert internal not in said, (case, route, said)
    print("\nforged ids and their answers:")
    for case, route, said in tries.answers:
        print(f"- {case} ({route}): {said}")
