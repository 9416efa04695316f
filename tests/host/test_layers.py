"""The layer contract of our own (`tests/support/importlinter_games.py`): a game is
found by the graph, not listed, and any module outside its folders that
imports it breaks the contract, however new the module."""

from __future__ import annotations

from typing import Any

import grimp

from importlinter_games import GamesApartContract


def graph(imports: list[tuple[str, str]]) -> grimp.ImportGraph:
    made = grimp.ImportGraph()
    modules = {
        "engine",
        "engine.interface",
        "engine.cards",
        "engine.cards.rules",
        "engine.dice",
        "engine.dice.rules",
        "bot",
        "bot.flow.service",
        "bot.brand_new",
        "bot.games",
        "bot.games.cards",
        "bot.games.cards.render",
        "cogs",
        "cogs.host",
    }
    for module in modules:
        made.add_module(module)
    for importer, imported in imports:
        made.add_import(importer=importer, imported=imported)
    return made


def check(imports: list[tuple[str, str]]) -> Any:
    contract = GamesApartContract(
        name="apart",
        session_options={},
        contract_options={
            "game_roots": ["engine", "bot.games"],
            "hosts": ["engine", "bot", "cogs"],
        },
    )
    return contract.check(graph(imports), verbose=False)


def test_a_game_may_import_its_own_rules_and_the_host() -> None:
    kept = check(
        [
            ("bot.games.cards.render", "engine.cards.rules"),
            ("bot.games.cards.render", "bot.flow.service"),
            ("bot.flow.service", "engine.interface"),
            ("engine.cards.rules", "engine.interface"),
        ]
    )
    assert kept.kept
    assert kept.metadata["games"] == ["cards", "dice"]  # found, never listed


def test_any_host_module_importing_a_game_breaks_it_even_an_unlisted_one() -> None:
    broken = check([("bot.brand_new", "engine.dice.rules"), ("cogs.host", "bot.games.cards")])
    assert not broken.kept
    assert {(i, game) for i, _, game in broken.metadata["broken"]} == {
        ("bot.brand_new", "dice"),
        ("cogs.host", "cards"),
    }


def test_no_game_imports_another() -> None:
    broken = check([("bot.games.cards.render", "engine.dice.rules")])
    assert not broken.kept
