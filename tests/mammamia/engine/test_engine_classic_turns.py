"""Phase 1 in classic: MM-T1..T6 (MM-T7 is with the views).

Seats are yellow (P = pineapple), green (pepper), brown (mushroom)."""

from __future__ import annotations

from collections import Counter

from engine.mammamia import Pass, Turn, from_text, is_legal, legal_actions
from engine.mammamia.cards import MAMMA_MIA
from engine.mammamia.state import OVER, TURN

from engine_helpers import begin, data, do, hand, of_type, position, refusal

SEVEN = ["salami", "salami", "salami", "olive", "olive", "pepper", "yellow-misto"]


def test_mm_t1_plays_cards_of_one_kind_onto_the_oven():
    state = begin(position(hands=[SEVEN, ["olive"], ["olive"]], supply=["mushroom"] * 5))
    state, events = do(state, "turn salami 2 draw=supply")
    assert state.oven == ["salami", "salami"]
    assert hand(state, 0)["salami"] == 1
    assert data(of_type(events, "play")[0]) == {
        "seat": 0,
        "ingredient": "salami",
        "count": 2,
        "order": None,
    }
    assert state.last_play.count == 2


def test_mm_t1_must_play_at_least_one_and_only_what_is_held():
    state = begin(position(hands=[SEVEN, ["olive"], ["olive"]], supply=["mushroom"] * 5))
    assert refusal(state, "turn salami 0 draw=supply").code == "bad_count"
    assert refusal(state, "turn salami 4 draw=supply").code == "too_few"
    assert refusal(state, "turn mushroom 1 draw=supply").code == "not_held"
    assert refusal(state, "pass draw=supply").code == "cannot_pass"
    kinds = {a.ingredient for a in legal_actions(state, 0)}
    assert kinds == {"salami", "olive", "pepper"}
    assert all(isinstance(a, Turn) and a.count >= 1 for a in legal_actions(state, 0))


def test_mm_t2_may_play_one_order_after_the_ingredients():
    state = begin(position(hands=[SEVEN, ["olive"], ["olive"]], supply=["mushroom"] * 5))
    state, _ = do(state, "turn olive 2 order=yellow-misto draw=supply")
    assert state.oven == ["olive", "olive", "yellow-misto"]
    assert "yellow-misto" not in state.hands[0]
    assert state.last_play.order == "yellow-misto"
    assert len(state.hands[0]) == 7


def test_mm_t2_only_a_held_order_of_ones_own():
    state = begin(position(hands=[SEVEN, ["olive"], ["olive"]], supply=["mushroom"] * 5))
    assert refusal(state, "turn olive 1 order=yellow-salami draw=supply").code == "order_not_held"
    assert refusal(state, "turn olive 1 order=salami draw=supply").code == "order_not_held"


def test_mm_t3_refills_to_seven_from_the_supply():
    state = begin(
        position(
            hands=[SEVEN, ["olive"], ["olive"]],
            supply=["mushroom"] * 5,
            order_piles=[["yellow-salami"], [], []],
        )
    )
    state, _ = do(state, "turn salami 3 draw=supply")
    assert len(state.hands[0]) == 7
    assert hand(state, 0)["mushroom"] == 3
    assert state.supply == ["mushroom"] * 2
    assert state.order_piles[0] == ["yellow-salami"]  # never both


def test_mm_t3_refills_from_the_order_pile_taking_what_is_there():
    state = begin(
        position(
            hands=[SEVEN, ["olive"], ["olive"]],
            supply=["mushroom"] * 5,
            order_piles=[["yellow-salami", "yellow-olive"], [], []],
        )
    )
    state, _ = do(state, "turn salami 3 draw=orders")
    assert len(state.hands[0]) == 6  # wanted 3, the pile had 2
    assert {"yellow-salami", "yellow-olive"} <= set(state.hands[0])
    assert state.order_piles[0] == []
    assert len(state.supply) == 5


def test_mm_t3_takes_the_top_cards_of_the_chosen_pile():
    state = begin(
        position(
            hands=[SEVEN, ["olive"], ["olive"]], supply=["pepper", "mushroom", "olive", "salami"]
        )
    )
    state, _ = do(state, "turn salami 2 draw=supply")
    assert hand(state, 0) - Counter(SEVEN) == Counter({"pepper": 1, "mushroom": 1})
    assert state.supply == ["olive", "salami"]


def test_mm_t3_an_empty_pile_cannot_be_chosen_while_the_other_has_cards():
    state = begin(position(hands=[SEVEN, ["olive"], ["olive"]], supply=["mushroom"] * 5))
    err = refusal(state, "turn salami 1 draw=orders")
    assert err.code == "empty_pile"
    assert err.params == {"pile": "orders"}
    assert refusal(state, "turn salami 1").code == "draw_needed"
    assert {a.draw for a in legal_actions(state, 0)} == {"supply"}


def test_mm_t3_full_hand_draws_nothing():
    """[decision] A hand still at 7 or more after the play draws nothing."""
    big = [*SEVEN, "olive", "pepper", "pepper"]  # 10 cards
    state = begin(
        position(
            hands=[big, ["olive"], ["olive"]],
            supply=["mushroom"] * 5,
            order_piles=[["yellow-salami"], [], []],
        )
    )
    assert {a.draw for a in legal_actions(state, 0) if a.count + bool(a.order) <= 3} == {None}
    for draw in ("", " draw=supply", " draw=orders"):
        after, events = do(state, "turn salami 2" + draw)
        assert len(after.hands[0]) == 8
        assert len(after.supply) == 5
        assert after.order_piles[0] == ["yellow-salami"]
        assert not of_type(events, "draw")
    # playing 3 salami and an order leaves 6: now a draw is needed again
    assert Turn(0, "salami", 3, "yellow-misto", "supply") in legal_actions(state, 0)
    assert refusal(state, "turn salami 3 order=yellow-misto").code == "draw_needed"


def test_mm_t4_a_hand_without_ingredients_passes_and_refills():
    state = begin(
        position(
            hands=[["yellow-misto", "yellow-olive"], ["olive"], ["olive"]],
            supply=["mushroom"] * 6,
            order_piles=[["yellow-salami"], [], []],
        )
    )
    assert legal_actions(state, 0) == [Pass(0, "supply"), Pass(0, "orders")]
    # no order may be played either
    assert refusal(state, "turn olive 1 order=yellow-misto draw=supply").code == "not_held"
    state, events = do(state, "pass draw=supply")
    assert Counter(state.hands[0]) == Counter({"yellow-misto": 1, "yellow-olive": 1, "mushroom": 5})
    assert state.oven == []
    assert data(of_type(events, "pass")[0]) == {"seat": 0}
    assert state.last_play.kind is None
    assert state.current == 1


def test_mm_t4_safety_valve_full_hand_without_ingredients_draws_one_from_supply():
    """[decision] 7+ cards, no ingredient: draw exactly 1 from the supply; the hand may pass 7."""
    orders = ["yellow-misto", "yellow-olive", "yellow-salami", "yellow-pepper"]
    orders += ["yellow-mushroom", "yellow-monotoni", "yellow-minimale"]
    state = begin(
        position(
            hands=[orders, ["olive"], ["olive"]],
            supply=["mushroom"] * 6,
            order_piles=[["yellow-bombastica"], [], []],
        )
    )
    assert legal_actions(state, 0) == [Pass(0, "supply")]
    err = refusal(state, "pass draw=orders")
    assert err.code == "valve_draw"
    assert refusal(state, "pass").code == "valve_draw"
    state, _ = do(state, "pass draw=supply")
    assert len(state.hands[0]) == 8
    assert hand(state, 0)["mushroom"] == 1
    assert len(state.supply) == 5
    assert state.order_piles[0] == ["yellow-bombastica"]


def test_mm_t5_drawing_the_mamma_mia_card_lays_it_down_and_replaces_it():
    state = begin(
        position(
            hands=[SEVEN, ["olive"], ["olive"]],
            mamma_mia=None,
            supply=["olive", MAMMA_MIA, "pepper", "mushroom"],
        )
    )
    assert state.mamma_mia is None
    state, events = do(state, "turn salami 2 draw=supply")
    assert state.mamma_mia == 0
    assert MAMMA_MIA not in state.hands[0]
    assert hand(state, 0) - Counter(SEVEN) == Counter({"olive": 1, "pepper": 1})
    assert len(state.hands[0]) == 7
    assert state.supply == ["mushroom"]
    assert data(of_type(events, "mamma_mia")[0]) == {"seat": 0}
    assert state.phase == TURN


def test_mm_t6_phase_1_ends_when_the_last_supply_card_is_drawn():
    state = begin(
        position(hands=[SEVEN, ["olive"], ["olive"]], supply=["olive"], mamma_mia=2, round=3)
    )
    state, events = do(state, "turn salami 3 draw=supply")
    assert len(state.hands[0]) == 5  # the rest of the refill is not taken
    assert state.supply == []
    assert state.phase == OVER  # the oven (3 salami) was revealed at once; it was round 3
    assert "reveal_start" in [e.type for e in events]
    assert of_type(events, "reveal_start")[0].seat == 2  # the MAMMA MIA holder


def test_mm_t6_when_the_last_card_is_the_mamma_mia_card_no_replacement():
    state = begin(
        position(
            hands=[SEVEN, ["olive"], ["olive"]],
            mamma_mia=None,
            supply=["pepper", MAMMA_MIA],
            round=3,
        )
    )
    state, events = do(state, "turn salami 3 draw=supply")
    assert state.mamma_mia == 0
    assert hand(state, 0) - Counter(SEVEN) == Counter({"pepper": 1})
    assert len(state.hands[0]) == 5
    assert of_type(events, "reveal_start")[0].seat == 0


def test_mm_t3_draw_null_with_an_empty_order_pile_and_no_need():
    """record-format: when nothing can be drawn, `null` or a pile name is accepted."""
    big = [*SEVEN, "olive", "pepper"]
    state = begin(position(hands=[big, ["olive"], ["olive"]], supply=["mushroom"] * 2))
    for move in ("turn olive 1", "turn olive 1 draw=orders", "turn olive 1 draw=supply"):
        assert is_legal(state, from_text(0, move))
        after, _ = do(state, move)
        assert len(after.hands[0]) == 8
        assert after.supply == ["mushroom"] * 2
