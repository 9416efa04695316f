"""Every message with a count is a plural message (issue 29, point 4).

`counted` watches every message rendered while a test runs (`Catalog.get`,
what `t` calls): a whole number given to a message of the bot's catalogs
that is not a plural message is a count whose noun cannot agree with it in
some language ("1 games"), unless the number is not a count. Those are
listed in `NOT_COUNTS`, each with why its number needs no plural form."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

import bot.games
from bot.i18n import LOCALE_DIR, Catalog, default_catalog

ID = "a game's number: an identifier, not an amount"
ORDINAL = "a place, a round or a page: an ordinal"
VALUE = "a value after its label ('hand 7', 'points: 3'): no noun follows it"
TIMES = "'n × kind': the multiplication sign, no noun agrees with n"
FRACTION = "'n of m', 'n/m': a count of a whole named elsewhere"
TIME = "a timestamp Discord renders itself"
BOUND = "a bound ('numbers below 4'): no noun agrees with it"

NOT_COUNTS: dict[tuple[str, str], str] = {
    ("footer.game", "game"): ID,
    ("export.done", "game"): ID,
    ("history.line", "game"): ID,
    ("stats.best", "game"): ID,
    ("stats.best", "best"): VALUE,
    ("history.seat", "score"): VALUE,
    ("leaderboard.line", "rating"): VALUE,
    ("leaderboard.place", "place"): ORDINAL,
    ("final.line", "place"): ORDINAL,
    ("final.line_winner", "place"): ORDINAL,
    ("table.title", "round"): ORDINAL,
    ("table.title", "rounds"): FRACTION,
    ("reveal.title", "round"): ORDINAL,
    ("reveal.progress_value", "shown"): FRACTION,
    ("reveal.progress_value", "total"): FRACTION,
    ("pick.more", "page"): ORDINAL,
    ("pick.more", "pages"): FRACTION,
    ("lobby.seats", "count"): FRACTION,
    ("lobby.seats", "max"): FRACTION,
    ("table.player", "hand"): VALUE,
    ("table.player", "orders"): VALUE,
    ("table.player", "delivered"): VALUE,
    ("hand.play_cards", "count"): TIMES,
    ("table.play.plain", "count"): TIMES,
    ("table.play.with_order", "count"): TIMES,
    ("played.plain", "count"): TIMES,
    ("played.with_order", "count"): TIMES,
    ("log.play", "count"): TIMES,
    ("log.play_order", "count"): TIMES,
    ("error.too_few", "held"): TIMES,
    ("error.cannot_pay", "need"): TIMES,
    ("error.cannot_pay", "held"): VALUE,
    ("error.ask_rest_not_held", "need"): TIMES,
    ("error.ask_rest_not_held", "held"): VALUE,
    ("needs.monotoni", "amount"): TIMES,
    ("needs.minimale", "amount"): TIMES,
    ("needs.piccola", "amount"): TIMES,
    ("needs.chiottona", "amount"): TIMES,
    ("needs.mammamia", "amount"): TIMES,
    ("ping.reminder", "due"): TIME,
    ("pi.table.title", "game"): ORDINAL,
    ("pi.result.winner", "game"): ORDINAL,
    ("pi.result.deck_empty", "game"): ORDINAL,
    ("pi.result.stalemate", "game"): ORDINAL,
    ("pi.result.take_cap", "game"): ORDINAL,
    ("pi.status.turn", "taken"): FRACTION,
    ("pi.standing.wins", "wins"): VALUE,
    ("pi.standing.points", "points"): VALUE,
    ("pi.result.points", "points"): VALUE,
    ("pi.final.line", "place"): ORDINAL,
    ("pi.final.line", "wins"): VALUE,
    ("pi.final.line", "points"): VALUE,
    ("config.bad_shard_ids", "count"): BOUND,
    ("alt.reveal", "round"): ORDINAL,
    ("alt.reveal.summary", "round"): ORDINAL,
    ("alt.ranked", "place"): ORDINAL,
    ("export.alt", "game"): ID,
}


@cache
def shipped() -> frozenset[str]:
    """The ids of the bot's own catalogs (a test game's are its own affair)."""
    folders = [LOCALE_DIR, *Path(bot.games.__file__).parent.glob("*/locales")]
    ids = set()
    for folder in folders:
        with (folder / "en" / "LC_MESSAGES" / "messages.po").open("rb") as file:
            for message in read_po(file):
                if message.id:
                    ids.add(message.id if isinstance(message.id, str) else message.id[0])
    return frozenset(ids)


#: The catalog's own `get`, before any test wraps it.
ORIGINAL = Catalog.get


@cache
def placeholders(key: str) -> frozenset[str]:
    english = default_catalog().messages("en").get(key)
    return frozenset(re.findall(r"\{(\w+)", str(english)))


@contextmanager
def counted(monkeypatch: Any) -> Iterator[list[tuple[str, str, int]]]:
    """Every count formatted into a message that is not plural, while inside."""
    found: list[tuple[str, str, int]] = []
    original = ORIGINAL

    def get(self: Catalog, key: str, /, locale: object | None = None, **params: object) -> str:
        if key in shipped() and not self.is_plural(key):
            for name, value in params.items():
                number = isinstance(value, int) and not isinstance(value, bool)
                if number and name in placeholders(key) and (key, name) not in NOT_COUNTS:
                    found.append((key, name, int(str(value))))
        return original(self, key, locale, **params)

    monkeypatch.setattr(Catalog, "get", get)
    yield found
