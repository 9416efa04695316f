"""Who is at the table: timeouts in a row, away and kicked seats, the armed
deadline, and the last move the bot made for someone. Stored per game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Presence:
    timeouts: list[int]
    away: list[bool]
    kicked: list[bool]
    armed: dict[str, Any] | None = None  # {"version", "due", "half", "reminded"}
    auto: dict[str, Any] | None = None  # {"version", "seat", "why"}: a move made for a player
    # {"version", "seats": {seat: action}}: answers to a question asked of
    # several seats at once, not yet applied (bot.asking)
    answers: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, data: dict[str, Any], seats: int) -> Presence:
        return cls(
            timeouts=list(data.get("timeouts", [0] * seats)),
            away=list(data.get("away", [False] * seats)),
            kicked=list(data.get("kicked", [False] * seats)),
            armed=data.get("armed"),
            auto=data.get("auto"),
            answers=data.get("answers"),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "timeouts": self.timeouts,
            "away": self.away,
            "kicked": self.kicked,
            "armed": self.armed,
            "auto": self.auto,
            "answers": self.answers,
        }

    def absent(self, seat: int) -> bool:
        """Played by the bot at once: kicked, or away after timing out."""
        return self.kicked[seat] or self.away[seat]
