"""Our side of the comparison with the peer (bench/peer): the positions and
the Node driver (against the TypeScript itself when a bundle of the peer's
code is given: PEER_BUNDLE_1, PEER_BUNDLE_2), and the speed bench's own side."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from bench.peer.build import ENTRY, ESBUILD, build
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
        pytest.skip(f"no PEER_BUNDLE_{version} (python -m bench.peer.build) or no node")
    result = compare(bundle, version, 1200, seed=3)
    assert result["by_decision"]["turn"] >= 700
    assert result["agree"] == result["positions"], result["examples"]


def test_the_bundle_is_built_from_a_checkout_of_the_peers_layout(tmp_path: Path) -> None:
    """`python -m bench.peer.build` on a stand-in for the peer's repository
    (its file layout, one TypeScript export each): one CommonJS module that
    Node loads, exporting what the driver calls."""
    if not ESBUILD.exists() or shutil.which("node") is None:
        pytest.skip("no esbuild (make activity installs it) or no node")
    game = tmp_path / "peer" / "src" / "game"
    game.mkdir(parents=True)
    names = {"setup": "setupGame", "engine": "applyAction", "scoring": "scoreGame"}
    names |= {"bot": "chooseTurn", "rollout": "heuristicPlayout"}
    for module, name in names.items():
        (game / f"{module}.ts").write_text(f"export const {name} = (n: number): number => n + 1;\n")
    (game / "cards.ts").write_text(
        "export let resetCardIds = (): void => {};\n"
        "export const makeIngredientCard = (kind: string): string => kind;\n"
    )
    (game / "colors.ts").write_text("export const PERSONAL_INGREDIENT: string = 'x';\n")
    out = tmp_path / "PEER.cjs"
    build(tmp_path / "peer", out)
    script = f"console.log(JSON.stringify(Object.keys(require({str(out)!r})).sort()))"
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    wanted = {*names.values(), "resetCardIds", "makeIngredientCard", "PERSONAL_INGREDIENT"}
    assert set(json.loads(done.stdout)) == wanted
    assert all(f"./src/game/{module}" in ENTRY for module in names)
    (game / "rollout.ts").unlink()
    with pytest.raises(RuntimeError, match="rollout"):
        build(tmp_path / "peer", out)
