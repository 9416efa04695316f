"""`next_turns`: the turns a seat could take at its next turn, as if it were
to act now (MM-T1..T4), so a player can pick their turn while others play.
At a seat's own turn they are exactly its legal turns; out of turn they are
what its hand, order pile and the supply allow as they stand."""

from __future__ import annotations

import pytest

from engine.mammamia import Pass, Turn, legal_actions, new_game, next_turns, step
from engine.mammamia.ai import RandomAgent
from engine.mammamia.state import OVER, TURN

from engine_helpers import begin, position


@pytest.mark.parametrize(("variant", "seats", "seed"), [("classic", 4, 3), ("plus", 5, 4)])
def test_mm_t1_next_turns_are_the_legal_turns_when_the_seat_acts(variant, seats, seed):
    """MM-T1..T4: at its turn a seat's next turns are its legal turns, in the
    same order; out of turn they are those it would have if it acted now."""
    state, _ = new_game(variant, seats, seed=seed)
    agents = [RandomAgent(seed + s) for s in range(seats)]
    out_of_turn = 0
    while state.phase != OVER:
        seat = state.to_act()[0]
        if state.phase == TURN:
            assert next_turns(state, seat) == legal_actions(state, seat)
            for other in range(seats):
                if other == seat:
                    continue
                turns = next_turns(state, other)
                assert all(isinstance(a, Turn | Pass) and a.seat == other for a in turns)
                # As if it were to act: the same list its own turn would give now.
                acting = state.copy()
                acting.current = other
                assert turns == legal_actions(acting, other)
                out_of_turn += 1
        step(state, agents[seat].choose(state, seat))
    assert out_of_turn > 50
    assert all(next_turns(state, s) == [] for s in range(seats))  # the game is over


def test_mm_t4_next_turns_out_of_turn_follow_the_seats_own_cards():
    """MM-T1..T4 out of turn: a seat holding no ingredient would pass (MM-T4);
    one holding a salami and an order would play it with or without the
    order, drawing from the one pile that holds cards (MM-T3)."""
    state = begin(
        position(
            "classic",
            3,
            hands=[["olive", "olive"], ["green-misto"], ["salami", "brown-olive"]],
            supply=["mushroom"] * 10,
        )
    )
    assert state.to_act() == (0,)
    assert next_turns(state, 1) == [Pass(1, "supply")]
    assert next_turns(state, 2) == [
        Turn(2, "salami", 1, None, "supply"),
        Turn(2, "salami", 1, "brown-olive", "supply"),
    ]
    assert next_turns(state, 7) == []  # no such seat
