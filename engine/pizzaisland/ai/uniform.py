"""The baseline agent: a uniformly random legal move."""

from __future__ import annotations

import random
from collections.abc import Iterable

from ..actions import Action
from ..events import Event
from ..game import legal_actions
from ..state import State


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0, **_: object) -> None:
        self.rnd = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        moves = legal_actions(state, seat)
        return moves[int(self.rnd.random() * len(moves))]

    def observe(self, events: Iterable[Event]) -> None:
        """It remembers nothing."""
