"""Phase 2 in classic: the oven reveal MM-R1..R11 and the game end MM-E1.

Seats are yellow (P = pineapple), green (pepper), brown (mushroom). Most
positions are in round 3, the last, so the state after the reveal still shows
the used pile (nothing is reshuffled after the last reveal)."""

from __future__ import annotations

from collections import Counter

from engine.mammamia import Choose, Pay, legal_actions, public_view
from engine.mammamia.cards import MAMMA_MIA
from engine.mammamia.state import CHOOSE, OVER, PAY, TURN

from engine_helpers import begin, data, do, hand, of_type, position, refusal, table

BIG = (
    ["mushroom"] * 4 + ["pepper"] * 4 + ["olive"]
)  # a hand that stays full: it plays without drawing


def one_play(
    move: str, held: list[str], on_table: dict[str, int], *, round: int = 3, piles=None, **kw
):
    """Seat 0 plays `move`, draws the supply's only card: the oven is revealed at once."""
    record = position(
        hands=[held, ["olive"], ["olive"]],
        table=on_table,
        supply=["pepper"],
        round=round,
        order_piles=piles or [["yellow-misto"], [], []],
        **kw,
    )
    return do(begin(record), move)


# --- MM-R1..R6 -------------------------------------------------------------------------


def test_mm_r1_mm_r3_oven_revealed_first_played_first_and_checked_at_that_moment():
    record = position(
        hands=[["pineapple", "yellow-salami", *BIG], ["salami", *BIG], ["olive", "olive"]],
        table={"salami": 3},  # leftovers, face up before the first card
        supply=["pepper"],
        mamma_mia=2,
        round=3,
        order_piles=[["yellow-misto"], [], []],
    )
    state, events = do(
        begin(record),
        "turn pineapple 1 order=yellow-salami",  # no draw: the hand is still full
        "turn salami 1",
        "turn olive 1 draw=supply",
    )
    assert state.revealer == 2  # MM-R1: the MAMMA MIA holder reveals
    assert of_type(events, "reveal_start")[0].seat == 2
    # the salami that would complete it is later in the oven: 1 salami is missing now
    assert [e.card for e in of_type(events, "reveal")] == ["pineapple", "yellow-salami"]
    assert state.pending.order == "yellow-salami"
    assert state.pending.stage == PAY
    assert dict(state.pending.missing) == {"salami": 1}
    assert state.oven == ["salami", "olive"]

    state, more = do(state, "pay no")
    # MM-R5: under the owner's order pile; MM-R2 / MM-R6: the rest joins the table
    assert state.order_piles[0] == ["yellow-misto", "yellow-salami"]
    assert [e.card for e in of_type(more, "reveal")] == ["salami", "olive"]
    assert table(state) == {"salami": 4, "pineapple": 1, "olive": 1}
    assert state.delivered == [[], [], []]
    assert state.used == []


def test_mm_r3_order_made_when_the_table_already_covers_it():
    record = position(
        hands=[["pineapple", "yellow-salami", "olive"], ["salami", *BIG], ["olive", *BIG]],
        table={"salami": 3},
        supply=["pepper"],
        first=1,
        round=3,
    )
    state, events = do(
        begin(record),
        "turn salami 1",
        "turn olive 1",
        "turn pineapple 1 order=yellow-salami draw=supply",
    )
    assert [e.card for e in of_type(events, "reveal")] == [
        "salami",
        "olive",
        "pineapple",
        "yellow-salami",
    ]
    assert state.delivered[0] == ["yellow-salami"]
    assert state.delivered_pile == []  # classic: beside the owner's pile, face up
    assert Counter(state.used) == Counter({"pineapple": 1, "salami": 4})
    assert table(state) == {"olive": 1}  # MM-R6
    assert of_type(events, "made")[0].paid == {}


def test_mm_r2_revealed_ingredients_join_the_table_sorted_by_kind():
    state, events = one_play("turn olive 2 draw=supply", ["olive", "olive", "salami"], {"olive": 1})
    assert table(state) == {"olive": 3}
    assert [e.card for e in of_type(events, "reveal")] == ["olive", "olive"]


def test_mm_r4_owner_pays_the_missing_cards_from_hand_and_is_not_refilled():
    held = ["pineapple", "yellow-salami", "salami", "salami", "mushroom"]
    state, _ = one_play("turn pineapple 1 order=yellow-salami draw=supply", held, {"salami": 2})
    assert state.pending.stage == PAY
    assert dict(state.pending.missing) == {"salami": 2}
    assert legal_actions(state, 0) == [Pay(0, True), Pay(0, False)]
    before = len(state.hands[0])
    state, events = do(state, "pay yes")
    assert len(state.hands[0]) == before - 2
    assert hand(state, 0) == Counter({"mushroom": 1, "pepper": 1})
    assert Counter(state.used) == Counter({"pineapple": 1, "salami": 4})
    assert state.delivered[0] == ["yellow-salami"]
    assert of_type(events, "made")[0].paid == {"salami": 2}


def test_mm_r4_owner_may_decline_even_when_able():
    held = ["pineapple", "yellow-salami", "salami", "salami"]
    state, _ = one_play("turn pineapple 1 order=yellow-salami draw=supply", held, {"salami": 2})
    state, events = do(state, "pay no")
    assert of_type(events, "declined")
    assert hand(state, 0) == Counter({"salami": 2, "pepper": 1})
    assert state.order_piles[0][-1] == "yellow-salami"
    assert state.delivered[0] == []


def test_mm_r4_owner_is_asked_even_when_unable_and_nothing_public_differs():
    """[decision] 'cannot' must look exactly like 'will not' from outside."""
    able = ["pineapple", "yellow-salami", "salami", "salami"]
    unable = ["pineapple", "yellow-salami", "mushroom", "mushroom"]
    results = []
    for held in (able, unable):
        state, events = one_play(
            "turn pineapple 1 order=yellow-salami draw=supply", held, {"salami": 2}
        )
        assert state.pending.stage == PAY
        assert state.to_act() == (0,)
        results.append((state, [e.to_json() for e in events if e.public]))
    (able_state, able_events), (unable_state, unable_events) = results
    assert able_events == unable_events
    assert able_state.pending == unable_state.pending
    assert legal_actions(unable_state, 0) == [Pay(0, False)]
    err = refusal(unable_state, "pay yes")
    assert err.code == "cannot_pay"
    assert err.params == {"kind": "salami", "need": 2, "held": 0}


def test_mm_r5_order_not_made_goes_to_the_bottom_of_its_owners_pile():
    state, _ = one_play(
        "turn pineapple 1 order=yellow-salami draw=supply",
        ["pineapple", "yellow-salami"],
        {"salami": 1},
        piles=[["yellow-misto", "yellow-olive"], [], []],
    )
    state, events = do(state, "pay no")
    assert state.order_piles[0] == ["yellow-misto", "yellow-olive", "yellow-salami"]
    assert data(of_type(events, "returned")[0]) == {
        "seat": 0,
        "order": "yellow-salami",
        "reason": "declined",
    }


def test_mm_r6_unused_ingredients_stay_on_the_table():
    state, _ = one_play(
        "turn pineapple 1 order=yellow-salami draw=supply",
        ["pineapple", "yellow-salami"],
        {"salami": 6, "olive": 3, "pineapple": 1},
    )
    assert state.delivered[0] == ["yellow-salami"]
    assert table(state) == {"salami": 2, "olive": 3, "pineapple": 1}


# --- MM-R7 Bombastica ---------------------------------------------------------------------


def test_mm_r7_bombastica_with_exactly_15_uses_all():
    state, _ = one_play(
        "turn olive 1 order=yellow-bombastica draw=supply",
        ["olive", "yellow-bombastica"],
        {"salami": 5, "mushroom": 5, "pineapple": 4},
    )
    assert state.delivered[0] == ["yellow-bombastica"]
    assert len(state.used) == 15
    assert table(state) == {}


def test_mm_r7_mm_r10_bombastica_topped_up_from_hand_names_the_cards():
    state, _ = one_play(
        "turn olive 1 order=yellow-bombastica draw=supply",
        ["olive", "yellow-bombastica", "salami", "mushroom", "mushroom"],
        {"salami": 5, "mushroom": 5, "pineapple": 2},
    )
    assert state.pending.stage == PAY
    assert state.pending.short == 2  # 13 on the table
    moves = legal_actions(state, 0)
    assert Pay(0, True, (("salami", 1), ("mushroom", 1))) in moves
    assert Pay(0, True, (("mushroom", 2),)) in moves
    assert Pay(0, True) not in moves
    assert Pay(0, False) in moves
    assert refusal(state, "pay yes").code == "pay_count"
    err = refusal(state, "pay mushroom=3")
    assert err.code == "pay_count"
    assert err.params == {"count": 2}
    assert refusal(state, "pay pepper=2").code == "cannot_pay"  # pepper: drawn, only 1
    state, events = do(state, "pay salami=1,mushroom=1")
    assert state.delivered[0] == ["yellow-bombastica"]
    assert len(state.used) == 15
    assert table(state) == {}
    assert hand(state, 0) == Counter({"mushroom": 1, "pepper": 1})
    assert of_type(events, "made")[0].paid == {"salami": 1, "mushroom": 1}


def test_mm_r7_bombastica_short_and_declined_is_not_made():
    state, _ = one_play(
        "turn olive 1 order=yellow-bombastica draw=supply",
        ["olive", "yellow-bombastica"],
        {"salami": 5},
    )
    assert state.pending.short == 9
    assert legal_actions(state, 0) == [Pay(0, False)]
    state, _ = do(state, "pay no")
    assert state.order_piles[0][-1] == "yellow-bombastica"
    assert table(state) == {"salami": 5, "olive": 1}


# --- MM-R8 Monotoni -----------------------------------------------------------------------


def test_mm_r8_monotoni_uses_exactly_six_of_the_kind_and_leaves_the_rest():
    state, events = one_play(
        "turn olive 1 order=yellow-monotoni draw=supply",
        ["olive", "yellow-monotoni"],
        {"pineapple": 1, "salami": 8, "olive": 1},
    )
    # MM-R10: salami is the only choice the table covers, so it is taken
    assert state.delivered[0] == ["yellow-monotoni"]
    assert of_type(events, "made")[0].choice == ["salami"]
    assert Counter(state.used) == Counter({"pineapple": 1, "salami": 6})
    assert table(state) == {"salami": 2, "olive": 2}
    assert not of_type(events, "decision")


def test_mm_r8_monotoni_kind_need_not_be_on_the_table():
    held = ["olive", "yellow-monotoni", *["pepper"] * 6]
    state, _ = one_play("turn olive 1 order=yellow-monotoni draw=supply", held, {"pineapple": 1})
    pending = state.pending
    assert pending.stage == CHOOSE
    assert set(pending.options) == {("salami",), ("mushroom",), ("pepper",), ("olive",)}
    assert not pending.covered
    err = refusal(state, "choose pineapple")  # Y != P
    assert err.code == "choose_one"
    assert err.params == {"choices": ["salami", "mushroom", "pepper", "olive"]}
    state, _ = do(state, "choose pepper")
    assert dict(state.pending.missing) == {"pepper": 6}
    state, _ = do(state, "pay yes")
    assert state.delivered[0] == ["yellow-monotoni"]
    assert Counter(state.used) == Counter({"pineapple": 1, "pepper": 6})


# --- MM-R9 Minimale ---------------------------------------------------------------------


def minimale(on_table: dict[str, int], held: list[str], play: str = "salami"):
    """Green (P = pepper) reveals its Minimale after playing 1 `play`."""
    record = position(
        hands=[["olive"], [play, "green-minimale", *held], ["olive"]],
        table=on_table,
        supply=["olive"],
        first=1,
        round=3,
    )
    return do(begin(record), f"turn {play} 1 order=green-minimale draw=supply")


def test_mm_r9_p_is_removed_before_the_minimum_is_taken():
    """[decision] pepper (P) has the fewest, but only olive is a candidate."""
    state, events = minimale({"pepper": 1, "olive": 2, "salami": 2}, ["olive"])
    # MM-R10: one open choice is taken without asking; it lacks 1 olive
    assert not of_type(events, "decision")[0].options
    assert state.pending.stage == PAY
    assert state.pending.choice == ("olive",)
    assert dict(state.pending.missing) == {"olive": 1}
    state, _ = do(state, "pay yes")
    assert Counter(state.used) == Counter({"pepper": 1, "olive": 3})
    assert state.delivered[1] == ["green-minimale"]


def test_mm_r9_minimale_picks_least_present_kind_and_uses_exactly_three():
    state, events = minimale({"pepper": 1, "olive": 5, "mushroom": 7}, [], play="mushroom")
    assert state.delivered[1] == ["green-minimale"]
    assert of_type(events, "made")[0].choice == ["olive"]
    assert Counter(state.used) == Counter({"pepper": 1, "olive": 3})
    assert table(state) == {"olive": 2, "mushroom": 8}


def test_mm_r9_ties_are_the_owners_choice():
    state, _ = minimale({"pepper": 1, "olive": 2, "mushroom": 1}, ["mushroom"], play="mushroom")
    assert state.pending.stage == CHOOSE
    assert set(state.pending.options) == {("mushroom",), ("olive",)}
    err = refusal(state, "choose salami")
    assert err.code == "choose_fewest"
    assert err.params == {"choices": ["mushroom", "olive"]}
    state, _ = do(state, "choose mushroom")
    assert dict(state.pending.missing) == {"mushroom": 1}


def test_mm_r9_with_no_candidate_the_order_is_not_made():
    state, events = minimale({"pepper": 2}, [], play="pepper")
    assert state.delivered[1] == []
    assert state.order_piles[1] == ["green-minimale"]
    assert of_type(events, "returned")[0].reason == "no_candidate"
    assert table(state) == {"pepper": 3}


# --- MM-R10 decisions ------------------------------------------------------------------


def test_mm_r10_a_covered_choice_must_be_taken():
    state, _ = one_play(
        "turn mushroom 1 order=yellow-monotoni draw=supply",
        ["mushroom", "yellow-monotoni"],
        {"pineapple": 1, "salami": 6, "olive": 6},
    )
    pending = state.pending
    assert pending.stage == CHOOSE
    assert pending.covered
    assert set(pending.options) == {("salami",), ("olive",)}
    assert set(legal_actions(state, 0)) == {Choose(0, ("salami",)), Choose(0, ("olive",))}
    err = refusal(state, "pay no")
    assert err.code == "choose_covered"
    assert err.params == {"choices": ["salami", "olive"]}
    assert refusal(state, "choose mushroom").code == "choose_covered"
    state, _ = do(state, "choose olive")
    assert state.delivered[0] == ["yellow-monotoni"]
    assert table(state) == {"salami": 6, "mushroom": 1}


def test_mm_r10_the_single_covered_choice_is_taken_automatically():
    state, events = one_play(
        "turn mushroom 1 order=yellow-monotoni draw=supply",
        ["mushroom", "yellow-monotoni"],
        {"pineapple": 1, "salami": 5, "olive": 6},
    )
    assert state.delivered[0] == ["yellow-monotoni"]
    assert not of_type(events, "decision")
    assert of_type(events, "made")[0].choice == ["olive"]


def test_mm_r10_decline_without_choosing():
    state, _ = one_play(
        "turn mushroom 1 order=yellow-monotoni draw=supply",
        ["mushroom", "yellow-monotoni"],
        {"pineapple": 1},
    )
    assert state.pending.stage == CHOOSE
    assert Pay(0, False) in legal_actions(state, 0)
    state, events = do(state, "pay no")
    assert not of_type(events, "chosen")
    assert of_type(events, "declined")
    assert state.order_piles[0][-1] == "yellow-monotoni"


def test_mm_r10_after_choosing_the_owner_may_still_decline():
    state, _ = one_play(
        "turn mushroom 1 order=yellow-monotoni draw=supply",
        ["mushroom", "yellow-monotoni"],
        {"pineapple": 1},
    )
    state, _ = do(state, "choose olive", "pay no")
    assert state.order_piles[0][-1] == "yellow-monotoni"
    assert table(state) == {"pineapple": 1, "mushroom": 1}


# --- MM-R11 and MM-E1 -----------------------------------------------------------------


def test_mm_r11_next_round_reshuffles_used_cards_and_the_mamma_mia_card():
    held = ["pineapple", "yellow-salami", "olive"]
    state, events = one_play(
        "turn pineapple 1 order=yellow-salami draw=supply",
        held,
        {"salami": 4, "olive": 2},
        round=1,
        mamma_mia=2,
    )
    assert state.round == 2
    assert state.phase == TURN
    assert table(state) == {"olive": 2}  # leftovers stay
    assert state.used == []
    assert Counter(state.supply) == Counter({"salami": 4, "pineapple": 1, MAMMA_MIA: 1})
    assert state.mamma_mia is None
    assert state.current == 2  # the MAMMA MIA holder starts
    assert data(of_type(events, "round_start")[0]) == {"round": 2, "first": 2, "supply": 6}
    assert hand(state, 0) == Counter({"olive": 1, "pepper": 1})  # not redealt nor refilled


def test_mm_r11_decision_leftovers_lie_face_up_during_phase_one():
    """[decision] (the French and Chinese books): the leftovers stay on the table,
    public, through the next round's turns; they are not the bottom of the oven."""
    state, _ = one_play(
        "turn pineapple 1 order=yellow-salami draw=supply",
        ["pineapple", "yellow-salami", "olive"],
        {"salami": 4, "olive": 2},
        round=1,
        mamma_mia=2,
    )
    assert state.phase == TURN and state.oven == []
    view = public_view(state).to_json()
    assert view["table"] == {"olive": 2}  # face up for everyone during phase 1
    assert view["oven_size"] == 0 and view["oven_top"] is None  # not gathered into the oven


def test_mm_r11_record_reshuffles_are_honoured():
    order = ["salami", MAMMA_MIA, "salami", "pineapple", "salami", "salami"]
    state, _ = one_play(
        "turn pineapple 1 order=yellow-salami draw=supply",
        ["pineapple", "yellow-salami"],
        {"salami": 4},
        round=1,
        reshuffles=[order],
    )
    assert state.supply == order


def test_mm_e1_game_ends_after_the_third_reveal():
    for round_, over in ((2, False), (3, True)):
        state, _ = one_play("turn olive 1 draw=supply", ["olive", "salami"], {}, round=round_)
        assert (state.phase == OVER) is over
    assert state.winners


def end_with(delivered, hands):
    """Round 3; seat 0 plays 1 olive and draws the last card (a pepper)."""
    record = position(
        hands=hands,
        delivered=delivered,
        supply=["pepper"],
        round=3,
    )
    state, events = do(begin(record), "turn olive 1 draw=supply")
    assert state.phase == OVER
    return state, events


def test_mm_e1_most_delivered_orders_wins():
    state, events = end_with(
        [[], [], ["brown-misto", "brown-olive"]],
        [["olive", "salami"], ["olive"] * 9, ["mushroom"] * 9],
    )
    assert state.winners == (2,)
    over = data(of_type(events, "game_over")[0])
    assert over["winners"] == [2]
    assert over["scores"] == [0, 0, 2]


def test_mm_e1_tie_broken_by_ingredient_cards_in_hand_orders_not_counted():
    orders = ["yellow-salami", "yellow-olive", "yellow-pepper"]
    state, _ = end_with(
        [["yellow-misto"], ["green-misto"], []],
        [["olive", "olive", *orders], ["olive"] * 3, ["mushroom"] * 9],
    )
    assert len(state.hands[0]) == 5  # 2 ingredients + 3 orders
    assert state.winners == (1,)


def test_mm_e1_still_tied_is_a_shared_win():
    state, _ = end_with(
        [["yellow-misto"], ["green-misto"], []],
        [["olive", "olive"], ["olive", "salami"], ["mushroom"] * 9],
    )
    assert state.winners == (0, 1)
