"""`python -m bench.opponent_models` replays real turns in sampled worlds and
scores how well each model of the other seats predicted what happened."""

from __future__ import annotations

import json

import pytest

from bench import opponent_models
from engine.mammamia.state import TURN


def test_opponent_models_scores_each_model_on_the_same_turns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--agent", "heuristic", "--opponent", "rival-heuristic", "--games", "1"]
    assert opponent_models.main([*argv, "--worlds", "2"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["turns"] > 0 and result["games"] == 2
    for name in ("heuristic", "rival-heuristic", "rival-heuristic-2", "mixture"):
        scores = result[name]
        assert scores["mine"] < 0 and scores["theirs"] < 0  # log-likelihoods
        assert 0 <= scores["brier"] <= 1 and scores["log_loss"] > 0
        assert 0 < scores["chance"] < 1


def test_a_real_turn_keeps_what_followed_it() -> None:
    """Each kept turn is the agent's own, with every seat's deliveries at that
    round's reveal (at most its colour's 8 orders) and its share of the win."""
    turns = opponent_models.real_turns("heuristic", "rival-heuristic", 2, 1, 3)
    assert {t.obs.seat for t in turns} == {0, 1}
    for turn in turns:
        assert turn.obs.view.phase == TURN
        assert len(turn.delivered) == 2 and all(0 <= d <= 8 for d in turn.delivered)
        assert turn.won in (0.0, 0.5, 1.0)
