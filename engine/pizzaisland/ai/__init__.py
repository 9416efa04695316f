"""Computer players for Pizza Island. Each agent is `choose(state, seat) ->
Action`, synchronous, reading only what its seat may know.

`random` is the baseline; `heuristic` keeps two colours going and uses the
heroes sensibly; `ismcts` searches from the seat's own information set.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .heuristic import HeuristicAgent
from .ismcts import IsmctsAgent
from .safe import SafeAgent
from .uniform import RandomAgent

AGENTS: dict[str, Any] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "ismcts": IsmctsAgent,
    "safe": SafeAgent,
}

#: The bot's difficulties, weakest first: (agent name, constructor options).
DIFFICULTIES: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("heuristic", {"caution": 0.5}),
    "medium": ("heuristic", {}),
    "hard": ("ismcts", {}),
}


def make_named(name: str, seed: int, seat: int | None = None, **options: Any) -> Any:
    return AGENTS[name](seed, seat=seat, **options)


def make_agent(
    difficulty: str,
    seed: int,
    seat: int | None = None,
    events: Any = (),
    options: Mapping[str, Any] | None = None,
) -> Any:
    """An agent for a difficulty, seeded (e.g. from the match seed), with
    `options` over the difficulty's own."""
    name, preset = DIFFICULTIES[difficulty]
    agent = make_named(name, seed, seat, **{**preset, **(options or {})})
    agent.observe(events)
    return agent


__all__ = [
    "AGENTS",
    "DIFFICULTIES",
    "HeuristicAgent",
    "IsmctsAgent",
    "RandomAgent",
    "SafeAgent",
    "make_agent",
    "make_named",
]
