"""How far the search's move falls short of the best one, by its own model:
`python -m bench.search_regret`.

Takes phase-1 positions with more than one candidate from seeded heuristic
games. In each it values every candidate of the search on the same `--worlds`
worlds sampled from the seat's information set, each played out to the end
by the playout heuristic and scored 1 for a win (shared wins split): the
candidate's chance of winning, as the search's own model sees it. A move's
regret is the best candidate's value less its own. Prints the mean regret of
the heuristic's move and of `ismcts` at each `--budgets` (over `--seeds`
search seeds a position), and how often each picks the best-valued move.

This measures the search against its model only (every seat playing the
heuristic, unseen cards dealt at random); how well that model predicts real
opponents is what tournaments measure.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from engine.mammamia.actions import Action
from engine.mammamia.ai import ismcts
from engine.mammamia.ai.determinize import Observation, determinize, observe
from engine.mammamia.game import is_legal, step
from engine.mammamia.state import TURN

from .playouts import positions


def moves_of(obs: Observation) -> list[Action]:
    """The search's candidates at the root, as `paired_search` builds them."""
    return ismcts.root_moves(obs, random.Random(0), 24)


def values(obs: Observation, moves: list[Action], worlds: int, seed: int) -> list[float]:
    """Each move's chance of winning over the same sampled worlds."""
    rnd = random.Random(seed)
    totals = [0.0] * len(moves)
    for _ in range(worlds):
        world = determinize(obs, rnd)
        for i, move in enumerate(moves):
            trial = world.copy()
            if not is_legal(trial, move):
                continue
            step(trial, move)
            ismcts.play_out(trial)
            totals[i] += ismcts.outcome(trial, obs.seat, margin=0.0)
    return [t / worlds for t in totals]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=400, help="worlds valuing each position")
    parser.add_argument("--budgets", default="32000,96000", help="steps, comma-separated")
    parser.add_argument("--seeds", type=int, default=3, help="search seeds a position")
    args = parser.parse_args(argv)
    found = positions(args.seats, args.games, 5)
    observations = [observe(s, seat, m) for s, m, seat in found if s.phase == TURN]
    random.Random(0).shuffle(observations)
    valued = []
    for obs in observations:
        moves = moves_of(obs)
        if len(moves) > 1:
            valued.append((obs, moves, values(obs, moves, args.worlds, 999)))
        if len(valued) == args.positions:
            break
    result: dict[str, object] = {"seats": args.seats, "positions": len(valued)}
    heuristic = [max(v) - v[0] for _, _, v in valued]  # the heuristic's move comes first
    result["heuristic_regret"] = round(sum(heuristic) / len(heuristic), 4)
    for budget in (int(b) for b in args.budgets.split(",")):
        regrets, best, started = [], 0, time.perf_counter()
        for obs, moves, value in valued:
            for seed in range(1, args.seeds + 1):
                move = ismcts.paired_search(obs, ismcts.Search(steps=budget), seed)
                regrets.append(max(value) - value[moves.index(move)])
                best += value[moves.index(move)] == max(value)
        seconds = (time.perf_counter() - started) / len(regrets)
        result[f"ismcts_{budget}"] = {
            "regret": round(sum(regrets) / len(regrets), 4),
            "best_move_share": round(best / len(regrets), 2),
            "seconds_per_decision": round(seconds, 3),
        }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
