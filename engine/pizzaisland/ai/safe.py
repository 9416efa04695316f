"""The move played for a seat whose time ran out (`GAME.safe_move`): stop
once a card was taken, else take from the deck; decline a hero; in a
third-colour choice, the option that loses fewer slices."""

from __future__ import annotations

from collections.abc import Iterable

from ..actions import DECK, Action, Decline, Discard, Replace, Stop, Take
from ..events import Event
from ..game import check_seat
from ..state import State


def safe_move(state: State, seat: int) -> Action:
    check_seat(state, seat)
    pending = state.pending
    if pending is None:
        if state.taken:
            return Stop(seat)
        return Take(seat, DECK) if state.deck else Take(seat, state.ship[0])
    if pending.hero is not None:
        return Decline(seat)
    # PI-N5: (a) loses the new slice and one own slice; (b) keeps the new
    # slice and loses a whole pizza. Replacing a pizza of one slice loses
    # fewer; on equal loss, discard (the pizzas stay as they are).
    pizzas = state.pizzas[seat]
    smallest = min(pizzas, key=lambda c: (len(pizzas[c]), c))
    if len(pizzas[smallest]) - 1 < 1:
        return Replace(seat, smallest)
    return Discard(seat, pizzas[smallest][-1])


class SafeAgent:
    """`safe_move` as an agent, for the tests and the tournament."""

    name = "safe"

    def __init__(self, seed: int = 0, **_: object) -> None:
        self.seed = seed

    def choose(self, state: State, seat: int) -> Action:
        return safe_move(state, seat)

    def observe(self, events: Iterable[Event]) -> None:
        """It remembers nothing."""
