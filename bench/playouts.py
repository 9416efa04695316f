"""How fast the search's playouts run: `python -m bench.playouts`.

Takes positions from seeded heuristic games (every 7th decision), and in each
samples worlds from the seat's information set and plays them out to the end
with the playout heuristic, as `ismcts.paired_search` does. Prints playout
actions per second (determinizing, copying and the heuristic's moves
included) and the median and slowest seconds of an `ismcts` decision at its
default budget over the same positions. `--profile` prints a cProfile of the
decisions instead.
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import json
import pstats
import random
import statistics
import sys
import time

from engine.mammamia.ai import HeuristicAgent, IsmctsAgent
from engine.mammamia.ai.determinize import Observation, determinize, observe
from engine.mammamia.ai.ismcts import playout_move
from engine.mammamia.ai.memory import Memory
from engine.mammamia.events import Event
from engine.mammamia.game import step
from engine.mammamia.setup import new_game
from engine.mammamia.state import OVER, State


def positions(seats: int, games: int, every: int) -> list[tuple[State, Memory, int]]:
    """(state, the seat-to-act's memory, seat) every `every` decisions of heuristic games."""
    found = []
    for seed in range(1, games + 1):
        state, events = new_game("classic", seats, seed=seed)
        agents = [HeuristicAgent(seed, seat=s, events=events) for s in range(seats)]
        n = 0
        while state.phase != OVER:
            seat = state.to_act()[0]
            if n % every == 0:
                found.append((state.copy(), copy.deepcopy(agents[seat].memory), seat))
            n += 1
            new: list[Event] = []
            step(state, agents[seat].choose(state, seat), new)
            for agent in agents:
                agent.observe(new)
    return found


def playout_rate(observations: list[Observation], worlds: int) -> tuple[int, float]:
    """Playout actions and seconds for `worlds` playouts from each observation."""
    rnd = random.Random(1)
    actions, started = 0, time.perf_counter()
    for obs in observations:
        for _ in range(worlds):
            world = determinize(obs, rnd)
            trial = world.copy()
            while trial.phase != OVER:
                step(trial, playout_move(trial, trial.to_act()[0]))
            actions += trial.version - world.version
    return actions, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--worlds", type=int, default=40)
    parser.add_argument("--decisions", type=int, default=12, help="ismcts decisions timed")
    parser.add_argument("--steps", type=int, default=32000)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    found = positions(args.seats, args.games, args.every)
    observations = [observe(state, seat, memory) for state, memory, seat in found]
    step_ = max(1, len(found) // args.decisions)
    chosen = found[::step_][: args.decisions]

    def decide(state: State, memory: Memory, seat: int) -> None:
        agent = IsmctsAgent(seat, seat=seat, steps=args.steps)
        agent.memory = memory
        agent.choose(state, seat)

    if args.profile:
        profile = cProfile.Profile()
        profile.enable()
        for state, memory, seat in chosen:
            decide(state, memory, seat)
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)
        return 0
    actions, seconds = playout_rate(observations, args.worlds)
    times = []
    for state, memory, seat in chosen:
        started = time.perf_counter()
        decide(state, memory, seat)
        times.append(time.perf_counter() - started)
    result = {
        "seats": args.seats,
        "positions": len(observations),
        "playout_actions": actions,
        "playout_seconds": round(seconds, 2),
        "actions_per_second": round(actions / seconds),
        "decisions": len(times),
        "decision_median_s": round(statistics.median(times), 3),
        "decision_max_s": round(max(times), 3),
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
