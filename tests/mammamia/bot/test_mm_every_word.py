"""Every word of Mamma Mia! right (issue 41, point 5): Russian numerals that
agree with every ingredient, no count written with a multiplication sign,
the cards drawn counted by kind, a hand's alt text in full-width
punctuation, legends for the order cards' marks, and the ranking picture
that names its players. The words every catalog shares are
tests/host/test_every_word.py's."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from bot.games.mammamia import render
from bot.games.mammamia.controls import drawn_words
from bot.games.mammamia.hand import hand_alt
from bot.games.mammamia.legends import order_legend
from bot.games.mammamia.pictures import OrderFace, Ranked, ranking_image
from bot.i18n import LOCALES, use_locale
from engine.mammamia import new_record, player_view, start
from engine.mammamia.cards import ORDER_CARDS


def _pixels(data: bytes) -> bytes:
    return Image.open(io.BytesIO(data)).convert("RGB").tobytes()


RUSSIAN = {
    "pineapple": {1: "1 ананас", 2: "2 ананаса", 4: "4 ананаса", 5: "5 ананасов", 21: "21 ананас"},
    "mushroom": {1: "1 гриб", 3: "3 гриба", 11: "11 грибов", 22: "22 гриба"},
    "olive": {1: "1 оливка", 2: "2 оливки", 5: "5 оливок"},
    "pepper": {1: "1 зелёный перец", 2: "2 зелёных перца", 6: "6 зелёных перцев"},
    "salami": {1: "1 салями", 4: "4 салями"},
    "shrimp": {1: "1 креветка", 3: "3 креветки", 12: "12 креветок"},
}


@pytest.mark.parametrize("kind", sorted(RUSSIAN))
def test_russian_numerals_agree_with_every_ingredient(kind):
    """ "4 🍍 ананас" and "1 🍄 грибы" were wrong; every count reads right."""
    with use_locale("ru"):
        for n, words in RUSSIAN[kind].items():
            assert render.amount(kind, n, icon=False) == words
            assert render.amount(kind, n) == f"{render.KIND_EMOJI[kind]} {words}"


@pytest.mark.parametrize("locale", LOCALES)
def test_no_count_is_written_with_a_multiplication_sign(locale):
    """`n × kind` let the noun ignore the number; every count is now a plural
    message: what an order needs, the table, a play, a refusal."""
    with use_locale(locale):
        for variant, cards in ORDER_CARDS.items():
            for order in cards:
                assert "×" not in render.order_needs(variant, order), order
        assert "×" not in render.cards({"olive": 2, "salami": 1})


def test_every_order_needs_its_counted_words_in_russian():
    with use_locale("ru"):
        assert render.order_needs("classic", "yellow-olive") == "🍍 1 ананас + 🫒 4 оливки"
        monotoni = render.order_needs("classic", "yellow-monotoni")
        assert monotoni == "🍍 1 ананас + 6 карт другого ингредиента на ваш выбор"
        assert "3 карты того ингредиента" in render.order_needs("classic", "yellow-minimale")


def test_the_cards_drawn_are_counted_by_kind():
    """ "Вы взяли: 🍄 грибы и 🍄 грибы" said one card twice."""
    with use_locale("ru"):
        assert drawn_words("classic", ["mushroom", "mushroom", "olive"]) == (
            "🍄 2 гриба и 🫒 1 оливка"
        )
    with use_locale("en"):
        said = drawn_words("classic", ["mushroom", "yellow-misto", "mushroom"])
        assert said == f"🍄 2 mushrooms and {render.card_title('classic', 'yellow-misto')}"


@pytest.mark.parametrize("locale", ["ja", "zh-TW"])
def test_japanese_and_chinese_alt_texts_use_full_width_punctuation(locale):
    """A hand's alt text as a whole, in Japanese and Chinese punctuation."""
    with use_locale(locale):
        state, _ = start(new_record("plus", 3, 7))
        alt = hand_alt(player_view(state, 0))
    assert not re.search(r"[,;]|\([^)]*\)|\d\. ", alt), alt


# --- legends for the order cards' marks ---------------------------------------


def test_the_order_cards_marks_have_a_legend():
    plus = ORDER_CARDS["plus"]
    shapes = {card.shape: card_id for card_id, card in plus.items()}
    with use_locale("en"):
        assert order_legend([OrderFace.of("plus", "yellow-olive")]) is None  # counts only
        monotoni = order_legend([OrderFace.of("plus", shapes["monotoni"])])
        assert monotoni == "On the order cards: the colour wheel, a kind you name"
        every = order_legend(OrderFace.of("plus", card) for card in shapes.values())
    assert every is not None
    for mark in ("colour wheel", "that many or more", "fewest", "slash", "crossed out"):
        assert mark in every


def test_the_ranking_picture_names_its_players():
    plain = (Ranked(1, "purple", 7, True), Ranked(2, "green", 3, False))
    named = (Ranked(1, "purple", 7, True, "Ana"), Ranked(2, "green", 3, False, "Бен"))
    assert _pixels(ranking_image(named)) != _pixels(ranking_image(plain))
