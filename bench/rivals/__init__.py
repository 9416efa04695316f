"""Benchmark opponents: the peer's bots, as its published source decides.

`AGENTS` names them for `python -m engine tournament --agents-from
bench.rivals` (the tournament takes extra agents from a module named on its
command line); version 1 is the peer's earlier bot, version 2 its later one.
"""

from __future__ import annotations

from typing import Any

from .agents import RivalHeuristicAgent
from .montecarlo import RivalMcAgent

AGENTS: dict[str, dict[str, tuple[Any, dict[str, Any]]]] = {
    "mammamia": {
        "rival-heuristic": (RivalHeuristicAgent, {"version": 1}),
        "rival-heuristic-2": (RivalHeuristicAgent, {"version": 2}),
        "rival-mc": (RivalMcAgent, {"version": 1}),
        "rival-mc-2": (RivalMcAgent, {"version": 2}),
    }
}

__all__ = ["AGENTS", "RivalHeuristicAgent", "RivalMcAgent"]
