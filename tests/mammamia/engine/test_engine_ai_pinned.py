"""The computer players' moves are pinned: seeded games must play exactly the
moves they played when these digests were taken, so a change meant only to
make the search or its playouts faster is seen to change no decision
(`python -m bench.same_moves` compares longer games, at the real budgets).
A change meant to play differently updates the digests, and says so."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from bench.same_moves import moves

# Small budgets, so that every path of the search, the playout heuristic and
# the benchmark opponents (bench.rivals) runs within seconds.
TINY: dict[str, dict[str, Any]] = {
    "ismcts": {"steps": 400},
    "medium": {"steps": 400},
    "hard": {"steps": 400, "wide_steps": 600},
    "rival-mc": {"playouts": 8, "low": 2, "high": 3},
    "rival-mc-2": {"playouts": 8, "low": 2, "high": 3},
}

#: "variant seats seed agents" (round the seats in turn): the first 16 hex
#: digits of the sha256 of the game's moves, one a line.
PINNED = {
    "classic 2 11 heuristic rival-heuristic": "f968387078600317",
    "classic 4 12 rival-heuristic heuristic easy": "d2bd9d6b04cca013",
    "classic 5 13 heuristic rival-heuristic easy": "a0bb37abc8b43569",
    "plus 4 14 heuristic rival-heuristic": "3a3be30650a3b6e4",
    "plus 6 15 easy rival-heuristic heuristic": "b15ebd1be6bcaa0c",
    "classic 4 16 ismcts rival-mc": "ba66a9dcbe5eaf59",
    "classic 3 17 medium rival-mc ismcts": "989486585dcd2a43",
    "plus 3 18 ismcts heuristic rival-heuristic": "8acb2058d9e19fac",
    "classic 4 19 hard rival-mc": "fd35d0460f1b53b7",
    "classic 2 20 hard rival-mc": "21d570e911536304",
    "classic 2 21 hard heuristic": "2d42fec8680979e4",
    "classic 4 19 hard heuristic": "ce12432e52b33b32",
    "classic 3 17 medium heuristic easy": "52dee518b32f8762",
    "plus 4 5 hard easy": "14b3c7343d0d163b",
    "classic 2 22 rival-heuristic-2 rival-mc-2": "5d764297b8b8d48c",
}


@pytest.mark.parametrize("game", PINNED)
def test_seeded_games_play_the_pinned_moves(game: str) -> None:
    variant, seats, seed, *agents = game.split()
    lineup = [agents[s % len(agents)] for s in range(int(seats))]
    played = moves(variant, int(seats), int(seed), lineup, TINY)
    assert hashlib.sha256("\n".join(played).encode()).hexdigest()[:16] == PINNED[game]
