"""The heuristic agent: fast and sensible, no search.

It plays an order when the remembered oven (plus the ingredients it plays with
the order) will cover it at its reveal, or the hand can pay the rest; it keeps
the ingredients its orders need; it draws orders when it has none and the
refill is small, else from the supply; in the reveal it makes every order it
can, asks for help when it cannot (plus), and helps whenever it can.
"""

from __future__ import annotations

from ..actions import Action
from ..state import TURN, State
from . import policy
from .agent import Agent
from .determinize import Observation, pending_of


def heuristic_move(obs: Observation) -> Action:
    """The heuristic's move for an information set."""
    view, seat, box = obs.view, obs.seat, obs.box
    hand = obs.hand
    table = {k: view["table"].get(k, 0) for k in box.kinds}
    me = view["players"][seat]
    if view["phase"] == TURN:
        pile, supply = me["order_pile_size"], view["supply_size"]
        if not any(c in box.kindset for c in hand):
            return policy.pass_turn(seat, box, hand, pile, supply)
        return policy.best_turn(seat, box, hand, table, obs.known_oven(), pile, supply)
    pending = pending_of(view)
    assert pending is not None
    return policy.decide(seat, box, hand, table, pending, view["help"])


class HeuristicAgent(Agent):
    name = "heuristic"

    def choose(self, state: State, seat: int) -> Action:
        return heuristic_move(self.observation(state, seat))
