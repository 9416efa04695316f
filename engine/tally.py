"""What every game's tournament counts: wins over seat-games with Wilson's 95 %
interval, and seconds per decision: wall-clock, and the process's own CPU time, which
other work on a shared machine does not inflate. Shared by every game's
tournament."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for `wins` out of `n`."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


@dataclass
class Tally:
    """One agent's results over a tournament (a shared win counts 1/w)."""

    seat_games: int = 0
    wins: float = 0.0
    decisions: int = 0
    seconds: float = 0.0
    cpu: float = 0.0
    slowest: float = 0.0
    slowest_cpu: float = 0.0

    def to_json(self, seats: int) -> dict[str, Any]:
        low, high = wilson(self.wins, self.seat_games)
        per = round(self.seconds / self.decisions, 5) if self.decisions else None
        cpu = round(self.cpu / self.decisions, 5) if self.decisions else None
        return {
            "seat_games": self.seat_games,
            "wins": round(self.wins, 3),
            "win_rate": round(self.wins / self.seat_games, 4) if self.seat_games else None,
            "ci95": [round(low, 4), round(high, 4)],
            "fair_share": round(1 / seats, 4),
            "decisions": self.decisions,
            "seconds_per_decision": per,
            "slowest_decision": round(self.slowest, 4),
            "cpu_seconds_per_decision": cpu,
            "slowest_cpu_decision": round(self.slowest_cpu, 4),
        }
