"""Mamma Mia!'s pictures for every reader (issue 29, point 5): ingredient
kinds are told apart by their silhouettes, each unique, so their colours
are only a second channel."""

from __future__ import annotations

from bot.games.mammamia.pictures.palette import KINDS


def test_each_kind_has_a_silhouette_of_its_own():
    assert len({k.symbol for k in KINDS.values()}) == len(KINDS)
