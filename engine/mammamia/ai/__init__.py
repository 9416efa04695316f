"""Computer players. Each agent is `choose(state, seat) -> Action`, synchronous.

`random` is the baseline. `heuristic` and `ismcts` read only the seat's view
(`player_view`) and their memory of public events (`observe(events)`), so
they cannot cheat; a difficulty is an agent plus a memory (`DIFFICULTIES`).
"""

from typing import Any

from .agent import Agent
from .heuristic import HeuristicAgent
from .ismcts import IsmctsAgent
from .memory import Memory
from .rival import RivalHeuristicAgent, RivalMcAgent
from .uniform import RandomAgent

AGENTS: dict[str, Any] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "ismcts": IsmctsAgent,
    # benchmark opponents: the other open implementation's bots (rival.py)
    "rival-heuristic": RivalHeuristicAgent,
    "rival-mc": RivalMcAgent,
}

#: Recommended bot difficulties: (agent name, constructor options).
DIFFICULTIES: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("heuristic", {"recall": 0.4}),
    "medium": ("ismcts", {"recall": 0.7, "max_steps": 2500}),
    # from 4 seats on, every amount with every order on a larger budget: 27 % of
    # the seat-games against rival-mc where the narrow search won 23 %; at 2
    # seats the other seat's playouts mix the heuristic and the rival's (README)
    "hard": (
        "ismcts",
        {"recall": 1.0, "every": 4, "wide_steps": 48000, "wide_width": 40, "mixed": 2},
    ),
}


def make_agent(difficulty: str, seed: int, seat: int | None = None, events: Any = ()) -> Any:
    """An agent for a difficulty, seeded (e.g. from the game's record seed)."""
    name, options = DIFFICULTIES[difficulty]
    return AGENTS[name](seed, seat=seat, events=events, **options)


__all__ = [
    "AGENTS",
    "DIFFICULTIES",
    "Agent",
    "HeuristicAgent",
    "IsmctsAgent",
    "Memory",
    "RandomAgent",
    "RivalHeuristicAgent",
    "RivalMcAgent",
    "make_agent",
]
