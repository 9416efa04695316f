"""Forged ids of Mamma Mia!'s own controls (issue #30, point 6): a turn put
together in a hand (its Play, its select, its piles and cards), a payment or
a help answered with a made-up word, someone else's turn. Each tried pressed
where it is not and planted on a message of the bot's; each gets a private
refusal and changes no game. The host's forged ids (seats, hosts, lobbies,
channels, versions, one game's id under another's prefix) are
tests/host/test_bot_forged.py's."""

from __future__ import annotations

from bot.games.mammamia.hand import Draft
from bot.i18n import t
from engine import mammamia as engine

from forging import GONE, Tries, state
from tests.mammamia.driver import Players


async def test_forged_ids_of_a_hand_are_refused_and_change_nothing(discord_server, bots):
    server = discord_server
    elsewhere = server.add_channel("elsewhere")
    await bots.start()
    ana, ben = server.users[:2]
    mm = Players(server, bots, [ana, ben], seed=3)
    await mm.open("classic")
    await mm.step()
    live = mm.live
    g, v = live.id, live.version
    seat = live.state.current
    acting, waiting = mm.user_of(seat), mm.user_of(1 - seat)
    turn = next(a for a in engine.legal_actions(live.state, seat) if isinstance(a, engine.Turn))
    draft = Draft.of(turn).encode()
    before = await state(bots)
    names = live.names()
    stale = t("error.stale")
    tries = Tries(server, bots)

    await tries.both(
        "another's turn, by its Play",
        waiting,
        server.channel,
        f"mm:{g}:{v}:play:{draft}",
        f"It is {names[seat]}'s turn.",
        private=True,
        unheard=stale,
    )
    await tries.both(
        "another's turn, by a hand's select",
        waiting,
        server.channel,
        f"mm:{g}:{v}:turn:{draft}",
        f"Your hand, {names[1 - seat]}",  # the presser's own hand, never the other's
        private=True,
        values=(draft,),
        unheard=stale,
    )
    await tries.both(
        "another channel's game, its Play",
        acting,
        elsewhere,
        f"mm:{g}:{v}:play:{draft}",
        GONE,
        private=True,
        unheard=GONE,
    )
    await tries.both(
        "a version to come",
        acting,
        server.channel,
        f"mm:{g}:{v + 1}:play:{draft}",
        GONE,
        private=True,
        unheard=GONE,
    )
    await tries.both(  # (a hand's Play names no version: it plays a pick if it is legal)
        "a version gone",
        acting,
        server.channel,
        f"mm:{g}:{v - 1}:pay:no",
        stale,
        unheard=stale,
    )
    own = f"Your hand, {names[seat]}"  # redrawn as it is, nothing chosen
    made_up = [
        ("a turn no hand holds", f"mm:{g}:{v}:play:zzz.99.-.supply", t("hand.choose"), True, ()),
        ("a pile that is none", f"mm:{g}:{v}:draw:{draft}", own, True, ("nowhere",)),
        ("cards that are none", f"mm:{g}:{v}:cards:{draft}", own, True, ("zzz*99",)),
        ("pay, maybe", f"mm:{g}:{v}:pay:maybe", GONE, False, ()),
        ("help, maybe", f"mm:{g}:{v}:help:maybe", GONE, False, ()),
    ]
    for case, custom_id, expected, private, values in made_up:
        await tries.both(
            case, acting, server.channel, custom_id, expected, private=private, values=values
        )

    assert await state(bots) == before, "no forged click changed any game"
    internal = t("error.internal")
    for case, route, said in tries.answers:
        assert internal not in said, (case, route, said)
