"""What every agent that plays fair shares: a memory of public events and the
seat's information set, rebuilt from `player_view` at each decision."""

from __future__ import annotations

from collections.abc import Iterable

from ..events import Event
from ..state import State
from .determinize import Observation, observe
from .memory import Memory


class Agent:
    """`choose(state, seat)` reads only `player_view(state, seat)` and the memory.

    Feed it the events of every action (`observe`), or build it after a
    restart with `events=` the game's past events. `recall` is the chance of
    remembering each play put in the oven (1.0: perfect memory)."""

    name = "agent"

    def __init__(
        self,
        seed: int = 0,
        *,
        recall: float = 1.0,
        seat: int | None = None,
        events: Iterable[Event] = (),
    ) -> None:
        self.seed = seed
        self.memory = Memory(seat, recall, seed)
        self.memory.observe(events)

    def observe(self, events: Iterable[Event]) -> None:
        """Take in the events of one or more actions (those the seat may see)."""
        self.memory.observe(events)

    def observation(self, state: State, seat: int) -> Observation:
        if self.memory.seat is None:
            self.memory.seat = seat
        return observe(state, seat, self.memory)
