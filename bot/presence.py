"""Who is at the table: timeouts in a row, away and kicked seats, what the
game's deadline is armed for, and the last move the bot made for someone.
Stored per game.

The deadline itself is stored once, in the game's `deadline_at` column, which
the timers query. `armed` stores only what that deadline is for: the turn of
`version`, and, while the half-way reminder is still to come, the seconds
`rest` from the reminder to the timeout. Its `due` (the timeout, which the
table shows) is worked out from the column when the presence is read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

# Kept in memory for readers, never stored: derived from `deadline_at`. ("half"
# is the reminder moment that databases made before `rest` stored.)
DERIVED = ("due", "half")


@dataclass
class Presence:
    timeouts: list[int]
    away: list[bool]
    kicked: list[bool]
    # {"version", "reminded", "rest"} as stored, plus "due" (epoch seconds or None).
    armed: dict[str, Any] | None = None
    auto: dict[str, Any] | None = None  # {"version", "seat", "why"}: a move made for a player
    # {"version", "seats": {seat: action}}: answers to a question asked of
    # several seats at once, not yet applied (bot.asking)
    answers: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, data: dict[str, Any], seats: int, deadline: datetime | None = None) -> Presence:
        """The stored presence of a game whose `deadline_at` is `deadline`."""
        armed = data.get("armed")
        if armed is not None:
            armed = {k: v for k, v in armed.items() if k not in DERIVED}
            armed["due"] = due(armed, deadline)
        return cls(
            timeouts=list(data.get("timeouts", [0] * seats)),
            away=list(data.get("away", [False] * seats)),
            kicked=list(data.get("kicked", [False] * seats)),
            armed=armed,
            auto=data.get("auto"),
            answers=data.get("answers"),
        )

    def to_json(self) -> dict[str, Any]:
        armed = self.armed
        if armed is not None:
            armed = {k: v for k, v in armed.items() if k not in DERIVED}
        return {
            "timeouts": self.timeouts,
            "away": self.away,
            "kicked": self.kicked,
            "armed": armed,
            "auto": self.auto,
            "answers": self.answers,
        }

    def absent(self, seat: int) -> bool:
        """Played by the bot at once: kicked, or away after timing out."""
        return self.kicked[seat] or self.away[seat]


def reminder_pending(armed: dict[str, Any]) -> bool:
    """Whether the stored deadline is the half-way reminder, not the timeout."""
    return not armed.get("reminded") and armed.get("rest") is not None


def due(armed: dict[str, Any], deadline: datetime | None) -> float | None:
    """When the armed turn times out, in epoch seconds; None when it never does."""
    if deadline is None:
        return None
    rest = float(armed["rest"]) if reminder_pending(armed) else 0.0
    return deadline.timestamp() + rest
