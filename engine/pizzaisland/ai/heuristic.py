"""A sensible, fast agent: keeps two colours going, takes a sure Ship card,
goes on while the next card is more likely to fit than to cost, picks the
third-colour option that keeps the most, and uses a hero when its effect
beats going on (a Knife on the leader's fullest pizza, a Fork that moves a
slice towards completion, a Mushroom's best card, a Pepper that spoils the
next draw). It reads only public facts and what its own seat saw."""

from __future__ import annotations

from collections.abc import Iterable

from ..actions import Action
from ..events import Event
from ..game import legal_actions
from ..state import State
from ..views import seen_by
from . import policy


def heuristic_move(state: State, seat: int, caution: float = 0.25) -> Action:
    pending = state.pending
    if pending is None:
        return policy.turn_move(state, seat, caution, policy.unseen(state))
    options = legal_actions(state, seat)
    if pending.third is not None:
        return policy.third_move(state, seat, options)
    return policy.hero_move(state, seat, options, seen_by(state, seat), caution)


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0, *, caution: float = 0.25, **_: object) -> None:
        self.seed = seed
        self.caution = caution

    def choose(self, state: State, seat: int) -> Action:
        return heuristic_move(state, seat, self.caution)

    def observe(self, events: Iterable[Event]) -> None:
        """It needs no memory: the deck's contents are public."""
