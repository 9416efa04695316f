"""Our side of the comparison with the peer (bench/peer): the positions and
the Node driver (against the TypeScript itself when a bundle of the peer's
code is given: PEER_BUNDLE_1, PEER_BUNDLE_2), and the speed bench's own side."""

from __future__ import annotations

import os
import shutil

import pytest

from bench.peer.compare import compare, verdict
from bench.peer.positions import positions
from bench.peer.speed import play


def test_positions_carry_the_peers_inputs_and_our_answer() -> None:
    found = list(positions(2, 60, seed=5))
    assert len(found) == 60
    turns = [p for p in found if not p.peer.get("reveal")]
    assert turns and all(set(p.peer) >= {"ingredients", "orders", "tally", "pile"} for p in turns)
    for p in turns:  # our own answer agrees with itself
        assert verdict(p, p.ours) is None


def test_our_side_of_the_speed_bench_plays_whole_games() -> None:
    for kind in ("heuristic", "random", "agents"):
        result = play(kind, 2, 3, 1)
        assert result["games"] == 3 and result["actions"] > 100 and result["seconds"] > 0
        assert result["cpu_seconds"] > 0


@pytest.mark.parametrize("version", [1, 2])
def test_the_rival_decides_as_the_peers_own_bot(version: int) -> None:
    """Against the TypeScript itself, when a bundle of the peer's code is
    given (PEER_BUNDLE_1, PEER_BUNDLE_2: docs/computer-players.md)."""
    bundle = os.environ.get(f"PEER_BUNDLE_{version}")
    if not bundle or shutil.which("node") is None:
        pytest.skip(f"no PEER_BUNDLE_{version} (the peer's code, the user's to provide) or no node")
    result = compare(bundle, version, 1200, seed=3)
    assert result["by_decision"]["turn"] >= 700
    assert result["agree"] == result["positions"], result["examples"]
