"""Events: what happened, for narration. Each is public, or private to one seat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    type: str
    data: dict[str, Any]
    to: int | None = None  # None: everyone may see it; else only this seat

    @property
    def public(self) -> bool:
        return self.to is None

    def to_json(self) -> dict[str, Any]:
        out = {"type": self.type, **self.data}
        if self.to is not None:
            out["private_to"] = self.to
        return out


Events = list[Event] | None  # None: the caller does not want events (simulations)


def emit(events: Events, type_: str, to: int | None = None, **data: Any) -> None:
    if events is not None:
        events.append(Event(type_, data, to))
