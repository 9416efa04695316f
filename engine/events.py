"""What every game's events share: a small typed value with a `type` name (as
the replay prints it: its class's name in snake case unless it says), public
or private to one seat (`to`; `Private`: the seat it names), and a JSON form."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    type: ClassVar[str] = "event"

    def __init_subclass__(cls) -> None:  # no super(): the slots make Event anew
        if "type" not in cls.__dict__:  # e.g. `HandDealt` is "hand_dealt"
            cls.type = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", cls.__name__).lower()

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


@dataclass(frozen=True, slots=True)
class Private(Event):
    """An event only the seat it names may see (a hand dealt, cards seen)."""

    seat: int

    @property
    def to(self) -> int | None:
        return self.seat
