"""Agents against each other: seat-rotated games, win rates with 95 % intervals.

Each deal (a game seed) is played once per rotation of the agents round the
seats: with k agents, rotation r puts agent (seat + r) mod k in each seat, so
over the k rotations every agent sits in every seat equally often. A win
shared by w seats counts 1/w to each. An agent's win rate is its wins over
its seat-games (an agent may hold several seats when there are more seats
than agents); the fair share is 1/seats. The interval is Wilson's score
interval over the seat-games.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ...tally import Tally
from ..game import step
from ..setup import new_game
from ..simulate import game_seeds
from ..state import OVER, State
from . import AGENTS, DIFFICULTIES
from .agent import Agent
from .memory import mix


@dataclass
class TournamentResult:
    variant: str
    seats: int
    games: int
    seed: int
    tallies: dict[str, Tally] = field(default_factory=dict)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "seats": self.seats,
            "games": self.games,
            "seed": self.seed,
            "seconds": round(self.seconds, 2),
            "agents": {name: t.to_json(self.seats) for name, t in self.tallies.items()},
        }


def make(name: str, seed: int, seat: int, options: dict[str, Any]) -> Any:
    """An agent by name, or by difficulty (`easy`, `medium`, `hard`)."""
    preset: dict[str, Any] = {}
    if name in DIFFICULTIES:
        name_, preset = DIFFICULTIES[name]
        extra, name = options.get(name, {}), name_
    else:
        extra = options.get(name, {})
    cls = AGENTS[name]
    if isinstance(cls, type) and issubclass(cls, Agent):
        return cls(seed, seat=seat, **{**preset, **extra})
    return cls(seed)


def play(
    variant: str, seats: int, seed: int, agents: list[Any], timings: list[list[float]] | None = None
) -> State:
    """One game; every agent that can `observe` is shown every action's events."""
    state, events = new_game(variant, seats, seed=seed)
    watchers = [a for a in agents if hasattr(a, "observe")]
    for agent in watchers:
        agent.observe(events)
    while state.phase != OVER:
        seat = state.to_act()[0]
        started = time.perf_counter()
        action = agents[seat].choose(state, seat)
        if timings is not None:
            timings[seat].append(time.perf_counter() - started)
        events = []
        step(state, action, events)
        for agent in watchers:
            agent.observe(events)
    return state


def tournament(
    names: list[str],
    variant: str = "classic",
    seats: int = 2,
    games: int = 100,
    seed: int = 1,
    options: dict[str, dict[str, Any]] | None = None,
) -> TournamentResult:
    """`games` games (rounded up to a whole number of rotations)."""
    options = options or {}
    k = len(names)
    deals = max(1, -(-games // k))
    result = TournamentResult(variant, seats, deals * k, seed)
    for name in names:
        result.tallies.setdefault(name, Tally())
    started = time.perf_counter()
    for deal, game_seed in enumerate(game_seeds(seed, deals)):
        for rotation in range(k):
            lineup = [names[(seat + rotation) % k] for seat in range(seats)]
            agents = [
                make(name, mix(seed, deal, rotation, seat), seat, options)
                for seat, name in enumerate(lineup)
            ]
            timings: list[list[float]] = [[] for _ in range(seats)]
            final = play(variant, seats, game_seed, agents, timings)
            for seat, name in enumerate(lineup):
                tally = result.tallies[name]
                tally.seat_games += 1
                if seat in final.winners:
                    tally.wins += 1 / len(final.winners)
                tally.decisions += len(timings[seat])
                tally.seconds += sum(timings[seat])
                tally.slowest = max(tally.slowest, *timings[seat], 0.0)
    result.seconds = time.perf_counter() - started
    return result
