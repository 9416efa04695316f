"""Publishing while Discord cannot be reached retries, more slowly each time,
with one log line a try: an outage of minutes is not a wall of tracebacks
(bot.publishing.publisher). A failure of another kind keeps its traceback,
once."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace

import aiohttp
import pytest

from bot.publishing import publisher
from bot.publishing.publisher import Publisher


async def _run(failures: list[BaseException], monkeypatch: pytest.MonkeyPatch) -> list[float]:
    slept: list[float] = []

    async def no_wait(seconds: float) -> None:
        slept.append(seconds)

    async def sync(game: int) -> None:
        if failures:
            raise failures.pop(0)

    monkeypatch.setattr(publisher.asyncio, "sleep", no_wait)
    dirty = asyncio.Event()
    dirty.set()
    worker = SimpleNamespace(_dirty={7: dirty}, _tasks={}, sync=sync)
    await Publisher._worker(worker, 7)  # type: ignore[arg-type]
    assert not worker._dirty and not worker._tasks, "its bookkeeping let go once published"
    return slept


async def test_an_outage_is_one_line_a_try_and_slower_each_time(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    down = [aiohttp.ClientConnectionError("refused") for _ in range(4)]
    with caplog.at_level(logging.WARNING, logger=publisher.__name__):
        slept = await _run(down, monkeypatch)
    assert slept == [1.0, 2.0, 4.0, 8.0]
    tries = [r for r in caplog.records if "publishing game 7 failed" in r.getMessage()]
    assert len(tries) == 4
    assert all(r.exc_info is None and r.levelno == logging.WARNING for r in tries)


async def test_another_failure_keeps_its_traceback_once(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = [KeyError("table"), KeyError("table")]
    with caplog.at_level(logging.WARNING, logger=publisher.__name__):
        await _run(broken, monkeypatch)
    tries = [r for r in caplog.records if "publishing game 7 failed" in r.getMessage()]
    assert [r.exc_info is not None for r in tries] == [True, False]
