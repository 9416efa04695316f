"""The game record `mammamia-record/1` (rules/record-format.md): read, write, replay."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import ActionError, RecordError
from . import actions as act
from .events import Event
from .game import step
from .setup import new_game
from .state import State

FORMAT = "mammamia-record/1"
_SETTINGS = ("variant", "seats", "colours", "help", "seed", "deal")


def new_record(
    variant: str,
    seats: int,
    seed: int,
    colours: list[str] | None = None,
    help: bool | None = None,
) -> dict[str, Any]:
    """A record for a game dealt from `seed`, with no action yet."""
    record: dict[str, Any] = {"format": FORMAT, "variant": variant, "seats": seats, "seed": seed}
    if colours is not None:
        record["colours"] = list(colours)
    if help is not None:
        record["help"] = help
    record["actions"] = []
    return record


def start(record: dict[str, Any]) -> tuple[State, list[Event]]:
    """The state a record starts from, before its first action."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(f"not a {FORMAT} document")
    if not isinstance(record.get("actions", []), list):
        raise RecordError("actions must be a list")
    settings: dict[str, Any] = {k: record.get(k) for k in _SETTINGS}
    return new_game(
        settings["variant"],
        settings["seats"],
        seed=0 if settings["seed"] is None else settings["seed"],
        colours=settings["colours"],
        help=settings["help"],
        deal=settings["deal"],
    )


@dataclass
class Replay:
    state: State
    events: list[Event] = field(default_factory=list)
    error: tuple[int, ActionError] | None = None  # (action index, why)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "state": self.state.to_json(),
            "events": [e.to_json() for e in self.events],
        }
        if self.error is not None:
            index, err = self.error
            out["error"] = {"action": index, "code": err.code, "message": err.message}
        return out


def replay(record: dict[str, Any]) -> Replay:
    """Rebuild a game from its record, stopping at the first illegal action.
    A record that cannot be read raises RecordError."""
    state, events = start(record)
    for index, data in enumerate(record.get("actions", [])):
        try:
            action = act.from_json(data)
            after = state.copy()
            step(after, action, events)
        except ActionError as err:
            return Replay(state, events, (index, err))
        state = after
    return Replay(state, events)


def append(record: dict[str, Any], action: act.Action) -> dict[str, Any]:
    """A new record with `action` added (the old one is left as it was)."""
    return {**record, "actions": [*record.get("actions", []), action.to_json()]}
