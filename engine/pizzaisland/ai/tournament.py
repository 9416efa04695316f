"""Agents against each other: seat-rotated whole matches, match-win rates
with 95 % (Wilson) intervals, and seconds per decision.

Each deal (a match seed) is played once per rotation of the agents round the
seats: with k agents, rotation r puts agent (seat + r) mod k in each seat.
An agent's win rate is its match wins over its seat-matches; the fair share
is 1/seats. Every agent is shown the events its seat may see.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ...tally import Tally
from ..deal import deal, mix
from ..events import Event
from ..flow import start_game
from ..game import next_deal_args, step
from ..simulate import match_seeds
from ..state import MATCH_OVER, TURN, State, new_state
from . import make_named


@dataclass
class TournamentResult:
    level: str
    seats: int
    scoring: str
    games: int
    seed: int
    tallies: dict[str, Tally] = field(default_factory=dict)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "pizza-island",
            "level": self.level,
            "seats": self.seats,
            "scoring": self.scoring,
            "matches": self.games,
            "seed": self.seed,
            "seconds": round(self.seconds, 2),
            "agents": {name: t.to_json(self.seats) for name, t in self.tallies.items()},
        }


def _show(agents: list[Any], events: list[Event]) -> None:
    for seat, agent in enumerate(agents):
        agent.observe([e for e in events if e.to is None or e.to == seat])


def play(
    level: str,
    seats: int,
    scoring: str,
    seed: int,
    agents: list[Any],
    timings: list[list[float]] | None = None,
) -> State:
    """One whole match dealt from `seed`."""
    state = new_state(level, seats, scoring, seed)
    while state.phase != MATCH_OVER:
        events: list[Event] = []
        start_game(state, deal(*next_deal_args(state)), events)
        _show(agents, events)
        while state.phase == TURN:
            seat = state.current
            assert seat is not None
            started = time.perf_counter()
            action = agents[seat].choose(state, seat)
            if timings is not None:
                timings[seat].append(time.perf_counter() - started)
            events = []
            step(state, action, events)
            _show(agents, events)
    return state


def tournament(
    names: list[str],
    level: str = "normal",
    seats: int = 2,
    scoring: str = "wins",
    games: int = 100,
    seed: int = 1,
    options: dict[str, dict[str, Any]] | None = None,
) -> TournamentResult:
    """`games` matches (rounded up to a whole number of rotations)."""
    options = options or {}
    k = len(names)
    deals = max(1, -(-games // k))
    result = TournamentResult(level, seats, scoring, deals * k, seed)
    for name in names:
        result.tallies.setdefault(name, Tally())
    started = time.perf_counter()
    for number, match_seed in enumerate(match_seeds(seed, deals)):
        for rotation in range(k):
            lineup = [names[(seat + rotation) % k] for seat in range(seats)]
            agents = [
                make_named(name, mix(seed, number, rotation, seat), seat, **options.get(name, {}))
                for seat, name in enumerate(lineup)
            ]
            timings: list[list[float]] = [[] for _ in range(seats)]
            final = play(level, seats, scoring, match_seed, agents, timings)
            for seat, name in enumerate(lineup):
                tally = result.tallies[name]
                tally.seat_games += 1
                if seat == final.match_winner:
                    tally.wins += 1
                tally.decisions += len(timings[seat])
                tally.seconds += sum(timings[seat])
                tally.slowest = max(tally.slowest, *timings[seat], 0.0)
    result.seconds = time.perf_counter() - started
    return result
