"""The registry: every game the host plays, and all that each provides.

A game is its rules (`engine/<game>/`, found by `engine.games()`) and its host
package, which declares in one `Plugin` (its `PLUGIN`) all it gives the host:
its presentation and its web table; its hot modules are its rules', its
catalogs the package's `locales/` folder (read before any game is imported).
The host packages are the packages under `bot/games/`, then `<package>.bot`
of each package named in `GAME_PACKAGES` (`engine.extra_packages`), as the
rules are found under `engine/` and in `<package>.engine`: one convention for
both halves. Nothing else is looked for and no import error is swallowed: a
host package with no `PLUGIN` or no catalogs, a plugin of rules the engine
does not know, or rules with no plugin, is an error at the first look.

Only the host above this layer imports it; the catalogs (`bot.i18n`, below)
are handed the games' folders through `bot.i18n.find_catalogs`.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import cache
from pathlib import Path

import engine
from bot.plugin.contract import AnyPresentation, Plugin

#: The folder of the games that ship with the bot.
GAMES = "bot.games"


class RegistryError(LookupError):
    """A game declared wrongly: said at start-up, never skipped."""


def packages() -> list[str]:
    """The host package of every game, the shipped games first."""
    spec = importlib.util.find_spec(GAMES)
    assert spec is not None and spec.submodule_search_locations is not None
    inside = [
        f"{GAMES}.{m.name}"
        for m in pkgutil.iter_modules(spec.submodule_search_locations)
        if m.ispkg
    ]
    return inside + [f"{name}.bot" for name in engine.extra_packages()]


def catalogs_of(package: str) -> Path:
    """A game's catalogs, its host package's `locales/`, found without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise RegistryError(f"{package}: no such package")
    folder = Path(next(iter(spec.submodule_search_locations))) / "locales"
    if not folder.is_dir():
        raise RegistryError(f"{package}: no catalogs ({folder})")
    return folder


@cache
def plugins() -> dict[str, Plugin]:
    """Every game's plugin, by the game's name."""
    rules = engine.games()
    found: dict[str, Plugin] = {}
    for package in packages():
        plugin = getattr(importlib.import_module(package), "PLUGIN", None)
        if not isinstance(plugin, Plugin):
            raise RegistryError(f"{package} declares no PLUGIN (bot.plugin.contract.Plugin)")
        if rules.get(plugin.name) is not plugin.rules:
            raise RegistryError(f"{package}: rules {plugin.name!r} are not engine.games()'s")
        if plugin.name in found:
            raise RegistryError(f"{package}: a second plugin of {plugin.name!r}")
        catalogs_of(package)
        found[plugin.name] = plugin
    if missing := sorted(set(rules) - set(found)):
        raise RegistryError(f"games with no host package: {', '.join(missing)}")
    return found


@cache
def presentations() -> dict[str, AnyPresentation]:
    """Every game's presentation, by the game's name."""
    return {name: plugin.presentation for name, plugin in plugins().items()}


def presentation(game: str) -> AnyPresentation:
    return presentations()[game]


def catalog_dirs() -> list[Path]:
    """Each game's own message catalogs (read before any game is imported)."""
    return [catalogs_of(package) for package in packages()]


def forget() -> None:
    """Find every game anew (a test that changes `GAME_PACKAGES`)."""
    engine.games.cache_clear()
    plugins.cache_clear()
    presentations.cache_clear()
