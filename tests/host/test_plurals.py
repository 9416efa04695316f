"""The check that counts go into plural messages (tests/support/plurals.py) has
teeth, reads the catalogs themselves, and each number it lets through is one
that needs no plural."""

from __future__ import annotations

import re

import pytest
from plurals import IDENTIFIERS, NOT_COUNTS, NUMBERS, counted, number_slips, shipped

from bot.i18n import default_catalog, t, tn


def test_a_count_in_a_message_that_is_not_plural_is_found(monkeypatch: pytest.MonkeyPatch):
    with counted(monkeypatch) as found:
        t("stats.title", name=3)  # as "1 games, 0 won" once was
        tn("stats.games", 1)
        t("footer.game", game="12")
    assert found == [("stats.title", "name", 3)]


def test_an_identifier_given_as_a_number_is_found(monkeypatch: pytest.MonkeyPatch):
    """A game's number given as an int would be written as an amount: "Game #1,234"."""
    with counted(monkeypatch) as found:
        t("footer.game", game=1234)
    assert found == [("footer.game", "game", 1234)]
    assert t("footer.game", "en", game="1234") == "Game #1234"


def test_every_message_with_a_number_is_plural_or_says_why():
    """From the catalogs, not from what the tests happen to render: every
    message with a number placeholder is a plural message, or its number is
    listed with the reason it counts nothing."""
    assert not number_slips()


def test_the_catalog_check_finds_a_count_that_is_not_plural(monkeypatch: pytest.MonkeyPatch):
    """As "Choose exactly {count} cards for the Ship" was, in no test's game."""
    import plurals

    english = dict(plurals._english())
    english["pi.error.made_up"] = ("Choose exactly {count} cards for the Ship.",)
    english["stats.made_up"] = ("{count} game", "{count} games, {rounds} rounds")
    monkeypatch.setattr(plurals, "_english", lambda: english)
    assert number_slips() == [("pi.error.made_up", "count"), ("stats.made_up", "rounds")]


def test_every_placeholder_name_means_one_thing():
    """A number's name, an identifier's, or words: never two of them."""
    assert not NUMBERS & set(IDENTIFIERS)
    english = default_catalog().messages("en")
    for key in shipped():
        text = str(english[key])
        for name in set(IDENTIFIERS) & set(re.findall(r"\{(\w+)", text)):
            assert (key, name) not in NOT_COUNTS, key


def test_every_number_let_through_is_a_placeholder_of_a_message():
    catalog = default_catalog()
    english = catalog.messages("en")
    for key, name in NOT_COUNTS:
        assert key in shipped(), key
        assert name in NUMBERS, (key, name)
        assert name in re.findall(r"\{(\w+)\}", str(english[key])), (key, name)
        plural = catalog.is_plural(key)
        assert not plural or name != "count", (key, name)
