"""Quick Plus reveals: a help request goes to every player who may help at
once (PL-H2), answered in any order, settled in the rule's order."""

from __future__ import annotations

from typing import Any

from bot.games.mammamia import render
from bot.kit.clock import ManualClock
from engine import mammamia as engine
from engine.mammamia.reveal import first_lacking

from tests.mammamia.driver import Players


def _holds(state: Any, seat: int, cards: Any) -> bool:
    return first_lacking(state.hands[seat], cards) is None


def _queue(state: Any, owner: int) -> list[int]:
    seats = [(owner + i) % state.seats for i in range(1, state.seats)]
    return [s for s in seats if state.order_piles[s]]


async def _open_request(players: Players, wanted: Any) -> tuple[int, Any, list[int]]:
    """Play until an owner may ask for help in a way `wanted(state, queue, ask)`
    likes, then ask through the reveal's Ask button and private picker."""
    for _ in range(3000):
        state = players.live.state
        pending = state.pending
        if state.phase == "reveal" and pending is not None and pending.stage == "pay":
            owner, queue = pending.owner, _queue(state, pending.owner)
            asks = [a for a in engine.legal_actions(state, owner) if isinstance(a, engine.Ask)]
            ask = next((a for a in asks if wanted(state, queue, a)), None)
            if ask is not None:
                break
        assert state.phase != "over", "no help request of the wanted kind came up"
        await players.step()
    else:
        raise AssertionError("no help request of the wanted kind came up")
    g, v = players.game, state.version
    user = players.user_of(owner)
    picker = (await players.click_decision(user, f"mm:{g}:{v}:ask")).message
    select = picker.find_select(prefix=f"mm:{g}:{v}:askset")
    value = ",".join(f"{k}={n}" for k, n in ask.cards)
    await players.server.select(user, picker, select["custom_id"], [value])
    await players.bots.idle()
    assert players.live.state.pending.stage == "help"
    assert list(players.live.state.pending.asking) == queue
    return owner, ask.cards, queue


async def test_pl_h2_answers_out_of_order_are_applied_in_clockwise_order(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:4], seed=2)
    await players.open("plus", help=True)

    def wanted(state: Any, queue: list[int], ask: Any) -> bool:  # B holds, A does not
        return (
            len(queue) == 3
            and _holds(state, queue[1], ask.cards)
            and not _holds(state, queue[0], ask.cards)
        )

    owner, cards, queue = await _open_request(players, wanted)
    first, second, third = queue
    live = players.live
    g, v, done = players.game, live.version, len(live.record["actions"])
    names = live.names()

    # One message asks everyone at once, and the table mentions them all.
    reveal = players.reveal_message()
    for name in (names[s] for s in queue):
        assert name in reveal.text
    assert reveal.find_button(custom_id=f"mm:{g}:{v}:help:yes")
    table = discord_server.get_message(live.row.table_message_id)
    assert table.notified == {players.user_of(s).id for s in queue}

    # The last seat answers first, then the second helps: nothing is applied,
    # since the first seat, whom the rule asks before them, has not answered.
    third_helps = _holds(live.state, third, cards)
    r = await players.click_decision(
        players.user_of(third), f"mm:{g}:{v}:help:{'yes' if third_helps else 'no'}"
    )
    assert r.response.type == 6 and not r.followups, "an answer adds no message"
    r = await players.click_decision(players.user_of(second), f"mm:{g}:{v}:help:yes")
    assert r.response.type == 6 and not r.followups
    await bots.idle()
    assert players.live.version == v, "not settled while an earlier player may still help"
    # The request, in place, says who has answered, not how.
    answered = render.t("decide.help_answered", names=render.names_of(names, [second, third]))
    assert answered in players.reveal_message().text

    # Help without the cards is refused privately; refusing settles it.
    r = await players.click_decision(players.user_of(first), f"mm:{g}:{v}:help:yes")
    assert r.message.ephemeral and render.cards(dict(cards)) in r.message.content
    assert players.live.version == v
    await players.click_decision(players.user_of(first), f"mm:{g}:{v}:help:no")
    await bots.idle()

    # The record takes the answers clockwise: the first's refusal, the second's
    # help; the third's answer (even an acceptance) is never applied.
    actions = players.live.record["actions"][done : done + 3]
    assert actions[:2] == [{"seat": first, "help": False}, {"seat": second, "help": True}]
    assert actions[2:] == [] or "help" not in actions[2]
    made = [e for e in players.live.events[v + 2] if isinstance(e, engine.events.Made)]
    assert made and made[0].helper == second and made[0].seat == owner
    replayed = engine.replay(players.live.record)
    assert replayed.error is None
    assert replayed.state.fingerprint() == players.live.state.fingerprint()


async def test_pl_h2_one_timer_for_the_whole_request(discord_server, bots):
    bots.clock = ManualClock()
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:4], seed=3)
    await players.open("plus", help=True, turn_timer="off")

    def wanted(state: Any, queue: list[int], ask: Any) -> bool:
        return len(queue) >= 2 and _holds(state, queue[-1], ask.cards)

    _owner, _cards, queue = await _open_request(players, wanted)
    g, v, done = players.game, players.live.version, len(players.live.record["actions"])
    # The last seat helps; the others do not answer at all.
    await players.click_decision(players.user_of(queue[-1]), f"mm:{g}:{v}:help:yes")
    await bots.advance(59)
    assert players.live.version == v, "one decision timer for the whole request"
    await bots.advance(2)
    actions = players.live.record["actions"][done:]
    expected = [{"seat": s, "help": False} for s in queue[:-1]]
    expected.append({"seat": queue[-1], "help": True})
    assert actions[: len(queue)] == expected
    assert players.live.presence().timeouts[queue[0]] == 1, "a timeout counts where it was applied"
    table = discord_server.get_message(players.live.row.table_message_id).text
    assert render.t("table.auto.timeout", name=players.live.names()[queue[0]]) in table


async def test_pl_h2_no_help_this_round_answers_every_request_of_the_round(discord_server, bots):
    """One press refuses every help request for the rest of the reveal: the
    next request in the round takes that player's refusal at once, whatever
    they hold; the next round asks them again."""
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:4], seed=2)
    await players.open("plus", help=True, turn_timer="off")
    _owner, _cards, queue = await _open_request(players, lambda s, q, a: len(q) >= 2)
    g, v = players.game, players.live.version
    refuser = queue[0]
    round_ = players.live.state.round
    r = await players.click_decision(players.user_of(refuser), f"mm:{g}:{v}:help:no-round")
    assert r.response.type == 6 and not r.followups, "one press, no message"
    assert players.live.presence().standing[refuser].scope == "narration"

    asked_again = []
    for _ in range(3000):  # to the round's end: no request waits for the refuser
        live = players.live
        state = live.state
        if state.round != round_ or state.phase == "over":
            break
        pending = state.pending
        helping = state.phase == "reveal" and pending is not None and pending.stage == "help"
        if helping and refuser in pending.asking and live.version != v:
            asked_again.append(live.version)
            assert refuser in (live.presence().answers.seats if live.presence().answers else {})
        await players.step()
    refusals = [a for a in players.live.record["actions"] if a == {"seat": refuser, "help": False}]
    assert refusals, "the refuser's answer was applied"
    while players.live.state.phase not in ("reveal", "over"):
        await players.step()
    if players.live.state.phase == "reveal":
        assert refuser not in players.live.presence().standing, "the next reveal asks again"
