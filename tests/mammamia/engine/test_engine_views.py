"""What a player may see: MM-T7, MM-V1, MM-V2, PL-R5.

The strongest check is invariance: change only what a viewer may not know (other
hands, order piles, the supply's order, the PRNG, the oven below its top card,
plus's face-down scores) and the view must not change at all."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from engine.mammamia import new_game, player_view, public_view, step
from engine.mammamia.ai import RandomAgent
from engine.mammamia.state import OVER, REVEAL, State
from engine.mammamia.views import SeatView
from engine.value import builder

from engine_helpers import begin, do, position

PUBLIC_KEYS = {
    "variant", "seats", "help", "round", "last_round", "phase", "to_act", "current",
    "supply_size", "oven_size", "oven_top", "next_reveal_in", "last_play", "table",
    "used_size", "revealer", "turns_left", "players", "delivered_pile_size", "pending",
    "winners", "version", "scores", "ingredients", "kinds", "ranking",
}  # fmt: skip


def snapshots(variant: str, seats: int, seed: int, every: int = 7) -> list[State]:
    state, _ = new_game(variant, seats, seed=seed)
    agents = [RandomAgent(seed + s) for s in range(seats)]
    found, n = [], 0
    while state.phase != OVER:
        if n % every == 0:
            found.append(state.copy())
        step(state, agents[state.to_act()[0]].choose(state, state.to_act()[0]))
        n += 1
    found.append(state.copy())
    return found


SNAPSHOTS = [
    s
    for variant, seats, seed in [
        ("classic", 2, 1),
        ("classic", 4, 2),
        ("classic", 5, 3),
        ("plus", 2, 4),
        ("plus", 4, 5),
        ("plus", 6, 6),
    ]
    for s in snapshots(variant, seats, seed)
]


def hide_shuffle(state: State, viewer: int | None, rnd: random.Random) -> State:
    """A state that differs from `state` only in what `viewer` may not know."""
    other = state.copy()
    # at the end the hands are shown (MM-E1 counts their ingredients)
    others = [s for s in range(state.seats) if s != viewer and state.phase != OVER]
    # other hands and the supply: swap cards among them, keeping every size
    pool = other.supply + [c for s in others for c in other.hands[s]]
    rnd.shuffle(pool)
    other.supply, pool = pool[: len(other.supply)], pool[len(other.supply) :]
    for s in others:
        n = len(other.hands[s])
        other.hands[s], pool = pool[:n], pool[n:]
    for pile in other.order_piles:
        rnd.shuffle(pile)
    if other.oven:  # strict memory: only the top card shows (none during the reveal)
        keep = [] if state.phase == REVEAL else [other.oven[-1]]
        below = other.oven[: len(other.oven) - len(keep)]
        rnd.shuffle(below)
        other.oven = below + keep
    other.rng ^= 0x5DEECE66D
    other.reshuffles = (("olive",),)
    rnd.shuffle(other.used)
    if state.variant == "plus" and state.phase != OVER:  # PL-R5: scores face down
        rnd.shuffle(other.delivered_pile)
        owners = [c for pile in other.delivered for c in pile]
        rnd.shuffle(owners)
        other.delivered = [[] for _ in range(state.seats)]
        for card in owners:
            other.delivered[rnd.randrange(state.seats)].append(card)
    return other


def test_mm_v1_mm_v2_public_view_shows_nothing_hidden():
    rnd = random.Random(1)
    for state in SNAPSHOTS:
        view = public_view(state).to_json()
        assert set(view) <= PUBLIC_KEYS
        assert "hand" not in json.dumps(view).replace("hand_size", "")
        for _ in range(2):
            assert public_view(hide_shuffle(state, None, rnd)).to_json() == view


def test_mm_v1_player_view_shows_only_the_players_own_hand():
    rnd = random.Random(2)
    for state in SNAPSHOTS:
        for seat in range(state.seats):
            view = player_view(state, seat).to_json()
            assert sorted(view["hand"]) == sorted(state.hands[seat])
            assert set(view) <= PUBLIC_KEYS | {"seat", "hand", "hand_orders"}
            kinds = set(state.box.kinds)
            assert view["hand_orders"] == sorted(c for c in state.hands[seat] if c not in kinds)
            assert player_view(hide_shuffle(state, seat, rnd), seat).to_json() == view


def test_mm_v1_the_own_hand_changes_only_the_own_view():
    hands = [["olive", "salami"], ["salami", "salami"], ["pepper"]]
    a = begin(position(hands=hands, supply=["mushroom"] * 5))
    hands[0] = ["olive", "mushroom"]
    b = begin(
        position(hands=hands, supply=["mushroom", "mushroom", "mushroom", "mushroom", "salami"])
    )
    assert player_view(a, 0) != player_view(b, 0)
    assert player_view(a, 0).to_json()["hand"] == ["olive", "salami"]
    assert player_view(a, 1) == player_view(b, 1)
    assert public_view(a) == public_view(b)


def test_mm_t7_public_facts_during_phase_one():
    record = position(
        hands=[["olive", "olive", "yellow-misto", "salami"], ["salami", "salami"], ["pepper"]],
        order_piles=[["yellow-olive"], ["green-misto", "green-olive"], []],
        supply=["mushroom"] * 12,
        delivered=[[], [], ["brown-misto"]],
        mamma_mia=1,
    )
    state, _ = do(
        begin(record), "turn olive 2 order=yellow-misto draw=supply", "turn salami 1 draw=orders"
    )
    view = public_view(state).to_json()
    assert view["supply_size"] == 6
    assert view["oven_size"] == 4
    assert view["oven_top"] == "salami"
    assert [p["hand_size"] for p in view["players"]] == [7, 3, 1]
    assert [p["order_pile_size"] for p in view["players"]] == [1, 0, 0]
    assert [p["mamma_mia"] for p in view["players"]] == [False, True, False]
    assert [p["delivered"] for p in view["players"]] == [[], [], ["brown-misto"]]
    assert view["last_play"] == {
        "seat": 1, "ingredient": "salami", "count": 1, "order": None, "skipped": False,
    }  # fmt: skip
    assert view["to_act"] == [2]


def test_mm_v2_strict_memory_only_latest_play_and_top_card():
    record = position(
        hands=[["olive", "olive", "yellow-misto", "salami"], ["salami", "salami"], ["pepper"]],
        supply=["mushroom"] * 10 + ["pepper"] * 5,
    )
    state, _ = do(begin(record), "turn olive 2 order=yellow-misto draw=supply")
    view = public_view(state).to_json()
    assert view["oven_top"] == "yellow-misto"
    assert view["last_play"]["order"] == "yellow-misto"
    state, _ = do(state, "turn salami 2 draw=supply")
    view = public_view(state).to_json()
    assert view["kinds"] == list(state.box.kinds)  # the box's kinds, not a play
    text = json.dumps({k: v for k, v in view.items() if k != "kinds"})
    assert "yellow-misto" not in text  # the earlier play is gone from the table
    assert "olive" not in text


def test_mm_v2_during_the_reveal_the_oven_shows_only_its_size():
    record = position(
        hands=[["olive", "yellow-salami", "pineapple"], ["salami", "salami"], ["pepper"]],
        table={"salami": 2},
        supply=["mushroom"],
        round=3,
    )
    state, _ = do(begin(record), "turn pineapple 1 order=yellow-salami draw=supply")
    assert state.phase == REVEAL
    view = public_view(state).to_json()
    assert view["oven_top"] is None
    assert view["pending"]["order"] == "yellow-salami"
    assert view["pending"]["missing"] == {"salami": 2}


def test_pl_r5_plus_scores_hidden_until_the_end():
    record = position(
        "plus",
        hands=[["salami", "yellow-salami", *["olive"] * 7], ["olive"], ["olive"]],
        table={"salami": 3, "pineapple": 1},
        supply=["shrimp"] * 3,
        delivered_pile=["green-misto"],
        round=3,
    )
    state = begin(record)
    view = public_view(state).to_json()
    assert all("delivered" not in p for p in view["players"])
    assert view["delivered_pile_size"] == 1
    assert "green-misto" not in json.dumps(player_view(state, 1).to_json())
    state, _ = do(
        state, "turn salami 1 order=yellow-salami draw=supply", "turn olive 1 draw=supply"
    )
    assert state.phase == OVER
    view = public_view(state).to_json()
    assert [p["delivered"] for p in view["players"]] == [["yellow-salami"], ["green-misto"], []]
    assert view["scores"] == [1, 1, 0]


@pytest.mark.parametrize("variant", ["classic", "plus"])
def test_mm_v1_public_events_never_show_drawn_cards(variant):
    state, events = new_game(variant, 3, seed=8)
    agents = [RandomAgent(s) for s in range(3)]
    while state.phase != OVER:
        seat = state.to_act()[0]
        after = state.copy()
        step(after, agents[seat].choose(state, seat), events)
        state = after
    for event in events:
        if event.type in ("hand", "drew"):
            assert event.to == event.seat
        if event.public:
            assert not hasattr(event, "cards") or event.type in ("asked", "helped", "help_asked")


@pytest.mark.parametrize(("variant", "seats"), [("classic", 4), ("plus", 5)])
def test_views_built_fast_equal_the_dataclasses_own(variant, seats):
    """The views are built straight from their fields (`engine.value.builder`,
    a computer player builds one at every decision): at every step of whole
    games each equals the view its dataclass's `__init__` makes of the same
    fields, with the same JSON form, and stays frozen."""
    state, _ = new_game(variant, seats, seed=9)
    agents = [RandomAgent(s) for s in range(seats)]
    rng = random.Random(9)
    while state.phase != OVER:
        seen = [public_view(state), player_view(state, rng.randrange(seats))]
        for view in seen:
            kinds = [view, *view.players, *([view.pending] if view.pending else [])]
            for value in kinds:
                fields = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
                made = type(value)(**fields)
                assert value == made and value.to_json() == made.to_json()
        with pytest.raises(dataclasses.FrozenInstanceError):
            seen[1].round = 0  # type: ignore[misc]
        seat = state.to_act()[0]
        step(state, agents[seat].choose(state, seat))


def test_a_value_builder_takes_every_field_and_nothing_else():
    build = builder(SeatView)
    fields = {"seat": 1, "colour": "red", "hand_size": 7, "order_pile_size": 2, "mamma_mia": False}
    with pytest.raises(TypeError):
        build(fields)  # `delivered` left out
    made = build(fields | {"delivered": None})
    assert made == SeatView(**fields) and made.to_json() == SeatView(**fields).to_json()
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.hand_size = 3  # type: ignore[misc]
