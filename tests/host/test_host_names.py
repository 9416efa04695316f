"""The host names no game (issue 31): not in code, comments, docstrings or
the host's own messages. The names are the registry's, so a game added
later is covered without editing this test."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from bot.i18n import use_locale
from bot.plugin.registry import presentations

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "bot" / "games"
# The project's own name (its catalogs' headers, its metrics' prefix), not a game's.
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["name"]
PROJECTS = (PROJECT, PROJECT.replace("-", "_"))


def host_files() -> list[Path]:
    """Every file of the host: the bot outside the games' folders, the cogs,
    the host's catalogs and the Activity's client."""
    found = [*ROOT.glob("bot/**/*.py"), *ROOT.glob("bot/**/*.po"), *ROOT.glob("cogs/**/*.py")]
    found += [p for p in ROOT.glob("activity/src/**/*") if p.is_file()]
    games = [p for p in GAMES.iterdir() if p.is_dir() and p.name != "__pycache__"]
    return [p for p in found if not any(p.is_relative_to(g) for g in games)]


def game_names() -> set[str]:
    """Each game's registry name, command, engine and presentation packages and
    English title, as a host line could spell them."""
    names: set[str] = set()
    with use_locale("en"):
        for name, shown in presentations().items():
            title = shown.title().rstrip("!")
            names |= {name, shown.command, title, title.replace(" ", "")}
            names.add(type(shown.rules).__module__.split(".")[1])
            names.add(type(shown).__module__.split(".")[2])
    return {n.lower() for n in names if len(n) > 3}


def test_the_names_are_found() -> None:
    # The test game's, spelled out here; every game's found the same way.
    assert {"highcard", "high card"} <= game_names()
    with use_locale("en"):
        for shown in presentations().values():
            assert {shown.command.lower(), shown.title().rstrip("!").lower()} <= game_names()
    assert len(presentations()) >= 3, "the shipped games and the test game"


def test_no_host_file_names_a_game() -> None:
    pattern = re.compile("|".join(re.escape(n) for n in sorted(game_names())), re.IGNORECASE)
    named = []
    for path in host_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(re.sub("|".join(PROJECTS), "", line)):
                named.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert named == []
