"""Every refusal has a message: each code the host raises, and each code the
test game's engine raises, through its presentation (a shipped game's own
words for its codes: its tests)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from bot.i18n import default_catalog
from bot.interactions.components import REFUSALS as HOST_REFUSALS
from bot.plugin.registry import presentations

ROOT = Path(__file__).resolve().parents[2]


def codes_raised(folder: Path, error: str) -> set[str]:
    """The literal codes `error("code", ...)` raised in the Python files under `folder`."""
    return {
        code
        for path in folder.rglob("*.py")
        for code in re.findall(rf'{error}\(\s*"(\w+)"', path.read_text(encoding="utf-8"))
    }


def test_every_code_the_test_game_raises_has_a_message() -> None:
    """A game's engine codes reach the player through its presentation's
    `refusal` (by default its `refusals` table), each a catalog message."""
    shown = presentations()["highcard"]
    folder = Path(inspect.getfile(type(shown.rules))).parent
    raised = codes_raised(folder, "IllegalAction") | {"not_your_turn", "game_over"}
    english = default_catalog().messages("en")
    for code in raised:
        key, _ = shown.refusal(code, {})
        assert key in english, code


def test_every_host_refusal_has_a_message():
    """A `ServiceError` of no game is said with `bot.interactions.components.REFUSALS`; one
    a game's controls raise (with the game's name) in the game's own words."""
    games = ROOT / "bot" / "games"
    host = {
        code
        for path in [*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").rglob("*.py")]
        if games not in path.parents
        for code in re.findall(r'ServiceError\(\s*"(\w+)"\)', path.read_text(encoding="utf-8"))
    }
    host |= {  # with parameters, but no game
        code
        for path in [*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").rglob("*.py")]
        if games not in path.parents
        for code in re.findall(
            r'ServiceError\(\s*"(\w+)",\s*\w+=', path.read_text(encoding="utf-8")
        )
    }
    assert host == set(HOST_REFUSALS)
    english = default_catalog().messages("en")
    assert all(key in english for key in HOST_REFUSALS.values())
