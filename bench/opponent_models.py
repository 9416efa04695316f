"""How well the search's playouts predict a real opponent: `python -m
bench.opponent_models`.

Plays `--games` seeded games of `--agent` against `--opponent` (each deal once
per seat order) and keeps the agent's phase-1 turns with what then happened:
how many orders each seat delivered at that round's reveal, and who won. Then
it replays each turn in `--worlds` worlds sampled from the agent's information
set, the agent's real move first, and plays them out as the search does
(`ismcts.play_out`), with the other seats modelled by each of the search's
`others` settings: 0 the heuristic, 1 the rival heuristic, 2 each in every
other world. Prints, per model, the mean log-likelihood of the opponent's and
the agent's real deliveries that round (from the worlds' frequencies, add-half
smoothed) and the log loss and Brier score of its chance of winning: higher
likelihoods and lower losses are a model that predicts the opponent better,
on the same turns and worlds.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass

from engine.mammamia.actions import Action
from engine.mammamia.ai import ismcts
from engine.mammamia.ai.determinize import Observation, determinize
from engine.mammamia.ai.tournament import make
from engine.mammamia.events import Event
from engine.mammamia.game import is_legal, step
from engine.mammamia.setup import new_game
from engine.mammamia.simulate import game_seeds
from engine.mammamia.state import OVER, TURN

MODELS = {"heuristic": 0, "rival-heuristic": 1, "mixture": 2}


@dataclass
class Position:
    """One of the agent's turns, and what followed it in the real game."""

    obs: Observation
    move: Action
    delivered: tuple[int, ...]  # by seat, at this round's reveal
    won: float  # the agent's share of the win
    game: int  # which of the games


def real_turns(agent: str, opponent: str, seats: int, games: int, seed: int) -> list[Position]:
    """The agent's turns in real games, `agent` in seat r of rotation r."""
    found: list[Position] = []
    for deal, game_seed in enumerate(game_seeds(seed, games)):
        for me in range(seats):
            names = [agent if s == me else opponent for s in range(seats)]
            players = [make(n, game_seed * 7 + s, s, {}) for s, n in enumerate(names)]
            state, events = new_game("classic", seats, seed=game_seed)
            for player in players:
                player.observe(events)
            kept: list[tuple[Observation, Action, int]] = []
            at_start: dict[int, list[int]] = {}
            while state.phase != OVER:
                at_start.setdefault(state.round, [len(d) for d in state.delivered])
                seat = state.to_act()[0]
                move = players[seat].choose(state, seat)
                if seat == me and state.phase == TURN:
                    kept.append((players[seat].observation(state, seat), move, state.round))
                new: list[Event] = []
                step(state, move, new)
                for player in players:
                    player.observe(new)
            final = [len(d) for d in state.delivered]
            won = 1 / len(state.winners) if me in state.winners else 0.0
            for obs, move, round_ in kept:
                after = at_start.get(round_ + 1, final)
                gained = tuple(a - b for a, b in zip(after, at_start[round_], strict=True))
                found.append(Position(obs, move, gained, won, deal * seats + me))
    return found


def predict(
    turn: Position, others: int, worlds: int, seed: int
) -> tuple[list[Counter[int]], float]:
    """Each seat's deliveries at this round's reveal over the worlds, and the
    agent's chance of winning, with the other seats modelled by `others`."""
    me, rnd = turn.obs.seat, random.Random(seed)
    delivered: list[Counter[int]] = [Counter() for _ in range(turn.obs.view.seats)]
    wins = played = 0.0
    for n in range(worlds):
        world = determinize(turn.obs, rnd)
        if not is_legal(world, turn.move):
            continue
        rivals = ismcts.rivals_in(turn.obs, others, n)
        before = [len(d) for d in world.delivered]
        round_ = world.round
        step(world, turn.move)
        ismcts.play_out(world, rnd, round_ + 1, rivals)
        for seat, count in enumerate(before):
            delivered[seat][len(world.delivered[seat]) - count] += 1
        ismcts.play_out(world, rnd, math.inf, rivals)
        wins += ismcts.outcome(world, me, margin=0.0)
        played += 1
    return delivered, wins / played if played else 0.5


def likelihood(seen: Counter[int], value: int) -> float:
    """The log-likelihood of `value` under `seen`'s frequencies, add-half smoothed."""
    return math.log((seen[value] + 0.5) / (sum(seen.values()) + 0.5 * 8))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="hard")
    parser.add_argument("--opponent", default="rival-mc")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--games", type=int, default=50, help="deals, each once per seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=20, help="worlds a turn and model")
    args = parser.parse_args(argv)
    turns = real_turns(args.agent, args.opponent, args.seats, args.games, args.seed)
    result: dict[str, object] = {"turns": len(turns), "games": args.games * args.seats}
    won = {t.game: t.won for t in turns}
    result["real_win_rate"] = round(sum(won.values()) / len(won), 4)
    for name, others in MODELS.items():
        sums: dict[str, float] = defaultdict(float)
        for i, turn in enumerate(turns):
            me = turn.obs.seat
            delivered, chance = predict(turn, others, args.worlds, i)
            chance = min(max(chance, 0.02), 0.98)
            sums["mine"] += likelihood(delivered[me], turn.delivered[me])
            for seat in range(args.seats):
                if seat != me:
                    theirs = likelihood(delivered[seat], turn.delivered[seat])
                    sums["theirs"] += theirs / (args.seats - 1)
            sums["log_loss"] -= turn.won * math.log(chance) + (1 - turn.won) * math.log(1 - chance)
            sums["brier"] += (chance - turn.won) ** 2
            sums["chance"] += chance
        result[name] = {key: round(value / len(turns), 4) for key, value in sums.items()}
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
