"""A question put to several seats at once, for every game.

Some decisions go to several seats in a fixed order, the first answer that
settles it winning (say, a player asks the others for help one at a time and
the first who accepts helps). Asked in turn, each with its own ping and
clock, one such question can hold a table for minutes.
So the host asks them all at once: each seat's answer is stored with the game
(committed before the click is answered), and once the answers settle the
question the engine is given them one seat at a time, in its own order, so the
record is the one the rule's order would have made. An answer the engine never
reaches (a later seat's, once an earlier one settled it) is not applied.

Which seats are asked, which answers the rules take and in which order, and
whether an answer is valid are the engine's (`engine.question`): the host only
stores the answers, committed before each click is answered. The whole
question has one state version, so one clock and one set of buttons.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.clocks.thinking import think
from bot.flow.service import By, GameService
from bot.live.live import Live
from bot.live.presence import Answers, Auto, Presence, Standing
from bot.live.refusals import ServiceError, named, seat_for
from bot.storage import GameStatus
from engine import ActionError
from engine.interface import Action, Agent, Event, State
from engine.question import as_asked

#: (seat, action, timed out): one answer the engine takes, in its order.
Plan = list[tuple[int, Action, bool]]


def asked(live: Live) -> tuple[int, ...]:
    """The seats the pending question is put to, in the engine's order."""
    return tuple(live.rules.asked(live.state))


def answers_of(live: Live, presence: Presence, version: int) -> dict[int, Action]:
    """The answers stored for the question of this state version."""
    stored = presence.answers
    if stored is None or stored.version != version:
        return {}
    return {seat: live.rules.action_from_json(a) for seat, a in stored.seats.items()}


def store(
    presence: Presence, version: int, answers: dict[int, Action], pressed: int | None = None
) -> None:
    """Store the answers of the question of `version`; `pressed`: a seat whose
    person has just answered (the others kept as they were)."""
    stored = presence.answers
    people = stored.pressed if stored is not None and stored.version == version else ()
    if pressed is not None and pressed not in people:
        people = (*people, pressed)
    presence.answers = Answers(version, {s: a.to_json() for s, a in answers.items()}, people)


async def carry_out(
    service: GameService, live: Live, presence: Presence, plan: Plan, by: By = None
) -> None:
    """Give the engine the settling answers, one committed action each. The
    answers not yet applied stay stored under each new version, so a restart
    in the middle finishes the question (`Timers` finds it settled). The
    caller holds the game's lock."""
    left = {seat: action for seat, action, _ in plan}
    # The people who answered pressed just now: the posts that follow report
    # it, and mention none of them for a wait that goes on (those the bot
    # answered for, a standing answer or a computer, did nothing now).
    people = presence.answers.pressed if presence.answers is not None else ()
    acting = frozenset(u for s in people if (u := live.row.seats[s].user_id) is not None)
    for index, (seat, action, _late) in enumerate(plan):
        left.pop(seat)
        if index == len(plan) - 1:
            presence.answers = None
        else:
            store(presence, live.version + 1, left)
        await service.commit(live, seat, action, presence, by, acting)


async def answer(
    service: GameService,
    game_id: int,
    user_id: int,
    make: Callable[[int], Action],
    version: int,
    by: By = None,
    standing: str | None = None,
) -> bool:
    """A person's answer to the question: checked, stored, and applied with the
    others once they settle it. True if this answer settled the question.
    With `standing` (a scope, `presence.NARRATION` or `GAME`) it is their
    answer to every question put to them in that while, stored with it."""
    async with service.games.lock(game_id):
        live = await service.games.live(game_id)
        if live.row.status != GameStatus.RUNNING:
            raise ServiceError("game_over")
        seat = seat_for(live, user_id)
        if version != live.version:
            raise ServiceError("stale")
        if seat not in asked(live):
            service.check_seat(live, user_id)  # the engine's words for who decides
            raise ServiceError("stale")
        presence = live.presence()
        if presence.kicked[seat]:
            raise ServiceError("left_game")
        action = make(seat)
        try:
            live.rules.check_answer(live.state, action)
        except ActionError as illegal:
            raise named(illegal, live) from illegal
        presence.timeouts[seat], presence.away[seat] = 0, False
        answers = answers_of(live, presence, live.version)
        answers[seat] = action
        store(presence, live.version, answers, pressed=seat)
        if standing is not None:
            presence.standing[seat] = Standing(action.to_json(), standing)
        plan = live.rules.settle(live.state, answers, False)
        if plan is None:
            await service.set_presence(live, presence)
        else:
            await carry_out(service, live, presence, plan, by)
    service.changed(live, by)  # settled, or the question says who has answered
    return plan is not None


async def ask_agents(
    live: Live,
    presence: Presence,
    agent_for: Callable[[Live, int], Agent[State, Action, Event] | None],
) -> bool:
    """Computer seats, and people the bot plays for, answer at once; True if
    that settles the question. Stored by the caller, who holds the lock."""
    answers = answers_of(live, presence, live.version)
    for seat in asked(live):
        if seat in answers:
            continue
        stood = presence.standing.get(seat)
        if stood is not None:  # the person's answer to every question, given once
            answers[seat] = live.rules.action_from_json(stood.answer)
            continue
        agent = agent_for(live, seat)
        if agent is None:
            continue
        state = question_state(live, seat)
        answers[seat] = await think(agent, state, seat)
    if answers:
        store(presence, live.version, answers)
    return live.rules.settle(live.state, answers, False) is not None


def question_state(live: Live, seat: int) -> State:
    """The state as the question will stand when it reaches `seat` (what its
    agent decides on): the seats before it having let it pass."""
    state: State = as_asked(live.rules, live.state, seat)
    return state


async def expire(
    service: GameService,
    live: Live,
    version: int,
    why: Callable[[Presence, int], str],
) -> None:
    """The question's one deadline passed: whoever did not answer lets it pass
    (their timeout counted only where the engine reaches them)."""
    async with service.games.lock(live.id):
        if live.version != version or live.row.status != GameStatus.RUNNING:
            return
        presence = live.presence()
        presence.armed = None
        answers = answers_of(live, presence, version)
        plan = live.rules.settle(live.state, answers, True) or []
        for seat, _action, late in plan:
            if late and live.row.seats[seat].agent is None:
                reason = why(presence, seat)
                if presence.auto_at(version + len(plan)) is None:
                    presence.auto = Auto(version + len(plan), seat, reason)
        await carry_out(service, live, presence, plan)
    service.changed(live)
