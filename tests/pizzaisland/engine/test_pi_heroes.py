"""Heroes: PI-N6, PI-N10 (hero points), PI-A2, and the rulebook's Katya and
Petya fork example."""

from __future__ import annotations

import pytest

from engine.pizzaisland import IllegalAction, legal_actions
from engine.pizzaisland.actions import Fork, Knife, Mushroom, Pepper, Take
from engine.pizzaisland.game import step
from engine.pizzaisland.views import player_view, public_view

from pi_helpers import do, of_type, position


def test_pi_n6_placing_a_hero_opens_a_decision_and_decline_goes_on() -> None:
    state = position(top=["red-c-knife", "red-a"])
    events = do(state, 0, "take deck")
    assert of_type(events, "hero")[0].hero == "knife"
    with pytest.raises(IllegalAction) as info:
        do(state, 0, "take deck")
    assert info.value.code == "decision_open"
    do(state, 0, "decline")
    assert state.pending is None and state.current == 0
    do(state, 0, "take deck")
    assert state.pizzas[0]["red"] == ["red-c-knife", "red-a"]


def test_pi_n6_no_effect_on_the_third_card_taken() -> None:
    state = position(top=["red-a", "red-b", "red-c-knife"])
    for _ in range(3):
        events = do(state, 0, "take deck")
    assert not of_type(events, "hero") and state.current == 1


def test_pi_n10_the_third_card_counts_ship_cards_too() -> None:
    state = position("advanced", ship=["red-c-knife", "green-a", "green-b"], top=["red-a", "red-b"])
    do(state, 0, "take deck")
    do(state, 0, "take deck")
    events = do(state, 0, "take red-c-knife")
    assert not of_type(events, "hero") and state.current == 1


def test_pi_n6_an_effect_ends_the_turn() -> None:
    state = position(top=["red-c-knife"], pizzas={1: {"green": ["green-a", "green-b"]}})
    do(state, 0, "take deck")
    events = do(state, 0, "knife 1 green-b")
    applied = of_type(events, "hero_applied")[0]
    assert (applied.player, applied.card, applied.ends_turn) == (1, "green-b", True)
    assert state.pizzas[1] == {"green": ["green-a"]} and state.deck[-1] == "green-b"
    assert state.current == 1


def test_pi_n6_knife_may_cut_any_players_slice_own_included() -> None:
    state = position(top=["red-c-knife"], pizzas={1: {"green": ["green-a"]}})
    do(state, 0, "take deck")
    cuts = {a.text() for a in legal_actions(state, 0) if isinstance(a, Knife)}
    assert cuts == {"knife 0 red-c-knife", "knife 1 green-a"}
    do(state, 0, "knife 0 red-c-knife")
    assert state.pizzas[0] == {}  # a colour with no slice left is not being built


def test_pi_n6_mushroom_sees_three_places_one_others_go_under_first() -> None:
    top = ["red-b-mushroom", "green-a", "red-a", "yellow-c"]
    state = position(top=top)
    events = do(state, 0, "take deck")
    seen = of_type(events, "seen")[0]
    assert seen.cards == ("green-a", "red-a", "yellow-c") and seen.to == 0
    assert player_view(state, 0).to_json()["seen"] == ["green-a", "red-a", "yellow-c"]
    assert (
        player_view(state, 1).to_json()["seen"] == [] and "seen" not in public_view(state).to_json()
    )
    with pytest.raises(IllegalAction) as info:
        do(state, 0, "mushroom red-c")
    assert info.value.code == "not_seen"
    do(state, 0, "mushroom red-a")
    assert state.deck[-2:] == ["green-a", "yellow-c"]
    assert state.pizzas[0] == {"red": ["red-b-mushroom", "red-a"]}
    assert state.current == 1


def test_pi_n10_mushroom_card_may_chain_into_a_hero_decision() -> None:
    state = position(top=["red-b-mushroom", "red-c-knife", "green-a", "green-b"])
    do(state, 0, "take deck")
    events = do(state, 0, "mushroom red-c-knife")
    assert of_type(events, "hero")[0].hero == "knife" and state.current == 0
    do(state, 0, "decline")
    assert state.current == 1  # the mushroom's effect still ends the turn


def test_pi_n6_pepper_rearranges_on_top_or_under() -> None:
    state = position(top=["red-a-pepper", "green-a", "green-b", "yellow-c", "red-b"])
    do(state, 0, "take deck")
    peppers = [a for a in legal_actions(state, 0) if isinstance(a, Pepper)]
    assert len(peppers) == 12  # 3! orders × top/bottom
    do(state, 0, "pepper top yellow-c,green-a,green-b")
    assert state.deck[:4] == ["yellow-c", "green-a", "green-b", "red-b"]
    state2 = position(top=["red-a-pepper", "green-a", "green-b", "yellow-c", "red-b"])
    do(state2, 0, "take deck")
    do(state2, 0, "pepper bottom green-b,green-a,yellow-c")
    assert state2.deck[0] == "red-b" and state2.deck[-3:] == ["green-b", "green-a", "yellow-c"]
    with pytest.raises(IllegalAction):
        state3 = position(top=["red-a-pepper", "green-a", "green-b", "yellow-c"])
        do(state3, 0, "take deck")
        do(state3, 0, "pepper top green-a,green-b,red-a")


def test_pi_n6_fork_example_katya_receives_the_mushroom_and_applies_it() -> None:
    """Rulebook: Katya forks with Petya; she receives the mushroom, he the
    pepper; only Katya may apply an effect, and she applies the mushroom."""
    katya, petya = 0, 1
    built = {
        katya: {"red": ["red-a-pepper", "red-c"], "green": ["green-c"]},
        petya: {"green": ["green-b-mushroom"], "red": ["red-b"]},
    }
    state = position(top=["red-a-fork", "green-a", "yellow-a", "yellow-b"], pizzas=built)
    do(state, katya, "take deck")
    assert state.pending is not None and state.pending.hero == "fork"
    events = do(state, katya, "fork red-a-pepper 1 green-b-mushroom")
    assert state.pizzas[petya] == {"red": ["red-b", "red-a-pepper"]}
    assert state.pizzas[katya]["green"] == ["green-c", "green-b-mushroom"]
    opened = of_type(events, "hero")
    assert [(e.seat, e.hero) for e in opened] == [(katya, "mushroom")]
    do(state, katya, "mushroom green-a")
    assert state.pizzas[katya]["green"] == ["green-c", "green-b-mushroom", "green-a"]
    assert state.current == petya


def test_pi_n10_fork_receivers_must_build_the_colour_with_a_free_place() -> None:
    built = {0: {"red": ["red-c"]}, 1: {"yellow": ["yellow-a"]}}
    state = position(top=["red-a-fork"], pizzas=built)
    do(state, 0, "take deck")
    assert not [a for a in legal_actions(state, 0) if isinstance(a, Fork)]
    with pytest.raises(IllegalAction) as info:
        do(state, 0, "fork red-c 1 yellow-a")
    assert info.value.code == "fork_misfit"
    do(state, 0, "decline")  # the decision opens even with no legal swap


def test_pi_n10_fork_shape_count_leaves_out_the_slice_given() -> None:
    built = {0: {"red": ["red-a", "red-b"]}, 1: {"red": ["red-a-pepper", "red-c"]}}
    state = position(top=["red-a-fork"], pizzas=built)
    do(state, 0, "take deck")  # own red has two a now
    forks = {a.text() for a in legal_actions(state, 0) if isinstance(a, Fork)}
    assert "fork red-a 1 red-a-pepper" in forks  # giving an a frees a place for an a
    assert "fork red-b 1 red-a-pepper" not in forks


def test_pi_n6_fork_at_most_once_a_turn() -> None:
    built = {0: {"red": ["red-a", "red-b"], "green": ["green-c"]}, 1: {"red": ["red-c"]}}
    state = position(top=["red-a-fork", "green-a-fork"], pizzas=built)
    state.bonuses["trickster"] = 0  # the first effect does not end the turn
    state.level = "advanced"
    do(state, 0, "take deck")
    do(state, 0, "fork red-b 1 red-c")
    assert state.current == 0 and state.forked
    events = do(state, 0, "take deck")
    assert not of_type(events, "hero")


def test_pi_n10_one_swap_completing_both_pizzas_the_forks_player_wins() -> None:
    built = {
        0: {
            "red": ["red-a", "red-a-pepper", "red-b", "red-b", "red-c-knife"],
            "green": ["green-c"],
        },
        1: {
            "green": ["green-a", "green-a-pepper", "green-b", "green-b", "green-c-knife"],
            "red": ["red-c"],
        },
    }
    state = position(top=["green-a-fork"], pizzas=built)
    do(state, 0, "take deck")
    events = do(state, 0, "fork green-c 1 red-c")
    assert len(state.pizzas[0]["red"]) == 6 and len(state.pizzas[1]["green"]) == 6
    over = of_type(events, "game_over")[0]
    assert over.winner == 0 and state.wins == [1, 0]


def test_pi_a2_advanced_pepper_refills_the_ship_from_what_it_sees() -> None:
    ship = ["green-a", "green-b", "yellow-a"]
    top = ["red-a-pepper", "yellow-b", "yellow-c", "red-c", "red-b", "green-c"]
    state = position("advanced", ship=ship, top=top)
    do(state, 0, "take green-a")
    do(state, 0, "take deck")  # the pepper; the Ship is one short: 4 seen
    assert player_view(state, 0).to_json()["seen"] == ["yellow-b", "yellow-c", "red-c", "red-b"]
    with pytest.raises(IllegalAction) as info:
        do(state, 0, "pepper top yellow-b,yellow-c,red-c,red-b ship=-")
    assert info.value.code == "bad_ship"
    do(state, 0, "pepper bottom yellow-c,red-b,yellow-b ship=red-c")
    assert state.ship == ["green-b", "yellow-a", "red-c"]
    assert state.deck[0] == "green-c" and state.deck[-3:] == ["yellow-c", "red-b", "yellow-b"]


def test_pi_n6_mushroom_with_an_empty_deck() -> None:
    state = position(top=["red-b-mushroom"])
    state.deck[:] = ["red-b-mushroom"]  # a unit test of the flow: the rest left out
    step(state, Take(0, "deck"))
    assert [a.text() for a in legal_actions(state, 0)] == ["mushroom", "decline"]
    with pytest.raises(IllegalAction):
        step(state, Mushroom(0, "red-a"))
    step(state, Mushroom(0, None))
    assert state.current == 1 or state.phase == "game-over"
