"""Finished answers, kept: the same hand, or the same table, asked for again
at the same moment of a game in the same language is not built again.

A game's state changes only by a move, which raises its version, so an
answer made for (game, version, seat, language) stays true until the game
moves on: a player opening their hand a second time, a spectator's Watch,
the table shown with a stale click, all come from here. They are kept with
the game in memory (`Live.remember`), and let go at its next move. Each
caller gets its own copy of the answer (`Reply.copy`): what it changes (its
content, its embed, its files) is its own, while the components are shared,
and the pictures come from the worker's memory of drawn pictures
(bot.pictures.worker).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from bot.i18n import current_locale
from bot.kit.reply import Reply

if TYPE_CHECKING:  # the service imports this module
    from bot.live.live import Live


def answer(
    live: Live, kind: str, seat: int | None, *more: Hashable, make: Callable[[], Reply]
) -> Reply:
    """The answer of this `kind` (e.g. "hand") for `seat` at the game's
    version, in the current language (and `more`, e.g. a hand's draft):
    kept, or made now by `make` and kept."""
    key = ("answer", kind, seat, current_locale(), *more)
    kept: Reply = live.remember(key, make)
    return kept.copy()
