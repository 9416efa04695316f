"""The record `mammamia-record/1` and the command line (rules/record-format.md)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine.mammamia import (
    Pay,
    RecordError,
    State,
    append,
    legal_actions,
    new_game,
    new_record,
    replay,
    start,
    step,
)
from engine.mammamia.ai import RandomAgent
from engine.mammamia.cards import MAMMA_MIA
from engine.mammamia.state import OVER

from engine_helpers import begin, do, position

ROOT = Path(__file__).resolve().parents[3]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def rejected(record) -> str:
    with pytest.raises(RecordError) as info:
        replay(record)
    return str(info.value)


def small(**kw):
    kw.setdefault("hands", [["olive", "yellow-misto"], ["salami"], ["pepper"]])
    return position(**kw)


def played_record(variant="classic", seats=3, seed=5, actions=40, help=None):
    """A record from a seed with `actions` random actions."""
    record = new_record(variant, seats, seed, help=help)
    state, _ = start(record)
    agent = RandomAgent(seed)
    for _ in range(actions):
        if state.phase == OVER:
            break
        action = agent.choose(state, state.to_act()[0])
        step(state, action)
        record = append(record, action)
    return record, state


# --- the document -----------------------------------------------------------------------


def spec_example() -> dict:
    """The example document of rules/record-format.md, read from the spec itself."""
    text = (ROOT / "docs" / "rules" / "record-format.md").read_text(encoding="utf-8")
    block = text.split("## The document\n```json\n", 1)[1].split("```", 1)[0]
    return json.loads(block)


def test_record_spec_example_replays():
    """The spec's example holds the MAMMA MIA card at seat 2 and not in the supply,
    and its `reshuffles` lists only what a later shuffle shuffles: it is valid and replays."""
    record = spec_example()
    assert record["deal"]["mamma_mia"] == 2
    assert MAMMA_MIA not in record["deal"]["supply"]
    result = replay(record)
    assert result.error is None
    state = result.state
    assert state.colours == ("green", "red", "yellow")
    assert state.mamma_mia == 2
    assert state.delivered[1] == ["red-misto"]
    assert [e.card for e in result.events if e.type == "reveal"] == [
        "salami",
        "salami",
        "green-olive",
    ]
    assert Counter(state.hands[0]) == Counter({"pepper": 1, "olive": 1})
    assert state.supply == []  # both supply cards drawn: phase 1 is over
    assert state.pending.order == "green-olive"
    assert dict(state.pending.missing) == {"pepper": 1, "olive": 2}


def test_record_spec_example_replays_from_the_command_line(tmp_path):
    path = tmp_path / "example.json"
    path.write_text(json.dumps(spec_example()), encoding="utf-8")
    run = cli("replay", str(path))
    assert run.returncode == 0, run.stdout + run.stderr
    out = json.loads(run.stdout)
    assert "error" not in out
    assert out["state"]["phase"] == "reveal"
    assert out["state"]["pending"]["order"] == "green-olive"


def test_record_mamma_mia_card_drawn_from_the_supply_is_replaced():
    """MM-T5: the MAMMA MIA card drawn from the supply goes face up in front of the
    drawer, who draws a replacement."""
    record = spec_example()
    del record["deal"]["mamma_mia"]
    record["deal"]["supply"] = ["pepper", MAMMA_MIA, "olive"]
    record["deal"]["reshuffles"] = [["salami", MAMMA_MIA]]
    result = replay(record)
    assert result.error is None
    state = result.state
    assert state.mamma_mia == 0  # drawn second, replaced by the olive
    assert Counter(state.hands[0]) == Counter({"pepper": 1, "olive": 1})
    assert state.supply == []


def test_record_mamma_mia_card_held_and_in_the_supply_is_rejected():
    """The card must be either held (`mamma_mia`) or in `supply`, not both."""
    record = small(supply=["pepper", MAMMA_MIA, "olive"], mamma_mia=2)
    assert "one MAMMA MIA card" in rejected(record)


def test_record_piles_are_listed_top_card_first():
    held = ["olive", "yellow-misto", *["mushroom"] * 5]
    record = small(
        hands=[held, ["salami"], ["pepper"]],
        order_piles=[["yellow-olive", "yellow-salami"], [], []],
        supply=["pepper", "salami", "salami"],
    )
    state, _ = do(begin(record), "turn olive 1 draw=orders")
    assert "yellow-olive" in state.hands[0]
    assert state.order_piles[0] == ["yellow-salami"]
    state2, _ = do(begin(record), "turn olive 1 draw=supply")
    assert "pepper" in state2.hands[0]
    assert state2.supply == ["salami", "salami"]


def test_record_a_deal_need_not_hold_every_card():
    state = begin(small())
    assert Counter(state.all_cards()) == Counter(
        {"olive": 1, "yellow-misto": 1, "salami": 2, "pepper": 1, MAMMA_MIA: 1}
    )


def test_record_round_delivered_and_delivered_pile():
    state = begin(small(round=3, delivered=[["yellow-olive"], [], []]))
    assert state.round == 3
    assert state.delivered[0] == ["yellow-olive"]
    plus = begin(
        position(
            "plus",
            hands=[["olive"], ["salami"], ["pepper"]],
            supply=["shrimp"],
            delivered=[[], ["green-olive"], []],
            delivered_pile=["yellow-misto"],
        )
    )
    assert Counter(plus.delivered_pile) == Counter({"yellow-misto": 1, "green-olive": 1})
    assert plus.delivered == [["yellow-misto"], ["green-olive"], []]


def test_record_first_from_the_seed_when_absent():
    record = small()
    del record["deal"]["first"]
    record["deal"]["mamma_mia"] = 0
    firsts = set()
    for seed in range(30):
        record["seed"] = seed
        a, b = begin(record), begin(copy.deepcopy(record))
        assert a.current == b.current
        firsts.add(a.current)
    assert firsts == {0, 1, 2}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["hands"][0].append("banana"), "banana"),
        (lambda d: d["hands"][1].append("green-banana"), "green-banana"),
        (lambda d: d["supply"].extend(["olive"] * 13), "13 olive"),
        (lambda d: d["hands"][0].append("yellow-misto"), "yellow-misto"),
        (lambda d: d["hands"][1].append("yellow-salami"), "seat 1"),
        (lambda d: d["order_piles"][2].append("green-misto"), "seat 2"),
        (lambda d: d.__setitem__("delivered", [["red-misto"], [], []]), "seat 0"),
        (lambda d: d["order_piles"][0].append("olive"), "order pile"),
        (lambda d: d["supply"].append("yellow-olive"), "supply"),
        (lambda d: d["hands"][0].append(MAMMA_MIA), "MAMMA MIA"),
        (lambda d: d.__setitem__("mamma_mia", None), "MAMMA MIA"),
        (lambda d: d["supply"].append(MAMMA_MIA), "one MAMMA MIA"),
        (lambda d: d.__setitem__("supply", []), "supply"),
        (lambda d: d.__setitem__("table", {"shrimp": 1}), "table"),
        (lambda d: d.__setitem__("round", 4), "round"),
        (lambda d: d.__setitem__("first", 3), "first"),
        (lambda d: d.__setitem__("hands", [[], []]), "hands"),
    ],
    ids=[
        "unknown-card",
        "unknown-order",
        "too-many-copies",
        "order-twice",
        "wrong-colour-hand",
        "wrong-colour-pile",
        "wrong-colour-delivered",
        "ingredient-in-order-pile",
        "order-in-supply",
        "mamma-mia-in-hand",
        "mamma-mia-nowhere",
        "mamma-mia-twice",
        "classic-empty-supply",
        "unknown-table-kind",
        "round-past-the-end",
        "no-such-first",
        "hands-per-seat",
    ],
)
def test_record_deal_validation_rejects(change, words):
    record = small()
    change(record["deal"])
    assert words in rejected(record)


def test_record_plus_deal_validation():
    base = position("plus", hands=[["olive"], ["salami"], ["pepper"]], supply=["shrimp"])
    for mutate in (
        lambda d: d["supply"].append(MAMMA_MIA),
        lambda d: d.__setitem__("mamma_mia", 0),
        lambda d: d["hands"][0].extend(["olive"] * 15),
        lambda d: d.__setitem__("delivered_pile", ["pink-misto"]),  # no pink seat
    ):
        record = copy.deepcopy(base)
        mutate(record["deal"])
        rejected(record)
    ok = copy.deepcopy(base)
    ok["deal"]["supply"] = []  # a plus deal may have no supply (PL-T4)
    assert begin(ok).turns_left == 3


def test_record_help_with_two_seat_plus_is_rejected_and_classic_ignores_help():
    record = position("plus", 2, hands=[["olive"], ["salami"]], supply=["shrimp"], help=True)
    assert "2 players" in rejected(record)
    record["help"] = False
    assert begin(record).help is False
    classic = small(help=True)
    assert begin(classic).help is False
    assert begin(position("plus", 3, hands=[["olive"]] * 3, supply=["shrimp"])).help is True


def test_record_settings_are_checked():
    for key, value in (
        ("variant", "deluxe"),
        ("seats", 6),
        ("seats", 1),
        ("colours", ["yellow", "yellow", "green"]),
        ("colours", ["pink", "green", "yellow"]),  # no pink in classic
        ("seed", "7"),
        ("format", "mammamia-record/2"),
        ("actions", {}),
    ):
        record = small()
        record[key] = value
        rejected(record)


def test_record_reshuffles_must_be_permutations():
    record = small(
        hands=[["olive", "olive"], ["salami"], ["pepper"]],
        supply=["mushroom"],
        reshuffles=[["olive", "salami"]],
        actions=[{"seat": 0, "turn": {"ingredient": "olive", "count": 1, "draw": "supply"}}],
    )
    # round 1 ends at once; the used pile is empty, so the new supply is the MAMMA MIA card
    assert "permutation" in rejected(record)
    record["deal"]["reshuffles"] = [[MAMMA_MIA]]
    state = replay(record).state
    assert state.round == 2
    assert state.supply == [MAMMA_MIA]


def test_record_reshuffles_are_honoured_in_order_then_the_seed():
    hands = [["pineapple", "yellow-salami", "olive"], ["olive"], ["olive"]]
    forced = ["salami", "pineapple", MAMMA_MIA, "salami", "salami", "salami"]
    record = position(
        hands=hands, table={"salami": 4}, supply=["pepper"], mamma_mia=1, reshuffles=[forced]
    )
    state, _ = do(begin(record), "turn pineapple 1 order=yellow-salami draw=supply")
    assert state.round == 2
    assert state.supply == forced
    assert state.reshuffles == ()


def test_record_after_the_last_reveal_nothing_is_reshuffled():
    hands = [["pineapple", "yellow-salami", "olive"], ["olive"], ["olive"]]
    record = position(hands=hands, table={"salami": 4}, supply=["pepper"], mamma_mia=1, round=3)
    state, _ = do(begin(record), "turn pineapple 1 order=yellow-salami draw=supply")
    assert state.phase == OVER
    assert Counter(state.used) == Counter({"pineapple": 1, "salami": 4})
    assert state.supply == []
    assert state.mamma_mia == 1


def test_record_same_seed_same_game():
    a = start(new_record("plus", 4, 99))[0]
    b = start(new_record("plus", 4, 99))[0]
    assert a.fingerprint() == b.fingerprint()
    assert start(new_record("plus", 4, 98))[0].fingerprint() != a.fingerprint()
    record, live = played_record("classic", 4, seed=3, actions=400)
    assert replay(record).state.fingerprint() == live.fingerprint()
    assert (
        replay(record).state.fingerprint()
        == replay(json.loads(json.dumps(record))).state.fingerprint()
    )


def test_record_append_leaves_the_old_record_alone():
    record = new_record("classic", 3, 1)
    state, _ = start(record)
    action = legal_actions(state, state.current)[0]
    longer = append(record, action)
    assert record["actions"] == []
    assert longer["actions"] == [action.to_json()]


def test_record_unknown_action_key_is_malformed_and_stops_the_replay():
    record, _ = played_record(actions=6)
    before = replay(record).state
    record["actions"].append({"seat": 0, "dance": True})
    record["actions"].append({"seat": 0, "pay": False})
    result = replay(record)
    assert result.error is not None
    index, err = result.error
    assert index == 6
    assert err.code == "malformed"
    assert result.state.fingerprint() == before.fingerprint()
    out = result.to_json()
    assert out["error"] == {"action": 6, "code": "malformed", "message": err.message}


# --- STATE and EVENT shapes ----------------------------------------------------------------


def test_record_state_shape():
    record, _ = played_record(actions=3)
    data = replay(record).to_json()
    state = data["state"]
    for key in (
        "variant",
        "phase",
        "round",
        "to_act",
        "supply",
        "oven",
        "table",
        "used",
        "players",
        "delivered_pile",
        "winners",
    ):
        assert key in state
    assert state["phase"] in ("turn", "reveal", "over")
    assert isinstance(state["to_act"], list)
    assert isinstance(state["table"], dict)
    for seat, player in enumerate(state["players"]):
        assert {"seat", "colour", "hand", "order_pile", "delivered", "mamma_mia"} <= set(player)
        assert player["seat"] == seat
    assert all("type" in event for event in data["events"])
    json.dumps(data)  # plain JSON
    assert (
        State.from_json(json.loads(json.dumps(state))).fingerprint()
        == replay(record).state.fingerprint()
    )


def test_record_state_oven_in_play_order_and_pending_order_in_no_pile():
    record = small(
        hands=[["olive", "olive", "yellow-misto"], ["salami"], ["pepper"]],
        supply=["mushroom"] * 8,
    )
    state, _ = do(begin(record), "turn olive 2 order=yellow-misto draw=supply")
    assert state.to_json()["oven"] == ["olive", "olive", "yellow-misto"]
    record["deal"]["supply"] = ["mushroom"]
    state, events = do(begin(record), "turn olive 2 order=yellow-misto draw=supply")
    data = state.to_json()
    assert data["pending"]["order"] == "yellow-misto"
    assert data["pending"]["owner"] == 0
    assert data["pending"]["missing"] == {"salami": 1, "pineapple": 1, "mushroom": 1, "pepper": 1}
    places = [data["supply"], data["oven"], data["used"], data["delivered_pile"]]
    for player in data["players"]:
        places += [player["hand"], player["order_pile"], player["delivered"]]
    assert all("yellow-misto" not in place for place in places)
    assert [e.card for e in events if e.type == "reveal"] == [
        "olive",
        "olive",
        "yellow-misto",
    ]
    assert Pay(0, False) in legal_actions(state, 0)


# --- the command line ---------------------------------------------------------------------


def test_cli_replay_ok(tmp_path):
    record, live = played_record(actions=30)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    run = cli("replay", str(path))
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert set(out) == {"state", "events"}
    assert State.from_json(out["state"]).fingerprint() == live.fingerprint()


def test_cli_replay_illegal_action_exits_1_with_the_state_before_it(tmp_path):
    record, live = played_record(actions=10)
    bad = {"seat": (live.to_act()[0] + 1) % 3, "pay": True}
    record["actions"].append(bad)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    run = cli("replay", str(path))
    assert run.returncode == 1
    out = json.loads(run.stdout)
    assert out["error"]["action"] == 10
    assert out["error"]["code"] in ("not_your_turn", "not_your_decision")
    assert out["error"]["message"] == f"{out['error']['code']} (seat={live.to_act()[0]})"
    assert State.from_json(out["state"]).fingerprint() == live.fingerprint()
    assert isinstance(out["events"], list)


def test_cli_replay_unknown_key_exits_1_malformed(tmp_path):
    record, _ = played_record(actions=2)
    record["actions"].append({"seat": 0, "juggle": 3})
    path = tmp_path / "juggle.json"
    path.write_text(json.dumps(record))
    run = cli("replay", str(path))
    assert run.returncode == 1
    assert json.loads(run.stdout)["error"]["code"] == "malformed"


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        json.dumps({"format": "something-else"}),
        json.dumps(
            position("plus", 2, hands=[["olive"], ["salami"]], supply=["shrimp"], help=True)
        ),
        None,
    ],
    ids=["not-json", "wrong-format", "help-with-two-seats", "missing-file"],
)
def test_cli_replay_unreadable_record_exits_2(tmp_path, content):
    path = tmp_path / "record.json"
    if content is not None:
        path.write_text(content)
    run = cli("replay", str(path))
    assert run.returncode == 2
    assert run.stderr.strip()
    assert run.stdout == ""


@pytest.mark.parametrize(
    ("key", "value"),
    [("colours", 5), ("colours", [["yellow"], ["green"], ["brown"]]), ("variant", ["classic"])],
    ids=["colours-number", "colours-lists", "variant-list"],
)
def test_cli_replay_badly_typed_settings_exit_2(tmp_path, key, value):
    record = new_record("classic", 3, 1)
    record[key] = value
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    run = cli("replay", str(path))
    assert run.returncode == 2
    assert "Traceback" not in run.stderr


def test_cli_simulate():
    run = cli("simulate", "--variant", "classic", "--seats", "3", "--games", "20", "--seed", "1")
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert {"games", "seconds", "games_per_second", "actions", "errors", "winners"} <= set(out)
    assert out["games"] == 20
    assert out["errors"] == 0
    assert out["actions"] > 0
    assert sum(out["winners"].values()) >= 20  # shared wins count for each winner
    again = json.loads(
        cli(
            "simulate", "--variant", "classic", "--seats", "3", "--games", "20", "--seed", "1"
        ).stdout
    )
    assert again["winners"] == out["winners"]
    assert again["actions"] == out["actions"]


def test_new_game_matches_a_record_without_deal():
    state, events = new_game("classic", 3, seed=12)
    assert state.fingerprint() == start(new_record("classic", 3, 12))[0].fingerprint()
    assert events[0].type == "game_start"
    private = [e for e in events if not e.public]
    assert sorted(e.to for e in private) == [0, 1, 2]


def test_cli_without_a_game_plays_the_record_specs_game():
    """record-format.md's command line names no game: `simulate --variant V`
    is Mamma Mia!'s, as its package declares (engine.default_game), while
    the command line itself names none."""
    import engine
    from engine import __main__ as command_line

    assert engine.default_game() == engine.mammamia.GAME.name
    assert "mammamia" not in Path(command_line.__file__).read_text(encoding="utf-8")
    out = json.loads(cli("simulate", "--variant", "plus", "--seats", "4", "--games", "3").stdout)
    assert out["game"] == "mammamia" and out["variant"] == "plus" and out["errors"] == 0
