"""Actions (text and JSON forms, equality), determinism and the engine's own PRNG."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import rng
from engine.errors import MalformedAction
from engine.mammamia import (
    Ask,
    Choose,
    Help,
    Pass,
    Pay,
    Turn,
    from_json,
    from_text,
    new_game,
)

KINDS = ["salami", "pineapple", "mushroom", "pepper", "olive", "shrimp"]
EXAMPLES = [
    Turn(0, "salami", 3, "green-olive", "supply"),
    Turn(1, "olive", 1, None, "orders"),
    Turn(2, "pepper", 2, None, None),
    Pass(0, "supply"),
    Pass(3, None),
    Choose(1, ("olive",)),
    Choose(1, ("olive", "pepper")),
    Pay(0, True),
    Pay(0, False),
    Pay(2, True, (("olive", 1), ("salami", 2))),
    Ask(1, (("olive", 1),)),
    Ask(1, (("mushroom", 2), ("pepper", 1))),
    Help(2, True),
    Help(2, False),
]

cards_st = st.dictionaries(st.sampled_from(KINDS), st.integers(1, 15), min_size=1).map(
    lambda d: tuple(d.items())
)
seat_st = st.integers(0, 5)
draw_st = st.sampled_from([None, "supply", "orders"])
order_st = st.none() | st.sampled_from(["green-olive", "pink-mini-1", "red-mammamia"])
action_st = st.one_of(
    st.builds(
        lambda *a: Turn(*a), seat_st, st.sampled_from(KINDS), st.integers(1, 15), order_st, draw_st
    ),
    st.builds(lambda s, draw: Pass(s, draw), seat_st, draw_st),
    st.builds(
        lambda s, kinds: Choose(s, kinds),
        seat_st,
        st.lists(st.sampled_from(KINDS), min_size=1, max_size=2).map(tuple),
    ),
    st.builds(lambda s, accept: Pay(s, accept), seat_st, st.booleans()),
    st.builds(lambda s, c: Pay(s, True, c), seat_st, cards_st),
    st.builds(lambda s, cards: Ask(s, cards), seat_st, cards_st),
    st.builds(lambda s, accept: Help(s, accept), seat_st, st.booleans()),
)


@pytest.mark.parametrize("action", EXAMPLES, ids=str)
def test_action_text_and_json_round_trip(action):
    assert from_text(action.seat, action.text()) == action
    assert from_json(action.to_json()) == action


@given(action_st)
def test_action_round_trips_hypothesis(action):
    assert from_text(action.seat, action.text()) == action
    assert from_json(action.to_json()) == action
    assert hash(from_json(action.to_json())) == hash(action)


def test_action_text_forms_read_as_documented():
    assert Turn(0, "salami", 3, "green-olive", "supply").text() == (
        "turn salami 3 order=green-olive draw=supply"
    )
    assert Pass(0, "supply").text() == "pass draw=supply"
    assert Choose(0, ("olive", "pepper")).text() == "choose olive pepper"
    assert Pay(0, True).text() == "pay yes"
    assert Pay(0, False).text() == "pay no"
    assert Pay(0, True, (("olive", 1),)).text() == "pay olive=1"
    assert Ask(0, (("olive", 1),)).text() == "ask olive=1"
    assert Help(0, True).text() == "help yes"
    assert Help(0, False).text() == "help no"
    assert from_text(0, "turn salami 3 draw=none") == Turn(0, "salami", 3, None, None)


def test_action_json_forms_read_as_documented():
    assert Turn(0, "salami", 2, "green-olive", "supply").to_json() == {
        "seat": 0,
        "turn": {"ingredient": "salami", "count": 2, "order": "green-olive", "draw": "supply"},
    }
    assert Pass(1, "supply").to_json() == {"seat": 1, "turn": {"pass": True, "draw": "supply"}}
    assert Choose(1, ("olive", "pepper")).to_json() == {"seat": 1, "choose": ["olive", "pepper"]}
    assert Pay(1, True).to_json() == {"seat": 1, "pay": True}
    assert Pay(1, False).to_json() == {"seat": 1, "pay": False}
    assert Pay(1, True, (("olive", 2),)).to_json() == {"seat": 1, "pay": {"olive": 2}}
    assert Ask(1, (("olive", 2),)).to_json() == {"seat": 1, "ask": {"olive": 2}}
    assert Help(2, False).to_json() == {"seat": 2, "help": False}
    # optional turn fields may be left out
    assert from_json({"seat": 0, "turn": {"ingredient": "olive", "count": 1}}) == Turn(
        0, "olive", 1, None, None
    )


def test_actions_of_different_types_never_compare_equal():
    assert Pass(0, True) != Help(0, True)  # equal as plain tuples
    assert Help(0, True) != Pass(0, True)
    assert Choose(0, (("olive", 1),)) != Ask(0, (("olive", 1),))
    assert Pay(0, False) != (0, False, None)
    assert len({Pass(0, True), Help(0, True), Ask(0, True), Choose(0, True)}) == 4
    for a in EXAMPLES:
        for b in EXAMPLES:
            assert (a == b) == (a is b)
            assert (a != b) == (a is not b)


def test_from_text_rejects_nonsense():
    for text in ("", "dance", "turn salami", "pay maybe", "ask olive", "choose", "pay olive=x"):
        with pytest.raises(MalformedAction) as info:
            from_text(0, text)
        assert info.value.code == "malformed"


# --- the PRNG -------------------------------------------------------------------------------


def test_rng_is_splitmix64():
    """The published first SplitMix64 output for seed 0: the same on every machine."""
    assert rng.next_state(0) == (0x9E3779B97F4A7C15, 0xE220A8397B1DCDAF)


def test_rng_shuffle_is_a_uniform_permutation_of_three_cards():
    counts: Counter[tuple[str, ...]] = Counter()
    state = rng.seed_state(2024)
    trials = 30_000
    for _ in range(trials):
        cards = ["a", "b", "c"]
        state = rng.shuffle(state, cards)
        counts[tuple(cards)] += 1
    assert len(counts) == 6
    expected = trials / 6
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < 20.5  # p ~ 0.001 with 5 degrees of freedom


def test_rng_below_is_uniform():
    state, counts = rng.seed_state(5), Counter()
    for _ in range(14_000):
        state, x = rng.below(state, 7)
        counts[x] += 1
    assert set(counts) == set(range(7))
    chi2 = sum((n - 2000) ** 2 / 2000 for n in counts.values())
    assert chi2 < 22.5  # 6 degrees of freedom


def test_rng_does_not_depend_on_pythons_random(monkeypatch):
    cards = [str(i) for i in range(20)]
    first = cards[:]
    after = rng.shuffle(rng.seed_state(9), first)
    game = new_game("plus", 5, seed=9)[0].fingerprint()

    def broken(*args, **kwargs):
        raise AssertionError("the engine used Python's random")

    random.seed(12345)
    for name in ("random", "shuffle", "randrange", "randint", "choice", "getrandbits", "sample"):
        monkeypatch.setattr(random, name, broken)
    second = cards[:]
    assert rng.shuffle(rng.seed_state(9), second) == after
    assert second == first
    assert new_game("plus", 5, seed=9)[0].fingerprint() == game


def test_rng_golden_values():
    """Pinned outputs: a change here changes every stored game's deal."""
    cards = ["a", "b", "c", "d", "e", "f"]
    rng.shuffle(1, cards)
    assert cards == ["e", "d", "b", "f", "c", "a"]
    assert rng.below(1, 10)[1] == 5


def test_same_seed_same_deal_different_seed_different_deal():
    assert new_game("classic", 4, seed=3)[0].fingerprint() == (
        new_game("classic", 4, seed=3)[0].fingerprint()
    )
    deals = {new_game("classic", 4, seed=s)[0].fingerprint() for s in range(20)}
    assert len(deals) == 20
