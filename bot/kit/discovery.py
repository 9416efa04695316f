"""Which packages hold a game's presentation, found without importing them.

Every game's presentation is a package under `bot/games/`, or `<package>.bot`
of each package named in `GAME_PACKAGES` (`engine.extra_packages`). The
registry (`bot.plugin.registry`) imports them; the catalogs
(`bot.i18n`) only need their folders, and are read before any game is.
"""

from __future__ import annotations

import importlib.util
import pkgutil
from pathlib import Path

from engine import extra_packages

#: The folder of the games that ship with the bot.
GAMES = "bot.games"


def packages() -> list[str]:
    """The module of every game's presentation, the shipped games first."""
    spec = importlib.util.find_spec(GAMES)
    assert spec is not None and spec.submodule_search_locations is not None
    inside = [
        f"{GAMES}.{m.name}"
        for m in pkgutil.iter_modules(spec.submodule_search_locations)
        if m.ispkg
    ]
    return inside + [f"{name}.bot" for name in extra_packages()]


def catalog_dirs() -> list[Path]:
    """Each game's own message catalogs (`<its package>/locales`)."""
    found = []
    for name in packages():
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            for folder in spec.submodule_search_locations:
                if (Path(folder) / "locales").is_dir():
                    found.append(Path(folder) / "locales")
    return found
