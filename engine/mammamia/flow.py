"""The game's flow: every change of phase in one place (turns → oven reveal →
next round → game end). `turn` and `reveal` carry out single steps and never
call each other; this module decides what comes after each step."""

from __future__ import annotations

from .. import rng
from ..errors import RecordError
from . import reveal, turn
from .cards import MAMMA_MIA
from .events import (
    Events,
    GameOver,
    RevealStarted,
    RoundEnded,
    RoundStarted,
    Skipped,
    TurnBegun,
    emit,
)
from .state import OVER, REVEAL, TURN, LastPlay, State


def after_turn(state: State, seat: int, emptied: bool, events: Events) -> None:
    """After a turn (or a PL-T2 skip): the next turn, or the oven reveal when
    the supply ran out (MM-T6, PL-T3) or a PL-T4 round's last turn was played."""
    if emptied:
        revealer = seat if state.box.draw_cap is not None else state.mamma_mia
        start_reveal(state, revealer, events)
        return
    if state.turns_left is not None:
        state.turns_left -= 1
        if state.turns_left == 0:
            start_reveal(state, state.revealer, events)
            return
    begin_turn(state, (seat + 1) % state.seats, events)


def begin_turn(state: State, seat: int, events: Events) -> None:
    """Hand the turn to `seat`, running PL-T2 skips by themselves."""
    state.current = seat
    if events is not None:
        events.append(TurnBegun(seat))
    if state.box.draw_cap is not None and not turn.holds_ingredient(state, seat):
        state.last_play = LastPlay(seat, None, skipped=True)
        emit(events, Skipped(seat))
        emptied = turn.draw_supply(state, seat, 5, events)
        after_turn(state, seat, emptied, events)


def start_reveal(state: State, revealer: int | None, events: Events) -> None:
    """Phase 1 is over: the oven is revealed card by card (MM-R1, PL-T3)."""
    state.phase = REVEAL
    state.revealer = revealer
    state.turns_left = None
    table = {k: n for k, n in state.table.items() if n}
    emit(events, RevealStarted(revealer, state.round, len(state.oven), table))
    advance(state, events)


def advance(state: State, events: Events) -> None:
    """Reveal oven cards until a decision is needed or the oven is empty."""
    while state.pending is None:
        if not state.oven:
            end_round(state, events)
            return
        reveal.reveal_next(state, events)


def end_round(state: State, events: Events) -> None:
    """MM-R11, MM-E1, PL-E1: after the last oven card."""
    if events is not None:
        events.append(RoundEnded(state.round, {k: n for k, n in state.table.items() if n}))
    if state.round >= state.last_round:
        end_game(state, events)
        return
    if state.box.has_mamma_mia:
        first = state.mamma_mia
        cards = [*state.used, MAMMA_MIA]
        state.mamma_mia = None
    else:
        first = state.revealer
        cards = state.used
    assert first is not None
    state.used = []
    cards.sort()  # the used pile's order carries no meaning
    if state.reshuffles:
        forced, state.reshuffles = state.reshuffles[0], state.reshuffles[1:]
        if sorted(forced) != cards:
            raise RecordError("a reshuffle in the record is not a permutation of the cards")
        cards = list(forced)
    else:
        state.rng = rng.shuffle(state.rng, cards)
    state.supply = cards
    state.round += 1
    state.phase = TURN
    state.last_play = None
    if not cards:  # PL-T4: one turn each, starting with (and revealed by) the last revealer
        state.turns_left = state.seats
    if events is not None:
        events.append(RoundStarted(state.round, first, len(cards)))
    begin_turn(state, first, events)


def ranking(state: State) -> list[list[int]]:
    """Places, best first (MM-E1): most delivered orders, then most ingredient
    cards in hand; seats equal on both share a place (the [decision] shared win)."""
    kinds = state.box.kindset
    key = {
        s: (len(state.delivered[s]), sum(1 for c in state.hands[s] if c in kinds))
        for s in range(state.seats)
    }
    places: list[list[int]] = []
    for seat in sorted(key, key=lambda s: key[s], reverse=True):
        if places and key[places[-1][0]] == key[seat]:
            places[-1].append(seat)
        else:
            places.append([seat])
    return places


def end_game(state: State, events: Events) -> None:
    places = ranking(state)
    state.winners = tuple(places[0])
    state.phase = OVER
    if events is not None:
        kinds = state.box.kindset
        scores = [len(d) for d in state.delivered]
        ingredients = [sum(1 for c in h if c in kinds) for h in state.hands]
        events.append(GameOver(list(state.winners), scores, ingredients, places))
