"""The plug-in contract (issue 43, points 1 and 2): one registry finds all a
game provides, nothing guessed and no import error swallowed; base classes
carry every default, so a game writes only what is its own."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

import engine
from bot.i18n import join_and, t, tn, use_locale
from bot.interactions import own_hand
from bot.plugin import registry
from bot.plugin.contract import Plugin, Presentation, Table, default_ids
from bot.web import scene
from engine.events import Event, Private
from engine.interface import Game

from tests.highcard.bot import PLUGIN as HIGH_CARD
from tests.highcard.engine import Dealt, HighCard, Play, PublicView, Revealed

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
    agent, its presentation's refusals and narration's pace, and the words of
    its hand and plays (for the hand the host draws and the web table's actions)."""
    engine_defaults = {n for n in vars(Game) if not n.startswith("_")} - Game.__abstractmethods__
    assert set(vars(HighCard)) & engine_defaults == {"options", "agents"}
    shown = type(HIGH_CARD.presentation)
    defaults = {n for n in vars(Presentation) if not n.startswith("_")}
    defaults -= Presentation.__abstractmethods__
    assert set(vars(shown)) & defaults == {"refusals", "pace", "hand", "label"}


def test_the_third_game_writes_few_members_in_few_lines() -> None:
    """Issue 43, point 2: about 12 members each for the engine and the
    presentation, and High Card whole (rules, presentation, web table) in
    at most 330 lines: `wc -l` of the three modules."""
    own = {n for n in vars(HighCard) if not n.startswith("_")}
    assert len(own) <= SMALL, sorted(own)
    shown = {n for n in vars(type(HIGH_CARD.presentation)) if not n.startswith("_")}
    assert len(shown) <= SMALL, sorted(shown)
    root = Path(__file__).resolve().parents[1] / "highcard"
    modules = ("engine/__init__.py", "bot/__init__.py", "bot/web.py")
    lines = sum(len((root / m).read_text().splitlines()) for m in modules)
    assert lines <= 330, lines


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


# -- the defaults a game does not write (issue 43, point 2) ---------------------


def _over(points: tuple[int, ...]) -> Table[PublicView, Event]:
    """High Card's table at its end, with these points."""
    seats = len(points)
    view = PublicView(
        round=3,
        to_act=(),
        face_down=(False,) * seats,
        hand_sizes=(0,) * seats,
        points=points,
        last=(9,) * seats,
        version=3 * seats,
    )
    return Table(1, view, ["Ana", "Ben", "Cleo"][:seats], {})


def test_the_final_result_ranks_by_score_equal_scores_sharing_a_place() -> None:
    shown = HIGH_CARD.presentation
    with use_locale("fr"):
        final = shown.final(_over((1, 0, 1))).embed
        assert final is not None
        assert final.title == tn("result.title", 2, names=join_and(["Ana", "Cleo"]))
        assert (final.description or "").split("\n") == [
            t("result.line", place=1, names=join_and(["Ana", "Cleo"]), points=1),
            t("result.line", place=2, names="Ben", points=0),
        ]


def test_the_title_and_rules_are_the_games_catalogs_by_name_and_prefix() -> None:
    shown = HIGH_CARD.presentation
    assert default_ids(shown) == {"highcard.title", "hc.rules"}
    with use_locale("ja"):
        assert shown.title() == t("highcard.title")
        rules = shown.rules_text({}, None).embed
        assert rules is not None and rules.description == t("hc.rules")
    for plugin in registry.plugins().values():  # a game that says its own needs no id of ours
        if plugin is not HIGH_CARD:
            assert default_ids(plugin.presentation) == set()


def test_the_base_classes_refusals_have_the_hosts_words() -> None:
    """`Game.check_seat`'s codes are every game's: a game names only its own."""
    shown = HIGH_CARD.presentation
    assert "not_your_turn" not in shown.refusals
    assert shown.refusal("not_your_turn", {"name": "Ana"}) == (
        "error.not_your_turn",
        {"name": "Ana"},
    )
    assert shown.refusal("game_over", {})[0] == "error.game_over"
    assert shown.refusal("not_held", {"card": 4}) == ("hc.error.not_held", {"card": 4})


def test_the_host_draws_the_hand_of_a_game_that_says_its_cards() -> None:
    """A game that writes `hand` gets the host's My cards and play select,
    under its own prefix; one that draws its own hand gets none."""
    shown = HIGH_CARD.presentation
    assert shown.holds_hands
    hand, play = own_hand.controls(shown)
    assert hand.__discord_ui_compiled_template__.fullmatch("hc:12:3:hand")
    assert play.__discord_ui_compiled_template__.fullmatch("hc:12:3:play")
    assert not hand.__discord_ui_compiled_template__.fullmatch("mm:12:3:hand")
    assert own_hand.value_of(Play(1, 7)) == '{"card":7}'
    for plugin in registry.plugins().values():
        if plugin is not HIGH_CARD:
            assert (
                not plugin.presentation.holds_hands and own_hand.controls(plugin.presentation) == ()
            )


def test_an_event_is_named_after_its_class_and_a_move_says_its_fields() -> None:
    @dataclass(frozen=True, slots=True)
    class HandDealt(Private):
        cards: tuple[int, ...]

    @dataclass(frozen=True, slots=True)
    class Named(Event):
        type: ClassVar[str] = "as_said"

    assert HandDealt.type == "hand_dealt" and Named.type == "as_said"
    assert HandDealt(2, (1,)).to == 2 and HandDealt(2, (1,)).to_json()["private_to"] == 2
    assert Dealt.type == "dealt" and Revealed.type == "revealed"
    assert Play(0, 3).to_json() == {"seat": 0, "card": 3} and Play(0, 3).text() == "card 3"
