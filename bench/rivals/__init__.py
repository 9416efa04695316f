"""Benchmark opponents: the peer's bots, as its published source decides.

`AGENTS` names them for `python -m engine tournament --agents-from
bench.rivals` (the tournament takes extra agents from a module named on its
command line); version 1 is the peer's earlier bot, version 2 its later one.
"""

from __future__ import annotations

from typing import Any

from engine import compiled

#: The simple bot and the strong bot's loop, compiled by `make compiled-rivals` as the
#: engine's hot modules are (engine/compiled.py): its playouts are most of a
#: strong bot's time, and tournaments against it are hours.
COMPILED = compiled.Build(
    "rivals-compiled",
    ("bench.rivals.heuristic", "bench.rivals.montecarlo"),
    "bench.rivals.compiled",
    ("engine", "bench/rivals"),
    "compiled-rivals",
)
compiled.choose(COMPILED)  # before .agents imports them

from .agents import RivalHeuristicAgent  # noqa: E402
from .montecarlo import RivalMcAgent  # noqa: E402

AGENTS: dict[str, dict[str, tuple[Any, dict[str, Any]]]] = {
    "mammamia": {
        "rival-heuristic": (RivalHeuristicAgent, {"version": 1}),
        "rival-heuristic-2": (RivalHeuristicAgent, {"version": 2}),
        "rival-mc": (RivalMcAgent, {"version": 1}),
        "rival-mc-2": (RivalMcAgent, {"version": 2}),
    }
}

__all__ = ["AGENTS", "COMPILED", "RivalHeuristicAgent", "RivalMcAgent"]
