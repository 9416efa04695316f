"""What finished games leave behind: the `ResultStore` interface and its rows.

One row per seat of each finished game, and per server, game, period and
player a rating kept up to date as games end (bot/flow/stats.py computes them).
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

__all__ = ["GameResult", "Rate", "Rating", "ResultRow", "ResultStore"]


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One seat's result in one finished game (bot/flow/stats.py)."""

    game_id: int
    seat: int
    player: str  # the rated player: a user id, or "computer:<difficulty>"
    user_id: int | None
    name: str
    place: int  # 1 is the best; tied seats share a place
    score: int  # the game's own measure: orders delivered, points
    made: tuple[str, ...] = ()  # what the seat made (the game's own things), by key
    game: str = ""
    variant: str = ""
    guild_id: int = 0
    finished_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game's result, one row per seat."""

    game_id: int
    guild_id: int
    game: str
    variant: str
    finished_at: datetime
    seats: tuple[ResultRow, ...]


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating on a server, in one game, over one period."""

    player: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def ordinal(self) -> float:
        """The conservative estimate the leaderboard ranks by."""
        return self.mu - 3 * self.sigma


#: New ratings from prior ones: given the result and each player's prior
#: (mu, sigma) where they have one, every player's (mu, sigma) after it.
Rate = Callable[[GameResult, Mapping[str, tuple[float, float]]], Mapping[str, tuple[float, float]]]


class ResultStore(abc.ABC):
    """Results, ratings, leaderboards and the history of finished games."""

    @abc.abstractmethod
    async def record_result(
        self, result: GameResult, rate: Rate, periods: Sequence[str] = ("all",)
    ) -> bool:
        """Store a finished game's result and move its players' ratings in each
        period, in one transaction. False, and nothing written, if this game's
        result is already stored: recording is idempotent, keyed by game id."""

    @abc.abstractmethod
    async def player_results(self, guild_id: int, game: str, player: str) -> list[ResultRow]:
        """Every stored result of one player on a server in one game, newest first."""

    @abc.abstractmethod
    async def computers_beaten(self, guild_id: int, game: str, player: str) -> dict[str, int]:
        """How many computer seats of each player key ("computer:hard") this
        player finished ahead of."""

    @abc.abstractmethod
    async def leaderboard(
        self, guild_id: int, game: str, period: str, *, min_games: int = 1, limit: int = 10
    ) -> list[Rating]:
        """The best rated players with at least `min_games` games, best first."""

    @abc.abstractmethod
    async def recent_results(
        self, guild_id: int, game: str, *, limit: int = 10
    ) -> list[GameResult]:
        """The results of the server's most recently finished games of one
        game, newest first, each with its seats in seat order."""
