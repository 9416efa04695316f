"""Late answers (Discord's 10062) are counted and reported in one line, not a
traceback each: under load the tracebacks were what the bot spent its time on."""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import discord
import pytest

from bot.interactions.overload import BEHIND, LOOK_EVERY, LateAnswers, LoopWatch, too_late


def not_found(code: int) -> discord.NotFound:
    response = SimpleNamespace(status=404, reason="Not Found")
    return discord.NotFound(response, {"code": code, "message": "Unknown"})  # type: ignore[arg-type]


def test_only_unknown_interaction_is_too_late() -> None:
    assert too_late(not_found(10062))
    assert not too_late(not_found(10008))  # unknown message: a real problem
    assert not too_late(RuntimeError("boom"))


def test_late_answers_make_one_warning_line_per_window(caplog: pytest.LogCaptureFixture) -> None:
    late = LateAnswers(every=3600)
    sent = datetime(2026, 1, 1, tzinfo=UTC)
    with caplog.at_level(logging.WARNING, logger="bot.interactions.overload"):
        for seconds in (3.5, 4.0, 6.0):
            late.note(sent, now=sent + timedelta(seconds=seconds))
    assert late.total == 3
    lines = [r for r in caplog.records if r.name == "bot.interactions.overload"]
    assert len(lines) == 1 and "Overloaded" in lines[0].getMessage()
    assert "3.5 s" in lines[0].getMessage()
    assert all(r.exc_info is None for r in lines)


def test_a_loop_behind_is_said_once_a_window(caplog: pytest.LogCaptureFixture) -> None:
    watch = LoopWatch(every=10)
    with caplog.at_level(logging.WARNING, logger="bot.interactions.overload"):
        watch.note(0.01, moment=100.0)  # on time: nothing to say
        watch.note(0.4, moment=100.5)
        watch.note(1.2, moment=101.0)  # within the window: counted, not said
        watch.note(0.3, moment=111.0)  # the next window: said again
    lines = [r.getMessage() for r in caplog.records if r.name == "bot.interactions.overload"]
    assert len(lines) == 2
    assert "0.40 s behind" in lines[0] and "1 time(s)" in lines[0]
    assert "1.20 s behind" in lines[1] and "2 time(s)" in lines[1]


async def test_the_loop_watch_notices_a_blocked_loop(caplog: pytest.LogCaptureFixture) -> None:
    watch = LoopWatch(every=0)
    with caplog.at_level(logging.WARNING, logger="bot.interactions.overload"):
        watch.start()
        await asyncio.sleep(0.05)  # the watch is asleep for LOOK_EVERY
        time.sleep(LOOK_EVERY + BEHIND + 0.1)  # the loop is held: the watch wakes late
        await asyncio.sleep(0.05)
        watch.stop()
    assert any("Overloaded: the event loop" in r.getMessage() for r in caplog.records)
