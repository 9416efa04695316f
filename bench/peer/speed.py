"""Games a second, ours against the peer's: `python -m bench.peer.speed`.

    python -m bench.peer.speed --bundle PEER.cjs [--runs 7] [--games 1500]

For each kind of game and seat count it runs the two side by side, in turn
(ours, the peer's, ours, ...), each in a process of its own that times its
own loop (the interpreters' start-up left out), and prints each run's games a
second, the ratio ours / the peer's of each pair, and the median ratio (the
figure to quote: a pair shares the machine's load of its moment); the same
again by CPU seconds (of every thread of the process: Node compiles and
collects garbage on threads of its own), which a busy machine disturbs less.
`compiled` says whether ours ran the mypyc-compiled engine (engine/compiled.py:
`make compiled`; `ENGINE_PURE=1` measures the pure Python).

- `heuristic`: every seat plays the heuristic with perfect memory to the
  game's end from a fresh deal: ours is the search's playout
  (`ismcts.play_out`), the peer's its strong bot's (`heuristicPlayout`);
- `random`: every seat plays uniformly random moves: ours `RandomAgent`, the
  peer's the same choices made by the driver on its engine;
- `agents`: ours are `HeuristicAgent`s deciding from their views, as
  `python -m engine simulate --agents heuristic` plays (each decision builds
  the seat's view; no memory, as there), against the peer's heuristic games.

Neither side checks its cards while timing (`python -m engine simulate` does,
and is slower for it). The bundle is a bundle of the peer's code, the user's
to provide (docs/computer-players.md).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

DRIVER = Path(__file__).with_name("driver.cjs")
KINDS = ("heuristic", "random", "agents")


def play(kind: str, seats: int, games: int, seed: int) -> dict[str, Any]:
    """Our games, timed in this process."""
    from engine import compiled
    from engine.mammamia.ai import HeuristicAgent, RandomAgent
    from engine.mammamia.ai.ismcts import play_out
    from engine.mammamia.game import step
    from engine.mammamia.setup import new_game
    from engine.mammamia.state import OVER
    from engine.rng import seeds

    deals = seeds(seed, games)
    actions = 0
    started, cpu = time.perf_counter(), time.process_time()
    for game_seed in deals:
        state, _ = new_game("classic", seats, seed=game_seed)
        if kind == "heuristic":
            play_out(state)
        else:
            maker = RandomAgent if kind == "random" else HeuristicAgent
            agents = [maker(game_seed + s) for s in range(seats)]
            while state.phase != OVER:
                seat = state.to_act()[0]
                step(state, agents[seat].choose(state, seat))
        actions += state.version
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu
    return {
        "games": games,
        "seconds": seconds,
        "cpu_seconds": cpu_seconds,
        "actions": actions,
        "compiled": compiled.active(),
    }


def _run(command: list[str]) -> tuple[float, float, bool]:
    """Games a second of wall-clock and of the process's CPU time, and whether
    our engine ran compiled (engine/compiled.py; the peer's: False)."""
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    games = float(result["games"])
    rates = games / float(result["seconds"]), games / float(result["cpu_seconds"])
    return *rates, bool(result.get("compiled", False))


def compare(bundle: str, kind: str, seats: int, games: int, runs: int) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("Node (node) is not on PATH")
    ours_cmd = [sys.executable, "-m", "bench.peer.speed", "--play", kind]
    ours_cmd += ["--seats", str(seats), "--games", str(games)]
    policy = "random" if kind == "random" else "heuristic"
    theirs_cmd = [node, str(DRIVER), bundle, "games", str(seats), str(games), policy]
    ours, theirs = [], []
    for run in range(runs):
        ours.append(_run([*ours_cmd, "--seed", str(run + 1)]))
        theirs.append(_run([*theirs_cmd, str(run + 1)]))
    ratios = [a[0] / b[0] for a, b in zip(ours, theirs, strict=True)]
    cpu_ratios = [a[1] / b[1] for a, b in zip(ours, theirs, strict=True)]
    return {
        "kind": kind,
        "seats": seats,
        "compiled": all(r[2] for r in ours),
        "games_a_run": games,
        "ours_games_per_second": [round(r[0]) for r in ours],
        "peer_games_per_second": [round(r[0]) for r in theirs],
        "ratios": [round(r, 3) for r in ratios],
        "median_ratio": round(statistics.median(ratios), 3),
        "ours_games_per_cpu_second": [round(r[1]) for r in ours],
        "peer_games_per_cpu_second": [round(r[1]) for r in theirs],
        "cpu_ratios": [round(r, 3) for r in cpu_ratios],
        "median_cpu_ratio": round(statistics.median(cpu_ratios), 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", help="a CommonJS bundle of the peer's code")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--seats-list", default="2,4")
    parser.add_argument("--play", choices=KINDS, help=argparse.SUPPRESS)
    parser.add_argument("--seats", type=int, default=2, help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play:  # one side of one pair: our games, timed here
        print(json.dumps(play(args.play, args.seats, args.games, args.seed)))
        return 0
    if not args.bundle:
        parser.error("--bundle is needed (a bundle of the peer's code)")
    for kind in args.kinds.split(","):
        for seats in (int(s) for s in args.seats_list.split(",")):
            result = compare(args.bundle, kind, seats, args.games, args.runs)
            print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
