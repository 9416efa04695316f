"""Mamma Mia!'s web table speaks to its viewer on their own turn, their own
help question and their own win, and of them in the third person on
everyone else's table; the channel's table message stays in the third
person (it is public). In several languages."""

from __future__ import annotations

import pytest

from bot.games.mammamia import render as mm_render
from bot.i18n import t, use_locale
from bot.web.scene import spoken
from engine import game

from status_words import NAMES, other, status, table, until


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


#: A play of each sort (MM-T1, MM-T2, MM-T4, PL-T2): the settings of a game
#: that comes to it, and how to know it has just been made.
PLAYS = {
    "plain": ({}, lambda p: p.kind is not None and p.order is None),
    "with_order": ({}, lambda p: p.kind is not None and p.order is not None),
    "passed": ({}, lambda p: p.kind is None and not p.skipped),
    "skipped": ({"variant": "plus"}, lambda p: p.skipped),
}


@pytest.mark.parametrize("locale", ["en", "fr", "ru", "ja", "zh_TW"])
@pytest.mark.parametrize("play", sorted(PLAYS))
def test_mm_the_latest_play_says_you_to_whoever_made_it(locale: str, play: str) -> None:
    """What just happened, said before the status line: "You put 2 salami
    into the oven" at the table of the player who did, their name at the
    others' and in the channel's table message."""
    name = "mammamia"
    settings, made = PLAYS[play]
    state = until(name, settings, 5, lambda s: s.last_play is not None and made(s.last_play))
    me = state.last_play.seat
    mine, theirs = table(name, state, me, locale), table(name, state, other(me), locale)
    assert NAMES[me] not in mine["latest"], mine["latest"]
    play_ = state.last_play
    with use_locale(locale):
        cards = mm_render.amount(play_.kind, play_.count) if play_.kind else ""
        assert mine["latest"] == t(f"table.play.you.{play}", cards=cards)
    assert NAMES[me] in theirs["latest"], theirs["latest"]
    assert mine["latest"] != theirs["latest"]
    assert mine["live"].startswith(spoken(mine["latest"])), "said first in the live region"
    with use_locale(locale):
        public = mm_render.latest_play(game(name).public_view(state), NAMES)
    assert public == theirs["latest"], "the channel's message names the player"
