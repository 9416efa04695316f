"""Late answers (Discord's 10062) are counted and reported in one line, not a
traceback each: under load the tracebacks were what the bot spent its time on."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import discord
import pytest

from bot.overload import LateAnswers, too_late


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
    with caplog.at_level(logging.WARNING, logger="bot.overload"):
        for seconds in (3.5, 4.0, 6.0):
            late.note(sent, now=sent + timedelta(seconds=seconds))
    assert late.total == 3
    lines = [r for r in caplog.records if r.name == "bot.overload"]
    assert len(lines) == 1 and "Overloaded" in lines[0].getMessage()
    assert "3.5 s" in lines[0].getMessage()
    assert all(r.exc_info is None for r in lines)
