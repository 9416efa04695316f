"""The web table's scene (bot.web.scene): a game without a web table of its
own still opens (with the buttons' words), and the catalog's Discord
markdown never reaches the page."""

from __future__ import annotations

import dataclasses

import pytest

from bot.i18n import t, use_locale
from bot.web import scene
from bot.web.door import Seen
from engine import game


def _seen(name: str) -> Seen:
    rules = game(name)
    settings = {o.name: o.default for o in rules.options}
    state, _ = rules.start(rules.new_record(settings, 2, 1))
    return Seen(1, name, "running", 0, ["Ana", "Ben"], settings, rules.public_view(state))


def test_a_game_without_a_web_table_says_to_play_with_the_buttons(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The test game has a web table; a plugin may declare none (`Plugin.web`).
    assert "highcard" in scene.web_tables()
    monkeypatch.setattr(scene, "web_tables", dict)
    with use_locale("fr"):
        drawn = scene.scene_of(_seen("highcard"))
    assert drawn["status"] == t("activity.no_table", "fr")
    assert drawn["actions"] == [] and drawn["ui"]["play"] == t("activity.play", "fr")


def test_every_game_with_a_web_table_draws_a_spectators_scene() -> None:
    for name in scene.web_tables():
        drawn = scene.scene_of(_seen(name))
        assert drawn["title"] and drawn["seats"] and drawn["centre"] and drawn["actions"] == []
        assert not any(s["mine"] for s in drawn["seats"]) and drawn.get("hand") is None


def test_a_game_ended_early_says_why_in_place_of_whose_move_it_was() -> None:
    for name in scene.web_tables():
        for why in ("table.ended_early", "table.ended_unattended"):
            seen = dataclasses.replace(_seen(name), status="cancelled", ended=why)
            with use_locale("ja"):
                drawn = scene.scene_of(seen)
            assert drawn["status"] == t(why, "ja")
            assert drawn["actions"] == []


def test_markdown_is_left_out_but_an_actions_json_is_kept() -> None:
    drawn = scene.plain({"status": "**Ben** wins", "action": {"x": "**y**"}, "n": [1, "__a__"]})
    assert drawn == {"status": "Ben wins", "action": {"x": "**y**"}, "n": [1, "a"]}
