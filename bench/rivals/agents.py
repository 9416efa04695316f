"""The peer's simple bot as an agent: what it reads, from a seat's knowledge."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.mammamia.actions import Action
from engine.mammamia.ai.agent import Agent
from engine.mammamia.ai.determinize import Observation, pending_of
from engine.mammamia.cards import Box
from engine.mammamia.events import Event
from engine.mammamia.state import TURN, State

from . import heuristic


@dataclass(frozen=True)
class Facts:
    """What the peer's bot reads on its turn."""

    box: Box
    colour: str
    seats: int
    hand: list[str]  # in the order it was drawn
    tally: dict[str, int]  # the table and every ingredient in the oven
    oven: list[str | None]  # the oven as remembered (its own orders in it)
    pile: int
    supply: int


def facts(obs: Observation, state: State, seat: int) -> Facts:
    """The facts from the seat's view and memory; its hand's order, which the
    view sorts, from its own seat of the state."""
    view, box = obs.view, obs.box
    hand = list(state.hands[seat])
    assert sorted(hand) == obs.hand  # the same cards the view shows
    tally = {k: view.table.get(k, 0) for k in box.kinds}
    oven = obs.known_oven()
    for card in oven:
        if card in tally:
            tally[card] += 1
    return Facts(
        box,
        view.players[seat].colour,
        view.seats,
        hand,
        tally,
        oven,
        view.players[seat].order_pile_size,
        view.supply_size,
    )


class RivalHeuristicAgent(Agent):
    """The peer's simple bot (a benchmark opponent), `version` 1 or 2."""

    name = "rival-heuristic"

    def __init__(
        self,
        seed: int = 0,
        *,
        version: int = 1,
        recall: float = 1.0,
        seat: int | None = None,
        events: Iterable[Event] = (),
    ) -> None:
        if version not in heuristic.VERSIONS:
            raise ValueError(f"the peer's bot has versions {heuristic.VERSIONS}, not {version}")
        super().__init__(seed, recall=recall, seat=seat, events=events)
        self.version = int(version)

    def choose(self, state: State, seat: int) -> Action:
        obs = self.observation(state, seat)
        view = obs.view
        if view.phase == TURN:
            f = facts(obs, state, seat)
            return heuristic.turn(
                seat,
                f.box,
                f.colour,
                f.seats,
                f.hand,
                f.tally,
                f.oven,
                f.pile,
                f.supply,
                self.version,
            )
        pending = pending_of(view)
        assert pending is not None
        table = {k: view.table.get(k, 0) for k in obs.box.kinds}
        return heuristic.decide(seat, obs.box, obs.hand, table, pending, view.help)
