"""Results, ratings and statistics of finished games, for every game alike.

A game's result is recorded once, when it finishes (cancelled games are not
rated): per seat its place (`rules.ranking`), its score and what it made (the
game's presentation, from the public view). Ratings move at the same moment,
in the same transaction: an OpenSkill Plackett-Luce rating per server, game,
period and player, where a player is a user or a computer difficulty
("computer:hard"), so the leaderboard reads stored rows and never replays games.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache

from openskill.models import PlackettLuce

from bot.plugin.contract import Table
from bot.plugin.registry import presentation
from bot.storage import GameResult, GameRow, GameStatus, ResultRow, Storage
from engine import game
from engine.interface import Event, State

log = logging.getLogger(__name__)

#: Games a player needs on the leaderboard: a rating of fewer says little.
MIN_GAMES = 3
PERIODS = ("all", "month", "week")
COMPUTER = "computer:"


@cache
def model() -> PlackettLuce:
    return PlackettLuce()


def period_keys(moment: datetime) -> tuple[str, ...]:
    """The rating periods a game finished at `moment` (UTC) counts in."""
    year, week, _ = moment.isocalendar()
    return ("all", f"month:{moment:%Y-%m}", f"week:{year}-W{week:02d}")


def period_key(period: str, now: datetime) -> str:
    """`all`, `month` or `week` as the stored key of the period containing `now`."""
    keys = dict(zip(PERIODS, period_keys(now), strict=True))
    return keys[period]


def player_key(user_id: int | None, agent: str | None) -> str:
    return str(user_id) if user_id is not None else f"{COMPUTER}{agent}"


def computer_level(player: str) -> str | None:
    return player.removeprefix(COMPUTER) if player.startswith(COMPUTER) else None


def rate(
    result: GameResult, priors: Mapping[str, tuple[float, float]]
) -> dict[str, tuple[float, float]]:
    """Plackett-Luce over the final places. Each seat is its own team; two seats
    of one player (two "hard" computers) both start from its rating, and it
    takes the mean of where they end."""
    plackett = model()
    teams = []
    for seat in result.seats:
        mu, sigma = priors.get(seat.player, (plackett.mu, plackett.sigma))
        teams.append([plackett.rating(mu=mu, sigma=sigma)])
    rated = plackett.rate(teams, ranks=[float(seat.place) for seat in result.seats])
    after: dict[str, list[tuple[float, float]]] = {}
    for seat, team in zip(result.seats, rated, strict=True):
        after.setdefault(seat.player, []).append((team[0].mu, team[0].sigma))
    return {
        player: (sum(m for m, _ in ends) / len(ends), sum(s for _, s in ends) / len(ends))
        for player, ends in after.items()
    }


def game_result(row: GameRow, state: State, events: Mapping[int, Sequence[Event]]) -> GameResult:
    """A finished game's result, from its rules' ranking and its presentation."""
    assert row.finished_at is not None
    rules = game(row.game)
    shown = presentation(row.game)
    names = [seat.name for seat in row.seats]
    table = Table(row.id, rules.public_view(state), names, row.settings, events)
    scores = shown.result(table)
    places = {s: place for place, tied in enumerate(rules.ranking(state), 1) for s in tied}
    seats = tuple(
        ResultRow(
            game_id=row.id,
            seat=index,
            player=player_key(seat.user_id, seat.agent),
            user_id=seat.user_id,
            name=seat.name,
            place=places[index],
            score=scores[index].score,
            made=scores[index].made,
        )
        for index, seat in enumerate(row.seats)
    )
    return GameResult(
        game_id=row.id,
        guild_id=row.guild_id or 0,
        game=row.game,
        variant=shown.variant(row.settings),
        finished_at=row.finished_at,
        seats=seats,
    )


async def record(
    storage: Storage, row: GameRow, state: State, events: Mapping[int, Sequence[Event]]
) -> bool:
    """Record a finished game's result and ratings, once: safe to call again
    (after a restart, or from another process); False if already recorded."""
    if row.status != GameStatus.FINISHED:
        return False
    result = game_result(row, state, events)
    return await storage.record_result(result, rate, period_keys(result.finished_at))


# --- a player's statistics ---------------------------------------------------------


@dataclass(frozen=True)
class VariantStats:
    variant: str
    games: int
    wins: int
    average: float
    best: ResultRow
    favourite: tuple[str, int] | None  # what they made most, and how often

    @property
    def win_rate(self) -> float:
        return self.wins / self.games


@dataclass(frozen=True)
class PlayerStats:
    variants: list[VariantStats]
    beaten: dict[str, int]  # computer difficulty → seats finished ahead of

    @property
    def games(self) -> int:
        return sum(v.games for v in self.variants)


async def player_stats(storage: Storage, guild_id: int, game_name: str, player: str) -> PlayerStats:
    """From the player's own stored results (an indexed read, no replay)."""
    rows = await storage.player_results(guild_id, game_name, player)
    by_variant: dict[str, list[ResultRow]] = {}
    for row in rows:
        by_variant.setdefault(row.variant, []).append(row)
    variants = []
    for variant, results in sorted(by_variant.items()):
        made = Counter(key for row in results for key in row.made)
        variants.append(
            VariantStats(
                variant=variant,
                games=len(results),
                wins=sum(row.place == 1 for row in results),
                average=sum(row.score for row in results) / len(results),
                best=max(results, key=lambda r: (r.score, -r.place, r.game_id)),
                favourite=made.most_common(1)[0] if made else None,
            )
        )
    beaten = await storage.computers_beaten(guild_id, game_name, player)
    levels = {computer_level(key) or key: count for key, count in beaten.items()}
    return PlayerStats(variants, levels)
