"""Pizza Island's web table speaks to its viewer on their own move ("It is
your turn", "Your hero: …", a third colour, the match won), and of them in
the third person on everyone else's table; the channel's table message
stays in the third person (it is public). In several languages."""

from __future__ import annotations

import pytest

from bot.games.pizzaisland import render as pi_render
from bot.i18n import t, use_locale
from bot.web.scene import spoken
from engine import game
from engine.pizzaisland import events as ev

from status_words import NAMES, after, other, status, table, until


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


#: A move of each sort that names its player (PI-N2, PI-N6, PI-A2): the
#: settings of a game that comes to it.
MOVES = {
    ev.Taken: {},
    ev.TurnEnded: {},
    ev.PepperApplied: {"level": "advanced"},
    ev.KnifeApplied: {"level": "advanced"},
    ev.ForkApplied: {"level": "advanced"},
}


@pytest.mark.parametrize("locale", ["en", "fr", "ru", "ja", "zh_TW"])
@pytest.mark.parametrize("kind", list(MOVES), ids=lambda k: k.__name__)
def test_pi_what_just_happened_says_you_to_whoever_did_it(kind: type, locale: str) -> None:
    """The lines said before the status line, one per move: "You take …",
    "You end your turn", "Ben uses the Knife: your … goes under the deck"
    at the tables of the player who did it and the one it was done to, their
    names at the others' and in the channel's messages."""
    name = "pizza-island"
    state, events = after(name, MOVES[kind], 2, lambda e: type(e) is kind and e.to is None)
    event = next(e for e in events if type(e) is kind and e.to is None)
    me = event.seat
    victim = getattr(event, "player", None)
    third = next(s for s in range(len(NAMES)) if s not in (me, victim))

    def said(seat: int) -> list[str]:
        return [s["text"] for s in table(name, state, seat, locale, events)["steps"]]

    with use_locale(locale):
        public = pi_render.event_line(event, NAMES)
        mine = pi_render.event_line(event, NAMES, me)
        theirs = pi_render.event_line(event, NAMES, victim) if victim is not None else None
    assert public is not None and mine is not None
    assert NAMES[me] in public and NAMES[me] not in mine, (public, mine)
    if victim is not None and victim != me:
        assert NAMES[victim] in mine, "the player it was done to, named"
    assert spoken(mine) in said(me) and spoken(public) not in said(me)
    assert spoken(public) in said(third), "the others' tables name the player"
    if victim is not None and victim != me and theirs is not None:
        assert NAMES[victim] not in theirs and NAMES[me] in theirs, theirs
        assert spoken(theirs) in said(victim)
    with use_locale(locale):  # the channel's narration: the third person, as before
        assert public in pi_render.latest_lines(reversed(events), NAMES, most=len(events))
