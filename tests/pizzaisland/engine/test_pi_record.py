"""The record `pizzaisland-record/1`, replay, the command line (exit codes
0 / 1 / 2 and output shape) and `GAME` through the engine's interface."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.__main__ import main
from engine.pizzaisland import GAME, RecordError, append, new_record, replay, start
from engine.pizzaisland.actions import from_json
from engine.pizzaisland.cards import BOX

ROOT = Path(__file__).resolve().parents[3]
STATE_FIELDS = {
    "level", "seats", "scoring", "game", "phase", "to_act", "taken", "pending", "deck",
    "ship", "players", "winner", "results", "achievements", "match_winner",
}  # fmt: skip


def played(
    level: str = "normal", seats: int = 2, seed: int = 3, actions: int = 60, scoring: str = "wins"
) -> dict[str, Any]:
    """A record from a seed with `actions` random actions (through `append`,
    given the state as the bot gives it: without it `append` replays the
    match at every action; the two are compared over a whole match in
    `test_append_given_the_state_after_writes_what_a_replay_writes`)."""
    record = new_record(level, seats, scoring, seed)
    state, _ = start(record)
    rnd = random.Random(seed)
    for _ in range(actions):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        action = rnd.choice(GAME.legal_actions(state, seat))
        record = GAME.append(record, action, state)
        state, _ = GAME.apply(state, action)
    return record


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_pi_game_is_found_by_the_engine() -> None:
    assert engine.game("pizza-island") is GAME
    assert engine.game_for({"format": "pizzaisland-record/1"}) is GAME
    assert GAME.seat_limits({"level": "easy"}) == (2, 4)
    assert [o.name for o in GAME.options] == ["level", "scoring"]
    assert GAME.difficulties == ("easy", "medium", "hard")


def test_pi_record_new_record_deals_the_first_game_from_the_seed() -> None:
    record = new_record("advanced", 3, "points", 9)
    assert record["format"] == "pizzaisland-record/1" and record["seed"] == 9
    deal = record["games"][0]["deal"]
    assert sorted(deal["deck"]) == sorted(BOX) and deal["first"] in (0, 1, 2)
    assert new_record("advanced", 3, "points", 9) == record
    state, _ = start(record)
    assert state.ship == deal["deck"][:3] and state.current == deal["first"]


@pytest.mark.parametrize("level", ["easy", "normal", "advanced"])
def test_pi_record_replay_equals_live_and_json_round_trip(level: str) -> None:
    record = played(level, 3, seed=11, actions=400, scoring="points")
    live, _ = start(record)  # replayed anew below; the live one follows `apply`
    again = json.loads(json.dumps(record))
    result = replay(again)
    assert result.error is None
    state, _ = start(new_record(level, 3, "points", 11))
    rnd = random.Random(11)
    for _ in range(400):
        if GAME.is_over(state):
            break
        action = rnd.choice(GAME.legal_actions(state, GAME.to_act(state)[0]))
        state, _ = GAME.apply(state, action)
    assert result.state.to_json() == state.to_json()
    assert len(record["games"]) == state.game >= 2
    del live


def test_pi_record_actions_round_trip_through_json_and_text() -> None:
    record = played("advanced", 4, seed=5, actions=300)
    for game in record["games"]:
        for data in game["actions"]:
            action = from_json(data)
            assert action.to_json() == data
            from engine.pizzaisland.actions import from_text

            assert from_text(action.seat, action.text()) == action


def test_pi_record_replay_stops_at_the_first_refusal() -> None:
    record = played(actions=10)
    bad = copy.deepcopy(record)
    bad["games"][0]["actions"].insert(
        3, {"seat": 1 - bad["games"][0]["actions"][3]["seat"], "take": "deck"}
    )
    result = replay(bad)
    assert result.error is not None
    out = result.to_json()
    assert out["error"]["game"] == 1 and out["error"]["action"] == 3
    assert out["error"]["code"] == "not_your_turn"
    assert (
        out["state"]
        == replay(
            {
                **record,
                "games": [{**record["games"][0], "actions": record["games"][0]["actions"][:3]}],
            }
        ).state.to_json()
    )


def test_pi_record_refused_deal_has_a_null_action() -> None:
    record = new_record("normal", 2, "wins", 4)
    record["games"][0]["deal"]["first"] = 3
    result = replay(record)
    assert result.error is not None
    assert result.to_json()["error"]["action"] is None
    assert result.to_json()["error"]["code"] == "bad_first"
    record = played(actions=4)
    record["games"].append(copy.deepcopy(record["games"][0]))  # the first game runs on
    err = replay(record).to_json()["error"]
    assert (err["game"], err["action"], err["code"]) == (2, None, "game_not_over")


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.update(level="expert"),
        lambda r: r.update(seats=5),
        lambda r: r.update(scoring="goals"),
        lambda r: r["games"][0]["deal"]["deck"].pop(),
        lambda r: r["games"][0]["deal"]["deck"].__setitem__(0, "blue-a"),
        lambda r: r["games"][0]["deal"]["deck"].__setitem__(0, "red-b"),
        lambda r: r["games"][0]["actions"].append({"seat": 0, "take": "purple-a"}),
        lambda r: r.update(games=[]),
        lambda r: r.update(achievements={"star": 0}),  # advanced only
    ],
)
def test_pi_record_unreadable_records_raise(change: Any) -> None:
    record = new_record("normal", 2, "wins", 4)
    change(record)
    with pytest.raises(RecordError):
        replay(record)


def test_pi_cli_replay_exit_codes_and_output(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(played(actions=30)))
    done = cli("replay", str(good))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert set(out) == {"state"} and set(out["state"]) >= STATE_FIELDS
    bad_record = played(actions=30)
    bad_record["games"][0]["actions"].append({"seat": 9, "stop": True})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(bad_record))
    done = cli("replay", str(bad))
    assert done.returncode == 1
    out = json.loads(done.stdout)
    assert set(out["error"]) == {"game", "action", "code", "message"}
    unknown = tmp_path / "unknown.json"
    unknown.write_text(json.dumps({**played(actions=3), "level": "expert"}))
    done = cli("replay", str(unknown))
    assert done.returncode == 2 and "level" in done.stderr and not done.stdout


def test_pi_cli_simulate_and_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "simulate",
            "--game",
            "pizza-island",
            "--level",
            "advanced",
            "--seats",
            "3",
            "--games",
            "20",
            "--seed",
            "2",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["errors"] == 0 and out["games"] == 20
    code = main(
        [
            "tournament",
            "--game",
            "pizza-island",
            "--agents",
            "heuristic,random",
            "--seats",
            "2",
            "--games",
            "4",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and set(out["agents"]) == {"heuristic", "random"}
    assert main(["simulate", "--game", "pizza-island", "--level", "expert"]) == 2


def test_pi_interface_apply_deals_the_next_game_and_append_records_it() -> None:
    record = played(actions=1000)
    state = replay(record).state
    assert GAME.is_over(state) and GAME.to_act(state) == ()
    assert state.match_winner is not None
    assert GAME.ranking(state)[0] == [state.match_winner]
    assert all(g["deal"]["first"] in (0, 1) for g in record["games"])


def test_pi_cli_error_game_counts_from_1_as_the_states_game(tmp_path: Path) -> None:
    """pizza-island-record.md, "The command line": `G` is the game's number counted
    from 1, as in the state's `game`; `A` counts from 0 within that game."""
    record = played(actions=400)
    assert len(record["games"]) >= 2, "the seed's first game should end within 400 actions"
    for number in (1, 2):
        bad = copy.deepcopy(record)
        del bad["games"][number:]
        actions = bad["games"][number - 1]["actions"]
        seat = actions[0]["seat"] if actions else 0
        actions.insert(0, {"seat": 1 - seat, "stop": True})  # not that seat's turn
        path = tmp_path / f"bad{number}.json"
        path.write_text(json.dumps(bad))
        done = cli("replay", str(path))
        assert done.returncode == 1, done.stderr
        out = json.loads(done.stdout)
        assert (out["error"]["game"], out["error"]["action"]) == (number, 0)
        assert out["state"]["game"] == number


def test_append_given_the_state_after_writes_what_a_replay_writes():
    """The bot hands `append` the state the record stands at: the same record,
    a game's end and the next game's deal included, with no replay of the match."""
    record = new_record("normal", 2, "wins", 5)
    state, _ = start(record)
    rnd = random.Random(5)
    games = 1
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        action = rnd.choice(GAME.legal_actions(state, seat))
        after, _ = GAME.apply(state, action)
        given = GAME.append(record, action, state)
        assert given == append(record, action)
        record, state = given, after
        games = len(record["games"])
    assert games > 1, "a game ended and the next was dealt"
