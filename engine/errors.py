"""The engine's errors. A refusal is a stable `code` with typed `params`; the
words a player reads live in the bot's message catalogs, never here. The
command line prints the code and its parameters (`describe`)."""

from __future__ import annotations

from typing import Any


class EngineError(ValueError):
    """Base of the engine's errors."""


class ActionError(EngineError):
    """An action that is refused, with a stable `code` and the `params` a
    message catalog needs. Seats are seat numbers; `choices` a list of kinds;
    `cards`/`missing` {kind: count} maps."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(self.describe())

    @property
    def message(self) -> str:
        return self.describe()

    def describe(self) -> str:
        """A plain technical description: the code and its parameters."""
        if not self.params:
            return self.code
        shown = ", ".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        return f"{self.code} ({shown})"


class IllegalAction(ActionError):
    """A well-formed action that the rules do not allow now."""


class MalformedAction(ActionError):
    """An action that cannot be read at all (unknown key, wrong types): code
    `malformed`, apart from "not legal now" (as python-chess separates
    InvalidMoveError from IllegalMoveError)."""

    def __init__(self, detail: str) -> None:
        super().__init__("malformed", detail=detail)


class RecordError(EngineError):
    """A game record that cannot be read (the command line exits 2)."""
