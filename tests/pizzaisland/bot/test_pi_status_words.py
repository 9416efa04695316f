"""Pizza Island's web table speaks to its viewer on their own move ("It is
your turn", "Your hero: …", a third colour, the match won), and of them in
the third person on everyone else's table; the channel's table message
stays in the third person (it is public). In several languages."""

from __future__ import annotations

import pytest

from bot.games.pizzaisland import render as pi_render
from bot.i18n import t, use_locale
from engine import game

from status_words import NAMES, other, status, until


@pytest.mark.parametrize("locale", ["en", "ja", "fr"])
def test_pi_the_status_line_says_you_on_your_own_turn_and_hero(locale: str) -> None:
    turn = until("pizza-island", {}, 1, lambda s: s.pending is None and s.current is not None)
    me = turn.current
    assert status("pizza-island", turn, me, locale) == t(
        "pi.status.your_turn", locale, taken=turn.taken
    )
    assert status("pizza-island", turn, other(me), locale) == t(
        "pi.status.turn", locale, name=NAMES[me], taken=turn.taken
    )
    hero = until("pizza-island", {"level": "advanced"}, 3, lambda s: s.pending and s.pending.hero)
    me = game("pizza-island").to_act(hero)[0]
    mine, theirs = (
        status("pizza-island", hero, me, locale),
        t("pi.status.hero", locale, name=NAMES[me]),
    )
    assert mine == t("pi.status.your_hero", locale) and NAMES[me] not in mine
    assert status("pizza-island", hero, other(me), locale) == theirs
    with use_locale(locale):  # the channel's table message: the third person, as before
        public = pi_render.status_line(game("pizza-island").public_view(hero), NAMES)
    assert public == theirs


@pytest.mark.parametrize("locale", ["ru", "zh-TW"])
def test_pi_a_third_colour_and_the_match_won_are_said_to_you(locale: str) -> None:
    third = until("pizza-island", {}, 5, lambda s: s.pending and s.pending.third)
    me = game("pizza-island").to_act(third)[0]
    assert status("pizza-island", third, me, locale) == t("pi.status.your_third", locale)
    assert status("pizza-island", third, other(me), locale) == t(
        "pi.status.third", locale, name=NAMES[me]
    )
    over = until("pizza-island", {"level": "easy"}, 7, lambda s: s.phase == "match-over")
    winner = game("pizza-island").public_view(over).match_winner
    assert winner is not None
    assert status("pizza-island", over, winner, locale) == t("pi.status.you_win", locale)
    assert status("pizza-island", over, other(winner), locale) == t(
        "pi.status.match_over", locale, name=NAMES[winner]
    )
