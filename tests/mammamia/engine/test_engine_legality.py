"""`legal_actions` against `is_legal` at every decision of random games: a move is
legal exactly when its canonical form is listed (record-format: `pay: true` for
the spelled-out missing cards, choices in any order, any draw when nothing can
be drawn)."""

from __future__ import annotations

import random
from itertools import permutations, product

import pytest

from engine.mammamia import (
    Ask,
    Choose,
    Help,
    Pass,
    Pay,
    Turn,
    is_legal,
    legal_actions,
    new_game,
    step,
)
from engine.mammamia.ai import RandomAgent
from engine.mammamia.state import CHOOSE, OVER, TURN, State

from engine_helpers import begin, do, position


def canonical(state: State, action):
    kinds = state.box.kinds
    order = {k: i for i, k in enumerate(kinds)}
    pending = state.pending

    def norm(cards):
        merged: dict[str, int] = {}
        for k, n in cards:
            merged[k] = merged.get(k, 0) + n
        return tuple(
            sorted(((k, n) for k, n in merged.items() if n), key=lambda c: order.get(c[0], 99))
        )

    if isinstance(action, Choose):
        return Choose(action.seat, tuple(sorted(action.kinds, key=lambda k: order.get(k, 99))))
    if isinstance(action, Pay) and action.cards is not None:
        if (
            pending is not None
            and not pending.short
            and norm(action.cards) == norm(pending.missing)
        ):
            return Pay(action.seat, True)
        return Pay(action.seat, True, norm(action.cards))
    if isinstance(action, Ask):
        return Ask(action.seat, norm(action.cards))
    if isinstance(action, Turn | Pass) and action.draw is not None:
        alt = action._replace(draw=None)
        if alt in legal_actions(state, action.seat):
            return alt
    return action


def candidates(state: State, seat: int, rnd: random.Random) -> list:
    kinds = [*list(state.box.kinds), "banana"]
    pending = state.pending
    found: list = [Pay(seat, True), Pay(seat, False), Help(seat, True), Help(seat, False)]
    found += [Choose(seat, (k,)) for k in kinds]
    found += [Choose(seat, p) for p in permutations(kinds[:-1], 2)]
    found += [Choose(seat, (k, k)) for k in kinds[:2]]
    if pending is None:
        return found
    if pending.short:
        for _ in range(40):
            total = pending.short + rnd.choice([-1, 0, 0, 0, 1])
            picked = [rnd.choice(kinds[:-1]) for _ in range(max(total, 1))]
            cards = tuple((k, picked.count(k)) for k in dict.fromkeys(picked))
            found += [Pay(seat, True, cards), Ask(seat, cards)]
    else:
        missing = dict(pending.missing)
        extra = rnd.choice(kinds)
        names = list(dict.fromkeys((*missing, extra)))  # JSON and text never repeat a kind
        ranges = [range(missing[k] + 2) if k in missing else range(2) for k in names]
        for counts in product(*ranges):
            cards = tuple((k, n) for k, n in zip(names, counts, strict=True) if n)
            if cards:
                found += [Pay(seat, True, cards), Ask(seat, cards), Ask(seat, cards[::-1])]
    return found


def decision_states(variant: str, seats: int, seed: int) -> list[State]:
    state, _ = new_game(variant, seats, seed=seed)
    agents = [RandomAgent(seed + s) for s in range(seats)]
    found = []
    while state.phase != OVER:
        if state.phase != TURN:
            found.append(state.copy())
        seat = state.to_act()[0]
        step(state, agents[seat].choose(state, seat))
    return found


@pytest.mark.parametrize(
    ("variant", "seats", "seed"),
    [("classic", 3, 1), ("classic", 5, 2), ("plus", 3, 3), ("plus", 4, 4), ("plus", 2, 5)],
)
def test_is_legal_iff_canonical_form_listed_at_decisions(variant, seats, seed):
    rnd = random.Random(seed)
    checked = 0
    for state in decision_states(variant, seats, seed):
        seat = state.to_act()[0]
        listed = {canonical(state, a) for a in legal_actions(state, seat)}
        for action in candidates(state, seat, rnd):
            if "banana" in repr(action):
                continue  # see test_pay_with_an_extra_unknown_kind_is_refused
            assert is_legal(state, action) == (canonical(state, action) in listed), action
            checked += 1
    assert checked > 100


def test_is_legal_iff_canonical_form_listed_at_turns():
    rnd = random.Random(9)
    for variant, seats in (("classic", 4), ("plus", 5)):
        state, _ = new_game(variant, seats, seed=21)
        agents = [RandomAgent(s) for s in range(seats)]
        while state.phase != OVER:
            seat = state.to_act()[0]
            if state.phase == TURN:
                listed = set(legal_actions(state, seat))
                hand = state.hands[seat]
                orders = [None, *{c for c in hand if c not in state.box.kindset}, "red-misto"]
                for kind in rnd.sample(list(state.box.kinds), 3):
                    for count in (0, 1, hand.count(kind), hand.count(kind) + 1):
                        for order in orders:
                            for draw in (None, "supply", "orders"):
                                move = Turn(seat, kind, count, order, draw)
                                assert is_legal(state, move) == (
                                    canonical(state, move) in listed
                                ), move
                for draw in (None, "supply", "orders"):
                    move = Pass(seat, draw)
                    assert is_legal(state, move) == (canonical(state, move) in listed), move
            step(state, agents[seat].choose(state, seat))


def test_pay_with_an_extra_unknown_kind_is_refused():
    record = position(
        hands=[["pineapple", "yellow-salami", "salami", "salami"], ["olive"], ["olive"]],
        table={"salami": 2},
        supply=["pepper"],
        round=3,
    )
    state, _ = do(begin(record), "turn pineapple 1 order=yellow-salami draw=supply")
    assert dict(state.pending.missing) == {"salami": 2}
    assert is_legal(state, Pay(0, True, (("salami", 2),)))
    assert not is_legal(state, Pay(0, True, (("salami", 2), ("banana", 1))))
    assert not is_legal(state, Pay(0, True, (("salami", 2), ("shrimp", 1))))


def test_choose_stage_listing():
    record = position(
        hands=[["mushroom", "yellow-monotoni"], ["olive"], ["olive"]],
        table={"pineapple": 1},
        supply=["pepper"],
        round=3,
    )
    state, _ = do(begin(record), "turn mushroom 1 order=yellow-monotoni draw=supply")
    assert state.pending.stage == CHOOSE
    assert legal_actions(state, 0) == [
        Choose(0, ("salami",)),
        Choose(0, ("mushroom",)),
        Choose(0, ("pepper",)),
        Choose(0, ("olive",)),
        Pay(0, False),
    ]
