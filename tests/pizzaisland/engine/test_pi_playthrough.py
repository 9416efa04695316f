"""Random whole matches across levels, seat counts and scorings (PI-C1
conservation after every action, exactly), the record's JSON round trip and
replay equal to live, legal moves all legal, safe moves legal, views JSON."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.pizzaisland import GAME, check, replay
from engine.pizzaisland.ai.safe import safe_move
from engine.pizzaisland.deal import deal
from engine.pizzaisland.game import advance, legal_actions, next_deal_args, step
from engine.pizzaisland.record import new_record, start
from engine.pizzaisland.state import GAME_OVER, MATCH_OVER
from engine.pizzaisland.views import player_view, public_view
from engine.rng import seeds as match_seeds

from pi_helpers import conserved

LEVELS = ("easy", "normal", "advanced")
SEATS = (2, 3, 4)


def random_match(
    level: str, seats: int, scoring: str, seed: int, deep: bool = False
) -> tuple[dict[str, Any], Any]:
    """One random match played live; its record built alongside (deals added
    as `append` would). Conservation checked exactly after every action."""
    record = new_record(level, seats, scoring, seed)
    state, _ = start(record)
    rnd = random.Random(seed)
    while state.phase != MATCH_OVER:
        seat = state.current
        moves = legal_actions(state, seat)
        assert moves, "a seat to act always has a move"
        if deep:
            for move in moves:
                check(state, move)
            check(state, safe_move(state, seat))
            json.dumps(player_view(state, seat).to_json())
            assert "deck" not in public_view(state).to_json()
        action = moves[int(rnd.random() * len(moves))]
        record["games"][-1]["actions"].append(action.to_json())
        step(state, action)
        assert conserved(state), f"PI-C1 broken at version {state.version}"
        if state.phase == GAME_OVER:
            record["games"].append({"deal": deal(*next_deal_args(state)).to_json(), "actions": []})
            advance(state)
            assert conserved(state)
    return record, state


#: Matches a configuration plays in CI, and in the slow sweep (`-m slow`).
CI_MATCHES, SWEEP_MATCHES = 40, 120
#: Matches of the sweep that reach what its first `CI_MATCHES` do not: by
#: (level, seats), the index of a match with a game ended at the cap on takes
#: (PI-N9), the only engine lines the sweep runs that those 40 miss.
RARE = {("normal", 4): (89,)}


def conserving_matches(level: str, seats: int, scoring: str, count: int) -> None:
    """`count` random matches of the sweep's seeds, and its rare ones: the box
    conserved after every action (`random_match`), the match won and ranked."""
    sweep = match_seeds(seats * 7 + len(level), SWEEP_MATCHES)
    rare = [sweep[i] for i in RARE.get((level, seats), ()) if i >= count]
    for seed in [*match_seeds(seats * 7 + len(level), count), *rare]:
        _, final = random_match(level, seats, scoring, seed)
        assert final.match_winner is not None
        assert GAME.ranking(final)[0] == [final.match_winner]


@pytest.mark.parametrize("scoring", ["wins", "points"])
@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("level", LEVELS)
def test_pi_c1_random_matches_conserve_the_box(level: str, seats: int, scoring: str) -> None:
    """722 random matches in CI (40 a configuration, and the sweep's 2 rare
    ones): every line of the engine that the 2160 of the slow sweep below run
    (`sys.settrace` line coverage of engine/, compared when it was cut)."""
    conserving_matches(level, seats, scoring, CI_MATCHES)


@pytest.mark.slow
@pytest.mark.parametrize("scoring", ["wins", "points"])
@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("level", LEVELS)
def test_pi_c1_random_matches_conserve_the_box_sweep(level: str, seats: int, scoring: str) -> None:
    """The sweep: 2160 random matches, 120 a configuration (CI's until it cost
    a quarter of a minute); more seeds of the same paths, for a rarer fault."""
    conserving_matches(level, seats, scoring, SWEEP_MATCHES)


def replayed_matches(level: str, count: int) -> None:
    """`count` random matches, every seat count and scoring in turn, the first
    6 with every legal move checked, the safe move and the views after every
    action (`deep`): each record, through JSON, replays to the live state."""
    for i, seed in enumerate(match_seeds(len(level), count)):
        seats = SEATS[i % 3]
        record, live = random_match(level, seats, ("wins", "points")[i % 2], seed, deep=i < 6)
        result = replay(json.loads(json.dumps(record)))
        assert result.error is None
        assert result.state.to_json() == live.to_json()


@pytest.mark.parametrize("level", LEVELS)
def test_pi_record_replay_equals_live_over_many_matches(level: str) -> None:
    """20 matches a level: every line of the engine that the slow sweep's 40
    run (`sys.settrace` line coverage of engine/, compared when it was cut)."""
    replayed_matches(level, 20)


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_pi_record_replay_equals_live_over_many_matches_sweep(level: str) -> None:
    """The sweep: 40 matches a level (CI's until it was cut)."""
    replayed_matches(level, 40)


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_pi_c1_soak(level: str) -> None:
    for i, seed in enumerate(match_seeds(99, 3000)):
        random_match(level, SEATS[i % 3], ("wins", "points")[i % 2], seed, deep=i % 50 == 0)
