"""Do the computer players still choose the same moves? `python -m bench.same_moves`.

Plays seeded games (the tournament's own `play`, agents seeded as it seeds
them) and prints each game's every action, one JSON line a game. Run it
before and after a change meant to be only faster and compare the outputs:
any difference is a changed decision.

    python -m bench.same_moves > before.jsonl   # on the old code
    python -m bench.same_moves > after.jsonl    # on the new
    cmp before.jsonl after.jsonl

`--full` adds games at the real budgets (`hard` against rival-mc, 2 and 4
seats: minutes); the default games use small budgets, so every path of the
search, the playout heuristic and the rival runs in a minute or so.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bench.rivals import AGENTS as RIVALS
from engine.mammamia import GAME
from engine.mammamia.game import step
from engine.mammamia.setup import new_game
from engine.mammamia.state import OVER
from engine.rng import mix
from engine.tournament import make

SMALL = {"ismcts": {"steps": 3000}, "rival-mc": {"playouts": 48, "low": 4, "high": 12}}

# (variant, seats, seed, agents by seat, options)
GAMES: list[tuple[str, int, int, list[str], dict[str, dict[str, Any]]]] = [
    *[
        ("classic", seats, seed, ["heuristic", "rival-heuristic"] * 3, {})
        for seats in (2, 3, 4, 5)
        for seed in (1, 2, 3)
    ],
    *[
        ("plus", seats, seed, ["rival-heuristic", "heuristic"] * 3, {})
        for seats in (2, 4, 6)
        for seed in (1, 2)
    ],
    ("classic", 2, 7, ["ismcts", "rival-mc"], SMALL),
    ("classic", 4, 7, ["ismcts", "rival-mc"] * 2, SMALL),
    ("classic", 4, 8, ["rival-mc", "ismcts"] * 2, SMALL),
    ("classic", 3, 9, ["medium", "ismcts", "easy"], SMALL),
    ("plus", 4, 7, ["ismcts", "rival-mc"] * 2, SMALL),
    ("plus", 5, 8, ["medium", "ismcts", "heuristic", "ismcts", "rival-heuristic"], SMALL),
]

FULL: list[tuple[str, int, int, list[str], dict[str, dict[str, Any]]]] = [
    ("classic", 2, 3, ["hard", "rival-mc"], {}),
    ("classic", 4, 3, ["hard", "rival-mc"] * 2, {}),
]


def moves(
    variant: str, seats: int, seed: int, names: list[str], options: dict[str, dict[str, Any]]
) -> list[str]:
    """Every action of one game, in the text form."""
    state, events = new_game(variant, seats, seed=seed)
    agents = [
        make(GAME, name, mix(seed, seat), seat, options.get(name), (), RIVALS["mammamia"])
        for seat, name in enumerate(names[:seats])
    ]
    for agent in agents:
        agent.observe(events)
    played = []
    while state.phase != OVER:
        seat = state.to_act()[0]
        action = agents[seat].choose(state, seat)
        played.append(f"{seat}: {action.text()}")
        events = []
        step(state, action, events)
        for agent in agents:
            agent.observe(events)
    return played


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="add the full-budget games")
    args = parser.parse_args(argv)
    for variant, seats, seed, names, options in GAMES + (FULL if args.full else []):
        game = {"variant": variant, "seats": seats, "seed": seed, "agents": names[:seats]}
        game["moves"] = moves(variant, seats, seed, names, options)
        print(json.dumps(game), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
