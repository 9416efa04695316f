"""The bot's CPU in storing a move and in building the public table after it,
over positions of real games: `python -m bench.move_cpu`.

Plays whole four-seat Mamma Mia! games (classic and Plus, in six languages)
with random legal moves through the bot's own `GameService.act` on a fresh
database, and after each move builds the table as the publisher does
(`Publisher._table` and `_ready_hands`, without sending it): the moment,
the table's reply with its buttons, its fingerprint. Each move's CPU is
taken apart: the process's (SQLite's thread included) and the event loop's
thread's for the move, the thread's for the table. The same games are
played `--rounds` times, each on a new database; the least and the median
round are printed, a figure that other work on the machine moves little.
`--early N` plays only the first N moves of each game (36 games), the moves
`bench.bot_load`'s 60 s reach. Another checkout's bot, beside this one's:
`PYTHONPATH=../other python bench/move_cpu.py` (the same tables shown
print the same fingerprint).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import asyncpg

import bot.plugin  # noqa: F401  (the games' catalogs, before any message)
from bench.bot_load import throwaway_postgres
from bot.flow.service import GameService
from bot.i18n import use_locale
from bot.kit.clock import ManualClock
from bot.live.live import Live
from bot.live.moments import moment_of
from bot.publishing.publisher import carried_decision
from bot.publishing.table_post import digest, table_reply
from bot.storage import Seat, Storage
from engine.interface import Action

GAMES = (
    ("classic", "en"),
    ("plus", "ru"),
    ("classic", "ja"),
    ("plus", "en"),
    ("classic", "fr"),
    ("plus", "zh-TW"),
)
PEOPLE = ((10, "Ana"), (11, "Ben"), (12, "Chiara"), (13, "Dmitri"))
SEED = 7


@dataclass
class Round:
    moves: list[float] = field(default_factory=list)  # the process's CPU a move
    threads: list[float] = field(default_factory=list)  # the event loop thread's
    tables: list[float] = field(default_factory=list)  # the thread's, for the table
    shown: list[str] = field(default_factory=list)  # each table's fingerprint


def table(live: Live) -> str:
    """What the publisher works out for the table after a move, but its request."""
    presence = live.presence_seen()
    shown = live.table()
    moment = moment_of(live, shown.view, presence)
    reply = table_reply(live, shown, presence, moment)
    reply.items += carried_decision(live, shown, live.published)
    moment_of(live, live.public_view(), live.presence_seen())  # the hands readied
    return digest(reply)


def _playing(action: Action) -> Callable[[int], Action]:
    return lambda seat: action


async def one_round(url: str, early: int) -> Round:
    storage = await Storage.open(url)
    made = Round()
    try:
        service = GameService(storage, seed=lambda: SEED, clock=ManualClock())
        for n, (variant, language) in enumerate(GAMES * (6 if early else 1)):
            channel = 1000 + n
            host, *others = PEOPLE
            settings = {"variant": variant}
            await service.lobbies.open_lobby(
                "mammamia", 1, channel, Seat(*host), language, settings
            )
            for user, name in others:
                await service.lobbies.join(channel, Seat(user, name))
            live = await service.start(channel, host[0])
            rng = random.Random(SEED * 31 + n)
            rules = live.rules
            with use_locale(language):
                while live.row.status == "running" and (not early or live.version < early):
                    seat = (list(rules.asked(live.state)) or [rules.to_act(live.state)[0]])[0]
                    action = rng.choice(list(rules.legal_actions(live.state, seat)))
                    person = live.row.seats[seat].user_id
                    assert person is not None
                    cpu, thread = time.process_time(), time.thread_time()
                    await service.act(live.id, person, _playing(action))
                    moved, moved_thread = time.process_time(), time.thread_time()
                    made.shown.append(table(live))
                    made.tables.append(time.thread_time() - moved_thread)
                    made.moves.append(moved - cpu)
                    made.threads.append(moved_thread - thread)
    finally:
        await storage.close()
    return made


async def run(database: str, rounds: int, early: int) -> dict[str, Any]:
    server = throwaway_postgres() if database == "postgresql" else None
    made: list[Round] = []
    try:
        for number in range(rounds):
            if server is not None:
                admin = await asyncpg.connect(server.admin_url)
                try:
                    await admin.execute(f"CREATE DATABASE moves{number}")
                finally:
                    await admin.close()
                url = server.url(f"moves{number}")
            else:
                url = os.path.join(tempfile.mkdtemp(), "games.sqlite3")
            made.append(await one_round(url, early))
    finally:
        if server is not None:
            server.stop()
    shown = {hashlib.sha256("".join(r.shown).encode()).hexdigest()[:12] for r in made}
    assert len(shown) == 1, "every round showed the same tables"

    def us(values: list[list[float]]) -> dict[str, float]:
        means = [1e6 * sum(v) / len(v) for v in values]
        return {"least": round(min(means)), "median": round(statistics.median(means))}

    return {
        "database": database,
        "moves": len(made[0].moves),
        "move_us": us([r.moves for r in made]),
        "move_thread_us": us([r.threads for r in made]),
        "table_us": us([r.tables for r in made]),
        "tables_shown": shown.pop(),  # the same for two checkouts that show the same
    }


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--database", default="sqlite", choices=("sqlite", "postgresql"))
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--early", type=int, default=0, help="only each game's first N moves")
    a = p.parse_args(argv)
    s = asyncio.run(run(a.database, a.rounds, a.early))
    print(
        f"{s['database']}: {s['moves']} moves; a move {s['move_us']['least']} µs"
        f" (median round {s['move_us']['median']}), its event loop's thread"
        f" {s['move_thread_us']['least']} ({s['move_thread_us']['median']});"
        f" the table {s['table_us']['least']} µs ({s['table_us']['median']});"
        f" tables {s['tables_shown']}"
    )


if __name__ == "__main__":
    main()
