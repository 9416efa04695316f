"""PI-N10 and pizza-island-record.md, "Precise points" **[decision]**: where an action
names a plain copy that a pizza or the Ship holds more than once (knife, fork, a
`third` discard, taking from the Ship), the copy removed is the earliest: the first
placed in that pizza, the first arrived on the Ship. The copies are the same card,
so only the order of what is left shows which one went."""

from __future__ import annotations

from engine.pizzaisland import replay

from pi_helpers import do, position


def test_pi_n10_knife_removes_the_earliest_placed_copy() -> None:
    state = position(top=["red-c-knife"], pizzas={1: {"green": ["green-a", "green-c", "green-a"]}})
    do(state, 0, "take deck")
    do(state, 0, "knife 1 green-a")
    assert state.pizzas[1] == {"green": ["green-c", "green-a"]}
    assert state.deck[-1] == "green-a"


def test_pi_n10_fork_gives_and_takes_the_earliest_placed_copies() -> None:
    state = position(
        top=["red-a-fork"],
        pizzas={
            0: {"red": ["red-b", "red-c", "red-b"], "green": ["green-a"]},
            1: {"red": ["red-c"], "green": ["green-b", "green-c", "green-b"]},
        },
    )
    do(state, 0, "take deck")
    do(state, 0, "fork red-b 1 green-b")
    assert state.pizzas[0] == {
        "red": ["red-c", "red-b", "red-a-fork"],
        "green": ["green-a", "green-b"],
    }
    assert state.pizzas[1] == {"red": ["red-c", "red-b"], "green": ["green-c", "green-b"]}


def test_pi_n10_third_colour_discard_removes_the_earliest_placed_copy() -> None:
    state = position(
        top=["yellow-b"], pizzas={0: {"red": ["red-a", "red-c", "red-a"], "green": ["green-b"]}}
    )
    do(state, 0, "take deck")
    assert state.pending is not None and state.pending.third == "yellow-b"
    do(state, 0, "discard red-a")
    assert state.pizzas[0] == {"red": ["red-c", "red-a"], "green": ["green-b"]}
    assert state.deck[-2:] == ["yellow-b", "red-a"]


def test_pi_n10_taking_from_the_ship_takes_the_first_arrived_copy() -> None:
    state = position("advanced", ship=["red-a", "green-b", "red-a"], top=["yellow-c"])
    assert state.ship == ["red-a", "green-b", "red-a"]
    do(state, 0, "take red-a")
    assert state.ship == ["green-b", "red-a"]
    assert state.pizzas[0] == {"red": ["red-a"]}


def test_pi_n10_a_replayed_record_removes_the_earliest_copy_too() -> None:
    """The same through the record: the state's `ship` lists arrival order."""
    ship = ["red-a", "green-b", "red-a"]
    rest = position("advanced", ship=ship).deck  # the other 33 cards of the box
    record = {
        "format": "pizzaisland-record/1",
        "level": "advanced",
        "seats": 2,
        "games": [
            {
                "deal": {"first": 0, "deck": [*ship, *rest]},
                "actions": [{"seat": 0, "take": "red-a"}],
            }
        ],
    }
    result = replay(record)
    assert result.error is None
    assert result.state.to_json()["ship"] == ["green-b", "red-a"]
