"""The match: PI-W1, PI-W2 (the rulebook's Sveta and Oleg example, extra
games), the Captain's Ship (PI-A1), Achievements (PI-A3), information (PI-I1)."""

from __future__ import annotations

import pytest

from engine.pizzaisland import IllegalAction, ranking
from engine.pizzaisland.deal import Deal
from engine.pizzaisland.flow import start_game
from engine.pizzaisland.match import decide
from engine.pizzaisland.state import GAME_OVER, MATCH_OVER, new_state
from engine.pizzaisland.views import player_view, public_view

from pi_helpers import do, of_type, position


def test_pi_w2_example_sveta_6_oleg_10() -> None:
    """Rulebook: Oleg wins a game of two; Sveta has 4 + 2 slices (6 points),
    Oleg 6 + 2 slices and +2 for winning with two players (10 points)."""
    sveta, oleg = 0, 1
    built = {
        sveta: {"red": ["red-a", "red-a", "red-b", "red-c"], "green": ["green-a", "green-b"]},
        oleg: {
            "yellow": ["yellow-a", "yellow-a", "yellow-b", "yellow-b", "yellow-c"],
            "green": ["green-c", "green-c"],
        },
    }
    state = position(first=oleg, top=["yellow-c"], pizzas=built, scoring="points")
    events = do(state, oleg, "take deck")
    assert of_type(events, "game_over")[0].points == (6, 10)
    assert state.points == [6, 10] and state.results == [(1, (6, 10))]
    assert state.phase == GAME_OVER  # points: three games


def test_pi_w1_first_to_two_wins_takes_the_match() -> None:
    built = {1: {"green": ["green-a", "green-a", "green-b", "green-b", "green-c"]}}
    state = position(first=1, top=["green-c"], pizzas=built)
    state.wins = [1, 1]
    events = do(state, 1, "take deck")
    assert state.phase == MATCH_OVER and state.match_winner == 1
    assert of_type(events, "match_over")[0].winner == 1
    assert ranking(state) == [[1], [0]]


def _after_three(points: list[int]) -> object:
    state = new_state("normal", len(points), "points", 1)
    state.points = list(points)
    state.results = [(None, tuple(0 for _ in points))] * 3
    decide(state)
    return state


def test_pi_w2_most_points_after_three_games() -> None:
    state = _after_three([20, 25, 19])
    assert state.match_winner == 1  # type: ignore[attr-defined]


def test_pi_w2_a_tie_is_settled_by_an_extra_game_of_the_tied_only() -> None:
    state = _after_three([25, 25, 19])
    assert state.match_winner is None and state.extra == (0, 1)  # type: ignore[attr-defined]


def test_pi_w2_extra_game_seat_outside_the_tie_may_not_start() -> None:
    from engine.pizzaisland.cards import BOX

    state = _after_three([25, 25, 19])
    with pytest.raises(IllegalAction) as info:
        start_game(state, Deal(2, BOX), None)  # type: ignore[arg-type]
    assert info.value.code == "bad_first"
    start_game(state, Deal(1, BOX), None)  # type: ignore[arg-type]
    assert state.playing == (0, 1) and state.current == 1  # type: ignore[attr-defined]


def test_pi_w2_extra_game_without_a_winner_most_points_in_it() -> None:
    state = new_state("normal", 3, "points", 1)
    state.points = [30, 30, 19]
    state.extra = (0, 1)
    state.results = [(None, (0, 0, 0))] * 3 + [(None, (4, 5, 0))]
    decide(state)
    assert state.match_winner == 1
    state.match_winner, state.extra = None, (0, 1)
    state.results[-1] = (None, (4, 4, 0))
    decide(state)
    assert state.match_winner is None and state.extra == (0, 1)  # another extra game


def test_pi_a1_ship_is_refilled_at_each_turns_start_and_may_be_taken() -> None:
    state = position("advanced", ship=["red-a", "green-b", "yellow-c"], top=["red-b", "red-c"])
    do(state, 0, "take green-b")
    assert state.ship == ["red-a", "yellow-c"]
    events = do(state, 0, "stop")
    assert of_type(events, "turn")[0].refilled == ("red-b",)
    assert state.ship == ["red-a", "yellow-c", "red-b"]
    with pytest.raises(IllegalAction) as info:
        do(state, 1, "take green-b")
    assert info.value.code == "not_in_ship"


def test_pi_a1_no_ship_below_advanced() -> None:
    state = position(top=["red-a"])
    with pytest.raises(IllegalAction) as info:
        do(state, 0, "take red-a")
    assert info.value.code == "no_ship"


def test_pi_a3_star_bonus_ignores_the_first_third_colour() -> None:
    built = {0: {"red": ["red-a"], "green": ["green-a"]}}
    state = position(
        "advanced",
        ship=["red-b", "red-c", "green-b"],
        top=["yellow-a", "yellow-b"],
        pizzas=built,
        achievements={"star": 0},
    )
    events = do(state, 0, "take deck")
    third = of_type(events, "third_colour")[0]
    assert third.outcome == "star" and state.pending is None and state.current == 0
    do(state, 0, "take deck")
    assert state.pending is not None and state.pending.third == "yellow-b"  # only once


def test_pi_a3_trickster_bonus_first_effect_does_not_end_the_turn() -> None:
    state = position(
        "advanced",
        ship=["green-c", "yellow-a", "yellow-b"],
        top=["red-c-knife", "red-a", "red-b-mushroom"],
        pizzas={1: {"green": ["green-a", "green-b"]}},
        achievements={"trickster": 0},
    )
    do(state, 0, "take deck")
    events = do(state, 0, "knife 1 green-b")
    assert of_type(events, "hero_applied")[0].ends_turn is False and state.current == 0
    do(state, 0, "take deck")
    assert state.current == 0 and state.taken == 2


def test_pi_a3_speedy_holder_starts_every_game() -> None:
    from engine.pizzaisland.cards import BOX

    state = new_state("advanced", 3, "wins", 1, {"speedy": 2})
    with pytest.raises(IllegalAction) as info:
        start_game(state, Deal(0, BOX), None)
    assert info.value.code == "speedy_starts"
    start_game(state, Deal(None, BOX), None)
    assert state.current == 2


def test_pi_a3_star_and_speedy_awarded_at_the_games_end_to_the_last_to_earn() -> None:
    built = {
        0: {
            "red": ["red-a", "red-a", "red-b", "red-b"],
            "green": ["green-a", "green-a", "green-b", "green-b", "green-c"],
        },
        1: {"yellow": ["yellow-a", "yellow-a", "yellow-b", "yellow-b", "yellow-c"]},
    }
    state = position(
        "advanced",
        pizzas=built,
        top=["red-c-knife", "yellow-c", "yellow-c"],
        ship=["green-c-knife", "red-b-mushroom", "yellow-b-mushroom"],
        achievements={"star": 1},
    )
    do(state, 0, "take deck")  # red 5 and green 5: Speedy earned
    do(state, 0, "knife 1 yellow-c")  # one kind applied: Star earned
    do(state, 1, "take deck")
    events = do(state, 1, "take deck")
    over = of_type(events, "game_over")[0]
    assert over.winner == 1
    assert state.achievements == {"speedy": 0, "trickster": None, "star": 0}


def test_pi_a3_an_unearned_card_stays_with_its_holder() -> None:
    built = {1: {"green": ["green-a", "green-a", "green-b", "green-b", "green-c"]}}
    state = position(
        "advanced",
        first=1,
        ship=["red-a", "red-b", "red-c"],
        top=["green-c"],
        pizzas=built,
        achievements={"trickster": 0},
    )
    do(state, 1, "take deck")
    assert state.achievements["trickster"] == 0


def test_pi_i1_views_hold_no_deck_order_and_seen_cards_only_for_the_seer() -> None:
    state = position(top=["red-a-pepper", "green-a", "green-b", "yellow-c"])
    do(state, 0, "take deck")
    public = public_view(state).to_json()
    assert "deck" not in public and public["deck_size"] == 35
    text = str(public)
    assert "green-a" not in text and "yellow-c" not in text
    assert player_view(state, 0).to_json()["seen"] == ["green-a", "green-b", "yellow-c"]
    assert player_view(state, 1).to_json()["seen"] == []
    assert public["pending"] == {"hero": "pepper"}


def test_pi_c3_ship_and_achievements_only_at_the_advanced_level() -> None:
    advanced = new_state("advanced", 2, "wins", 1)
    normal = new_state("normal", 2, "wins", 1)
    from engine.pizzaisland.cards import BOX

    start_game(advanced, Deal(0, BOX), None)
    start_game(normal, Deal(0, BOX), None)
    assert advanced.ship == list(BOX[:3]) and normal.ship == []
    assert set(public_view(advanced).to_json()["achievements"]) == {"speedy", "trickster", "star"}
    assert all(v is None for v in public_view(normal).to_json()["bonuses"].values())
