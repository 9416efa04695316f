"""The move benchmark (`python -m bench.move_cpu`) on a few moves of each
game, so that it cannot rot: every round plays the same moves and shows the
same tables, and each part of a move is timed."""

from __future__ import annotations

from bench.move_cpu import run


async def test_every_round_shows_the_same_tables_and_times_each_part() -> None:
    summary = await run("sqlite", rounds=2, early=4)

    assert summary["moves"] == 36 * 4
    assert len(summary["tables_shown"]) == 12  # one fingerprint: both rounds' alike
    for part in ("move_us", "move_thread_us", "table_us"):
        assert 0 < summary[part]["least"] <= summary[part]["median"]
