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
# the rival runs within seconds.
TINY: dict[str, dict[str, Any]] = {
    "ismcts": {"max_steps": 400},
    "medium": {"max_steps": 400},
    "hard": {"max_steps": 400, "wide_steps": 600},
    "rival-mc": {"playouts": 8, "low": 2, "high": 3},
}

#: "variant seats seed agents" (round the seats in turn): the first 16 hex
#: digits of the sha256 of the game's moves, one a line.
PINNED = {
    "classic 2 11 heuristic rival-heuristic": "54a710a3b73451ca",
    "classic 4 12 rival-heuristic heuristic easy": "b4d97c00e305be7c",
    "classic 5 13 heuristic rival-heuristic easy": "d4a68601e2efd066",
    "plus 4 14 heuristic rival-heuristic": "add22f932582b424",
    "plus 6 15 easy rival-heuristic heuristic": "4742b71b031a04cf",
    "classic 4 16 ismcts rival-mc": "12447f77e66bad3a",
    "classic 3 17 medium rival-mc ismcts": "491c1d0e0a4d5b83",
    "plus 3 18 ismcts heuristic rival-heuristic": "e7936562eb7ac035",
    "classic 4 19 hard rival-mc": "526650ebea9dfd97",
    "classic 2 20 hard rival-mc": "d2dabd6e7b5cf83a",
}


@pytest.mark.parametrize("game", PINNED)
def test_seeded_games_play_the_pinned_moves(game: str) -> None:
    variant, seats, seed, *agents = game.split()
    lineup = [agents[s % len(agents)] for s in range(int(seats))]
    played = moves(variant, int(seats), int(seed), lineup, TINY)
    assert hashlib.sha256("\n".join(played).encode()).hexdigest()[:16] == PINNED[game]
