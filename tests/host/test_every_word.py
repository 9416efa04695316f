"""Every word right (issue 41, point 5): French elision, Russian numerals that
agree with their nouns, numbers as each language writes them, the rulebooks'
words, full-width punctuation, the leaderboard and history that read right,
and names drawn in pictures, as far as the host and every catalog go. A
game's own words and pictures (its ingredients' numerals, its legends, its
pictures' names) are in its tests (`tests/<game>/bot/test_*_every_word.py`)."""

from __future__ import annotations

import re

import pytest

from bot.i18n import (
    LOCALES,
    default_catalog,
    join_dots,
    join_groups,
    labelled,
    number,
    percent,
    t,
    tn,
    use_locale,
)
from bot.interactions.standings import _board_line, _box, _reads_right, _why_above
from bot.pictures import lettering
from bot.storage import Rating

# --- French: no elision after a hyphen -----------------------------------------


def test_french_keeps_the_pronoun_after_a_hyphen():
    """ "Complétez-l'avec votre main" came 37 times in one Plus game."""
    paid = t("decide.pay", "fr", name="Ana", order="🟩 Misto", needs="…", missing="🫒 1 olive")
    assert "Complétez-la avec votre main" in paid
    assert "jouez-le avec" in t("activity.no_table", "fr")
    assert "Terminez-la ou annulez-la" in t("error.channel_busy", "fr")
    assert "d'**Ana**" in paid  # elision before a name still happens


def test_no_french_message_elides_after_a_hyphen():
    """Every French message, each placeholder a word starting with a vowel."""
    catalog = default_catalog()
    for key, template in catalog.messages("fr").items():
        for form in template if isinstance(template, tuple) else (template,):
            names = set(re.findall(r"\{(\w+)\}", form))
            said = catalog.get(key, "fr", **dict.fromkeys(names, "Ana"))
            assert not re.search(r"-(l|d|qu|j|m|t|s|n)'", said), (key, said)


# --- Russian: every count agrees with its noun ---------------------------------


@pytest.mark.parametrize("locale", LOCALES)
def test_no_count_is_written_with_a_multiplication_sign(locale):
    """`n × kind` let the noun ignore the number; every count is now a plural
    message, in every catalog (a game's own words: in its tests)."""
    for key, template in default_catalog().messages(locale).items():
        assert "× {" not in str(template) and "} ×" not in str(template), key


def test_a_game_named_after_a_russian_noun_keeps_its_quotes():
    """ "Рейтинг Остров Пицца": a name after a noun, in quotes, in the nominative."""
    period = t("leaderboard.period.week", "ru")
    title = t("leaderboard.title", "ru", game="Остров Пицца", period=period)
    assert title == "Рейтинг игры «Остров Пицца» — за эту неделю"
    assert "игра «Остров Пицца»" in t("history.none", "ru", game="Остров Пицца")


def test_chinese_says_what_is_missing_once():
    """ "還缺 還缺 11 張材料卡": the message and its count both said it."""
    missing = tn("decide.short", 11, "zh-TW")
    said = t("decide.pay", "zh-TW", name="Ana", order="X", needs="Y", missing=missing)
    assert said.count("還缺") == 1


# --- numbers as each language writes them ---------------------------------------


@pytest.mark.parametrize(
    ("locale", "decimal", "share", "thousands"),
    [
        ("en", "3.5", "50%", "1,234 games"),
        ("ru", "3,5", "50\xa0%", "1\xa0234 игры"),
        ("ja", "3.5", "50%", "1,234戦"),
        ("zh-TW", "3.5", "50%", "1,234 局"),
        ("fr", "3,5", "50\xa0%", "1\u202f234 parties"),
    ],
)
def test_numbers_and_percentages_are_written_as_each_language_writes_them(
    locale, decimal, share, thousands
):
    """Babel, not f-strings: "3.5" and "50%" are wrong in French and Russian."""
    assert number(3.5, 1, locale) == decimal
    assert number(13, 1, locale) in ("13.0", "13,0")
    assert percent(0.5, locale) == share
    assert tn("stats.games", 1234, locale) == thousands  # a message's number, too
    # An identifier is given as text and never written as an amount.
    assert "1234" in t("footer.game", locale, game="1234")


def test_a_value_after_its_label_follows_the_language():
    assert labelled("Réserve", 1234, "fr") == "Réserve : 1\u202f234"
    assert labelled("山札", 12, "ja") == "山札：12"
    assert labelled("Supply", 12, "en") == "Supply: 12"


# --- the rulebooks' words, and punctuation ---------------------------------------


def test_japanese_calls_the_green_pepper_piiman():
    """🫑 is ピーマン (the Mobius rulebook's ペパロニ is the German "Peperoni")."""
    assert t("kind.pepper", "ja") == "ピーマン"
    for key, template in default_catalog().messages("ja").items():
        assert "ペパロニ" not in str(template), key


@pytest.mark.parametrize("locale", ["ja", "zh-TW"])
def test_japanese_and_chinese_alt_texts_use_full_width_punctuation(locale):
    catalog = default_catalog()
    for key, template in catalog.messages(locale).items():
        if not key.startswith(("alt.", "pi.alt.", "legend.", "list.")):
            continue
        for form in template if isinstance(template, tuple) else (template,):
            bare = re.sub(r"\{\w+\}", "", form)
            assert not re.search(r"[,.;:()]", bare), (key, form)
    with use_locale(locale):
        assert ";" not in join_groups(["A、B", "C"]) and "·" not in join_dots(["1", "2"])


# --- the leaderboard and history ----------------------------------------------


def _rating(player: str, name: str, mu: float, sigma: float, games: int, wins: int) -> Rating:
    return Rating(player, name, mu, sigma, games, wins)


def test_a_computer_row_is_named_once():
    """ "**🤖** 🤖 medium": the mark and the name both said it was a computer."""
    with use_locale("en"):
        line = _board_line(_rating("computer:medium", "", 30.0, 5.0, 3, 1))
    assert line.startswith("🤖 medium — **") and "**🤖**" not in line


def test_the_leaderboard_reads_right():
    """At one rating the winner comes first; a player above someone with more
    wins is said why."""
    ana = _rating("1", "Ana", 25.0, 8.4, 1, 0)  # rating 0 shown
    ben = _rating("2", "Ben", 25.0, 8.5, 1, 1)  # rating 0 shown, one win
    assert [r.name for r in _reads_right([ana, ben])] == ["Ben", "Ana"]
    cleo = _rating("3", "Cleo", 30.0, 2.0, 5, 0)  # higher rating, no win
    board = _reads_right([ana, ben, cleo])
    assert [r.name for r in board] == ["Cleo", "Ben", "Ana"]
    with use_locale("en"):
        why = _why_above(board)
    assert why is not None and why.startswith("Cleo is above Ben, who has more wins")
    assert _why_above([ben, ana]) is None


def test_history_names_the_box_once():
    """ "Mamma Mia! (Mamma Mia!)": the classic box is named after the game."""
    with use_locale("en"):
        assert _box("Mamma Mia!", "Mamma Mia!") == "Mamma Mia!"
        assert _box("Mamma Mia!", "Mamma Mia! Plus") == "Mamma Mia! Plus"
        assert _box("Pizza Island", "Advanced") == "Pizza Island (Advanced)"
    with use_locale("ja"):
        assert _box("ピザアイランド", "上級ルール") == "ピザアイランド（上級ルール）"


@pytest.mark.parametrize("locale", LOCALES)
def test_an_exported_record_says_what_it_is_for(locale):
    """Not "Replay it with `python -m engine replay`": a player keeps or shares it."""
    for key in ("export.done", "export.alt"):
        said = t(key, locale, game="12", title="Mamma Mia!")
        assert "python" not in said and "engine" not in said and "12" in said


# --- pictures name their players ----------------------------------------------


@pytest.mark.skipif(
    not any("CJK" in path.name for path in lettering._font_files()),
    reason="no CJK font on this machine (the Dockerfile and `make chromium` install one)",
)
def test_a_japanese_name_is_drawn_whole_where_a_cjk_font_is_installed():
    runs = lettering.runs("さくら 桜子", 26)
    assert "".join(text for text, _ in runs) == "さくら 桜子"


def test_a_name_leaves_out_what_no_font_draws():
    """An emoji is left out, not drawn as a box: "🤖 Luigi" is drawn "Luigi"."""
    runs = lettering.runs("🤖 Luigi (easy)", 26)
    assert "".join(text for text, _ in runs) == "Luigi (easy)"
