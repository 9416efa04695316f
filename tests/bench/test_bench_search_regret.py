"""`python -m bench.search_regret` values every candidate and prints the
search's regret against its own model."""

from __future__ import annotations

import json

import pytest

from bench import search_regret


def test_search_regret_prints_regrets_no_less_than_zero(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--seats", "2", "--games", "1", "--positions", "2", "--worlds", "3"]
    assert search_regret.main([*argv, "--budgets", "300", "--seeds", "1"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["positions"] == 2
    assert result["heuristic_regret"] >= 0
    assert 0 <= result["ismcts_300"]["regret"] <= 1
    assert 0 <= result["ismcts_300"]["best_move_share"] <= 1
