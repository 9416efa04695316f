"""Issue 41: a round's reveal is posted exactly once, even when the move
that starts it is committed while the publisher is still posting the table
of the move before (two people playing quickly; a computer). The publisher
then drew the pending decision on a narration it had not shown yet: it
posted the reveal for it, and again for the narration's own first step, a
few milliseconds apart, through the person's interaction (no nonce there)."""

from __future__ import annotations

import re
from typing import Any

from engine import mammamia as engine

from tests.mammamia.driver import Players


def racing_pair(live: Any) -> tuple[Any, Any] | None:
    """A move and the next person's move after it that ends the round, the
    reveal then waiting at once for a decision; None if there is none now."""
    rules, state = live.rules, live.state
    seat = state.to_act()[0]
    for first in rules.legal_actions(state, seat):
        after, _ = rules.apply(state, first)
        if after.phase != "turn":
            continue
        for second in rules.legal_actions(after, after.to_act()[0]):
            last, events = rules.apply(after, second)
            started = any(isinstance(e, engine.events.RevealStarted) for e in events)
            if started and last.pending is not None:
                return first, second
    return None


def play_options(action: Any) -> tuple[str, dict[str, Any]]:
    if isinstance(action, engine.Pass):
        return "pass", {"draw": action.draw or "supply"}
    options = {"ingredient": action.ingredient, "count": action.count}
    options["draw"] = action.draw or "supply"
    if action.order:
        options["order"] = action.order
    return "play", options


async def test_a_reveal_started_while_the_table_is_posted_is_posted_once(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=5)
    await players.open("classic", turn_timer="off")
    pair = None
    for _ in range(200):
        pair = racing_pair(players.live)
        if pair is not None:
            break
        await players.step()
    assert pair is not None, "a round ends with a decision waiting"
    first, second = pair
    publisher = bots.current.publisher
    table = publisher._table
    armed = [True]

    async def then_the_next_move(live: Any, stage: Any, version: int) -> None:
        await table(live, stage, version)
        if armed[0]:  # the next person plays while this table is being posted
            armed[0] = False
            user = players.user_of(second.seat)
            verb, options = play_options(second)
            await discord_server.slash(
                user, discord_server.channel, "mammamia", verb, options=options
            )

    publisher._table = then_the_next_move
    verb, options = play_options(first)
    await discord_server.slash(
        players.user_of(first.seat), discord_server.channel, "mammamia", verb, options=options
    )
    await bots.idle()
    assert not armed[0], "the race was run"
    assert players.live.state.phase == "reveal"
    mark = re.compile(rf"^mm:{players.game}:0:rules:n$")
    reveals = [m for m in discord_server.bot_posts() if any(mark.match(i) for i in m.custom_ids())]
    assert len(reveals) == 1, [(m.id, m.at, m.deleted) for m in reveals]
