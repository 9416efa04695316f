"""A Pepper's choice at the web table (PI-N6, PI-A2): its ways put together
in steps (the cards that refill the Ship, the others' order, on top or
under), each option named in words in every language, each way named by
exactly one set of choices; what it shows is in its player's choice only
(PI-I1)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from bot.games.pizzaisland.web import WEB
from bot.i18n import LOCALES, t, use_locale
from bot.web.door import Seen
from engine.pizzaisland import GAME, Pepper, Take, apply, legal_actions, player_view, public_view

NAMES = ["Ana", "Ben", "Cleo"]


def _pepper_from_the_ship() -> Any:
    """An advanced game where the first player takes a Ship card, then the
    Ship's Pepper: 5 different cards seen, 2 of them to refill the Ship."""
    for seed in itertools.count(1):
        state, _ = GAME.start(GAME.new_record({"level": "advanced"}, 3, seed))
        seat = state.current
        peppers = [c for c in state.ship if c.endswith("-pepper")]
        others = [c for c in state.ship if not c.endswith("-pepper")]
        if not peppers or not others:
            continue
        state, _ = apply(state, Take(seat, others[0]))
        if state.pending is not None:  # a hero of its own
            continue
        state, _ = apply(state, Take(seat, peppers[0]))
        ways = [a for a in legal_actions(state, seat) if isinstance(a, Pepper)]
        if len(ways) == 120:  # five different cards: 10 pairs to the Ship x 6 orders x 2
            return state
    raise AssertionError


def _seen(state: Any, seat: int) -> Seen:
    acting = seat in GAME.to_act(state)
    return Seen(
        1,
        "pizza-island",
        "running",
        state.version,
        NAMES,
        {"level": "advanced"},
        public_view(state),
        seat=seat,
        mine=player_view(state, seat),
        legal=list(legal_actions(state, seat)) if acting else [],
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_pi_a2_a_pepper_of_120_ways_is_chosen_in_three_short_steps(locale: str) -> None:
    state = _pepper_from_the_ship()
    seat = GAME.to_act(state)[0]
    with use_locale(locale):
        scene = WEB.scene(_seen(state, seat))
    ways = [a for a in scene["actions"] if "to" in a.get("fields", {})]
    peppers = [a for a in legal_actions(state, seat) if isinstance(a, Pepper)]
    assert len(ways) == len(peppers) == 120
    steps = {s["field"]: s for s in scene["choice"]["steps"]}
    assert [len(steps[f]["options"]) for f in ("ship", "to")] == [10, 2]
    # Each set of choices names one way, and each way is named by one set.
    named = {(w["fields"]["ship"], w["fields"]["order"], w["fields"]["to"]) for w in ways}
    assert len(named) == 120
    rng = random.Random(locale)
    for way in rng.sample(ways, 10):
        orders = {
            w["fields"]["order"] for w in ways if w["fields"]["ship"] == way["fields"]["ship"]
        }
        assert len(orders) == 6  # the three cards left, in any order
    # In words in the viewer's language, the slices never as their symbols.
    with use_locale(locale):
        top = t("pi.pepper.put_top")
    assert top in [o["label"] for o in steps["to"]["options"]]
    for step in ("ship", "order"):
        for option in steps[step]["options"]:
            assert option["cards"] and not set(option["label"]) & set("▲■●🟥🟩🟨")
    assert [c["key"] for c in scene["choice"]["seen"]] == list(player_view(state, seat).seen)
    # What the Pepper shows is in the choice, not also as a pile of the table.
    assert "seen" not in {p["id"] for p in scene["centre"]}


def test_pi_i1_another_seat_sees_no_pepper_choice() -> None:
    state = _pepper_from_the_ship()
    seat = GAME.to_act(state)[0]
    other = (seat + 1) % len(NAMES)
    scene = WEB.scene(_seen(state, other))
    assert "choice" not in scene and not scene["actions"]
    text = repr(scene)
    hidden = [
        c for c in player_view(state, seat).seen if c not in repr(public_view(state).to_json())
    ]
    assert hidden and not any(f"'{c}'" in text for c in hidden)
