"""Whole matches played by the engine's own agents: the benchmark and a soak
test. Card conservation (PI-C1: deck + Ship + pizzas + a pending third card
= the 36-card box) is checked after every action by counting, and exactly
(as a multiset) at every game's end; the tests check the multiset after
every action."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .. import rng
from .cards import BOX, BOX_COUNTS
from .deal import deal
from .flow import start_game
from .game import next_deal_args, step
from .state import MATCH_OVER, TURN, State, new_state


class ConservationError(AssertionError):
    """A card was lost, duplicated or conjured (PI-C1)."""


def check_conservation(state: State) -> None:
    """The exact multiset check."""
    if Counter(state.all_cards()) != BOX_COUNTS:
        raise ConservationError(f"cards not conserved at version {state.version}")


@dataclass
class SimulationResult:
    level: str
    seats: int
    scoring: str
    matches: int
    seconds: float = 0.0
    games: int = 0
    actions: int = 0
    errors: int = 0
    first_error: str | None = None
    winners: Counter[str] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)

    def to_json(self) -> dict[str, Any]:
        rate = round(self.matches / self.seconds, 1) if self.seconds else None
        return {
            "game": "pizza-island",
            "level": self.level,
            "seats": self.seats,
            "scoring": self.scoring,
            "matches": self.matches,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "matches_per_second": rate,
            "actions": self.actions,
            "errors": self.errors,
            "winners": dict(sorted(self.winners.items())),
            "game_endings": dict(sorted(self.endings.items())),
        } | ({"first_error": self.first_error} if self.first_error else {})


def match_seeds(seed: int, matches: int) -> list[int]:
    """One seed per match, derived from the run's seed by the engine's PRNG."""
    state, seeds = rng.seed_state(seed), []
    for _ in range(matches):
        state, value = rng.next_state(state)
        seeds.append(value >> 1)
    return seeds


def play_match(
    level: str, seats: int, scoring: str, seed: int, agents: list[Any], check: bool = True
) -> tuple[State, int]:
    """One whole match dealt from `seed`; the final state and the actions taken."""
    state = new_state(level, seats, scoring, seed)
    total = len(BOX)
    actions = 0
    while state.phase != MATCH_OVER:
        start_game(state, deal(*next_deal_args(state)), None)
        while state.phase == TURN:
            seat = state.current
            assert seat is not None
            step(state, agents[seat].choose(state, seat))
            actions += 1
            if check and state.card_count() != total:
                raise ConservationError(f"{state.card_count()} cards in play, not {total}")
        if check:
            check_conservation(state)
    return state, actions


def simulate(
    level: str, seats: int, scoring: str, matches: int, seed: int, agent: str = "random"
) -> SimulationResult:
    from .ai import make_named  # the agents import the rules, not the other way round

    agents = [make_named(agent, seed * 31 + seat, seat) for seat in range(seats)]
    result = SimulationResult(level, seats, scoring, matches)
    started = time.perf_counter()
    for match_seed in match_seeds(seed, matches):
        try:
            final, actions = play_match(level, seats, scoring, match_seed, agents)
        except Exception as err:  # counted and shown, not hidden
            result.errors += 1
            result.first_error = result.first_error or f"match seed {match_seed}: {err!r}"
            continue
        result.actions += actions
        result.games += final.game
        result.winners[str(final.match_winner)] += 1
        for winner, _ in final.results:
            result.endings["completed" if winner is not None else "no-winner"] += 1
    result.seconds = time.perf_counter() - started
    return result
