"""Computer players. Each agent is `choose(state, seat) -> Action`, pure and synchronous."""

from .uniform import RandomAgent

AGENTS = {"random": RandomAgent}

__all__ = ["AGENTS", "RandomAgent"]
