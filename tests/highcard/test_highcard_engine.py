"""High Card's rules (the tests' own third game) behind the engine's one
interface: random games replay from their records, views hide the hands."""

from __future__ import annotations

import json
import random

from tests.highcard.engine import GAME, Play


def play_out(seats: int, seed: int) -> dict[str, object]:
    record = GAME.new_record({}, seats, seed)
    state, _ = GAME.start(record)
    rnd = random.Random(seed)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        action = rnd.choice(list(GAME.legal_actions(state, seat)))
        record = GAME.append(record, action)
        state, _ = GAME.apply(state, action)
    return record


def test_hc_1_to_hc_4_random_games_replay_and_rank_by_points() -> None:
    for seed in range(30):
        seats = 2 + seed % 3
        record = play_out(seats, seed)
        replayed = GAME.replay(json.loads(json.dumps(record)))
        assert replayed.error is None
        state = replayed.state
        assert GAME.is_over(state) and sum(state.points) <= 3
        places = GAME.ranking(state)
        assert sorted(s for place in places for s in place) == list(range(seats))
        assert [state.points[place[0]] for place in places] == sorted(set(state.points))[::-1]


def test_hc_2_a_card_not_held_is_refused() -> None:
    state, _ = GAME.start(GAME.new_record({}, 2, 1))
    missing = next(n for n in range(1, 10) if n not in state.hands[0])
    try:
        GAME.check(state, Play(0, missing))
    except Exception as refused:
        assert getattr(refused, "code", None) == "not_held"
    else:
        raise AssertionError("a card not held was played")


def test_hc_views_show_only_the_own_hand() -> None:
    state, _ = GAME.start(GAME.new_record({}, 3, 5))
    public = json.dumps(GAME.public_view(state).to_json())
    assert "hand" not in public.replace("hand_sizes", "")
    mine = GAME.player_view(state, 1).to_json()
    assert mine["hand"] == sorted(state.hands[1])


def test_simulate_and_tournament_play_any_game_through_the_interface() -> None:
    """`python -m engine simulate` and `tournament` are written once against
    the interface: the third game plays them with no code of its own for it."""
    from engine.simulate import simulate
    from engine.tournament import tournament

    played = simulate(GAME, {}, 3, 20, 1, "easy").to_json()
    assert played["errors"] == 0 and played["games"] == 20 and played["actions"] == 20 * 9
    result = tournament(GAME, ["easy"], {"pace": "brisk"}, 2, 4, 1).to_json()
    assert result["pace"] == "brisk" and result["agents"]["easy"]["seat_games"] == 8
