"""Forged ids of Pizza Island's own controls (issue #30, point 6): a card
taken or a decision answered by a seat whose turn it is not, a version gone,
a choice of nothing, a card the Ship lacks. Each tried pressed where it is
not and planted on a message of the bot's; each gets a private refusal and
changes no game. The host's forged ids are tests/host/test_bot_forged.py's."""

from __future__ import annotations

from bot.games.pizzaisland import render as pi_render
from bot.i18n import t

from forging import GONE, Tries, state
from tests.pizzaisland.driver import IslandPlayers


async def test_forged_ids_of_a_turn_are_refused_and_change_nothing(discord_server, bots):
    server = discord_server
    await bots.start()
    cleo, dario = server.users[2:4]
    pi = IslandPlayers(server, bots, [cleo, dario], seed=5)
    await pi.open()
    island = pi.live
    p, w = island.id, island.version
    seat = island.rules.to_act(island.state)[0]
    acting, waiting = pi.user_of(seat), pi.user_of(1 - seat)
    before = await state(bots)
    name = island.names()[seat]
    stale = t("error.stale")
    tries = Tries(server, bots)
    channel = pi.channel

    await tries.both(
        "another's turn",
        waiting,
        channel,
        f"pi:{p}:{w}:take:deck",
        pi_render.t("pi.error.not_your_turn", name=name),
        unheard=stale,
    )
    await tries.both(
        "a decision that is not theirs",
        waiting,
        channel,
        f"pi:{p}:{w}:choice:decline",
        pi_render.t("pi.error.not_your_turn", name=name),
        private=True,
        unheard=stale,
    )
    await tries.both(
        "a version to come", acting, channel, f"pi:{p}:{w + 5}:take:deck", GONE, unheard=GONE
    )
    no_ship = pi_render.t("pi.error.no_ship")
    made_up = [
        ("a choice of nothing", f"pi:{p}:{w}:choice:bogus", GONE, True, ()),
        ("a card the Ship lacks", f"pi:{p}:{w}:take:zzz", no_ship, False, ()),
    ]
    for case, custom_id, expected, private, values in made_up:
        await tries.both(case, acting, channel, custom_id, expected, private=private, values=values)

    assert await state(bots) == before, "no forged click changed any game"
    internal = t("error.internal")
    for case, route, said in tries.answers:
        assert internal not in said, (case, route, said)
