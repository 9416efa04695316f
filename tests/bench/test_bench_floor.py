"""The floor benchmark (`python -m bench.floor`) on two channels for two
seconds, so that it cannot rot: the real bot opens the games and shows a
hand, then the null bot answers every press with it."""

from __future__ import annotations

import json
from pathlib import Path

from bench.floor import measure


async def test_the_null_bot_answers_every_press_with_the_real_bots_hand(tmp_path: Path) -> None:
    summary = await measure(games=2, seconds=2.0, workdir=tmp_path)

    assert summary["games_opened"] == 2
    assert summary["answered"] >= 10
    assert summary["null_bot_cpu_ms_per_interaction"] > 0
    answer = json.loads((tmp_path / "answer.json").read_text(encoding="utf-8"))
    assert answer["components"], "the hand has its controls"
    log = (tmp_path / "null_bot.log").read_text(encoding="utf-8")
    assert "Traceback" not in log
