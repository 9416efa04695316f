"""Every message with a count is a plural message (issue 29, point 4; issue
41, point 5: found from the catalogs themselves).

A placeholder's name says what it holds, the same in every message of every
catalog: a number (`NUMBERS`), an identifier that only looks like one
(`IDENTIFIERS`: given as text, never written as an amount), or words.

- `number_slips` reads the catalogs alone: a number placeholder in a message
  that is not plural (or a second number in a plural one) is a count whose
  noun cannot agree with it in some language ("1 games"), unless the number
  is not a count. Those are listed in `NOT_COUNTS`, each with why its number
  needs no plural form.
- `counted` watches every message rendered while a test runs (`Catalog.get`,
  what `t` calls) and holds the names to their word: a number given to a
  placeholder whose name is not a number's is found, and so is a count given
  to a message that is not plural."""

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

#: Placeholders that hold a number, in every message that has them (or the
#: number already in words, as "2." for a place).
NUMBERS = frozenset(
    {
        "count",  # a plural message's own number
        "amount",
        "average",
        "best",
        "delivered",
        "in_hand",
        "max",
        "min",
        "order_pile",
        "page",
        "pages",
        "place",
        "points",
        "rate",
        "rating",
        "round",
        "rounds",
        "shown",
        "slices",
        "taken",
        "total",
        "wins",
    }
)
#: Placeholders for what only looks like a number: given as text (`str(game)`),
#: so Babel never writes them as an amount ("Game #1,234").
IDENTIFIERS = {
    "game": "a game's number or name: which game, not how many",
    "due": "a timestamp Discord renders itself",
}

ORDINAL = "a place, a round or a page: an ordinal"
VALUE = "a value after its label ('hand 7', 'points: 3'): no noun follows it"
FRACTION = "'n of m', 'n/m': a count of a whole named elsewhere"
BOUND = "a bound ('numbers below 4'): no noun agrees with it"
PERCENT = "a share of the games, written as a percentage: no noun agrees with it"

NOT_COUNTS: dict[tuple[str, str], str] = {
    ("label.value", "amount"): VALUE,
    ("stats.average", "average"): VALUE,
    ("stats.best", "best"): VALUE,
    ("stats.won", "rate"): PERCENT,
    ("history.seat", "points"): VALUE,
    ("history.seat", "place"): ORDINAL,
    ("leaderboard.line", "rating"): VALUE,
    ("leaderboard.computer_line", "rating"): VALUE,
    ("leaderboard.place", "place"): ORDINAL,
    ("final.line", "place"): ORDINAL,
    ("result.line", "place"): ORDINAL,
    ("result.line", "points"): VALUE,
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
    ("table.player", "in_hand"): VALUE,
    ("table.player", "order_pile"): VALUE,
    ("table.player", "delivered"): VALUE,
    ("summary.mm.rounds", "rounds"): VALUE,
    ("summary.pi.line", "slices"): VALUE,
    ("pi.status.turn", "taken"): FRACTION,
    ("pi.status.your_turn", "taken"): FRACTION,
    ("pi.standing.wins", "wins"): VALUE,
    ("pi.standing.points", "points"): VALUE,
    ("pi.result.points", "points"): VALUE,
    ("pi.final.line", "place"): ORDINAL,
    ("pi.final.line", "wins"): VALUE,
    ("pi.final.line", "points"): VALUE,
    ("pi.seen.card", "place"): ORDINAL,
    ("pi.pizza.slices", "total"): FRACTION,
    ("activity.launcher.players", "min"): BOUND,
    ("config.bad_shard_ids", "count"): BOUND,
    ("alt.reveal", "round"): ORDINAL,
    ("alt.reveal.summary", "round"): ORDINAL,
    ("alt.ranked", "place"): ORDINAL,
}


@cache
def shipped() -> frozenset[str]:
    """The ids of the bot's own catalogs (a test game's are its own affair)."""
    return frozenset(_english())


@cache
def _english() -> dict[str, tuple[str, ...]]:
    """The bot's own English messages, each as its forms (one, or a plural's)."""
    folders = [LOCALE_DIR, *Path(bot.games.__file__).parent.glob("*/locales")]
    found: dict[str, tuple[str, ...]] = {}
    for folder in folders:
        with (folder / "en" / "LC_MESSAGES" / "messages.po").open("rb") as file:
            for message in read_po(file):
                if message.id:
                    key = message.id if isinstance(message.id, str) else message.id[0]
                    string = message.string
                    found[key] = tuple(string) if isinstance(string, tuple | list) else (string,)
    return found


def number_slips() -> list[tuple[str, str]]:
    """From the catalogs alone: each (message, placeholder) where a number
    goes into a message that cannot make its noun agree with it."""
    slips = []
    for key, forms in _english().items():
        names = {name for form in forms for name in re.findall(r"\{(\w+)", form)}
        numbers = names & NUMBERS
        # A plural message's form is chosen by its `count`, else by its only
        # number (as `Catalog.get` picks it): that one agrees with its noun.
        chosen = (
            "count" if "count" in numbers else next(iter(numbers)) if len(numbers) == 1 else None
        )
        for name in sorted(numbers):
            if len(forms) > 1 and name == chosen:
                continue
            if (key, name) not in NOT_COUNTS:
                slips.append((key, name))
    return slips


#: The catalog's own `get`, before any test wraps it.
ORIGINAL = Catalog.get


@cache
def placeholders(key: str) -> frozenset[str]:
    english = default_catalog().messages("en").get(key)
    return frozenset(re.findall(r"\{(\w+)", str(english)))


@contextmanager
def counted(monkeypatch: Any) -> Iterator[list[tuple[str, str, int]]]:
    """Every number formatted into a message where no noun can agree with it
    or whose placeholder is not a number's, while inside."""
    found: list[tuple[str, str, int]] = []
    original = ORIGINAL

    def get(self: Catalog, key: str, /, locale: object | None = None, **params: object) -> str:
        if key in shipped():
            plural = self.is_plural(key)
            for name, value in params.items():
                if isinstance(value, bool) or not isinstance(value, int | float):
                    continue
                if name not in placeholders(key):
                    continue
                words = name not in NUMBERS  # an identifier, or words: never a number
                if words or (not plural and (key, name) not in NOT_COUNTS):
                    found.append((key, name, int(value)))
        return original(self, key, locale, **params)

    monkeypatch.setattr(Catalog, "get", get)
    yield found
