"""Every refusal code the Mamma Mia! engine raises: the code and its typed
parameters (the words are the bot's catalog's, tested there). Also:
`legal_actions` lists each move once in canonical form while `is_legal`
accepts every equivalent form."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from engine import mammamia
from engine.errors import MalformedAction
from engine.mammamia import IllegalAction, Pay, Turn, from_json, is_legal, legal_actions
from engine.mammamia.state import State

from engine_helpers import begin, do, position, refusal

SEVEN = ["salami", "salami", "salami", "olive", "olive", "pepper", "yellow-misto"]
ORDERS7 = ["yellow-misto", "yellow-olive", "yellow-salami", "yellow-pepper"]
ORDERS7 += ["yellow-mushroom", "yellow-monotoni", "yellow-minimale"]


def classic_turn() -> State:
    return begin(position(hands=[SEVEN, ["olive"], ["olive"]], supply=["mushroom"] * 5))


def classic_no_ingredient() -> State:
    return begin(position(hands=[ORDERS7, ["olive"], ["olive"]], supply=["mushroom"] * 5))


def plus_turn() -> State:
    return begin(position("plus", hands=[SEVEN, ["olive"], ["olive"]], supply=["mushroom"] * 5))


def classic_reveal(held: list[str], order: str, on_table: dict[str, int], play="olive"):
    """Yellow (seat 0) plays 1 `play` and `order`, then the oven is revealed (round 3)."""
    record = position(
        hands=[[play, order, *held], ["olive"], ["olive"]],
        table=on_table,
        supply=["pepper"],
        round=3,
    )
    return do(begin(record), f"turn {play} 1 order={order} draw=supply")[0]


def pay_stage() -> State:  # yellow-salami lacks 2 salami; seat 0 holds 1
    return classic_reveal(["salami"], "yellow-salami", {"pineapple": 1, "salami": 2})


def choose_stage() -> State:  # Monotoni, nothing covered
    return classic_reveal([], "yellow-monotoni", {"pineapple": 1})


def covered_stage() -> State:
    return classic_reveal([], "yellow-monotoni", {"pineapple": 1, "salami": 6, "olive": 5})


def fewest_stage() -> State:  # green Minimale: olive and salami tie
    record = position(
        hands=[["olive"], ["olive", "green-minimale"], ["olive"]],
        table={"salami": 2, "olive": 1, "pepper": 1},
        supply=["pepper"],
        first=1,
        round=3,
    )
    return do(begin(record), "turn olive 1 order=green-minimale draw=supply")[0]


def bombastica_stage() -> State:
    return classic_reveal(["salami", "salami"], "yellow-bombastica", {"salami": 5, "mushroom": 7})


def plus_reveal(order: str, on_table: dict[str, int], held=(), help=None) -> State:
    record = position(
        "plus",
        hands=[["salami", order, *held], ["olive"], ["olive", "olive"]],
        order_piles=[[], ["green-misto"], ["brown-misto"]],
        table=on_table,
        supply=["shrimp"],
        round=3,
        help=help,
    )
    return do(begin(record), f"turn salami 1 order={order} draw=supply")[0]


def plus_pay_stage(help=None) -> State:  # yellow-olive lacks 2 olive; seat 0 holds none
    return plus_reveal("yellow-olive", {"pineapple": 1, "olive": 2}, help=help)


def plus_help_stage() -> State:
    return do(plus_pay_stage(), "ask olive=2")[0]


def over() -> State:
    record = position(hands=[["olive", "olive"], ["olive"], ["olive"]], supply=["pepper"], round=3)
    return do(begin(record), "turn olive 1 draw=supply")[0]


Case = tuple[str, Callable[[], State], str, dict[str, object]]
CASES: list[Case] = [
    ("game_over", over, "0: pay no", {}),
    ("not_your_turn", classic_turn, "2: turn olive 1 draw=supply", {"seat": 0}),
    ("not_your_decision", pay_stage, "1: pay no", {"seat": 0}),
    (
        "expected_turn",
        classic_turn,
        "0: pay yes",
        {},
    ),
    (
        "expected_choice",
        choose_stage,
        "0: turn olive 1 draw=supply",
        {"order": "yellow-monotoni"},
    ),
    (
        "expected_payment",
        pay_stage,
        "0: choose salami",
        {"order": "yellow-salami"},
    ),
    (
        "expected_help",
        plus_help_stage,
        "1: pay yes",
        {},
    ),
    (
        "unknown_kind",
        classic_turn,
        "0: turn shrimp 1 draw=supply",
        {"kind": "shrimp"},
    ),
    ("bad_count", classic_turn, "0: turn salami 0 draw=supply", {}),
    ("not_held", classic_turn, "0: turn mushroom 1 draw=supply", {"kind": "mushroom"}),
    ("too_few", classic_turn, "0: turn pepper 2 draw=supply", {"kind": "pepper", "held": 1}),
    (
        "order_not_held",
        classic_turn,
        "0: turn salami 1 order=yellow-olive draw=supply",
        {"order": "yellow-olive"},
    ),
    (
        "cannot_pass",
        classic_turn,
        "0: pass draw=supply",
        {},
    ),
    (
        "no_pass_in_plus",
        plus_turn,
        "0: pass draw=supply",
        {},
    ),
    (
        "draw_needed",
        classic_turn,
        "0: turn salami 1",
        {},
    ),
    (
        "empty_pile",
        classic_turn,
        "0: turn salami 1 draw=orders",
        {"pile": "orders"},
    ),
    (
        "valve_draw",
        classic_no_ingredient,
        "0: pass draw=orders",
        {},
    ),
    (
        "choose_fewest",
        fewest_stage,
        "1: choose pineapple",
        {"choices": ["salami", "olive"]},
    ),
    (
        "choose_covered",
        covered_stage,
        "0: pay no",
        {"choices": ["salami", "olive"]},
    ),
    (
        "choose_one",
        choose_stage,
        "0: choose pineapple",
        {"choices": ["salami", "mushroom", "pepper", "olive"]},
    ),
    (
        "choose_two",
        lambda: plus_reveal("yellow-chiottona", {"pineapple": 1}),
        "0: choose olive",
        {"choices": ["salami", "mushroom", "pepper", "olive", "shrimp"]},
    ),
    (
        "cannot_pay",
        pay_stage,
        "0: pay yes",
        {"kind": "salami", "need": 2, "held": 1},
    ),
    (
        "pay_mismatch",
        pay_stage,
        "0: pay salami=1",
        {"missing": {"salami": 2}},
    ),
    (
        "pay_count",
        bombastica_stage,
        "0: pay salami=1",
        {"count": 2},
    ),
    ("help_off", pay_stage, "0: ask salami=1", {}),
    (
        "ask_mismatch",
        plus_pay_stage,
        "0: ask olive=1,salami=1",
        {"missing": {"olive": 2}},
    ),
    (
        "ask_count",
        lambda: plus_reveal("yellow-bombastica", {"olive": 10}),
        "0: ask olive=1",
        {"count": 4},
    ),
    (
        "ask_rest_not_held",
        plus_pay_stage,
        "0: ask olive=1",
        {"kind": "olive", "need": 1, "held": 0},
    ),
    ("cannot_help", plus_help_stage, "1: help yes", {"cards": {"olive": 2}}),
]


@pytest.mark.parametrize(("code", "build", "move", "params"), CASES, ids=[c[0] for c in CASES])
def test_refusal_code_and_params(code, build, move, params):
    err = refusal(build(), move)
    assert err.code == code
    assert err.params == params
    assert isinstance(err, IllegalAction)


def test_every_refusal_code_is_tested():
    tested = {c[0] for c in CASES} | {"malformed", "no_such_seat", "help_plus_only"}
    raised = set()
    for path in Path(mammamia.__file__).parent.glob("*.py"):
        text = path.read_text()
        raised |= set(re.findall(r'IllegalAction\(\s*"(\w+)"', text))
        for pair in re.findall(r'code = "(\w+)" if .* else "(\w+)"', text):
            raised |= set(pair)
    assert tested == raised | {"malformed"}


def test_malformed_action():
    for bad in (
        {"seat": 0, "bogus": 1},
        {"seat": 0},
        {"seat": "0", "pay": True},
        {"seat": 0, "pay": True, "help": True},
        {"seat": 0, "turn": {"ingredient": "olive"}},
        {"seat": 0, "turn": {"ingredient": "olive", "count": 1, "draw": "deck"}},
        {"seat": 0, "choose": []},
        {"seat": 0, "pay": {"olive": -1}},
        {"seat": 0, "ask": {}},
        {"seat": 0, "help": "yes"},
        [0, "pay"],
    ):
        with pytest.raises(MalformedAction) as info:
            from_json(bad)
        assert info.value.code == "malformed"
        assert info.value.params["detail"]
        assert not isinstance(info.value, IllegalAction)  # unreadable, not "not legal now"
    with pytest.raises(MalformedAction) as info:
        from_json({"seat": 0, "bogus": 1})
    assert info.value.params == {"detail": "unknown action 'bogus'"}


def test_no_such_seat_code():
    err = refusal(classic_turn(), Turn(7, "salami", 1, None, "supply"))
    assert err.code == "no_such_seat"
    assert err.params == {"number": 7}
    assert err.describe() == "no_such_seat (number=7)"


def test_pay_count_message_singular_reads_well():
    state = classic_reveal(["salami"], "yellow-bombastica", {"salami": 6, "olive": 7})
    err = refusal(state, "pay salami=2")
    assert err.code == "pay_count"
    assert err.params == {"count": 1}


def test_a_refusal_names_the_seat_by_number_for_the_host_to_name():
    err = refusal(classic_turn(), "2: turn olive 1 draw=supply")
    assert err.params == {"seat": 0}


# --- canonical listing vs. equivalent forms ---------------------------------------------


def test_legal_actions_lists_pay_true_once_but_is_legal_accepts_the_cards_spelled_out():
    state = classic_reveal(["salami", "salami"], "yellow-salami", {"pineapple": 1, "salami": 2})
    moves = legal_actions(state, 0)
    assert moves == [Pay(0, True), Pay(0, False)]
    assert is_legal(state, Pay(0, True, (("salami", 2),)))
    assert not is_legal(state, Pay(0, True, (("salami", 1),)))
    spelled, _ = do(state, "pay salami=2")
    short, _ = do(state, "pay yes")
    assert spelled.fingerprint() == short.fingerprint()


def test_legal_actions_lists_draw_null_only_when_nothing_can_be_drawn():
    big = [*SEVEN, "olive", "pepper", "mushroom"]
    state = begin(position(hands=[big, ["olive"], ["olive"]], supply=["mushroom"] * 5))
    one = [a for a in legal_actions(state, 0) if a.ingredient == "mushroom"]
    assert one == [Turn(0, "mushroom", 1, None, None), Turn(0, "mushroom", 1, "yellow-misto", None)]
    for draw in ("supply", "orders"):
        assert is_legal(state, Turn(0, "mushroom", 1, None, draw))
    assert len(legal_actions(state, 0)) == len(set(legal_actions(state, 0)))


def test_legal_actions_is_exactly_the_canonical_legal_turns():
    state = classic_turn()
    listed = set(legal_actions(state, 0))
    orders = [None, "yellow-misto", "yellow-olive"]
    for kind in ("salami", "olive", "pepper", "mushroom", "shrimp"):
        for count in range(5):
            for order in orders:
                for draw in (None, "supply", "orders"):
                    move = Turn(0, kind, count, order, draw)
                    assert is_legal(state, move) == (move in listed), move


def test_pl_h_help_is_an_option_of_plus_only():
    """Settings, not a move: a classic game with help chosen is refused."""
    with pytest.raises(IllegalAction) as info:
        mammamia.GAME.check_settings({"variant": "classic", "help": "on"})
    assert info.value.code == "help_plus_only"
    mammamia.GAME.check_settings({"variant": "plus", "help": "on"})
    mammamia.GAME.check_settings({"variant": "classic", "help": None})
