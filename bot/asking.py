"""A question put to several seats at once, for every game.

Some decisions go to several seats in a fixed order, the first answer that
settles it winning: Mamma Mia! Plus asks the other players for help one at a
time, clockwise, and the first who accepts helps (PL-H2). Asked in turn, each
with its own ping and clock, one such question can hold a table for minutes.
So the host asks them all at once: each seat's answer is stored with the game
(committed before the click is answered), and once the answers settle the
question the engine is given them one seat at a time, in its own order, so the
record is the one the rule's order would have made. An answer the engine never
reaches (a later seat's, once an earlier one settled it) is not applied.

Which seats are asked is the presentation's to say, from the public view
(`Presentation.asked`). The engine checks each answer as the state will be when
that seat's turn to answer comes: the seats before it having let the question
pass (their safe moves), the only way the question reaches it. The whole
question has one state version, so one clock and one set of buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import ActionError, AnyGame
from engine.interface import Action, State

from .games import presentation
from .presence import Presence
from .service import GameService, Live, ServiceError, named, seat_for
from .storage import GameStatus
from .thinking import think

#: (seat, action, timed out): one answer the engine is given, in its order.
Plan = list[tuple[int, Action, bool]]


def asked(live: Live, state: State | None = None) -> list[int]:
    """The seats the pending question is put to, in the engine's order."""
    view = live.rules.public_view(live.state if state is None else state)
    return list(presentation(live.row.game).asked(view))


def answers_of(presence: Presence, version: int) -> dict[int, dict[str, Any]]:
    """The answers stored for the question of this state version."""
    data = presence.answers
    if not data or data.get("version") != version:
        return {}
    return {int(seat): answer for seat, answer in data["seats"].items()}


def as_asked(rules: AnyGame, state: State, queue: list[int], seat: int) -> State:
    """The state as it will be when the question reaches `seat`: every seat
    before it in `queue` having let it pass."""
    for earlier in queue[: queue.index(seat)]:
        state, _ = rules.apply(state, rules.safe_move(state, earlier))
    return state


def settle(
    live: Live, queue: list[int], answers: dict[int, dict[str, Any]], expired: bool
) -> Plan | None:
    """The answers the engine takes, in its order, once they settle the
    question; None while it is still open. When `expired`, a seat that did
    not answer lets the question pass (its safe move)."""
    rules, state = live.rules, live.state
    plan: Plan = []
    remaining = list(queue)
    while remaining:
        seat = remaining[0]
        late = seat not in answers
        if late and not expired:
            return None
        action = rules.safe_move(state, seat) if late else rules.action_from_json(answers[seat])
        try:
            after, _ = rules.apply(state, action)
        except ActionError:  # checked when given; should the table have changed, let it pass
            action = rules.safe_move(state, seat)
            after, _ = rules.apply(state, action)
        plan.append((seat, action, late))
        state = after
        following = asked(live, state)
        if following != remaining[1:]:  # the question is settled (or a new one begins)
            break
        remaining = following
    return plan


async def carry_out(service: GameService, live: Live, presence: Presence, plan: Plan) -> None:
    """Give the engine the settling answers, one committed action each. The
    answers not yet applied stay stored under each new version, so a restart
    in the middle finishes the question (`Timers` finds it settled). The
    caller holds the game's lock."""
    left = {seat: action.to_json() for seat, action, _ in plan}
    for index, (seat, action, _late) in enumerate(plan):
        left.pop(seat)
        last = index == len(plan) - 1
        seats = {str(s): a for s, a in left.items()}
        presence.answers = None if last else {"version": live.version + 1, "seats": seats}
        await service.commit(live, seat, action, presence)


async def answer(
    service: GameService,
    game_id: int,
    user_id: int,
    make: Callable[[int], Action],
    version: int,
) -> bool:
    """A person's answer to the question: checked, stored, and applied with the
    others once they settle it. True if this answer settled the question."""
    async with service.lock(game_id):
        live = await service.live(game_id)
        if live.row.status != GameStatus.RUNNING:
            raise ServiceError("game_over")
        seat = seat_for(live, user_id)
        if version != live.version:
            raise ServiceError("stale")
        queue = asked(live)
        if seat not in queue:
            service.check_seat(live, user_id)  # the engine's words for who decides
            raise ServiceError("stale")
        presence = live.presence()
        if presence.kicked[seat]:
            raise ServiceError("left_game")
        action = make(seat)
        try:
            live.rules.check(as_asked(live.rules, live.state, queue, seat), action)
        except ActionError as illegal:
            raise named(illegal, live) from illegal
        presence.timeouts[seat], presence.away[seat] = 0, False
        answers = answers_of(presence, live.version)
        answers[seat] = action.to_json()
        seats = {str(s): a for s, a in answers.items()}
        presence.answers = {"version": live.version, "seats": seats}
        plan = settle(live, queue, answers, expired=False)
        if plan is None:
            await service.set_presence(live, presence)
        else:
            await carry_out(service, live, presence, plan)
    if plan is not None:
        service.changed(live)
    return plan is not None


async def ask_agents(live: Live, presence: Presence, agent_for: Callable[[Live, int], Any]) -> bool:
    """Computer seats, and people the bot plays for, answer at once; True if
    that settles the question. Stored by the caller, who holds the lock."""
    queue = asked(live)
    answers = answers_of(presence, live.version)
    for seat in queue:
        agent = agent_for(live, seat)
        if agent is None or seat in answers:
            continue
        state = as_asked(live.rules, live.state, queue, seat)
        choice = await think(agent, state, seat)
        answers[seat] = choice.to_json()
    if answers:
        seats = {str(s): a for s, a in answers.items()}
        presence.answers = {"version": live.version, "seats": seats}
    return settle(live, queue, answers, expired=False) is not None


async def expire(
    service: GameService,
    live: Live,
    version: int,
    why: Callable[[Presence, int], str],
) -> None:
    """The question's one deadline passed: whoever did not answer lets it pass
    (their timeout counted only where the engine reaches them)."""
    async with service.lock(live.id):
        if live.version != version or live.row.status != GameStatus.RUNNING:
            return
        presence = live.presence()
        presence.armed = None
        queue = asked(live)
        plan = settle(live, queue, answers_of(presence, version), expired=True) or []
        for seat, _action, late in plan:
            if late and live.row.seats[seat].agent is None:
                reason = why(presence, seat)
                if presence.auto is None or presence.auto.get("version") != version + len(plan):
                    presence.auto = {"version": version + len(plan), "seat": seat, "why": reason}
        await carry_out(service, live, presence, plan)
    service.changed(live)
