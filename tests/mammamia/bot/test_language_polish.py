"""Language polish (issue 29, point 6): French elision, lists and sentences
joined as each language joins them, and words that say what they mean."""

from __future__ import annotations

import random

import pytest

from bot.games.mammamia import PRESENTATION, render
from bot.i18n import join_and, sentences, t, tn, use_locale
from bot.plugin.contract import Table
from engine import mammamia as engine


def test_french_elides_before_a_vowel():
    said = t("reveal.story.helped_by", "fr", order="🟩 Misto", name="Ana")
    assert said.endswith("(avec l'aide d'Ana)")
    assert "de Bob" in t("reveal.story.helped_by", "fr", order="🟩 Misto", name="Bob")
    bold = t("reveal.story.helped_by", "fr", order="🟩 Misto", name="**Élodie**")
    assert "d'**Élodie**" in bold
    made = t("reveal.made", "fr", name="Élodie", order="🟩 Misto")
    assert "d'Élodie" in made and "de Élodie" not in made
    assert t("reveal.made", "en", name="Ana", order="Misto") == "✅ Ana's Misto is made"


@pytest.mark.parametrize(
    ("locale", "joined"),
    [
        ("en", "Ana, Bo, and Cleo"),
        ("ru", "Ana, Bo и Cleo"),
        ("ja", "Ana、Bo、Cleo"),
        ("zh-TW", "Ana、Bo和Cleo"),
        ("fr", "Ana, Bo et Cleo"),
    ],
)
def test_lists_are_joined_as_each_language_joins_them(locale, joined):
    with use_locale(locale):
        assert join_and(["Ana", "Bo", "Cleo"]) == joined
        cards = render.cards({"olive": 2, "salami": 1})
        each = [render.amount("olive", 2), render.amount("salami", 1)]
        assert cards == join_and(each)


def test_japanese_and_chinese_sentences_have_no_space_between_them():
    assert (
        sentences("出しました。", "引いたカード：X。", locale="ja")
        == "出しました。引いたカード：X。"
    )
    assert sentences("完成。", "好。", locale="zh-TW") == "完成。好。"
    assert sentences("Played.", "You drew X.", locale="fr") == "Played. You drew X."


def _position(variant: str, phase: str, seats: int = 3) -> engine.State:
    rng = random.Random(4)
    state, _ = engine.start(engine.new_record(variant, seats, 5))
    while state.phase != phase:
        seat = state.to_act()[0]
        state, _ = engine.apply(state, rng.choice(engine.legal_actions(state, seat)))
    return state


def test_the_table_during_a_reveal_says_the_oven_is_being_revealed():
    state = _position("classic", "reveal")
    view = engine.public_view(state)
    table = Table(1, view, ["Ana", "Bo", "Cleo"], {"variant": "classic"})
    with use_locale("en"):
        embed = PRESENTATION.table(table).embed
        fields = {f.name: f.value for f in embed.fields}
        assert fields[t("table.oven")] == tn("table.oven_revealing", view.oven_size)
        assert t("table.oven_empty") not in fields[t("table.oven")]


@pytest.mark.parametrize(("variant", "help_shown"), [("classic", False), ("plus", True)])
def test_the_summary_speaks_of_help_only_where_the_game_had_help(variant, help_shown):
    state = _position(variant, "turn")
    names = ["Ana", "Bo", "Cleo"]
    table = Table(1, engine.public_view(state), names, {"variant": variant})
    with use_locale("en"):
        lines = PRESENTATION.summary(table)
        helped = tn("summary.mm.given", 0)
    assert all((helped in line) is help_shown for line in lines), lines


@pytest.mark.parametrize("locale", ["en", "ru"])
def test_a_hand_says_cards_once(locale):
    """ "Cards in hand: 7 cards" said cards twice."""
    with use_locale(locale):
        name, value = t("hand.size"), tn("hand.count", 7)
    assert not set(name.lower().split()) & set(value.lower().split()), (name, value)


def test_french_does_not_turn_over_two_things_in_one_reveal():
    """ "Retournées" was both the cards revealed and the orders gone back."""
    with use_locale("fr"):
        progress, back = t("reveal.progress"), tn("reveal.tally_back", 2)
    assert "retourn" not in progress.lower() and "retourn" not in back.lower()
