"""#30.5 Catching up without falling behind: stored games whose turn
deadlines all passed while the bot was down. The restarted real bot process
plays every overdue timeout and posts each game's new table, paced behind
the live interactions (bot.clocks.timers yields to them; the channel calls come
from the bot's budget), while players keep using the bot: its event loop
(the gateway's reader) never falls more than 2 s behind, as its own loop
watch reports it (bot.interactions.overload.LoopWatch), and every interaction is answered
within Discord's 3 seconds.

The games are made as a crash leaves them: their tables up (posted by a
first bot on a clock an hour early, so nothing was due for it), their
deadlines an hour past for the real clock of the restarted process.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from test_bot_crash import BotProcess

from bot.flow.service import GameService
from bot.kit.clock import ManualClock
from bot.storage import Seat, Storage

from fakediscord.models import FakeChannel, FakeUser
from fakediscord.server import FakeDiscord

#: Seconds the loop may run behind, and an answer take, at most.
GATEWAY_BEHIND = 2.0
ANSWER_WITHIN = 3.0
BEHIND_LINE = re.compile(r"event loop ran up to ([0-9.]+) s behind")
AN_HOUR = 3600.0


async def overdue_games(
    server: FakeDiscord, bots: Any, db: Path, count: int
) -> list[tuple[int, FakeChannel, list[FakeUser]]]:
    """`count` two-player games of High Card (the test game), each in a channel
    of its own, started an hour ago with a 2-minute turn timer, their first
    tables posted."""
    past = time.time() - AN_HOUR
    games = []
    async with await Storage.open(db) as storage:
        service = GameService(storage, clock=ManualClock(past))
        for index in range(count):
            channel = server.add_channel(f"overdue-{index:04d}")
            users = [server.add_user(f"O{index:04d}{who}") for who in "ab"]
            seats = [Seat(user_id=u.id, name=u.name) for u in users]
            options = {"turn_timer": "2m"}
            row = await service.lobbies.open_lobby(
                "highcard", server.guild.id, channel.id, seats[0], "en", options
            )
            await service.lobbies.join(channel.id, seats[1], row.id)
            live = await service.start(channel.id, users[0].id, row.id)
            games.append((live.id, channel, users))
    # A first bot posts every table, on a clock for which nothing is due yet.
    bots.clock = ManualClock(past + 1)
    await bots.start()
    await bots.idle(timeout=300)
    await bots.stop()
    return games


def caught_up(db: Path) -> tuple[int, int]:
    """(games whose overdue turn was played and whose new table is out, games)."""
    with contextlib.closing(sqlite3.connect(db, timeout=10)) as conn:
        rows = conn.execute("SELECT version, narration FROM games").fetchall()
    done = sum(1 for version, narration in rows if version >= 1 and not _owes(narration))
    return done, len(rows)


def _owes(narration: str) -> bool:
    return bool(json.loads(narration).get("intent"))


async def catch_up_while_playing(
    server: FakeDiscord,
    bots: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    count: int,
    limit: float,
) -> None:
    games = await overdue_games(server, bots, tmp_path / "games.sqlite3", count)
    assert caught_up(tmp_path / "games.sqlite3") == (0, count)
    bot = BotProcess(server, tmp_path)
    answers: list[float] = []
    done = asyncio.Event()
    rng = random.Random(3)

    async def player() -> None:
        """Someone reads their game's rules (the channel's running game looked
        up), again and again, during the catch-up."""
        while not done.is_set():
            _, channel, users = rng.choice(games)
            result = await server.slash(rng.choice(users), channel, "highcard", "rules")
            assert result.response is not None, "answered"
            answers.append(result.response.elapsed)
            await asyncio.sleep(rng.uniform(0.05, 0.2))

    try:
        await bot.start(timeout=120)
        started = time.monotonic()
        players = [asyncio.create_task(player()) for _ in range(4)]
        try:
            async with asyncio.timeout(limit):
                while caught_up(tmp_path / "games.sqlite3")[0] < count:
                    for task in players:
                        if task.done():
                            task.result()  # a player's failure, at once
                    await asyncio.sleep(0.25)
        finally:
            done.set()
            await asyncio.gather(*players)
        took = time.monotonic() - started
    finally:
        await bot.stop()

    log = bot.log(bot.runs).read_text()
    assert "Traceback" not in log, log[-3000:]
    assert f"Resumed game {games[-1][0]} " in log
    behind = [float(x) for x in BEHIND_LINE.findall(log)]
    assert max(behind, default=0.0) <= GATEWAY_BEHIND, (behind, took)
    assert len(answers) >= 8, "players used the bot all along"
    assert max(answers) < ANSWER_WITHIN, sorted(answers)[-5:]
    assert not server.violations, server.violations[:5]
    print(  # the figures, with -s
        f"{count} overdue games caught up in {took:.1f} s; the loop reported behind "
        f"{behind or 'never (it reports from 0.25 s)'}; {len(answers)} answers, "
        f"slowest {max(answers):.3f} s"
    )


async def test_a_restart_catches_up_on_overdue_games_behind_the_players(
    discord_server: FakeDiscord, bots: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await catch_up_while_playing(discord_server, bots, tmp_path, monkeypatch, 60, 90)


@pytest.mark.slow
async def test_a_restart_catches_up_on_1000_overdue_games_behind_the_players(
    discord_server: FakeDiscord, bots: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await catch_up_while_playing(discord_server, bots, tmp_path, monkeypatch, 1000, 600)
