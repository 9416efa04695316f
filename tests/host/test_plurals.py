"""The check that counts go into plural messages (tests/support/plurals.py) has
teeth, and each number it lets through is one that needs no plural."""

from __future__ import annotations

import re

import pytest
from plurals import NOT_COUNTS, counted, shipped

from bot.i18n import default_catalog, t, tn


def test_a_count_in_a_message_that_is_not_plural_is_found(monkeypatch: pytest.MonkeyPatch):
    with counted(monkeypatch) as found:
        t("stats.title", name=3)  # as "1 games, 0 won" once was
        tn("stats.games", 1)
        t("footer.game", game=12)
    assert found == [("stats.title", "name", 3)]


def test_every_number_let_through_is_a_placeholder_of_a_message_that_is_not_plural():
    catalog = default_catalog()
    english = catalog.messages("en")
    for key, name in NOT_COUNTS:
        assert key in shipped(), key
        assert not catalog.is_plural(key), key
        assert name in re.findall(r"\{(\w+)\}", str(english[key])), (key, name)
