"""The plug-in contract (issue 43, points 1 and 2): one registry finds all a
game provides, nothing guessed and no import error swallowed; base classes
carry every default, so a game writes only what is its own."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine
from bot.plugin import registry
from bot.plugin.contract import Plugin, Presentation
from bot.web import scene
from engine.interface import Game

from tests.highcard.bot import PLUGIN as HIGH_CARD
from tests.highcard.engine import HighCard

#: What a game must write, at most (the rest has defaults).
SMALL = 12


@pytest.fixture
def found_anew(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """The registry and the engine find every game anew, before and after."""
    registry.forget()
    scene.web_tables.cache_clear()
    yield monkeypatch
    monkeypatch.undo()
    registry.forget()
    scene.web_tables.cache_clear()


def test_a_game_must_write_few_members() -> None:
    assert len(Game.__abstractmethods__) + len({"name", "agents"}) <= SMALL
    assert len(Presentation.__abstractmethods__) + len({"rules", "prefix"}) <= SMALL


def test_the_third_game_writes_nothing_a_default_gives() -> None:
    """High Card (the tests' game) overrides no default but its option, its
    agent, and its presentation's refusals, controls and narration's pace."""
    engine_defaults = {n for n in vars(Game) if not n.startswith("_")} - Game.__abstractmethods__
    assert set(vars(HighCard)) & engine_defaults == {"options", "agents"}
    shown = type(HIGH_CARD.presentation)
    defaults = {n for n in vars(Presentation) if not n.startswith("_")}
    defaults -= Presentation.__abstractmethods__
    assert set(vars(shown)) & defaults == {"refusals", "items", "pace"}


def test_a_rule_left_unwritten_is_said_at_once() -> None:
    unwritten = type("Unwritten", (HighCard,), {"apply": Game.apply})
    with pytest.raises(TypeError, match="apply"):
        unwritten()


def test_a_default_added_to_the_base_reaches_every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Game, "rounds_left", lambda self, state: 0, raising=False)
    monkeypatch.setattr(Presentation, "subtitle", lambda self: "", raising=False)
    for plugin in registry.plugins().values():
        assert plugin.rules.rounds_left(None) == 0  # type: ignore[attr-defined]
        assert plugin.presentation.subtitle() == ""  # type: ignore[attr-defined]


def test_one_registry_finds_all_a_game_provides() -> None:
    plugins = registry.plugins()
    assert set(plugins) == set(engine.games())
    for name, plugin in plugins.items():
        assert plugin.rules is engine.game(name)
        assert registry.presentation(name) is plugin.presentation
        assert plugin.hot_modules == plugin.rules.hot_modules
        if plugin.web is not None:
            assert scene.web_tables()[name] is plugin.web
    assert set(registry.catalog_dirs()) == {
        Path(sys.modules[type(p.presentation).__module__].__file__ or "").parent / "locales"
        for p in plugins.values()
    }


def _package(root: Path, name: str, engine_text: str, bot_text: str | None) -> None:
    (root / name / "engine").mkdir(parents=True)
    (root / name / "__init__.py").write_text("")
    (root / name / "engine" / "__init__.py").write_text(engine_text)
    if bot_text is not None:
        (root / name / "bot" / "locales").mkdir(parents=True)
        (root / name / "bot" / "__init__.py").write_text(bot_text)


LONELY_RULES = """
from tests.highcard.engine import HighCard
class Lonely(HighCard):
    name = "lonely"
GAME = Lonely()
"""


@pytest.mark.parametrize(
    ("bot_text", "error"),
    [
        ("", registry.RegistryError),  # a host package with no PLUGIN
        ("import no_such_module_anywhere\n", ModuleNotFoundError),  # raised, not skipped
        (None, ModuleNotFoundError),  # rules with no host package
        (  # a plugin of rules the engine does not know
            "from bot.plugin.contract import Plugin\n"
            "from tests.highcard.bot import PLUGIN as HC\n"
            "PLUGIN = Plugin(HC.presentation)\n",
            registry.RegistryError,
        ),
    ],
    ids=["no-plugin", "import-error", "no-host-package", "unknown-rules"],
)
def test_a_game_declared_wrongly_is_an_error_not_skipped(
    found_anew: pytest.MonkeyPatch, tmp_path: Path, bot_text: str | None, error: type
) -> None:
    _package(tmp_path, "lonely", LONELY_RULES, bot_text)
    found_anew.syspath_prepend(str(tmp_path))
    found_anew.setenv("GAME_PACKAGES", "lonely")
    for module in [m for m in sys.modules if m.startswith("lonely")]:
        found_anew.delitem(sys.modules, module)
    with pytest.raises(error):
        registry.plugins()


def test_a_web_table_is_what_the_plugin_declares(found_anew: pytest.MonkeyPatch) -> None:
    """No module is guessed: a game without `web` has no table, and a `web`
    that is no table is an error."""
    plugins = dict(registry.plugins())
    name, plugin = next((n, p) for n, p in plugins.items() if p.web is not None)
    plugins[name] = Plugin(plugin.presentation)
    found_anew.setattr(scene, "plugins", lambda: plugins)
    assert name not in scene.web_tables()
    scene.web_tables.cache_clear()
    plugins[name] = Plugin(plugin.presentation, web=object())
    with pytest.raises(TypeError, match="scene"):
        scene.web_tables()
