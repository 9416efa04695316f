"""The heuristic agent: fast and sensible, no search.

Its turn is `plan.plan_turn`: it places an order when the remembered oven
(with this turn's ingredients) covers it or the hand can pay a little, else
feeds the oven toward its most complete order, else sheds one spare card; it
draws orders while it holds fewer than two. In the reveal it makes every
order it can, asks for help when it cannot (plus), and helps whenever it can.
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import Action
from ..cards import BOXES
from ..state import TURN, State
from ..views import PlayerView, player_view
from . import policy
from .agent import Agent
from .determinize import Observation, known_oven, pending_of
from .plan import plan_turn


def heuristic_move(obs: Observation) -> Action:
    """The heuristic's move for an information set."""
    return view_move(obs.view, obs.seat, obs.known_oven)


def view_move(view: PlayerView, seat: int, oven: Callable[[], list[str | None]]) -> Action:
    """The heuristic's move from the seat's view and, asked only on a turn
    with an ingredient to play, the oven as the seat knows it."""
    box = BOXES[view.variant]
    hand = list(view.hand)
    table = dict.fromkeys(box.kinds, 0)  # every kind, in the box's order
    table.update(view.table)
    me = view.players[seat]
    if view.phase == TURN:
        pile, supply = me.order_pile_size, view.supply_size
        if len(view.hand_orders) == len(hand):  # no ingredient in hand
            return policy.pass_turn(seat, box, hand, pile, supply)
        return plan_turn(seat, box, me.colour, view.seats, hand, table, oven(), pile, supply)
    pending = pending_of(view)
    assert pending is not None
    return policy.decide(seat, box, hand, table, pending, view.help)


class HeuristicAgent(Agent):
    name = "heuristic"

    def choose(self, state: State, seat: int) -> Action:
        # Its view and the oven as remembered are all it reads: the rest of
        # the information set (`observe`) is the search's.
        memory = self.memory
        if memory.seat is None:
            memory.seat = seat
        view = player_view(state, seat)
        return view_move(view, seat, lambda: known_oven(view, memory))
