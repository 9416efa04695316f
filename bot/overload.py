"""Saying that the bot is overloaded, without making it worse.

An interaction answered after Discord's 3 seconds is refused with 10062
(Unknown interaction): the player has already seen "This interaction failed".
That happens when the bot is behind, and then a traceback per late answer
(two, with the attempt to say so) only puts it further behind. Instead each
late answer is counted, and one warning line says how many there were.
"""

from __future__ import annotations

import logging
import time
from datetime import datetime
from typing import Any

import discord

log = logging.getLogger(__name__)

#: Discord's error code for an interaction that can no longer be answered.
UNKNOWN_INTERACTION = 10062
#: At most one warning line this often, in seconds.
REPORT_EVERY = 10.0


def too_late(error: BaseException) -> bool:
    """Whether `error` is Discord refusing an answer that came too late."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


class LateAnswers:
    """Counts late answers; logs a one-line warning at most every `REPORT_EVERY` s."""

    def __init__(self, every: float = REPORT_EVERY) -> None:
        self.every = every
        self.total = 0
        self._unreported = 0
        self._worst = 0.0
        self._reported_at = -self.every

    def note(self, created_at: datetime, now: datetime | None = None) -> None:
        self.total += 1
        self._unreported += 1
        age = ((now or discord.utils.utcnow()) - created_at).total_seconds()
        self._worst = max(self._worst, age)
        moment = time.monotonic()
        if moment - self._reported_at >= self.every:
            log.warning(
                "Overloaded: %d interaction(s) answered after Discord's 3 s deadline "
                "since the last report (the latest %.1f s after it was sent; %d in all)",
                self._unreported,
                self._worst,
                self.total,
            )
            self._reported_at = moment
            self._unreported, self._worst = 0, 0.0


late_answers = LateAnswers()


def note_late(interaction: discord.Interaction[Any]) -> None:
    late_answers.note(interaction.created_at)
