"""Whole games played by a game's own agents, for any game: the benchmark and
a soak test.

Every seat plays the same agent, deciding from its view alone (no memory of
past events). After every action the cards are counted (`Game.conserved`,
cheaply), and at each game's end checked exactly, as a multiset; an error is
counted and shown, never hidden.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import AnyGame
from .interface import JSON
from .rng import seeds
from .tournament import settings_json


class ConservationError(AssertionError):
    """A card was lost, duplicated or conjured."""


@dataclass
class SimulationResult:
    game: str
    settings: JSON
    seats: int
    games: int
    seconds: float = 0.0
    actions: int = 0
    errors: int = 0
    first_error: str | None = None
    winners: Counter[str] = field(default_factory=Counter)

    def to_json(self) -> JSON:
        rate = round(self.games / self.seconds, 1) if self.seconds else None
        return {
            "game": self.game,
            **self.settings,
            "seats": self.seats,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": rate,
            "actions": self.actions,
            "errors": self.errors,
            "winners": dict(sorted(self.winners.items())),
        } | ({"first_error": self.first_error} if self.first_error else {})


def play_checked(
    rules: AnyGame, settings: Mapping[str, Any], seats: int, seed: int, agents: list[Any]
) -> tuple[Any, int]:
    """One whole game, its cards checked throughout; the final state and the
    number of actions."""
    state, _ = rules.start(rules.new_record(settings, seats, seed))
    actions = 0
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        rules.step(state, agents[seat].choose(state, seat))
        actions += 1
        if not rules.conserved(state):
            raise ConservationError(f"cards not counted right at version {state.version}")
    if not rules.conserved(state, exact=True):
        raise ConservationError(f"cards not conserved at version {state.version}")
    return state, actions


def simulate(
    rules: AnyGame, settings: Mapping[str, Any], seats: int, games: int, seed: int, agent: str
) -> SimulationResult:
    """`games` games, every seat played by `agent` (seeded `seed * 31 + seat`)."""
    agents = [rules.named_agent(agent, seed * 31 + seat, seat) for seat in range(seats)]
    result = SimulationResult(rules.name, settings_json(rules, settings), seats, games)
    started = time.perf_counter()
    for game_seed in seeds(seed, games):
        try:
            final, actions = play_checked(rules, settings, seats, game_seed, agents)
        except Exception as err:  # counted and shown, not hidden
            result.errors += 1
            result.first_error = result.first_error or f"game seed {game_seed}: {err!r}"
            continue
        result.actions += actions
        for seat in rules.ranking(final)[0]:
            result.winners[str(seat)] += 1
    result.seconds = time.perf_counter() - started
    return result
