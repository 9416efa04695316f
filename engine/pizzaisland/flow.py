"""The match's flow: every change of turn, game and phase in one place
(`pizza-island-record.md`, "The turn, step by step"). `turn` and `heroes`
carry out single steps; `settle` decides what comes after each action."""

from __future__ import annotations

from ..errors import IllegalAction
from .cards import SHIP_SIZE
from .deal import Deal
from .events import Events, GameStarted, TurnBegun, TurnEnded, emit
from .match import end_game, next_playing
from .state import (
    ACHIEVEMENTS,
    ADVANCED,
    COMPLETED,
    DECK_EMPTY,
    GAME_OVER,
    GAME_TAKES,
    SPEEDY,
    STALEMATE,
    STALEMATE_TAKES,
    TAKE_CAP,
    TURN,
    State,
)
from .turn import TAKE_LIMIT


def check_deal(state: State, deal: Deal) -> int:
    """The seat that starts the next game: a refused deal raises IllegalAction
    (a game after the match ended or before the last one ended, a wrong
    `first`)."""
    if state.phase == TURN:
        raise IllegalAction("game_not_over")
    if state.phase != GAME_OVER:
        raise IllegalAction("match_over")
    playing = next_playing(state)
    speedy = state.achievements.get(SPEEDY) if state.level == ADVANCED else None
    if speedy is not None and speedy in playing:
        if deal.first not in (None, speedy):
            raise IllegalAction("speedy_starts", seat=speedy)
        return speedy
    if deal.first is None or deal.first not in playing:
        raise IllegalAction("bad_first", seat=deal.first)
    return deal.first


def start_game(state: State, deal: Deal, events: Events) -> None:
    """PI-N1: a new game of the match from its deal (the Ship first, PI-A1)."""
    first = check_deal(state, deal)
    state.game += 1
    state.phase = TURN
    state.playing = next_playing(state)
    state.first = first
    state.winner = None
    state.idle = state.takes = 0
    state.pizzas = [{} for _ in range(state.seats)]
    state.deck = list(deal.deck)
    state.ship = []
    if state.level == ADVANCED:
        state.ship = state.deck[:SHIP_SIZE]
        del state.deck[:SHIP_SIZE]
    # PI-A3: the bonuses of a game belong to the holders at its start.
    held = state.achievements if state.level == ADVANCED else {}
    state.bonuses = {name: held.get(name) for name in ACHIEVEMENTS}
    state.used = set()
    state.applied = [[] for _ in range(state.seats)]
    state.earned = {name: [] for name in ACHIEVEMENTS}
    state.tick = 0
    emit(
        events,
        GameStarted(state.game, first, state.playing, tuple(state.ship), dict(state.bonuses)),
    )
    begin_turn(state, first, events)


def begin_turn(state: State, seat: int, events: Events) -> None:
    """Step 1: an empty deck ends the game (PI-N8); the Ship is refilled (PI-A1)."""
    state.current = seat
    state.taken = state.repeats = state.thirds = 0
    state.forked = state.ending = False
    state.pending = None
    if not state.deck:
        end_game(state, None, DECK_EMPTY, events)
        return
    refilled: list[str] = []
    if state.level == ADVANCED:
        while len(state.ship) < SHIP_SIZE and state.deck:
            card = state.deck.pop(0)
            state.ship.append(card)
            refilled.append(card)
    emit(events, TurnBegun(seat, tuple(refilled)))


def settle(state: State, events: Events) -> None:
    """After every action: a completed pizza ends the game (PI-N7); with no
    decision open, the stalemate or the cap on takes (PI-N9), else the turn's
    end (step 4)."""
    if state.phase != TURN:
        return
    if state.winner is not None:
        end_game(state, state.winner, COMPLETED, events)
        return
    if state.pending is not None:
        return
    if state.idle >= STALEMATE_TAKES:
        end_game(state, None, STALEMATE, events)
        return
    if state.takes >= GAME_TAKES:
        end_game(state, None, TAKE_CAP, events)
        return
    if state.ending or state.taken >= TAKE_LIMIT:
        seat = state.current
        assert seat is not None
        emit(events, TurnEnded(seat, state.taken))
        begin_turn(state, state.next_seat(seat), events)
