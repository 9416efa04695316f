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


async def test_typed_commands_reach_the_null_bot_through_its_command_tree(tmp_path: Path) -> None:
    """The typed mix's floor: `/mammamia hand` and `play`, with the real bot's
    options, answered through discord.py's command tree, at a set pace; every
    answer sent is counted, late ones too."""
    summary = await measure(
        games=2, seconds=2.0, workdir=tmp_path, rate=20.0, typed={"hand": 1, "play": 1}
    )

    assert summary["pressed"] == {"hand": 1, "play": 1}
    assert summary["answered"] >= 10
    assert summary["answers_sent"] >= summary["answered"]
    assert summary["answered_per_second"] <= 25, "paced, not flat out"
    log = (tmp_path / "null_bot.log").read_text(encoding="utf-8")
    assert "Traceback" not in log, "each command answered once, by the tree"
