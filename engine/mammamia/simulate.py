"""Whole games played by the engine's own agents: the benchmark and a soak test.

Card conservation (MM-V3) is checked after every action: the number of cards
in play after every action, and the exact multiset of cards at every round's
end, where every card has passed through the reveal. (The test suite checks
the exact multiset after every action; here that would cost more than the
rules themselves.)"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .. import rng
from .ai import AGENTS
from .game import step
from .setup import new_game
from .state import OVER, TURN, State


class ConservationError(AssertionError):
    """A card was lost, duplicated or conjured (MM-V3)."""


def check_conservation(state: State, expected: dict[str, int]) -> None:
    """The exact multiset check."""
    if dict(Counter(state.all_cards())) != expected:
        raise ConservationError(f"cards not conserved at version {state.version}")


def piles(state: State) -> tuple[list[str], ...]:
    """Every list that holds cards. Turns change these lists in place; only the
    end of a round replaces some (the supply, the used pile), so a simulation
    takes them again after each round."""
    delivered = [state.delivered_pile] if state.variant == "plus" else state.delivered
    return (state.supply, state.oven, state.used, *state.hands, *state.order_piles, *delivered)


def card_count(state: State, lists: tuple[list[str], ...]) -> int:
    """How many cards are in play, cheaply: every pile's size."""
    return (
        sum(map(len, lists))
        + sum(state.table.values())
        + (state.pending is not None)
        + (state.mamma_mia is not None)
    )


@dataclass
class SimulationResult:
    games: int
    seconds: float
    actions: int
    errors: int
    first_error: str | None = None
    winners: Counter[str] = field(default_factory=Counter)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
            "actions": self.actions,
            "errors": self.errors,
            "winners": dict(sorted(self.winners.items())),
        } | ({"first_error": self.first_error} if self.first_error else {})


def game_seeds(seed: int, games: int) -> list[int]:
    """One seed per game, derived from the run's seed by the engine's own PRNG."""
    state, seeds = rng.seed_state(seed), []
    for _ in range(games):
        state, value = rng.next_state(state)
        seeds.append(value >> 1)
    return seeds


def play_game(variant: str, seats: int, seed: int, agents: list[Any]) -> tuple[State, int]:
    """One whole game; returns the final state and the number of actions."""
    state, _ = new_game(variant, seats, seed=seed)
    expected = dict(Counter(state.all_cards()))
    total = sum(expected.values())
    actions, round_, lists = 0, state.round, piles(state)
    while state.phase != OVER:
        seat = state.current if state.phase == TURN else state.to_act()[0]
        step(state, agents[seat].choose(state, seat))
        actions += 1
        if state.round != round_:
            check_conservation(state, expected)
            round_, lists = state.round, piles(state)
        if card_count(state, lists) != total:
            raise ConservationError(f"{card_count(state, lists)} cards in play, not {total}")
    check_conservation(state, expected)
    return state, actions


def simulate(
    variant: str, seats: int, games: int, seed: int, agent: str = "random"
) -> SimulationResult:
    agents = [AGENTS[agent](seed * 31 + seat) for seat in range(seats)]
    result = SimulationResult(games, 0.0, 0, 0)
    started = time.perf_counter()
    for game_seed in game_seeds(seed, games):
        try:
            final, actions = play_game(variant, seats, game_seed, agents)
        except Exception as err:  # counted and shown, not hidden
            result.errors += 1
            result.first_error = result.first_error or f"game seed {game_seed}: {err!r}"
            continue
        result.actions += actions
        for seat in final.winners:
            result.winners[str(seat)] += 1
    result.seconds = time.perf_counter() - started
    return result
