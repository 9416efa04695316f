"""The move played for a seat whose time ran out: cautious and quick, so a
player who stepped away loses as little as possible."""

from __future__ import annotations

from collections import Counter

from ..actions import SUPPLY, Action, Choose, Help, Pass, Pay, Turn
from ..game import legal_actions
from ..state import State


def safe_move(state: State, seat: int) -> Action:
    """One card of the kind held most, no order, drawing from the supply (a
    classic pass with no ingredient); in a reveal, decline, refuse to help,
    or take the first choice where the table covers one (MM-R10)."""
    legal = legal_actions(state, seat)
    turns = [a for a in legal if isinstance(a, Turn) and a.count == 1 and a.order is None]
    if turns:
        held = Counter(c for c in state.hands[seat] if c in state.box.kindset)
        most = max(held.values())
        kind = next(k for k in state.box.kinds if held[k] == most)
        of_kind = [a for a in turns if a.ingredient == kind]
        return next((a for a in of_kind if a.draw == SUPPLY), of_kind[0])
    passes = [a for a in legal if isinstance(a, Pass)]
    if passes:
        return next((a for a in passes if a.draw == SUPPLY), passes[0])
    for action in legal:
        if isinstance(action, Pay | Help) and not action.accept:
            return action
    return next(a for a in legal if isinstance(a, Choose))


class SafeAgent:
    """`safe_move` as an agent, for the tournament and the tests."""

    name = "safe"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: State, seat: int) -> Action:
        return safe_move(state, seat)
