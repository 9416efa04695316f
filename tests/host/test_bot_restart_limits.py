"""#42.1 Inside Discord's limits at every restart. The real bot process
restarts on many live games whose interactions died with the process before
it, so every reminder, timeout and table of theirs goes through the routes
Discord's global rate limit counts; and again after a long outage, every
game's clock long past. The loopback Discord enforces Discord's limits (a
429 fails the test: fakediscord/ratelimits.py) at Discord's own per-route
windows; the bot keeps to its budget (40 in any second), reads a channel's
history only where no table is stored, and updates each table with the
fewest calls.

Games are made as a crash leaves them: stored, their tables up (posted by a
first bot on a clock set back, so that nothing was due for it).
`-m slow` runs them with 1,000 games and prints the figures (`-s`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from test_bot_crash import BotProcess

from bot.flow.service import GameService
from bot.kit.budget import BOT_RATE
from bot.kit.clock import ManualClock
from bot.storage import Seat, Storage

from fakediscord.ratelimits import GLOBAL_LIMIT
from fakediscord.routing import BotRequest
from fakediscord.server import FakeDiscord

#: The turn timer of the games (the shortest a lobby offers): a reminder half-way.
TIMER, SECONDS = "1m", 60.0


async def stored_games(server: FakeDiscord, bots: Any, db: Path, ago: list[float]) -> list[int]:
    """Two-player games of High Card (the test game), each in a channel of its own, started `ago`
    seconds ago on the real clock (one game each), their first tables posted."""
    now = time.time()
    starts = sorted(now - seconds for seconds in ago)
    games = []
    async with await Storage.open(db) as storage:
        clock = ManualClock(starts[0])
        service = GameService(storage, clock=clock)
        for index, start in enumerate(starts):
            clock.advance(start - clock.now())
            channel = server.add_channel(f"live-{index:04d}")
            users = [server.add_user(f"L{index:04d}{who}") for who in "ab"]
            seats = [Seat(user_id=u.id, name=u.name) for u in users]
            options = {"turn_timer": TIMER}
            row = await service.lobbies.open_lobby(
                "highcard", server.guild.id, channel.id, seats[0], "en", options
            )
            await service.lobbies.join(channel.id, seats[1], row.id)
            live = await service.start(channel.id, users[0].id, row.id)
            games.append(live.id)
    bots.clock = ManualClock(starts[0] + 1)  # a first bot posts every table; nothing is due for it
    await bots.start(timeout=5 + len(ago) / 20)  # a guild of thousands of members
    await bots.idle(timeout=60 + len(ago) / 2)  # each table drawn, and posted at 40 a second
    await bots.stop()
    return games


def tables_stored(db: Path) -> int:
    with contextlib.closing(sqlite3.connect(db, timeout=10)) as conn:
        sql = "SELECT COUNT(*) FROM games WHERE table_message_id IS NOT NULL"
        return int(conn.execute(sql).fetchone()[0])


@dataclass
class Figures:
    """The globally limited requests of the restarted bot."""

    requests: list[BotRequest]
    seconds: float

    @property
    def per_second(self) -> float:
        return len(self.requests) / self.seconds

    def most_in_a_second(self) -> int:
        """The most that arrived in any one-second window."""
        times = sorted(r.at for r in self.requests)
        most, first = 0, 0
        for last, at in enumerate(times):
            while at - times[first] >= 1.0:
                first += 1
            most = max(most, last - first + 1)
        return most

    def routes(self) -> Counter[str]:
        found: Counter[str] = Counter()
        for r in self.requests:
            path = "/".join("{id}" if part.isdigit() else part for part in r.path.split("/"))
            found[f"{r.method} {path}"] += 1
        return found

    def __str__(self) -> str:
        return (
            f"{len(self.requests)} requests the global limit counts in {self.seconds:.0f} s: "
            f"{self.per_second:.1f} a second, at most {self.most_in_a_second()} in any second; "
            f"by route {dict(self.routes().most_common())}"
        )


async def restart(
    server: FakeDiscord,
    tmp_path: Path,
    until: Any,
    limit: float,
) -> Figures:
    """Start the real bot on the stored games, at Discord's own route windows,
    and watch its requests until `until(db)` holds (or `limit` seconds)."""
    bot = BotProcess(server, tmp_path)
    server.limits.tempo = 1.0  # Discord's windows, not the tests' quicker ones
    before = len(server.requests)
    try:
        await bot.start(timeout=120)
        started = time.monotonic()
        try:
            async with asyncio.timeout(limit):
                while not until(tmp_path / "games.sqlite3"):
                    assert bot.proc is not None and bot.proc.returncode is None
                    await asyncio.sleep(0.25)
        except TimeoutError:
            print("still waiting for", getattr(until, "waiting", None))
            raise
        took = time.monotonic() - started
    finally:
        await bot.stop()
    log = bot.log(bot.runs).read_text()
    assert "Traceback" not in log, log[-3000:]
    assert "rate limited" not in log, log[-3000:]
    assert server.limits.limited == [], server.limits.limited[:5]
    counted = [r for r in server.requests[before:] if r.global_limited and r.at >= started]
    return Figures(counted, took)


def versions(db: Path) -> dict[int, tuple[int, tuple[int | None, str | None]]]:
    """Each game's version and its table as stored: the message's id and a
    digest of what it shows (a hand-over edits it in place, issue 45)."""
    with contextlib.closing(sqlite3.connect(db, timeout=10)) as conn:
        sql = "SELECT id, version, table_message_id, narration FROM games"
        rows = conn.execute(sql).fetchall()
    return {
        game: (version, (table, json.loads(narration or "{}").get("table")))
        for game, version, table, narration in rows
    }


def timed_out_and_shown(db: Path) -> Any:
    """Every game made its move at the timeout and showed the next turn's
    table (stored; a later ping's, reminder's or timeout's may be owed already)."""
    before = versions(db)

    def done(db: Path) -> bool:
        now = versions(db)
        waiting = [g for g, (v, t) in now.items() if v < 1 or t == before[g][1]]
        done.waiting = waiting[:20]  # type: ignore[attr-defined]
        return not waiting

    return done


def for_seconds(seconds: float) -> Any:
    """Watch for `seconds` from the bot's start (its clocks running all along)."""
    end: list[float] = []

    def done(db: Path) -> bool:
        if not end:
            end.append(time.monotonic() + seconds)
        return time.monotonic() >= end[0]

    return done


async def live_restart(
    server: FakeDiscord, bots: Any, tmp_path: Path, count: int, seconds: float, moves: int
) -> Figures:
    """Restart on `count` games at every point of the last half of their first
    turn, with no person's interaction alive to carry a table: reminders and
    timeouts fall due all along; watched for `seconds`, in which each game
    makes at least `moves` moves at its timeouts."""
    db = tmp_path / "games.sqlite3"
    spread = [SECONDS / 2 - 5 + (SECONDS / 2) * index / count for index in range(count)]
    await stored_games(server, bots, db, spread)
    assert tables_stored(db) == count
    figures = await restart(server, tmp_path, for_seconds(seconds), seconds + 60)
    routes = figures.routes()
    assert routes["GET /channels/{id}/messages"] == 0, "no history read: every table is stored"
    moved = [version for version, _ in versions(db).values()]
    assert min(moved) >= moves, (sorted(moved)[:10], figures)
    # Each move: its turn's reminder (a post and the old table's delete) and
    # the timeout's (the next turn's table): four requests at most.
    assert len(figures.requests) <= 4 * sum(moved) + 2 * count, figures
    return figures


async def outage_restart(
    server: FakeDiscord, bots: Any, tmp_path: Path, count: int, limit: float
) -> Figures:
    """Restart on `count` games an hour into their first turn: every clock long
    past, each game's timeout played at once (its reminder would only be a
    table replaced at once), each its next turn's table: an edit in place
    (the next player's ping, a post and a delete, comes 20 s on)."""
    db = tmp_path / "games.sqlite3"
    await stored_games(server, bots, db, [3600.0] * count)
    figures = await restart(server, tmp_path, timed_out_and_shown(db), limit)
    print(figures)
    routes = figures.routes()
    assert routes["GET /channels/{id}/messages"] == 0, figures
    edits, posts, deletes = (
        routes["PATCH /channels/{id}/messages/{id}"],
        routes["POST /channels/{id}/messages"],
        routes["DELETE /channels/{id}/messages/{id}"],
    )
    assert edits >= count, figures
    # An edit for each table owed; a ping that fell due meanwhile a post and
    # the old table's delete (the last deletes may still wait for the
    # budget); nothing else.
    channel = "/channels/{id}/messages"
    assert set(routes) <= {f"PATCH {channel}/{{id}}", f"POST {channel}", f"DELETE {channel}/{{id}}"}
    assert deletes <= posts, figures
    return figures


def check(figures: Figures) -> None:
    assert figures.most_in_a_second() <= BOT_RATE < GLOBAL_LIMIT, figures
    print(figures)  # the figures, with -s


async def test_a_restart_on_live_games_keeps_within_discords_limits(
    discord_server: FakeDiscord, bots: Any, tmp_path: Path
) -> None:
    check(await live_restart(discord_server, bots, tmp_path, 60, 40, 1))


async def test_a_restart_after_a_long_outage_keeps_within_discords_limits(
    discord_server: FakeDiscord, bots: Any, tmp_path: Path
) -> None:
    check(await outage_restart(discord_server, bots, tmp_path, 60, 60))


@pytest.mark.slow
async def test_a_restart_on_1000_live_games_keeps_within_discords_limits(
    discord_server: FakeDiscord, bots: Any, tmp_path: Path
) -> None:
    check(await live_restart(discord_server, bots, tmp_path, 1000, 240, 3))


@pytest.mark.slow
async def test_a_restart_on_1000_games_after_a_long_outage_keeps_within_discords_limits(
    discord_server: FakeDiscord, bots: Any, tmp_path: Path
) -> None:
    check(await outage_restart(discord_server, bots, tmp_path, 1000, 600))
