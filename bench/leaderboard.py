"""How long a leaderboard takes over 100,000 stored games: `python -m bench.leaderboard`.

Fills a fresh SQLite database (the bot's schema, by `open_storage`) with
100,000 finished four-seat games of one server over a year, their 400,000
result rows, and the ratings `Storage.record_result` keeps for them (all time,
per month, per week; rated by `bot.flow.stats.rate` as the bot does). The rows are
bulk-loaded for speed; the query timed is the bot's own `Storage.leaderboard`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.flow.stats import MIN_GAMES, period_key, period_keys, rate
from bot.storage import GameResult, ResultRow, open_storage
from bot.storage.sqlite import timestamp

GUILD, GAME = 1, "mammamia"


def fill(path: Path, games: int, people: int, seed: int) -> datetime:
    rng = random.Random(seed)
    players = [str(1000 + n) for n in range(people)] + [
        f"computer:{level}" for level in ("easy", "medium", "hard")
    ]
    start = datetime(2025, 1, 1, tzinfo=UTC)
    ratings: dict[tuple[str, str], tuple[float, float, int, int]] = {}
    results = []
    moment = start
    for game_id in range(1, games + 1):
        moment = start + timedelta(seconds=game_id * 315)  # a year for 100,000 games
        seats = rng.sample(players, 4)
        order = list(range(4))
        rng.shuffle(order)
        rows = tuple(
            ResultRow(game_id, seat, key, None, key, order[seat] + 1, rng.randint(0, 8))
            for seat, key in enumerate(seats)
        )
        result = GameResult(game_id, GUILD, GAME, "classic", moment, rows)
        for row in rows:
            user = None if row.player.startswith("computer:") else int(row.player)
            made = json.dumps(["misto"])
            where = (game_id, row.seat, GUILD, GAME, "classic", timestamp(moment))
            results.append((*where, row.player, user, row.name, row.place, row.score, made))
        for period in period_keys(moment):
            priors = {key: ratings[period, key][:2] for key in seats if (period, key) in ratings}
            after = rate(result, priors)
            for row in rows:
                _, _, played, won = ratings.get((period, row.player), (0.0, 0.0, 0, 0))
                mu, sigma = after[row.player]
                ratings[period, row.player] = (mu, sigma, played + 1, won + (row.place == 1))
    with sqlite3.connect(path) as conn:
        conn.executemany(f"INSERT INTO results VALUES ({', '.join('?' * 12)})", results)
        conn.executemany(
            "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (GUILD, GAME, period, key, key, mu, sigma, mu - 3 * sigma, n, wins)
                for (period, key), (mu, sigma, n, wins) in ratings.items()
            ],
        )
    return moment


async def main(games: int, people: int, runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        await (await open_storage(path)).close()  # the schema
        began = time.perf_counter()
        last = fill(path, games, people, seed=1)
        print(f"stored {games:,} games in {time.perf_counter() - began:.0f} s")
        async with await open_storage(path) as storage:
            for period in ("all", "month", "week"):
                key = period_key(period, last)
                times = []
                for _ in range(runs):
                    began = time.perf_counter()
                    board = await storage.leaderboard(GUILD, GAME, key, min_games=MIN_GAMES)
                    times.append((time.perf_counter() - began) * 1000)
                print(
                    f"leaderboard {period:>5}: median {statistics.median(times):.2f} ms,"
                    f" worst {max(times):.2f} ms over {runs} runs ({len(board)} rows)"
                )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--people", type=int, default=300)
    parser.add_argument("--runs", type=int, default=50)
    options = parser.parse_args()
    asyncio.run(main(options.games, options.people, options.runs))
