"""What every game's events share: a small typed value with a `type` name (as
the replay prints it), public or private to one seat (`to`), and a JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    type: ClassVar[str] = "event"

    @property
    def to(self) -> int | None:
        """None: everyone may see it; else only this seat."""
        return None

    @property
    def public(self) -> bool:
        return self.to is None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Mapping):
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        if self.to is not None:
            out["private_to"] = self.to
        return out
