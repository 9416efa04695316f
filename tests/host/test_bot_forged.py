"""Forged component ids (issue #30, point 6): someone else's seat, another
game, another channel, a version to come or gone, a made-up payload. Each is
tried twice: pressed on a message that does not carry it (what a modified
client sends: no component hears it, `bot.interactions.clicks` answers), and planted on a
message of the bot's that carries it (as if Discord let it through, or an
older bot had drawn it: the components' own checks answer). Each gets a
private refusal, and no game's record, version, seats or status changes.

docs/security.md lists who may do what; this is its test."""

from __future__ import annotations

import json
from typing import Any

from bot.games.mammamia.hand import Draft
from bot.games.pizzaisland import render as pi_render
from bot.i18n import t
from engine import mammamia as engine

from fakediscord.models import BUTTON, FLAG_EPHEMERAL, FakeMessage
from fakediscord.server import FakeDiscord
from tests.mammamia.driver import Players
from tests.pizzaisland.driver import IslandPlayers

GONE = t("error.stale_button")


async def plant(
    server: FakeDiscord,
    channel: Any,
    custom_id: str,
    *,
    only: Any = None,
    values: tuple[str, ...] = (),
) -> FakeMessage:
    """A message of the bot's carrying `custom_id` (a select of `values` if
    any), for everyone or, as an ephemeral one, for `only`."""
    if values:
        options = [{"label": v, "value": v} for v in values]
        component = {"type": 3, "custom_id": custom_id, "options": options}
    else:
        component = {"type": BUTTON, "style": 2, "label": "x", "custom_id": custom_id}
    body = {"content": "planted", "components": [{"type": 1, "components": [component]}]}
    message = await server.create_message(channel, body, [])
    if only is not None:
        message.flags |= FLAG_EPHEMERAL
        message.visible_to = frozenset({only.id})
    return message


async def state(bots: Any) -> list[tuple[Any, ...]]:
    """Every game as stored: what no refusal may change."""
    storage = bots.current.service.storage
    found = []
    for game in range(1, 10):
        row = await storage.game(game)
        if row is not None:
            seats = [(s.user_id, s.name, s.agent) for s in row.seats]
            found.append((row.id, row.status.value, row.version, json.dumps(row.record), seats))
    return found


class Tries:
    """Forged clicks, each by both routes, and what each was answered."""

    def __init__(self, server: FakeDiscord, bots: Any) -> None:
        self.server, self.bots = server, bots
        self.answers: list[tuple[str, str, str]] = []  # (case, route, answer)

    async def both(
        self,
        case: str,
        user: Any,
        channel: Any,
        custom_id: str,
        expected: str | None,
        *,
        private: bool = False,
        values: tuple[str, ...] = (),
        unheard: str | None = None,
    ) -> None:
        """`custom_id` pressed where it is not (answered `unheard`, by default
        the table or "no longer works") and planted (answered `expected`)."""
        table = await plant(self.server, channel, "mm:0:0:noop")  # carries something else
        r = await self.server.press(user, table, custom_id, values=list(values) or None)
        said = await self._said(r)
        self.answers.append((case, "not on the message", said))
        if unheard is not None:
            assert unheard in said, (case, said)
        planted = await plant(
            self.server, channel, custom_id, only=user if private else None, values=values
        )
        if values:
            r = await self.server.select(user, planted, custom_id, list(values))
        else:
            r = await self.server.click(user, planted, custom_id)
        said = await self._said(r)
        self.answers.append((case, "on a message", said))
        if expected is not None:
            assert expected in said, (case, said)

    async def _said(self, r: Any) -> str:
        await self.bots.idle()
        assert r.response is not None, "answered"
        message = r.followups[-1] if r.followups else r.message
        assert message is not None and (message.ephemeral or message.content == "planted")
        return message.text.replace("\n", " ")[:300]


async def test_forged_ids_are_refused_and_change_nothing(discord_server, bots):
    server = discord_server
    island, elsewhere = server.add_channel("island"), server.add_channel("elsewhere")
    lobby_channel = server.add_channel("lobby")
    await bots.start()
    ana, ben, cleo, dario = server.users[:4]
    eve = server.add_user("Eve")
    mm = Players(server, bots, [ana, ben], seed=3)
    await mm.open("classic")
    await mm.step()
    pi = IslandPlayers(server, bots, [cleo, dario], seed=5)
    pi.channel = island
    await pi.open()
    await server.slash(cleo, lobby_channel, "mammamia", "new")
    lobby = await bots.current.service.lobbies.here(lobby_channel.id)
    live, island_game = mm.live, pi.live
    g, v, p, w = live.id, live.version, island_game.id, island_game.version
    seat = live.state.current
    acting, waiting = mm.user_of(seat), mm.user_of(1 - seat)
    turn = next(a for a in engine.legal_actions(live.state, seat) if isinstance(a, engine.Turn))
    draft = Draft.of(turn).encode()
    pi_seat = island_game.rules.to_act(island_game.state)[0]
    pi_acting, pi_waiting = pi.user_of(pi_seat), pi.user_of(1 - pi_seat)
    before = await state(bots)
    names = live.names()
    stale = t("error.stale")
    tries = Tries(server, bots)

    # someone else's seat
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
    pi_name = island_game.names()[pi_seat]
    await tries.both(
        "another's turn in Pizza Island",
        pi_waiting,
        island,
        f"pi:{p}:{w}:take:deck",
        pi_render.t("pi.error.not_your_turn", name=pi_name),
        unheard=stale,
    )
    await tries.both(
        "a decision that is not theirs",
        pi_waiting,
        island,
        f"pi:{p}:{w}:choice:decline",
        pi_render.t("pi.error.not_your_turn", name=pi_name),
        private=True,
        unheard=stale,
    )
    await tries.both(
        "ending a game they do not host",
        ben,
        server.channel,
        f"mm:{g}:0:confirm:end.yes",
        t("error.not_host", host="Ana"),
        private=True,
        unheard=stale,
    )
    await tries.both(
        "leaving a game they do not play",
        eve,
        server.channel,
        f"mm:{g}:0:confirm:leave.yes",
        t("error.not_in_game"),
        private=True,
        unheard=stale,
    )
    await tries.both(
        "another's hand",
        eve,
        server.channel,
        f"mm:{g}:{v}:hand",
        t("error.not_in_game"),
        unheard=stale,
    )
    for verb in ("start", "cancel", "addbot", "rmbot"):
        await tries.both(
            f"a lobby they do not host, {verb}",
            dario,
            lobby_channel,
            f"mm:{lobby.id}:0:{verb}",
            t("error.not_host", host="Cleo"),
            unheard=t("stale.lobby"),
        )
    await tries.both(
        "a computer added to a lobby they do not host",
        dario,
        lobby_channel,
        f"mm:{lobby.id}:0:botlevel",
        t("error.not_host", host="Cleo"),
        private=True,
        values=("easy",),
        unheard=t("stale.lobby"),
    )
    await tries.both(
        "another channel's lobby, join",
        dario,
        elsewhere,
        f"mm:{lobby.id}:0:join",
        GONE,
        unheard=GONE,
    )
    # another game: this game's id under the other game's prefix, and back
    await tries.both(
        "a Mamma Mia! id as Pizza Island's",
        acting,
        server.channel,
        f"pi:{g}:{v}:take:deck",
        GONE,
        unheard=GONE,
    )
    await tries.both(
        "a Pizza Island id as Mamma Mia!'s",
        pi_acting,
        island,
        f"mm:{p}:{w}:hand",
        GONE,
        unheard=GONE,
    )
    await tries.both(
        "another game's Play, as this one's",
        pi_acting,
        island,
        f"mm:{g}:{v}:play:{draft}",
        GONE,
        private=True,
        unheard=GONE,
    )
    # another channel: nothing of the game is shown there
    for verb in ("hand", "watch", "rules", "join", f"play:{draft}"):
        await tries.both(
            f"another channel's game, {verb.split(':')[0]}",
            acting,
            elsewhere,
            f"mm:{g}:{v}:{verb}",
            GONE,
            private=verb.startswith("play"),
            unheard=GONE,
        )
    # a version to come, a version gone
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
    await tries.both(
        "a version gone, in Pizza Island",
        pi_acting,
        island,
        f"pi:{p}:{w + 5}:take:deck",
        GONE,
        unheard=GONE,
    )
    # made-up payloads
    own = f"Your hand, {names[seat]}"  # redrawn as it is, nothing chosen
    running = t("error.export_running")
    no_ship = pi_render.t("pi.error.no_ship")
    made_up = [
        ("a turn no hand holds", f"mm:{g}:{v}:play:zzz.99.-.supply", t("hand.choose"), True, ()),
        ("a pile that is none", f"mm:{g}:{v}:draw:{draft}", own, True, ("nowhere",)),
        ("cards that are none", f"mm:{g}:{v}:cards:{draft}", own, True, ("zzz*99",)),
        ("pay, maybe", f"mm:{g}:{v}:pay:maybe", GONE, False, ()),
        ("help, maybe", f"mm:{g}:{v}:help:maybe", GONE, False, ()),
        ("end, maybe", f"mm:{g}:0:confirm:end.maybe", GONE, True, ()),
        ("something else confirmed", f"mm:{g}:0:confirm:kick.yes", GONE, True, ()),
        ("forget, maybe", "mm:0:0:forget:maybe", GONE, True, ()),
        ("a game's id on a button of none", f"mm:{g}:0:forget:yes", GONE, True, ()),
        (
            "an export of no game",
            "mm:0:0:history",
            t("error.unknown_game", command="/mammamia new"),
            True,
            ("99999",),
        ),
        ("an export of a game in play", "mm:0:0:history", running, True, (str(p),)),
        ("an export of words", "mm:0:0:history", GONE, True, ("abc",)),
        ("a Pizza Island choice of nothing", f"pi:{p}:{w}:choice:bogus", GONE, True, ()),
        ("a card the Ship lacks", f"pi:{p}:{w}:take:zzz", no_ship, False, ()),
        ("a game beyond any id", "mm:99999999999999999999:0:join", GONE, False, ()),
        ("a computer of no level", f"mm:{g}:0:botlevel", GONE, True, ("godlike",)),
    ]
    for case, custom_id, expected, private, values in made_up:
        channel = island if custom_id.startswith("pi:") else server.channel
        user = pi_acting if custom_id.startswith("pi:") else acting
        await tries.both(case, user, channel, custom_id, expected, private=private, values=values)

    assert await state(bots) == before, "no forged click changed any game"
    internal = t("error.internal")
    for case, route, said in tries.answers:
        assert internal not in said, (case, route, said)
    print("\nforged ids and their answers:")
    for case, route, said in tries.answers:
        print(f"- {case} ({route}): {said}")
