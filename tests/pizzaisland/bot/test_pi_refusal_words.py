"""Every refusal code Pizza Island's engine raises has a message."""

from __future__ import annotations

import re
from pathlib import Path

from bot.games.pizzaisland import REFUSALS as PI_REFUSALS
from engine import pizzaisland


def codes_raised(folder: Path, error: str) -> set[str]:
    """The literal codes `error("code", ...)` raised in the Python files under `folder`."""
    return {
        code
        for path in folder.rglob("*.py")
        for code in re.findall(rf'{error}\(\s*"(\w+)"', path.read_text(encoding="utf-8"))
    }


def test_every_pizza_island_refusal_has_a_message():
    raised = codes_raised(Path(pizzaisland.__file__).parent, "IllegalAction")
    assert raised | {"malformed"} == set(PI_REFUSALS)
