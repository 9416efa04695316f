"""Mamma Mia!'s web table speaks to its viewer on their own turn, their own
help question and their own win, and of them in the third person on
everyone else's table; the channel's table message stays in the third
person (it is public). In several languages."""

from __future__ import annotations

import pytest

from bot.games.mammamia import render as mm_render
from bot.i18n import t, use_locale
from engine import game

from status_words import NAMES, other, status, until


@pytest.mark.parametrize("locale", ["en", "ru", "ja"])
def test_mm_the_status_line_says_you_on_your_turn_your_question_and_your_win(
    locale: str,
) -> None:
    name = "mammamia"
    turn = until(name, {}, 1, lambda s: s.phase == "turn")
    me = turn.current
    assert status(name, turn, me, locale) == t("table.your_turn", locale)
    assert status(name, turn, other(me), locale) == t("table.turn_of", locale, name=NAMES[me])
    help_ = until(
        name,
        {"variant": "plus", "help": "on"},
        3,
        lambda s: s.pending is not None and s.pending.stage == "help",
    )
    owner = help_.pending.owner
    with use_locale(locale):
        asked = mm_render.names_of(NAMES, help_.pending.asking)
    assert status(name, help_, owner, locale) == t("table.you_ask", locale, names=asked)
    with use_locale(locale):
        public = mm_render.status_line(game(name).public_view(help_), NAMES)
    assert public == t("table.asking", locale, owner=NAMES[owner], names=asked)
    over = until(name, {}, 9, lambda s: s.phase == "over")
    winners = list(game(name).public_view(over).winners)
    alone = t("table.you_win", locale)
    others = [s for s in range(len(NAMES)) if s not in winners]
    said = status(name, over, winners[0], locale)
    assert said == alone if len(winners) == 1 else NAMES[winners[1]] in said
    if others:
        assert t("table.you_win", locale) != status(name, over, others[0], locale)
        assert NAMES[winners[0]] in status(name, over, others[0], locale)
