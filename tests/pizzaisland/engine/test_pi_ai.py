"""Computer players: legal moves, no peeking at hidden cards (PI-I1), the
timer's safe move, and a small heuristic-vs-random check (the full figures
are in the README, measured by `python -m engine tournament`)."""

from __future__ import annotations

import pytest

from engine.pizzaisland import GAME, check
from engine.pizzaisland.actions import Decline, Discard, Replace, Stop, Take
from engine.pizzaisland.ai import make_agent
from engine.pizzaisland.ai.ismcts import IsmctsAgent
from engine.pizzaisland.ai.tournament import tournament
from engine.tally import wilson

from pi_helpers import do, position


def test_pi_safe_move_stop_after_a_card_else_take_from_the_deck() -> None:
    state = position(top=["red-a", "red-b"])
    assert GAME.safe_move(state, 0) == Take(0, "deck")
    do(state, 0, "take deck")
    assert GAME.safe_move(state, 0) == Stop(0)


def test_pi_safe_move_declines_a_hero() -> None:
    state = position(top=["red-c-knife"], pizzas={1: {"green": ["green-a"]}})
    do(state, 0, "take deck")
    assert GAME.safe_move(state, 0) == Decline(0)


def test_pi_n5_safe_move_the_third_colour_option_that_loses_fewer() -> None:
    one = {0: {"red": ["red-a", "red-b", "red-c"], "green": ["green-a"]}}
    state = position(top=["yellow-a"], pizzas=one)
    do(state, 0, "take deck")
    assert GAME.safe_move(state, 0) == Replace(0, "green")  # loses one slice, keeps one
    two = {0: {"red": ["red-a", "red-b", "red-c"], "green": ["green-a", "green-b"]}}
    state = position(top=["yellow-a"], pizzas=two)
    do(state, 0, "take deck")
    assert GAME.safe_move(state, 0) == Discard(0, "green-b")


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_pi_agents_play_legal_moves(difficulty: str) -> None:
    record = GAME.new_record({"level": "advanced"}, 2, 5)
    state, events = GAME.start(record)
    agents = [GAME.agent(difficulty, 5, seat, events) for seat in range(2)]
    for _ in range(60):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        action = agents[seat].choose(state, seat)
        check(state, action)
        state, events = GAME.apply(state, action)
        for s, agent in enumerate(agents):
            agent.observe([e for e in events if e.to in (None, s)])


def test_pi_i1_search_does_not_read_the_hidden_deck_order() -> None:
    """Two worlds the seat cannot tell apart (the deck below its view
    reordered) give the search the same move."""
    state = position(top=["red-a", "green-b"], pizzas={0: {"red": ["red-b"], "green": ["green-a"]}})
    do(state, 0, "take deck")
    other = state.copy()
    other.deck = [*other.deck[:1], *reversed(other.deck[1:])]
    one = IsmctsAgent(3, iterations=60).choose(state, 0)
    two = IsmctsAgent(3, iterations=60).choose(other, 0)
    assert one == two


def test_pi_heuristic_beats_random() -> None:
    result = tournament(["heuristic", "random"], "normal", 2, "wins", 40, 7)
    heuristic = result.tallies["heuristic"]
    assert heuristic.wins / heuristic.seat_games >= 0.7
    low, high = wilson(heuristic.wins, heuristic.seat_games)
    assert low < heuristic.wins / heuristic.seat_games < high


def test_pi_agent_difficulties_map_to_agents() -> None:
    assert type(make_agent("hard", 1, 0)).__name__ == "IsmctsAgent"
    assert type(make_agent("easy", 1, 0)).__name__ == "HeuristicAgent"
