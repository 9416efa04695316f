"""The normal and easy turn: PI-C1, C2, N1..N5, N7..N10 (turn points), E1,
and the rulebook's third-colour examples A and B."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.pizzaisland import IllegalAction, apply, legal_actions, public_view
from engine.pizzaisland.actions import Stop, Take
from engine.pizzaisland.cards import BOX, COLOUR, HERO, HERO_SHAPES, SHAPE
from engine.pizzaisland.deal import deal
from engine.pizzaisland.events import Event
from engine.pizzaisland.game import step
from engine.pizzaisland.state import GAME_OVER

from pi_helpers import do, of_type, position, types


def test_pi_c1_box_is_three_colours_by_three_shapes_by_four() -> None:
    assert len(BOX) == 36
    counts = Counter((COLOUR[c], SHAPE[c]) for c in BOX)
    assert set(counts.values()) == {4} and len(counts) == 9


def test_pi_c2_each_hero_once_per_colour_on_its_shape() -> None:
    heroes = [(COLOUR[c], HERO[c], SHAPE[c]) for c in BOX if HERO[c]]
    assert len(heroes) == 12
    for _, hero, shape in heroes:
        assert HERO_SHAPES[hero] == shape
    assert Counter(c for c, _, _ in heroes) == {"red": 4, "green": 4, "yellow": 4}
    assert Counter(h for _, h, _ in heroes) == {h: 3 for h in HERO_SHAPES}


def test_pi_n1_first_seat_and_deck_come_from_the_seed() -> None:
    one, two = deal(7, 1, (0, 1, 2), None), deal(7, 1, (0, 1, 2), None)
    assert one == two and Counter(one.deck) == Counter(BOX)
    assert deal(7, 2, (0, 1, 2), None).deck != one.deck
    firsts = {deal(seed, 1, (0, 1, 2), None).first for seed in range(40)}
    assert firsts == {0, 1, 2}


def test_pi_n1_play_goes_clockwise() -> None:
    state = position(seats=3, first=2, top=["red-a", "green-a", "yellow-a"])
    do(state, 2, "take deck")
    do(state, 2, "stop")
    assert state.current == 0


def test_pi_n2_take_one_to_three_and_at_least_one() -> None:
    state = position(top=["red-a", "red-b", "red-c", "red-c"])
    with pytest.raises(IllegalAction) as info:
        do(state, 0, "stop")
    assert info.value.code == "nothing_taken"
    do(state, 0, "take deck")
    do(state, 0, "take deck")
    do(state, 0, "take deck")
    assert state.current == 1  # the third card ends the turn by itself
    assert state.pizzas[0] == {"red": ["red-a", "red-b", "red-c"]}


def test_pi_n2_not_your_turn() -> None:
    state = position(top=["red-a"])
    with pytest.raises(IllegalAction) as info:
        do(state, 1, "take deck")
    assert info.value.code == "not_your_turn" and info.value.params == {"seat": 0}


def test_pi_n3_two_colours_at_most_each_pizza_one_colour() -> None:
    state = position(top=["red-a", "green-a", "yellow-a"])
    do(state, 0, "take deck")
    do(state, 0, "take deck")
    assert set(state.pizzas[0]) == {"red", "green"}
    do(state, 0, "take deck")
    assert state.pending is not None and state.pending.third == "yellow-a"


def test_pi_n4_repeat_first_goes_on_second_ends_turn() -> None:
    built = {0: {"red": ["red-a", "red-a-pepper"]}}
    state = position(top=["red-a", "red-a-fork", "red-b"], pizzas=built)
    events = do(state, 0, "take deck")
    assert of_type(events, "repeat")[0].ends_turn is False
    assert state.current == 0 and state.deck[-1] == "red-a"
    events = do(state, 0, "take deck")
    assert of_type(events, "repeat")[0].ends_turn is True
    assert state.current == 1 and state.deck[-2:] == ["red-a", "red-a-fork"]


def test_pi_n5_example_a_discard_the_green_and_a_red() -> None:
    """Rulebook example A: a green slice comes to a player building red and
    yellow; they discard the green and a red slice; the turn ends."""
    built = {0: {"red": ["red-a", "red-b"], "yellow": ["yellow-c"]}}
    state = position(top=["green-c"], pizzas=built)
    do(state, 0, "take deck")
    assert state.pending is not None and state.pending.third == "green-c"
    assert {a.text() for a in legal_actions(state, 0)} == {
        "discard red-a",
        "discard red-b",
        "discard yellow-c",
        "replace red",
        "replace yellow",
    }
    events = do(state, 0, "discard red-b")
    assert of_type(events, "third_chosen")[0].discarded == ("green-c", "red-b")
    assert state.deck[-2:] == ["green-c", "red-b"]
    assert state.pizzas[0] == {"red": ["red-a"], "yellow": ["yellow-c"]}
    assert state.current == 1


def test_pi_n5_example_b_keep_the_red_replace_the_yellow() -> None:
    """Rulebook example B: a red slice comes to a player building green and
    yellow; they keep it and discard all the yellow slices."""
    built = {0: {"green": ["green-a"], "yellow": ["yellow-b", "yellow-a", "yellow-c"]}}
    state = position(top=["red-a-pepper"], pizzas=built)
    do(state, 0, "take deck")
    do(state, 0, "replace yellow")
    assert state.deck[-3:] == ["yellow-b", "yellow-a", "yellow-c"]  # placement order
    assert state.pizzas[0] == {"green": ["green-a"], "red": ["red-a-pepper"]}
    assert state.pending is None and state.current == 1  # no hero decision on a kept slice


def test_pi_n5_fewer_than_two_colours_simply_start_a_pizza() -> None:
    state = position(top=["yellow-b"], pizzas={0: {"red": ["red-a"]}})
    do(state, 0, "take deck")
    assert state.pizzas[0] == {"red": ["red-a"], "yellow": ["yellow-b"]}


def test_pi_e1_easy_third_colour_is_like_a_repeat() -> None:
    built = {0: {"red": ["red-a"], "green": ["green-a"]}}
    state = position("easy", top=["yellow-a", "yellow-b"], pizzas=built)
    events = do(state, 0, "take deck")
    third = of_type(events, "third_colour")[0]
    assert (third.outcome, third.ends_turn) == ("easy", False)
    assert state.pending is None and state.current == 0
    events = do(state, 0, "take deck")
    assert of_type(events, "third_colour")[0].ends_turn is True
    assert state.current == 1 and state.deck[-2:] == ["yellow-a", "yellow-b"]


def test_pi_n10_easy_thirds_and_repeats_are_counted_apart() -> None:
    built = {0: {"red": ["red-a", "red-a-fork"], "green": ["green-a"]}}
    state = position("easy", top=["yellow-a", "red-a-pepper", "green-b"], pizzas=built)
    do(state, 0, "take deck")  # the first easy third colour
    do(state, 0, "take deck")  # the first repeat: still not two of either
    assert state.current == 0 and (state.thirds, state.repeats) == (1, 1)


def test_pi_n7_a_sixth_slice_ends_the_game_and_wins_it() -> None:
    built = {1: {"green": ["green-a", "green-a", "green-b", "green-b", "green-c"]}}
    state = position(first=1, top=["green-c"], pizzas=built)
    events = do(state, 1, "take deck")
    over = of_type(events, "game_over")[0]
    assert (over.winner, over.reason) == (1, "completed")
    assert state.phase == GAME_OVER and state.wins == [0, 1] and state.to_act() == ()


def test_pi_n8_deck_empty_mid_turn_only_stop_then_the_game_ends() -> None:
    state = position(top=["red-a"])
    state.deck[:] = ["red-a"]  # a unit test of the flow: the other cards left out
    step(state, Take(0, "deck"))
    assert [a.text() for a in legal_actions(state, 0)] == ["stop"]
    with pytest.raises(IllegalAction) as info:
        step(state, Take(0, "deck"))
    assert info.value.code == "deck_empty"
    events: list[Event] = []
    step(state, Stop(0), events)
    over = of_type(events, "game_over")[0]
    assert (over.winner, over.reason) == (None, "deck-empty")
    assert state.results == [(None, (1, 0))] and state.wins == [0, 0]


def test_pi_n9_stalemate_after_36_takes_with_nothing_placed() -> None:
    state = position(top=["red-a-fork"], pizzas={0: {"red": ["red-a", "red-a-pepper"]}})
    state.idle = 35
    events = do(state, 0, "take deck")  # a repeat: the 36th take with nothing placed
    over = of_type(events, "game_over")[0]
    assert (over.winner, over.reason) == (None, "stalemate")


def test_pi_n9_a_placed_slice_resets_the_count() -> None:
    state = position(top=["red-a"])
    state.idle = 35
    do(state, 0, "take deck")
    assert state.idle == 0 and state.phase == "turn"


def test_pi_n9_the_360th_take_ends_the_game_whatever_was_placed() -> None:
    state = position(top=["red-a", "red-b"])
    state.takes = 359
    events = do(state, 0, "take deck")  # a slice placed: no stalemate, but the cap
    assert types(events) == ["taken", "placed", "game_over"]
    over = of_type(events, "game_over")[0]
    assert (over.winner, over.reason) == (None, "take-cap")
    assert state.phase == GAME_OVER and state.results == [(None, (1, 0))]


def test_pi_n9_takes_are_counted_over_the_whole_game_not_the_turn() -> None:
    state = position(top=["red-a", "red-b", "green-a", "red-c"])
    state.takes = 357
    do(state, 0, "take deck")
    do(state, 0, "stop")
    assert (state.takes, state.current, state.phase) == (358, 1, "turn")
    do(state, 1, "take deck")
    assert (state.takes, state.phase) == (359, "turn")
    over = of_type(do(state, 1, "take deck"), "game_over")[0]
    assert (over.winner, over.reason) == (None, "take-cap")


@pytest.mark.parametrize(
    ("pizzas", "card", "pending", "answer"),
    [
        ({"red": ["red-a"]}, "red-a-pepper", {"hero": "pepper"}, "decline"),
        (
            {"red": ["red-a"], "green": ["green-a"]},
            "yellow-a",
            {"third": "yellow-a"},
            "discard green-a",
        ),
    ],
)
def test_pi_n9_the_cap_waits_until_no_decision_is_open(
    pizzas: dict[str, list[str]], card: str, pending: dict[str, str], answer: str
) -> None:
    state = position(top=[card], pizzas={0: pizzas})
    state.takes = 359
    assert not of_type(do(state, 0, "take deck"), "game_over")
    assert state.phase == "turn" and state.pending is not None
    assert state.pending.to_json() == pending
    over = of_type(do(state, 0, answer), "game_over")[0]
    assert (over.winner, over.reason, state.takes) == (None, "take-cap", 360)


def test_pi_n9_a_completed_pizza_on_the_360th_take_still_wins() -> None:
    state = position(
        top=["red-c"], pizzas={0: {"red": ["red-a", "red-a", "red-b", "red-b", "red-c"]}}
    )
    state.takes = 359
    over = of_type(do(state, 0, "take deck"), "game_over")[0]
    assert (over.winner, over.reason) == (0, "completed")


def test_pi_n9_each_game_of_a_match_counts_its_own_takes() -> None:
    state = position(top=["red-a"], seed=5)
    state.takes = 359
    after, events = apply(state, Take(0, "deck"))
    assert [e.type for e in events if e.type in ("game_over", "game_start")] == [
        "game_over",
        "game_start",
    ]
    assert (after.game, after.phase, after.takes) == (2, "turn", 0)
    assert public_view(after).takes == 0 and state.takes == 359


def test_pi_n10_turn_event_order() -> None:
    state = position(top=["red-a", "red-b"])
    assert types(do(state, 0, "take deck")) == ["taken", "placed"]
    assert types(do(state, 0, "stop")) == ["turn_end", "turn"]
