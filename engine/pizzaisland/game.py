"""The rules' public face: who acts, what is legal, and applying an action.

`check` tests, in a fixed order, that the match is not over, the seat may act,
and the action fits the open decision (if any); then the step's own module
gives the reason for a refusal. Between games `advance` deals the next game
from the match seed (deal.py), so a live match never waits between games.
"""

from __future__ import annotations

from ..errors import IllegalAction
from ..rng import mix
from . import flow, heroes, turn
from .actions import Action, Decline, Discard, Fork, Knife, Mushroom, Pepper, Replace, Stop, Take
from .cards import CARDS
from .deal import deal
from .events import Event, Events, HeroDeclined, emit
from .match import next_playing
from .state import ADVANCED, GAME_OVER, MATCH_OVER, SPEEDY, State

_APPLY = (Mushroom, Pepper, Knife, Fork)


def check_seat(state: State, seat: int) -> None:
    """Raise IllegalAction unless `seat` is the one to act now."""
    if state.phase == MATCH_OVER:
        raise IllegalAction("match_over")
    if state.phase == GAME_OVER:
        raise IllegalAction("game_over")
    if not 0 <= seat < state.seats:
        raise IllegalAction("no_such_seat", number=seat)
    if seat != state.current:
        raise IllegalAction("not_your_turn", seat=state.current)


def check(state: State, action: Action) -> None:
    """Raise IllegalAction (with the reason) unless `action` is legal now."""
    check_seat(state, action.seat)
    pending = state.pending
    kind = type(action)
    if kind is Take or kind is Stop:
        if pending is not None:
            raise IllegalAction("decision_open", decision="third" if pending.third else "hero")
        if kind is Take:
            turn.check_take(state, action)  # type: ignore[arg-type]
        else:
            turn.check_stop(state, action)  # type: ignore[arg-type]
    elif kind is Discard or kind is Replace:
        if pending is None or pending.third is None:
            raise IllegalAction("no_third_choice")
        turn.check_third(state, action)  # type: ignore[arg-type]
    else:
        if pending is None or pending.hero is None:
            raise IllegalAction("no_hero_decision")
        if isinstance(action, _APPLY):
            heroes.check_apply(state, action)


def is_legal(state: State, action: Action) -> bool:
    try:
        check(state, action)
    except IllegalAction:
        return False
    return True


def step(state: State, action: Action, events: Events = None) -> None:
    """Check and apply `action` to `state` in place. For callers that own the
    state outright (simulations, search); everyone else uses `apply`."""
    check(state, action)
    if isinstance(action, Take):
        turn.take(state, action, events)
    elif isinstance(action, Stop):
        turn.stop(state, action, events)
    elif isinstance(action, Discard | Replace):
        turn.third(state, action, events)
    elif isinstance(action, Decline):
        assert state.pending is not None and state.pending.hero is not None
        emit(events, HeroDeclined(action.seat, state.pending.hero))
        state.pending = None
    else:
        heroes.apply_hero(state, action, events)
    flow.settle(state, events)
    state.version += 1


def derived_seed(deck: tuple[str, ...]) -> int:
    """The match seed of a record that has none: one derived from its first
    deal, so a hand-written record still goes on the same way everywhere."""
    return mix(*(CARDS.index(c) for c in deck))


def next_deal_args(state: State) -> tuple[int, int, tuple[int, ...], int | None]:
    speedy = state.achievements.get(SPEEDY) if state.level == ADVANCED else None
    assert state.seed is not None
    return state.seed, state.game + 1, next_playing(state), speedy


def advance(state: State, events: Events = None) -> None:
    """Between games, deal the next one from the match seed (deal.py)."""
    if state.phase == GAME_OVER and state.seed is not None:
        flow.start_game(state, deal(*next_deal_args(state)), events)


def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after `action` and what happened (the next game dealt when
    one ended); `state` itself is untouched."""
    after = state.copy()
    events: list[Event] = []
    step(after, action, events)
    advance(after, events)
    return after, events


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of `seat`, in a stable order: takes (deck, then the
    Ship in its order), stop; third-colour choices; applications, decline."""
    if state.current != seat or state.phase != "turn":
        return []
    pending = state.pending
    if pending is None:
        actions: list[Action] = []
        if state.taken < turn.TAKE_LIMIT:
            if state.deck:
                actions.append(Take(seat, "deck"))
            actions += [Take(seat, card) for card in dict.fromkeys(state.ship)]
        if state.taken:
            actions.append(Stop(seat))
        return actions
    if pending.third is not None:
        pizzas = state.pizzas[seat]
        own = [Discard(seat, c) for s in pizzas.values() for c in dict.fromkeys(s)]
        return [*own, *(Replace(seat, colour) for colour in pizzas)]
    return [*heroes.legal_applications(state, seat), Decline(seat)]
