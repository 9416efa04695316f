"""Computer players. Each agent is `choose(state, seat) -> Action`, synchronous.

`random` is the baseline. `heuristic` and `ismcts` (the search) read only the
seat's view (`player_view`) and their memory of public events
(`observe(events)`), so they cannot cheat. A difficulty is a named
configuration of one of them: the agent, its memory and its search.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..events import Event
from .agent import Agent
from .heuristic import HeuristicAgent
from .ismcts import IsmctsAgent, Search
from .memory import Memory
from .uniform import RandomAgent


@dataclass(frozen=True)
class Difficulty:
    """A computer player as the bot offers it: the heuristic alone, or the
    search with `search`; `recall` is the chance of remembering each play
    into the oven (1.0: perfect memory)."""

    recall: float
    search: Search | None = None


#: The bot's difficulties, weakest first; their measured strength is in
#: docs/computer-players.md.
DIFFICULTIES: dict[str, Difficulty] = {
    "easy": Difficulty(recall=0.4),
    "medium": Difficulty(recall=0.7, search=Search(steps=2500)),
    # from 4 seats on every amount meets every order, on a larger budget
    "hard": Difficulty(
        recall=1.0, search=Search(steps=32000, wide_seats=4, wide_steps=48000, wide_width=40)
    ),
}

#: Every agent a tournament may name besides the difficulties.
AGENTS: dict[str, type[Agent] | type[RandomAgent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "ismcts": IsmctsAgent,
}


def make_agent(
    name: str,
    seed: int,
    seat: int | None = None,
    events: Iterable[Event] = (),
    options: Mapping[str, Any] | None = None,
) -> Any:
    """The agent called `name` (a difficulty or one of `AGENTS`), seeded (e.g.
    from the game's record seed), with `options` over its own."""
    options = dict(options or {})
    if name in DIFFICULTIES:
        level = DIFFICULTIES[name]
        recall = options.pop("recall", level.recall)
        if level.search is None:
            if options:  # a plan has no search to set: say so rather than ignore it
                raise TypeError(f"{name} takes only recall, not {', '.join(sorted(options))}")
            return HeuristicAgent(seed, recall=recall, seat=seat, events=events)
        search = dataclasses.replace(level.search, **options)
        return IsmctsAgent(seed, search=search, recall=recall, seat=seat, events=events)
    if name == "random":
        return RandomAgent(seed)
    cls: Any = AGENTS[name]
    return cls(seed, seat=seat, events=events, **options)


__all__ = [
    "AGENTS",
    "DIFFICULTIES",
    "Agent",
    "Difficulty",
    "HeuristicAgent",
    "IsmctsAgent",
    "Memory",
    "RandomAgent",
    "Search",
    "make_agent",
]
