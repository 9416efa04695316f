"""How a game of the match that ends says why, in every language: in the
channel (the game's result) and at the web table (its line among the steps).
A game with no winner names its rule: the empty deck (PI-N8), 36 takes with
nothing placed or 360 takes in the game (PI-N9)."""

from __future__ import annotations

import pytest

from bot.games.pizzaisland import render
from bot.games.pizzaisland.web import WEB
from bot.i18n import LOCALES, t, use_locale
from bot.web.door import Seen
from engine.pizzaisland import GAME, Take, apply, public_view
from engine.pizzaisland.events import GameOver

NAMES = ["Ana", "Ben"]
REASONS = {
    "deck-empty": "pi.result.deck_empty",
    "stalemate": "pi.result.stalemate",
    "take-cap": "pi.result.take_cap",
}


def _capped() -> tuple[Seen, GameOver]:
    """A match whose first game ends at its 360th take (the next one dealt)."""
    state, _ = GAME.start(GAME.new_record({}, 2, 5))
    seat = state.current
    assert seat is not None
    state.takes = 359
    after, events = apply(state, Take(seat, "deck"))
    (over,) = [e for e in events if isinstance(e, GameOver)]
    seen = Seen(
        1,
        "pizza-island",
        "running",
        after.version,
        NAMES,
        {},
        public_view(after),
        events={1: events},
    )
    return seen, over


@pytest.mark.parametrize("locale", LOCALES)
def test_pi_n9_the_360_take_end_is_said_in_the_channel_and_at_the_table(locale: str) -> None:
    seen, over = _capped()
    assert (over.winner, over.reason) == (None, "take-cap")
    said = t("pi.result.take_cap", locale, game="1")
    with use_locale(locale):
        result = render.game_result(1, render.GameEnd.of(over), NAMES)
        steps = [step["text"] for step in WEB.scene(seen)["steps"]]
    assert result.embed is not None and result.embed.title == said
    assert said in steps and "360" in said
    assert seen.public.game == 2 and seen.public.takes == 0  # the next game goes on


@pytest.mark.parametrize("locale", LOCALES)
def test_pi_n8_n9_each_ending_without_a_winner_names_its_own_rule(locale: str) -> None:
    said = {}
    for reason, key in REASONS.items():
        with use_locale(locale):
            said[reason] = render.game_end_line(2, None, reason, NAMES)
        assert said[reason] == t(key, locale, game="2")
    assert len(set(said.values())) == len(REASONS)
    with use_locale(locale):
        won = render.game_end_line(2, 1, "completed", NAMES)
    assert won == t("pi.result.winner", locale, game="2", name="Ben")
