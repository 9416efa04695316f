"""The web table's status line speaks to its viewer on their own move ("It
is your turn", "Your hero: …"), and of them in the third person on everyone
else's table; the channel's table message stays in the third person (it is
public). Both games, in several languages."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.games.mammamia import render as mm_render
from bot.games.pizzaisland import render as pi_render
from bot.i18n import t, use_locale
from bot.web import scene
from bot.web.door import Seen
from engine import game

NAMES = ["Ana", "Ben", "Cleo"]


def _until(name: str, settings: dict[str, str], seed: int, found: Callable[[Any], bool]) -> Any:
    """A game of `name` played at random until `found(state)`."""
    rules = game(name)
    full = {o.name: o.default for o in rules.options} | settings
    for attempt in range(200):
        rng = random.Random(seed + attempt)
        state, _ = rules.start(rules.new_record(full, len(NAMES), seed + attempt))
        while True:
            if found(state):
                return state
            acting = rules.asked(state) or rules.to_act(state)
            if not acting:
                break
            legal = list(rules.legal_actions(state, acting[0]))
            state, _ = rules.apply(state, rng.choice(legal))
    raise AssertionError(f"no game of {name} came to that")


def _status(name: str, state: Any, seat: int, locale: str) -> str:
    rules = game(name)
    seen = Seen(
        1,
        name,
        "running",
        state.version,
        NAMES,
        {},
        rules.public_view(state),
        seat=seat,
        mine=rules.player_view(state, seat),
        legal=list(rules.legal_actions(state, seat)) if seat in rules.to_act(state) else [],
    )
    with use_locale(locale):
        return str(scene.scene_of(seen)["status"])


def _other(seat: int) -> int:
    return (seat + 1) % len(NAMES)


@pytest.mark.parametrize("locale", ["en", "ja", "fr"])
def test_pi_the_status_line_says_you_on_your_own_turn_and_hero(locale: str) -> None:
    turn = _until("pizza-island", {}, 1, lambda s: s.pending is None and s.current is not None)
    me = turn.current
    assert _status("pizza-island", turn, me, locale) == t(
        "pi.status.your_turn", locale, taken=turn.taken
    )
    assert _status("pizza-island", turn, _other(me), locale) == t(
        "pi.status.turn", locale, name=NAMES[me], taken=turn.taken
    )
    hero = _until("pizza-island", {"level": "advanced"}, 3, lambda s: s.pending and s.pending.hero)
    me = game("pizza-island").to_act(hero)[0]
    mine, theirs = (
        _status("pizza-island", hero, me, locale),
        t("pi.status.hero", locale, name=NAMES[me]),
    )
    assert mine == t("pi.status.your_hero", locale) and NAMES[me] not in mine
    assert _status("pizza-island", hero, _other(me), locale) == theirs
    with use_locale(locale):  # the channel's table message: the third person, as before
        public = pi_render.status_line(game("pizza-island").public_view(hero), NAMES)
    assert public == theirs


@pytest.mark.parametrize("locale", ["ru", "zh-TW"])
def test_pi_a_third_colour_and_the_match_won_are_said_to_you(locale: str) -> None:
    third = _until("pizza-island", {}, 5, lambda s: s.pending and s.pending.third)
    me = game("pizza-island").to_act(third)[0]
    assert _status("pizza-island", third, me, locale) == t("pi.status.your_third", locale)
    assert _status("pizza-island", third, _other(me), locale) == t(
        "pi.status.third", locale, name=NAMES[me]
    )
    over = _until("pizza-island", {"level": "easy"}, 7, lambda s: s.phase == "match-over")
    winner = game("pizza-island").public_view(over).match_winner
    assert winner is not None
    assert _status("pizza-island", over, winner, locale) == t("pi.status.you_win", locale)
    assert _status("pizza-island", over, _other(winner), locale) == t(
        "pi.status.match_over", locale, name=NAMES[winner]
    )


@pytest.mark.parametrize("locale", ["en", "ru", "ja"])
def test_mm_the_status_line_says_you_on_your_turn_your_question_and_your_win(
    locale: str,
) -> None:
    name = "mammamia"
    turn = _until(name, {}, 1, lambda s: s.phase == "turn")
    me = turn.current
    assert _status(name, turn, me, locale) == t("table.your_turn", locale)
    assert _status(name, turn, _other(me), locale) == t("table.turn_of", locale, name=NAMES[me])
    help_ = _until(
        name,
        {"variant": "plus", "help": "on"},
        3,
        lambda s: s.pending is not None and s.pending.stage == "help",
    )
    owner = help_.pending.owner
    with use_locale(locale):
        asked = mm_render.names_of(NAMES, help_.pending.asking)
    assert _status(name, help_, owner, locale) == t("table.you_ask", locale, names=asked)
    with use_locale(locale):
        public = mm_render.status_line(game(name).public_view(help_), NAMES)
    assert public == t("table.asking", locale, owner=NAMES[owner], names=asked)
    over = _until(name, {}, 9, lambda s: s.phase == "over")
    winners = list(game(name).public_view(over).winners)
    alone = t("table.you_win", locale)
    others = [s for s in range(len(NAMES)) if s not in winners]
    said = _status(name, over, winners[0], locale)
    assert said == alone if len(winners) == 1 else NAMES[winners[1]] in said
    if others:
        assert t("table.you_win", locale) != _status(name, over, others[0], locale)
        assert NAMES[winners[0]] in _status(name, over, others[0], locale)
