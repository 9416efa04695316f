"""`ResultStore` in portable SQL: the tables `results` and `ratings`, and the
history of finished games."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from bot.storage.results import GameResult, Rate, Rating, ResultRow, ResultStore
from bot.storage.sql_base import Executor, Row, SqlBackend, dumps

__all__ = ["SqlResults"]


class SqlResults(SqlBackend, ResultStore):
    """`ResultStore` over a backend's connection."""

    async def record_result(
        self, result: GameResult, rate: Rate, periods: Sequence[str] = ("all",)
    ) -> bool:
        finished = self._to_db_time(result.finished_at)

        async def body(db: Executor) -> bool:
            for index, seat in enumerate(result.seats):
                inserted = await db.fetchone(
                    "INSERT INTO results (game_id, seat, guild_id, game, variant, finished_at,"
                    " player, user_id, name, place, score, made)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (game_id, seat) DO NOTHING RETURNING seat",
                    (
                        result.game_id,
                        seat.seat,
                        result.guild_id,
                        result.game,
                        result.variant,
                        finished,
                        seat.player,
                        seat.user_id,
                        seat.name,
                        seat.place,
                        seat.score,
                        dumps(list(seat.made)),
                    ),
                )
                if inserted is None:
                    if index == 0:
                        return False  # recorded before (by this process or another)
                    raise ValueError(f"game {result.game_id} repeats seat {seat.seat}")
            for period in periods:
                await self._rate(db, result, rate, period)
            return True

        return await self._transaction(body)

    async def _rate(self, db: Executor, result: GameResult, rate: Rate, period: str) -> None:
        players = sorted({seat.player for seat in result.seats})
        # A player's first game in a period has no row to lock, and two games
        # ending at once would both rate from nothing: an empty row (no games)
        # is made first, in the players' order, so the second writer waits for
        # the first and then reads its row. It never outlives this transaction.
        for player in players:
            await db.execute(
                "INSERT INTO ratings (guild_id, game, period, player, name, mu, sigma, ordinal,"
                " games, wins) VALUES (?, ?, ?, ?, '', 0, 0, 0, 0, 0)"
                " ON CONFLICT (guild_id, game, period, player) DO NOTHING",
                (result.guild_id, result.game, period, player),
            )
        marks = ", ".join("?" for _ in players)
        rows = await db.fetchall(
            "SELECT player, mu, sigma, games, wins FROM ratings"
            f" WHERE guild_id = ? AND game = ? AND period = ? AND player IN ({marks})"
            f"{self.lock_row}",
            (result.guild_id, result.game, period, *players),
        )
        priors = {row["player"]: row for row in rows if row["games"]}
        after = rate(result, {p: (row["mu"], row["sigma"]) for p, row in priors.items()})
        for player in players:
            seats = [seat for seat in result.seats if seat.player == player]
            prior = priors.get(player)
            games = (prior["games"] if prior else 0) + 1
            wins = (prior["wins"] if prior else 0) + any(seat.place == 1 for seat in seats)
            mu, sigma = after[player]
            await db.execute(
                "INSERT INTO ratings (guild_id, game, period, player, name, mu, sigma, ordinal,"
                " games, wins) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id, game, period, player) DO UPDATE SET"
                " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,"
                " ordinal = excluded.ordinal, games = excluded.games, wins = excluded.wins",
                (
                    result.guild_id,
                    result.game,
                    period,
                    player,
                    seats[0].name,
                    mu,
                    sigma,
                    mu - 3 * sigma,
                    games,
                    wins,
                ),
            )

    async def player_results(self, guild_id: int, game: str, player: str) -> list[ResultRow]:
        async with self._read() as db:
            rows = await db.fetchall(
                "SELECT * FROM results WHERE guild_id = ? AND game = ? AND player = ?"
                " ORDER BY finished_at DESC, game_id DESC",
                (guild_id, game, player),
            )
        return [self._result_from_row(row) for row in rows]

    async def computers_beaten(self, guild_id: int, game: str, player: str) -> dict[str, int]:
        async with self._read() as db:
            rows = await db.fetchall(
                "SELECT c.player AS player, COUNT(*) AS beaten FROM results me"
                " JOIN results c ON c.game_id = me.game_id"
                " WHERE me.guild_id = ? AND me.game = ? AND me.player = ?"
                " AND c.player LIKE 'computer:%' AND c.place > me.place"
                " GROUP BY c.player",
                (guild_id, game, player),
            )
        return {row["player"]: int(row["beaten"]) for row in rows}

    async def leaderboard(
        self, guild_id: int, game: str, period: str, *, min_games: int = 1, limit: int = 10
    ) -> list[Rating]:
        # Walks the index ratings_board from the best rating down.
        async with self._read() as db:
            rows = await db.fetchall(
                "SELECT player, name, mu, sigma, games, wins FROM ratings"
                " WHERE guild_id = ? AND game = ? AND period = ? AND games >= ?"
                " ORDER BY ordinal DESC, player LIMIT ?",
                (guild_id, game, period, min_games, limit),
            )
        return [
            Rating(
                player=row["player"],
                name=row["name"],
                mu=float(row["mu"]),
                sigma=float(row["sigma"]),
                games=int(row["games"]),
                wins=int(row["wins"]),
            )
            for row in rows
        ]

    async def recent_results(
        self, guild_id: int, game: str, *, limit: int = 10
    ) -> list[GameResult]:
        async with self._read() as db:
            rows = await db.fetchall(
                "SELECT * FROM results WHERE game_id IN ("
                " SELECT game_id FROM results WHERE guild_id = ? AND game = ? AND seat = 0"
                " ORDER BY finished_at DESC, game_id DESC LIMIT ?)"
                " ORDER BY finished_at DESC, game_id DESC, seat",
                (guild_id, game, limit),
            )
        games: dict[int, list[ResultRow]] = {}
        for row in rows:
            games.setdefault(row["game_id"], []).append(self._result_from_row(row))
        return [
            GameResult(
                game_id=game_id,
                guild_id=seats[0].guild_id,
                game=seats[0].game,
                variant=seats[0].variant,
                finished_at=seats[0].finished_at or datetime.min,
                seats=tuple(seats),
            )
            for game_id, seats in games.items()
        ]

    def _result_from_row(self, row: Row) -> ResultRow:
        return ResultRow(
            game_id=row["game_id"],
            seat=row["seat"],
            player=row["player"],
            user_id=row["user_id"],
            name=row["name"],
            place=row["place"],
            score=row["score"],
            made=tuple(json.loads(row["made"])),
            game=row["game"],
            variant=row["variant"],
            guild_id=row["guild_id"],
            finished_at=self._from_db_time(row["finished_at"]),
        )
