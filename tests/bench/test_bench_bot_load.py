"""The load benchmark's harness (`make bench-bot`) on two games for a few
seconds, so that it cannot rot: the real `python -m bot` on the loopback
Discord, players acting, a crash restart."""

from __future__ import annotations

from pathlib import Path

from bench.bot_load import Options, Run, report


async def test_two_games_are_played_measured_and_resumed_after_a_crash(tmp_path: Path) -> None:
    # A short floor: its path runs; the figure itself is for a real run. Ten
    # seconds of play: it runs first in `make test`, beside every worker's start.
    options = Options(games=2, seconds=10, think=(0.2, 0.5), quiet=True, floor_seconds=2)
    summary = await Run(options, tmp_path).run()

    assert summary["setup"]["opened"] == 2
    play = summary["play"]
    assert play["interactions"]["count"] >= 4
    assert play["interactions"]["never"] == 0 and play["interactions"]["late"] == 0
    assert play["applied_actions"] >= 2
    assert play["rest_calls_per_action"] is not None
    assert play["publish_lag"]["count"] >= 1
    assert summary["memory"]["rss_idle_games_kb"] > 0
    restart = summary["restart"]
    assert restart["stored_running_games"] == 2
    assert restart["resumed_log_lines"] == 2
    assert restart["probes_answered"] == "2/2"
    assert "ack p50" in report(summary)
    assert summary["floor"] and summary["cost"]
    # The floor beside the play: the null bot, on a shard of its own, was
    # asked once for each interaction the players sent the bot, and answered.
    floor = summary["floor"]
    assert floor["measured"] == "beside the play"
    assert floor["asked"] == play["interactions"]["count"]
    assert floor["answers_sent"] >= floor["asked"] * 0.9
    assert floor["null_bot_cpu_ms_per_interaction"] > 0
    # The same answers: a picture of the same size where the bot's had one.
    assert floor["answered_with_a_picture"] > 0
    assert floor["null_bot_answered_with_a_picture"] >= floor["answered_with_a_picture"] * 0.9
    assert floor["flat_out"]["answered"] > 0, "and flat out after it"
    assert "Traceback" not in (tmp_path / "null_bot.log").read_text(encoding="utf-8")


async def test_two_processes_share_one_throwaway_postgresql(tmp_path: Path) -> None:
    """`--database postgresql --processes 2`: the bench starts its own server
    (tests/support/pg.py, loaded by its path) and one bot per shard; with
    `--floor-after`, the paced floor in the bots' place, after the play."""
    options = Options(
        games=2,
        seconds=3,
        think=(0.2, 0.5),
        quiet=True,
        database="postgresql",
        processes=2,
        restart=False,
        floor_seconds=1,
        floor_beside=False,
        floor_flat_out=False,
    )
    summary = await Run(options, tmp_path).run()

    assert summary["database"] == "postgresql" and summary["processes"] == 2
    assert summary["setup"]["opened"] == 2
    play = summary["play"]
    assert play["applied_actions"] >= 2
    assert play["interactions"]["never"] == 0
    assert play["db_round_trips"] is not None and play["db_round_trips"] > 0
    assert summary["cost"]["cpu_ms_per_move"] is not None
    floor = summary["floor"]
    assert floor["measured"] == "after the play, in the bot's place"
    assert floor["answered"] > 0 and "flat_out" not in floor
