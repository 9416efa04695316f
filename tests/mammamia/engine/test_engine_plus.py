"""Mamma Mia! Plus: PL-T1..T4, PL-R1..R5, PL-H1..H4, PL-E1.

Default seats are yellow (P = pineapple; N1 mushroom, N2 pepper, N3 olive),
green (P = pepper) and brown (P = mushroom)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.mammamia import Ask, Choose, Help, Pay, legal_actions, new_game, replay
from engine.mammamia.state import CHOOSE, HELP, OVER, PAY, REVEAL, TURN

from engine_helpers import begin, data, do, hand, of_type, position, refusal, table

NINE = ["salami"] * 6 + ["olive", "olive", "yellow-misto"]


# --- PL-T1..T4 ------------------------------------------------------------------------


@pytest.mark.parametrize("draw", ["supply", "orders"])
def test_pl_t1_refills_to_nine_but_at_most_five_cards(draw):
    pile = ["yellow-salami", "yellow-olive", "yellow-duo", "yellow-mini-1", "yellow-mini-2"]
    pile += ["yellow-piccola"]
    state = begin(
        position(
            "plus",
            hands=[NINE, ["olive"], ["olive"]],
            supply=["shrimp"] * 8,
            order_piles=[pile, [], []],
        )
    )
    state, _ = do(state, f"turn salami 6 draw={draw}")
    assert len(state.hands[0]) == 8  # 3 + 5, not 9
    assert len(state.supply) == (3 if draw == "supply" else 8)
    assert len(state.order_piles[0]) == (6 if draw == "supply" else 1)


def test_pl_t1_refills_fewer_than_five_when_that_fills_the_hand():
    state = begin(position("plus", hands=[NINE, ["olive"], ["olive"]], supply=["shrimp"] * 8))
    state, _ = do(state, "turn salami 2 draw=supply")
    assert len(state.hands[0]) == 9
    assert len(state.supply) == 6


def test_pl_t2_a_hand_without_ingredients_skips_and_draws_five():
    state = begin(
        position(
            "plus", hands=[NINE, ["green-misto"], ["olive"]], supply=["shrimp"] * 4 + ["olive"] * 4
        )
    )
    assert refusal(state, "pass draw=supply").code == "no_pass_in_plus"
    state, events = do(state, "turn salami 1 draw=supply")
    assert "skip" in [e.type for e in events]
    assert data(of_type(events, "skip")[0]) == {"seat": 1}
    assert hand(state, 1) == Counter({"green-misto": 1, "shrimp": 3, "olive": 2})
    assert state.oven == ["salami"]
    assert state.current == 2
    assert state.last_play.seat == 1
    assert state.last_play.skipped
    assert legal_actions(state, 1) == []


def test_pl_t2_skip_at_the_start_of_the_game():
    state = begin(
        position("plus", hands=[["yellow-misto"], ["olive"], ["olive"]], supply=["shrimp"] * 9)
    )
    assert state.current == 1
    assert hand(state, 0) == Counter({"yellow-misto": 1, "shrimp": 5})


def test_pl_t2_pl_t3_a_skip_that_draws_the_last_supply_card_reveals():
    """record-format: if a PL-T2 skip draws the last supply card, that seat reveals."""
    state = begin(
        position("plus", hands=[NINE, ["green-misto"], ["olive"]], supply=["shrimp"] * 4, round=3)
    )
    state, events = do(state, "turn salami 2 draw=supply")  # takes 2 of the 4
    assert of_type(events, "reveal_start")[0].seat == 1
    assert hand(state, 1) == Counter({"green-misto": 1, "shrimp": 2})
    assert state.revealer == 1


def test_pl_t3_the_player_who_draws_the_last_card_reveals_and_starts_next_round():
    state = begin(
        position(
            "plus", hands=[NINE, ["olive", "olive"], ["olive"]], supply=["shrimp"] * 3, first=0
        )
    )
    state, events = do(state, "turn salami 1 draw=supply")  # 1 card: the supply holds 3
    assert state.phase == TURN
    state, events = do(state, "turn olive 1 draw=supply")  # seat 1 takes the last 2
    assert of_type(events, "reveal_start")[0].seat == 1
    assert state.revealer == 1
    assert state.round == 2
    assert state.current == 1
    assert of_type(events, "round_start")[0].first == 1


def test_pl_t4_round_with_empty_supply_is_one_turn_each_from_the_last_revealer():
    """[decision] No supply at a round's start: one turn per player, starting with
    (and revealed by) the last revealer; refills only from order piles."""
    record = position(
        "plus",
        hands=[["olive", "olive"], ["salami", "salami"], ["mushroom", "mushroom"]],
        order_piles=[["yellow-misto"], ["green-misto"], []],
        supply=[],
        first=1,
    )
    state = begin(record)
    assert state.turns_left == 3
    assert state.current == 1
    err = refusal(state, "turn salami 1 draw=supply")
    assert err.code == "empty_pile"
    assert err.params == {"pile": "supply"}
    state, _ = do(state, "turn salami 1 draw=orders")
    assert hand(state, 1) == Counter({"salami": 1, "green-misto": 1})
    state, _ = do(state, "turn mushroom 1")  # both piles empty: draw null is fine
    assert state.current == 0
    state, events = do(state, "turn olive 1 draw=orders")
    assert of_type(events, "reveal_start")[0].seat == 1
    # nothing was made: the next round again has no supply and seat 1 starts it
    assert state.round == 2
    assert state.supply == []
    assert state.turns_left == 3
    assert state.current == 1
    assert table(state) == {"salami": 1, "mushroom": 1, "olive": 1}


def test_pl_t4_a_skip_counts_as_that_seats_turn():
    record = position(
        "plus",
        hands=[["olive"], ["salami", "salami"], ["brown-misto"]],
        order_piles=[[], ["green-misto"], []],
        supply=[],
        first=1,
        round=3,
    )
    state, events = do(begin(record), "turn salami 1 draw=orders")
    assert data(of_type(events, "skip")[0]) == {"seat": 2}  # draws nothing: no supply
    assert state.turns_left == 1
    assert state.current == 0
    state, events = do(state, "turn olive 1")
    assert state.phase == OVER
    assert of_type(events, "reveal_start")[0].seat == 1


# --- PL-R1..R5 ----------------------------------------------------------------------


def reveal(order: str, on_table: dict[str, int], held=(), *, seat=0, play="salami", **kw):
    """`seat` plays 1 `play` and `order` and draws the supply's only card, in round 3."""
    hands = [["olive"], ["olive"], ["olive"]]
    hands[seat] = [play, order, *held]
    kw.setdefault("order_piles", [["yellow-misto"], ["green-misto"], ["brown-misto"]])
    record = position(
        "plus", hands=hands, table=on_table, supply=["shrimp"], first=seat, round=3, **kw
    )
    return do(begin(record), f"turn {play} 1 order={order} draw=supply")


def test_pl_r1_crossed_out_kind_on_the_table_means_not_made():
    state, events = reveal("yellow-mini-1", {"pineapple": 3, "pepper": 1})
    assert state.delivered[0] == []
    assert state.order_piles[0] == ["yellow-misto", "yellow-mini-1"]
    assert of_type(events, "returned")[0].reason == "crossed"
    assert table(state) == {"pineapple": 3, "pepper": 1, "salami": 1}


def test_pl_r1_without_the_crossed_out_kind_it_is_checked_as_usual():
    state, _ = reveal("yellow-mini-1", {"pineapple": 3, "olive": 2})
    assert state.delivered[0] == ["yellow-mini-1"]
    assert Counter(state.used) == Counter({"pineapple": 3})
    state, _ = reveal("yellow-mini-2", {"mushroom": 2}, ["mushroom"])
    assert dict(state.pending.missing) == {"mushroom": 1}
    state, events = reveal("yellow-piccola", {"olive": 1, "salami": 5})
    assert of_type(events, "returned")[0].reason == "crossed"
    state, events = reveal("yellow-piccola", {"pineapple": 5, "salami": 4})
    assert state.pending.stage == CHOOSE  # salami (with the played one) and pineapple
    assert state.pending.covered
    state, _ = do(state, "choose pineapple")
    assert Counter(state.used) == Counter({"pineapple": 5})


def test_pl_r2_chiottona_two_kinds_four_each():
    state, events = reveal(
        "yellow-chiottona", {"pineapple": 1, "salami": 3, "olive": 4, "mushroom": 2}
    )
    assert state.delivered[0] == ["yellow-chiottona"]  # only salami + olive covered
    assert of_type(events, "made")[0].choice == ["salami", "olive"]
    assert Counter(state.used) == Counter({"pineapple": 1, "salami": 4, "olive": 4})
    assert table(state) == {"mushroom": 2}


def test_pl_r2_chiottona_choose_two_different_kinds_not_p():
    state, _ = reveal("yellow-chiottona", {"pineapple": 1}, ["olive"] * 4 + ["salami"] * 3)
    assert state.pending.stage == CHOOSE
    assert len(state.pending.options) == 10
    for bad in ("choose olive", "choose olive olive", "choose olive pineapple"):
        err = refusal(state, bad)
        assert err.code == "choose_two"
        assert err.params == {"choices": ["salami", "mushroom", "pepper", "olive", "shrimp"]}
    state, events = do(state, "choose olive salami")
    assert of_type(events, "chosen")[0].kinds == ["salami", "olive"]
    assert dict(state.pending.missing) == {"salami": 3, "olive": 4}
    state, _ = do(state, "pay yes")
    assert Counter(state.used) == Counter({"pineapple": 1, "salami": 4, "olive": 4})


def test_pl_c2_card_15_pl_r3_mamma_mia_five_of_n1_or_n3():
    # Yellow: P pineapple; N1 mushroom, N2 pepper, N3 olive.
    state, _ = reveal("yellow-mammamia", {"pineapple": 1, "mushroom": 5, "olive": 5})
    assert state.pending.covered
    assert set(legal_actions(state, 0)) == {Choose(0, ("mushroom",)), Choose(0, ("olive",))}
    state, _ = do(state, "choose mushroom")
    assert Counter(state.used) == Counter({"pineapple": 1, "mushroom": 5})
    assert table(state) == {"olive": 5, "salami": 1}

    state, events = reveal("yellow-mammamia", {"pineapple": 1, "olive": 6})
    assert of_type(events, "made")[0].choice == ["olive"]
    assert table(state) == {"olive": 1, "salami": 1}

    state, events = reveal("yellow-mammamia", {"pineapple": 1, "pepper": 6})  # N2 is no choice
    assert state.pending.stage == CHOOSE and not state.pending.covered
    assert set(state.pending.options) == {("mushroom",), ("olive",)}
    err = refusal(state, "choose pepper")
    assert err.code == "choose_one"
    assert err.params == {"choices": ["mushroom", "olive"]}


def test_pl_c2_card_15_rulebook_example_salami_and_five_peppers_or_five_pineapples():
    """«салями и пять зеленых перцев или салями и пять ананасов»: the salami
    (red) card offers pepper (its N3) or pineapple (its N1)."""
    colours = ["red", "green", "brown"]
    kw = {"colours": colours, "order_piles": [["red-misto"], ["green-misto"], ["brown-misto"]]}
    for other in ("pepper", "pineapple"):
        state, events = reveal("red-mammamia", {other: 5}, play="salami", **kw)
        assert state.delivered[0] == ["red-mammamia"]
        assert of_type(events, "made")[0].choice == [other]
    state, _ = reveal("red-mammamia", {"mushroom": 5}, play="salami", **kw)
    assert set(state.pending.options) == {("pineapple",), ("pepper",)}


def test_pl_c2_card_15_replay_an_owner_choosing_n3_makes_the_pizza():
    record = position(
        "plus",
        hands=[["salami", "yellow-mammamia"], ["olive"], ["olive"]],
        order_piles=[["yellow-misto"], ["green-misto"], ["brown-misto"]],
        table={"pineapple": 1, "mushroom": 5, "olive": 5},
        supply=["shrimp"],
        round=3,
        actions=[
            {
                "seat": 0,
                "turn": {
                    "ingredient": "salami",
                    "count": 1,
                    "order": "yellow-mammamia",
                    "draw": "supply",
                },
            },
            {"seat": 0, "choose": ["olive"]},
        ],
    )
    result = replay(record)
    assert result.error is None
    assert result.state.delivered[0] == ["yellow-mammamia"]
    assert of_type(result.events, "made")[0].choice == ["olive"]


def test_pl_r4_minimale_needs_four_of_the_least_present_kind():
    state, _events = reveal(
        "yellow-minimale", {"pineapple": 1, "olive": 4, "mushroom": 6}, play="mushroom"
    )
    assert state.delivered[0] == ["yellow-minimale"]
    assert Counter(state.used) == Counter({"pineapple": 1, "olive": 4})
    state, _ = reveal("yellow-minimale", {"pineapple": 1, "olive": 3}, ["olive"], play="olive")
    assert state.delivered[0] == ["yellow-minimale"]
    state, _ = reveal("yellow-minimale", {"pineapple": 1, "olive": 2}, play="olive")
    assert dict(state.pending.missing) == {"olive": 1}


def test_pl_r5_delivered_orders_go_onto_one_common_pile():
    record = position(
        "plus",
        hands=[["salami", "yellow-salami"], ["olive"], ["olive"]],
        table={"salami": 3, "pineapple": 1},
        supply=["shrimp"],
        delivered_pile=["green-misto"],
        round=3,
    )
    state = begin(record)
    assert state.delivered[1] == ["green-misto"]
    state, _ = do(state, "turn salami 1 order=yellow-salami draw=supply")
    assert state.delivered_pile == ["yellow-salami", "green-misto"]  # top first
    assert state.delivered[0] == ["yellow-salami"]


# --- PL-H1..H4 -------------------------------------------------------------------------


def help_position(seats=4, owner_hand=("olive",), others=None, piles=None, help=None):
    """Green (seat 0) reveals "4 olive + 1 pepper" with 2 olive on the table."""
    colours = ["green", "yellow", "red", "brown"][:seats]
    hands = [["mushroom", "green-olive", *owner_hand]]
    hands += others or [["olive", "salami"] for _ in range(seats - 1)]
    record = position(
        "plus",
        seats,
        colours=colours,
        hands=hands,
        order_piles=piles or [[], ["yellow-misto"], ["red-misto"], ["brown-misto"]][:seats],
        table={"olive": 2, "pepper": 1},
        supply=["shrimp"],
        round=3,
        help=help,
    )
    state, _ = do(begin(record), "turn mushroom 1 order=green-olive draw=supply")
    assert state.pending.stage == PAY
    assert dict(state.pending.missing) == {"olive": 2}
    return state


def test_pl_h1_ask_names_some_or_all_missing_cards_and_the_owner_holds_the_rest():
    state = help_position()
    asks = [a for a in legal_actions(state, 0) if isinstance(a, Ask)]
    assert asks == [Ask(0, (("olive", 1),)), Ask(0, (("olive", 2),))]
    err = refusal(state, "ask olive=3")
    assert err.code == "ask_mismatch"
    assert err.params == {"missing": {"olive": 2}}
    assert refusal(state, "ask salami=1").code == "ask_mismatch"
    state = help_position(owner_hand=())
    assert [a for a in legal_actions(state, 0) if isinstance(a, Ask)] == [Ask(0, (("olive", 2),))]
    err = refusal(state, "ask olive=1")
    assert err.code == "ask_rest_not_held"
    assert err.params == {"kind": "olive", "need": 1, "held": 0}


def test_pl_h1_no_help_when_it_is_off():
    state = help_position(seats=3, help=False)
    assert not any(isinstance(a, Ask) for a in legal_actions(state, 0))
    err = refusal(state, "ask olive=1")
    assert err.code == "help_off"
    assert err.code == "help_off" and err.params == {}


def test_pl_h2_asked_clockwise_from_the_owners_left_skipping_empty_order_piles():
    state = help_position(piles=[[], [], ["red-misto"], ["brown-misto"]])
    state, _events = do(state, "ask olive=2")
    assert state.pending.stage == HELP
    assert state.pending.asking == (2, 3)  # seat 1 has no order pile left
    assert state.to_act() == (2,)
    assert refusal(state, "0: pay yes").code == "not_your_decision"
    err = refusal(state, "2: help yes")  # it holds 1 olive, not 2
    assert err.code == "cannot_help"
    assert err.params == {"cards": {"olive": 2}}
    assert legal_actions(state, 2) == [Help(2, False)]
    state, _ = do(state, "2: help no")
    assert state.to_act() == (3,)


def test_pl_h2_the_queue_wraps_round_the_table():
    record = position(
        "plus",
        4,
        hands=[["olive"], ["olive"], ["olive", "olive", "brown-olive"], ["olive"]],
        order_piles=[["yellow-misto"], ["green-misto"], ["brown-misto"], ["purple-misto"]],
        colours=["yellow", "green", "brown", "purple"],
        table={"olive": 2, "mushroom": 1, "pineapple": 1},
        supply=["shrimp"],
        first=2,
        round=3,
    )
    state, _ = do(begin(record), "turn olive 1 order=brown-olive draw=supply")
    assert dict(state.pending.missing) == {"olive": 1}
    state, _ = do(state, "ask olive=1")
    assert state.pending.asking == (3, 0, 1)


def test_pl_h3_first_to_accept_gives_the_cards_and_scores_their_top_order():
    state = help_position()
    state, events = do(state, "ask olive=1", "1: help yes")
    assert state.phase == OVER
    assert state.delivered[0] == ["green-olive"]
    assert state.delivered[1] == ["yellow-misto"]
    assert state.order_piles[1] == []
    assert hand(state, 0) == Counter({"shrimp": 1})
    assert hand(state, 1) == Counter({"salami": 1})
    assert Counter(state.used) == Counter({"olive": 4, "pepper": 1})
    assert [e.seat for e in of_type(events, "help_asked")] == [1]
    made = data(of_type(events, "made")[0])
    assert made["helper"] == 1
    assert made["given"] == {"olive": 1}
    assert made["paid"] == {"olive": 1}
    assert data(of_type(events, "helper_scored")[0]) == {"seat": 1}


def test_pl_h3_helper_gives_every_asked_card_owner_pays_nothing():
    state = help_position(others=[["olive", "olive"], ["olive"], ["olive"]])
    state, _ = do(state, "ask olive=2", "1: help yes")
    assert hand(state, 0) == Counter({"olive": 1, "shrimp": 1})  # its own olive is kept
    assert hand(state, 1) == Counter()


def test_pl_h4_everyone_refuses_not_made_even_if_the_owner_could_pay():
    state = help_position(owner_hand=("olive", "olive"))
    assert Pay(0, True) in legal_actions(state, 0)
    state, events = do(state, "ask olive=1", "1: help no", "2: help no", "3: help no")
    assert state.delivered[0] == []
    assert state.order_piles[0] == ["green-olive"]
    assert of_type(events, "returned")[0].reason == "no_help"
    assert hand(state, 0) == Counter({"olive": 2, "shrimp": 1})
    assert table(state) == {"olive": 2, "pepper": 1, "mushroom": 1}


def test_pl_h4_asking_when_no_one_can_help_is_legal_and_the_order_is_not_made():
    state = help_position(piles=[["green-misto"], [], [], []])
    assert Ask(0, (("olive", 1),)) in legal_actions(state, 0)
    state, events = do(state, "ask olive=1")
    assert state.phase == OVER
    assert state.order_piles[0] == ["green-misto", "green-olive"]
    assert of_type(events, "returned")[0].reason == "no_help"
    assert not of_type(events, "help_asked")


def test_pl_h1_bombastica_asks_for_every_missing_card():
    record = position(
        "plus",
        hands=[["salami", "yellow-bombastica"], ["olive", "olive"], ["olive"]],
        order_piles=[[], ["green-misto"], ["brown-misto"]],
        table={"salami": 12},
        supply=["shrimp"],
        round=3,
    )
    state, _ = do(begin(record), "turn salami 1 order=yellow-bombastica draw=supply")
    assert state.pending.short == 2
    err = refusal(state, "ask olive=1")
    assert err.code == "ask_count"
    assert err.params == {"count": 2}
    state, _ = do(state, "ask olive=2", "1: help yes")
    assert state.delivered[0] == ["yellow-bombastica"]
    assert Counter(state.used) == Counter({"salami": 13, "olive": 2})
    assert state.delivered[1] == ["green-misto"]


def test_pl_h_ask_needs_a_fixed_choice():
    state, _ = reveal("yellow-mammamia", {"pineapple": 1}, ["mushroom"])
    assert state.pending.stage == CHOOSE
    assert refusal(state, "ask mushroom=1").code == "expected_choice"
    state, _ = do(state, "choose mushroom")
    assert Ask(0, (("mushroom", 5),)) in legal_actions(state, 0)


# --- PL-E1 -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "help", "last"), [(2, None, 4), (3, None, 3), (3, False, 4), (6, True, 3)]
)
def test_pl_e1_three_reveals_with_help_four_without(seats, help, last):
    state, _ = new_game("plus", seats, seed=1, help=help)
    assert state.last_round == last
    assert state.help == (help if help is not None else seats >= 3)


def test_pl_e1_game_with_help_off_goes_on_after_the_third_reveal():
    for round_, over in ((3, False), (4, True)):
        record = position(
            "plus",
            hands=[["olive", "salami"], ["olive"], ["olive"]],
            supply=["shrimp"],
            round=round_,
            help=False,
        )
        state, _ = do(begin(record), "turn olive 1 draw=supply")
        assert (state.phase == OVER) is over


def test_pl_e1_most_delivered_wins_then_most_ingredients():
    record = position(
        "plus",
        hands=[["olive", "salami"], ["olive", "olive", "green-salami"], ["olive"] * 5],
        delivered_pile=["yellow-misto", "green-misto", "brown-misto", "green-duo"],
        supply=["shrimp"],
        round=3,
    )
    state, events = do(begin(record), "turn olive 1 draw=supply")
    assert state.winners == (1,)
    assert of_type(events, "game_over")[0].scores == [1, 2, 1]
    record["deal"]["delivered_pile"] = ["yellow-misto", "green-misto"]
    state, _ = do(begin(record), "turn olive 1 draw=supply")
    assert state.winners == (0, 1)  # 2 ingredients each; seat 1's order does not count


def test_pl_phase_reveal_during_a_help_request_names_the_asked_seat():
    state = help_position()
    state, _ = do(state, "ask olive=1")
    assert state.phase == REVEAL
    assert state.to_act() == (1,)
