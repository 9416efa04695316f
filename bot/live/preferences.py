"""A player's own settings, whatever game they play, as the host reads them
(stored as a JSON object per user, `bot.storage.players`)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.interface import JSON


@dataclass(frozen=True, slots=True)
class Preferences:
    notify: bool = False  # a direct message on their turns and decisions (`notify on`)
    dm_refused: str | None = None  # the game whose direct message Discord refused
    dm_refused_told: bool = False  # and that they were told so, once

    @classmethod
    def of(cls, data: JSON) -> Preferences:
        refused = data.get("dm_refused")
        return cls(
            notify=bool(data.get("notify")),
            dm_refused=str(refused) if refused else None,
            dm_refused_told=bool(data.get("dm_refused_told")),
        )

    def notices(self) -> bool:
        """Whether a direct message may be sent: asked for, and not refused."""
        return self.notify and self.dm_refused is None

    def refusal_owed(self) -> str | None:
        """The game whose refused direct message the player is still to hear of."""
        return None if self.dm_refused_told else self.dm_refused
