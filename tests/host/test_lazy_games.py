"""A shipped game's package hands over its presentation's names when first
asked (`bot.kit.lazy`): the picture worker imports a game's pictures without
discord.py, and a module of the package imported first by name (`from
bot.games.<game> import render`, as a test module may) is that module, not a
circle through the presentation. The games are found on disk, not named."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAZY = sorted(
    path.name
    for path in (ROOT / "bot" / "games").iterdir()
    if (path / "__init__.py").exists()
    if "names_from" in (path / "__init__.py").read_text(encoding="utf-8")
)

PICTURES = """
import sys
import bot.games.{game}.pictures
assert "discord" not in sys.modules, "discord.py came with the pictures"
print("ok")
"""


def test_the_shipped_games_are_lazy() -> None:
    assert len(LAZY) >= 2, LAZY  # the scan itself works


@pytest.mark.parametrize("game", LAZY)
def test_no_module_of_a_game_is_handed_over_by_its_presentation(game: str) -> None:
    package = importlib.import_module(f"bot.games.{game}")
    for found in pkgutil.iter_modules(package.__path__):
        if found.name not in vars(package):  # imported already: an attribute
            with pytest.raises(AttributeError):
                package.__getattr__(found.name)
    plugin = package.PLUGIN
    assert vars(package)["PLUGIN"] is plugin  # kept once handed over


@pytest.mark.parametrize("game", LAZY)
def test_a_games_pictures_come_without_discord(game: str) -> None:
    """What the picture worker imports: a game's pictures alone."""
    done = subprocess.run(
        [sys.executable, "-c", PICTURES.format(game=game)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
