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

import discord
from discord.ext import tasks

from bot.kit import metrics

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
        metrics.LATE_ANSWERS.inc()
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


class Deferred:
    """Counts interactions deferred because the bot was behind; one warning
    line at most every `REPORT_EVERY` s."""

    def __init__(self, every: float = REPORT_EVERY) -> None:
        self.every = every
        self.total = 0
        self._unreported = 0
        self._reported_at = -every

    def note(self) -> None:
        metrics.DEFERRED.inc()
        self.total += 1
        self._unreported += 1
        moment = time.monotonic()
        if moment - self._reported_at >= self.every:
            log.warning(
                "Overloaded: %d interaction(s) deferred, not answered within 2 s "
                "(answered later; %d in all)",
                self._unreported,
                self.total,
            )
            self._reported_at = moment
            self._unreported = 0


deferred = Deferred()


def note_late(interaction: discord.Interaction) -> None:
    late_answers.note(interaction.created_at)


#: Seconds between two looks at the event loop, and how late a look may come
#: before the bot says it is behind.
LOOK_EVERY = 0.5
BEHIND = 0.25


class LoopWatch:
    """Says when the event loop falls behind, before any answer comes late.

    Every `LOOK_EVERY` s it notes how much later than asked it woke: that is
    how long ready work (clicks, commands, publishing) waited for the loop.
    Woken more than `BEHIND` s late, it counts; at most every `REPORT_EVERY` s
    one warning line gives the count and the worst delay since the last."""

    def __init__(self, every: float = REPORT_EVERY) -> None:
        self.every = every
        self.behind = 0
        self._worst = 0.0
        self._reported_at = -every
        self._looked: float | None = None
        # A discord.py tasks loop, as every background loop of the bot: the
        # library (and tools that drive it) know it for what it is.
        self._loop = tasks.loop(seconds=LOOK_EVERY)(self._look)

    def start(self) -> None:
        if not self._loop.is_running():
            self._looked = None
            self._loop.start()

    def stop(self) -> None:
        self._loop.cancel()

    async def _look(self) -> None:
        now = time.monotonic()
        if self._looked is not None:
            late = max(0.0, now - self._looked - LOOK_EVERY)
            metrics.LOOP_LATE.observe(late)
            self.note(late)
        self._looked = now

    def note(self, late: float, moment: float | None = None) -> None:
        if late < BEHIND:
            return
        self.behind += 1
        self._worst = max(self._worst, late)
        moment = time.monotonic() if moment is None else moment
        if moment - self._reported_at >= self.every:
            log.warning(
                "Overloaded: the event loop ran up to %.2f s behind (%d time(s) since the "
                "last report); answers and table updates are waiting",
                self._worst,
                self.behind,
            )
            self._reported_at = moment
            self.behind, self._worst = 0, 0.0
