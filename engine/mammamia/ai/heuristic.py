"""The heuristic agent: fast and sensible, no search.

Its turn is `plan.plan_turn`: it places an order when the remembered oven
(with this turn's ingredients) covers it or the hand can pay a little, else
feeds the oven toward its most complete order, else sheds one spare card; it
draws orders while it holds fewer than two. In the reveal it makes every
order it can, asks for help when it cannot (plus), and helps whenever it can.
"""

from __future__ import annotations

from ..actions import Action
from ..state import TURN, State
from . import policy
from .agent import Agent
from .determinize import Observation, pending_of
from .plan import plan_turn


def heuristic_move(obs: Observation) -> Action:
    """The heuristic's move for an information set."""
    view, seat, box = obs.view, obs.seat, obs.box
    hand = obs.hand
    table = {k: view.table.get(k, 0) for k in box.kinds}
    me = view.players[seat]
    if view.phase == TURN:
        pile, supply = me.order_pile_size, view.supply_size
        if not any(c in box.kindset for c in hand):
            return policy.pass_turn(seat, box, hand, pile, supply)
        return plan_turn(
            seat, box, me.colour, view.seats, hand, table, obs.known_oven(), pile, supply
        )
    pending = pending_of(view)
    assert pending is not None
    return policy.decide(seat, box, hand, table, pending, view.help)


class HeuristicAgent(Agent):
    name = "heuristic"

    def choose(self, state: State, seat: int) -> Action:
        return heuristic_move(self.observation(state, seat))
