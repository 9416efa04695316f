"""The web table's scene (bot.web.scene): a game without a web table of its
own still opens (with the buttons' words), and the catalog's Discord
markdown never reaches the page."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.i18n import t, use_locale
from bot.plugin.contract import Table
from bot.plugin.registry import presentations
from bot.web import scene
from bot.web.door import Seen
from engine import game
from engine.interface import Event, View


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


def _played(rounds: int) -> tuple[Any, dict[int, list[Event]]]:
    """High Card (2 seats, seed 1) after `rounds` whole rounds, and its events by version."""
    rules = game("highcard")
    state, _ = rules.start(rules.new_record({}, 2, 1))
    events: dict[int, list[Event]] = {}
    for _ in range(2 * rounds):
        seat = rules.to_act(state)[0]
        state, events[state.version + 1] = rules.apply(state, rules.legal_actions(state, seat)[0])
    return state, events


def _seen_by(state: Any, events: dict[int, list[Event]], seat: int, status: str) -> Seen:
    rules = game("highcard")
    legal = list(rules.legal_actions(state, seat))
    public, mine = rules.public_view(state), rules.player_view(state, seat)
    names = ["Ana", "Ben"]
    return Seen(
        1, "highcard", status, state.version, names, {}, public, seat, mine, legal, [], events
    )


def test_the_host_fills_in_what_a_games_scene_leaves_out() -> None:
    """Whose move, the reveals told as the channel tells them (paced), the
    plays in the game's words, the hand's heading and the final result: the
    test game's scene writes none of them (`bot.web.scene.played`)."""
    rules, shown = game("highcard"), presentations()["highcard"]
    state, events = _played(1)
    acting = rules.to_act(state)[0]
    with use_locale("ru"):
        mine = scene.scene_of(_seen_by(state, events, acting, "running"))
        theirs = scene.scene_of(_seen_by(state, events, 1 - acting, "running"))
        table = Table[View, Event](1, rules.public_view(state), ["Ana", "Ben"], {})
        reveal = next(e for v in events.values() for e in v if e.type == "revealed")
        said = shown.narration(table, reveal, False).content
        legal = rules.legal_actions(state, acting)
        assert mine["status"] == t("activity.status.yours")
        assert theirs["status"] == t("activity.status.turn", names=["Ana", "Ben"][acting])
        assert mine["steps"] == [{"text": scene.spoken(said or ""), "paced": True}]
        assert mine["latest"] == said
        assert [a["label"] for a in mine["actions"]] == [shown.label(a) for a in legal]
        assert [a["action"] for a in mine["actions"]] == [a.to_json() for a in legal]
        assert theirs["actions"] == [] and "final" not in mine
        assert mine["hand"]["label"] == t("own_hand.title") and mine["hand"]["cards"]
        assert [s["colour"] for s in mine["seats"]] == [scene.seat_colour(0), scene.seat_colour(1)]
        assert [s["turn"] for s in mine["seats"]] == [s == acting for s in (0, 1)]
        state, events = _played(3)
        over = scene.scene_of(_seen_by(state, events, 0, "finished"))
        final = shown.final(Table[View, Event](1, rules.public_view(state), ["Ana", "Ben"], {}))
        assert final.embed is not None
        assert over["status"] == t("activity.status.over") and over["actions"] == []
        assert over["final"] == {
            "title": final.embed.title,
            "lines": final.embed.description.split("\n"),
        }
