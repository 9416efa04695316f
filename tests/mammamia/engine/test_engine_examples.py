"""The rulebooks' worked examples (seeds/000, the Russian Plus rulebook), each
built from an explicit `deal`. Names: Vladislav is green, Svetlana red, Berta
yellow. Each reveal is the game's last, so nothing is reshuffled afterwards and
the used pile can be inspected (record-format: "After the last reveal nothing
is reshuffled")."""

from __future__ import annotations

from collections import Counter

from engine.mammamia import Ask, Choose, Help, Pay, legal_actions
from engine.mammamia.state import CHOOSE, HELP, OVER, PAY, TURN

from engine_helpers import begin, data, do, hand, of_type, position, table


def test_example_pay_from_hand_pineapple_mm_r4():
    """Table 4 mushroom, 3 pineapple, 2 pepper, 2 olive; Vladislav's "4 pineapple
    + 1 pepper" lacks 1 pineapple; he adds it from hand; 5 cards are used."""
    record = position(
        "plus",
        3,
        colours=["green", "yellow", "red"],
        hands=[["pepper", "pineapple", "green-pineapple", "salami"], ["olive"], ["olive"]],
        table={"mushroom": 4, "pineapple": 3, "pepper": 1, "olive": 2},
        supply=["shrimp"],
        round=3,
    )
    state, _ = do(begin(record), "turn pepper 1 order=green-pineapple draw=supply")
    assert state.phase == "reveal"
    assert table(state) == {"mushroom": 4, "pineapple": 3, "pepper": 2, "olive": 2}
    assert state.pending.order == "green-pineapple"
    assert state.pending.stage == PAY
    assert dict(state.pending.missing) == {"pineapple": 1}
    assert Pay(0, True) in legal_actions(state, 0)

    state, events = do(state, "pay yes")
    assert Counter(state.used) == Counter({"pineapple": 4, "pepper": 1})
    assert state.delivered[0] == ["green-pineapple"]
    assert state.delivered_pile == ["green-pineapple"]
    assert table(state) == {"mushroom": 4, "pepper": 1, "olive": 2}
    assert hand(state, 0) == Counter({"salami": 1, "shrimp": 1})
    made = of_type(events, "made")[0]
    assert made.paid == {"pineapple": 1}
    assert made.table == {"pineapple": 3, "pepper": 1}


def test_example_minimale_candidates_pl_r4_mm_r9():
    """Table 2 pepper, 2 salami, 2 mushroom, 3 pineapple: Svetlana's Minimale may
    take pepper or mushroom (olive absent, salami is hers); mushroom needs 2 more."""
    record = position(
        "plus",
        3,
        colours=["red", "green", "yellow"],
        hands=[
            ["pineapple", "red-minimale", "mushroom", "mushroom", "olive"],
            ["olive"],
            ["olive"],
        ],
        table={"pepper": 2, "salami": 2, "mushroom": 2, "pineapple": 2},
        supply=["shrimp"],
        round=3,
    )
    state, _ = do(begin(record), "turn pineapple 1 order=red-minimale draw=supply")
    assert table(state) == {"pepper": 2, "salami": 2, "mushroom": 2, "pineapple": 3}
    pending = state.pending
    assert pending.stage == CHOOSE
    assert set(pending.options) == {("mushroom",), ("pepper",)}
    assert not pending.covered
    assert set(legal_actions(state, 0)) == {
        Choose(0, ("mushroom",)),
        Choose(0, ("pepper",)),
        Pay(0, False),
    }

    state, _ = do(state, "choose mushroom")
    assert state.pending.stage == PAY
    assert dict(state.pending.missing) == {"mushroom": 2}
    state, _ = do(state, "pay yes")
    assert state.delivered[0] == ["red-minimale"]
    assert Counter(state.used) == Counter({"salami": 1, "mushroom": 4})
    assert table(state) == {"pepper": 2, "salami": 1, "pineapple": 3}
    assert hand(state, 0) == Counter({"olive": 1, "shrimp": 1})


def test_example_bombastica_uses_all_21_mm_r7():
    """21 unused ingredients on the table: the Bombastica is made, all 21 are used."""
    on_table = {"salami": 4, "pineapple": 4, "mushroom": 4, "pepper": 4, "olive": 4}
    record = position(
        "plus",
        3,
        colours=["red", "green", "yellow"],
        hands=[["shrimp", "red-bombastica", "olive"], ["olive"], ["olive"]],
        table=on_table,
        supply=["shrimp"],
        round=3,
    )
    state, events = do(begin(record), "turn shrimp 1 order=red-bombastica draw=supply")
    assert state.phase == OVER
    assert state.delivered[0] == ["red-bombastica"]
    assert len(state.used) == 21
    assert Counter(state.used) == Counter({**on_table, "shrimp": 1})
    assert table(state) == {}
    assert sum(of_type(events, "made")[0].table.values()) == 21


def test_example_help_pl_h2_pl_h3():
    """Table 4 mushroom, 2 olive, 1 pepper; Vladislav's "4 olive + 1 pepper" lacks
    2 olive; he holds 1 and asks for 1; Berta refuses, Svetlana helps; both score;
    no one after Svetlana is asked."""
    record = position(
        "plus",
        4,
        colours=["green", "yellow", "red", "brown"],
        hands=[
            ["mushroom", "green-olive", "olive", "salami"],
            ["olive", "salami"],  # Berta could help, and will not
            ["olive", "salami"],
            ["olive", "salami"],
        ],
        order_piles=[[], ["yellow-misto"], ["red-duo", "red-misto"], ["brown-misto"]],
        table={"mushroom": 3, "olive": 2, "pepper": 1},
        supply=["shrimp"],
        round=3,
    )
    state = begin(record)
    assert state.help
    state, _ = do(state, "turn mushroom 1 order=green-olive draw=supply")
    assert table(state) == {"mushroom": 4, "olive": 2, "pepper": 1}
    assert dict(state.pending.missing) == {"olive": 2}
    assert Ask(0, (("olive", 1),)) in legal_actions(state, 0)

    state, events = do(state, "ask olive=1")
    assert state.pending.stage == HELP
    assert state.to_act() == (1,)  # Berta, on Vladislav's left, first
    state, more = do(state, "1: help no")
    events += more
    assert state.to_act() == (2,)
    assert legal_actions(state, 2) == [Help(2, True), Help(2, False)]
    state, more = do(state, "2: help yes")
    events += more

    assert state.phase == OVER
    assert state.delivered[0] == ["green-olive"]
    assert state.delivered[2] == ["red-duo"]  # Svetlana's top order card scores for her
    assert state.order_piles[2] == ["red-misto"]
    assert Counter(state.delivered_pile) == Counter({"green-olive": 1, "red-duo": 1})
    assert Counter(state.used) == Counter({"olive": 4, "pepper": 1})
    assert table(state) == {"mushroom": 4}
    assert hand(state, 0) == Counter({"salami": 1, "shrimp": 1})
    assert hand(state, 1) == Counter({"olive": 1, "salami": 1})
    assert hand(state, 2) == Counter({"salami": 1})
    assert hand(state, 3) == Counter({"olive": 1, "salami": 1})
    asked = [e.seat for e in of_type(events, "help_asked")]
    assert asked == [1, 2]  # never seat 3, after Svetlana
    assert state.order_piles[3] == ["brown-misto"]


def test_example_three_salami_pl_t1_mm_t3():
    """Vladislav plays 3 salami and "4 salami + 1 pepper", draws from his order
    pile which holds only 3 orders: he takes all 3 and plays on with 8 cards."""
    record = position(
        "plus",
        3,
        colours=["green", "yellow", "red"],
        hands=[
            [
                "salami",
                "salami",
                "salami",
                "green-salami",
                "olive",
                "olive",
                "mushroom",
                "pepper",
                "shrimp",
            ],
            ["olive"],
            ["olive"],
        ],
        order_piles=[["green-misto", "green-duo", "green-mini-1"], [], []],
        supply=["shrimp", "shrimp", "olive", "olive", "pepper", "pepper"],
    )
    state = begin(record)
    assert len(state.hands[0]) == 9
    state, events = do(state, "turn salami 3 order=green-salami draw=orders")
    assert state.oven == ["salami", "salami", "salami", "green-salami"]
    assert len(state.hands[0]) == 8
    assert {"green-misto", "green-duo", "green-mini-1"} <= set(state.hands[0])
    assert state.order_piles[0] == []
    assert len(state.supply) == 6  # never both sources
    assert state.phase == TURN
    assert state.current == 1
    assert state.last_play.kind == "salami"
    assert state.last_play.count == 3
    assert data(of_type(events, "draw")[0]) == {"seat": 0, "source": "orders", "count": 3}
