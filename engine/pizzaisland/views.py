"""What a player may see (PI-I1).

Views are built from scratch out of the public facts: every pizza, the Ship,
the deck's size (never its order), the turn, the open decision, the match's
score and the Achievements' holders. `player_view` adds only what that seat
saw under its own Mushroom or Pepper while that decision is open.
"""

from __future__ import annotations

from typing import Any

from .match import ranking
from .state import ACHIEVEMENTS, MATCH_OVER, State
from .turn import seen_cards


def public_view(state: State) -> dict[str, Any]:
    pending = state.pending
    return {
        "level": state.level,
        "seats": state.seats,
        "scoring": state.scoring,
        "game": state.game,
        "phase": state.phase,
        "to_act": list(state.to_act()),
        "playing": list(state.playing),
        "first": state.first,
        "taken": state.taken if state.to_act() else 0,
        "repeats": state.repeats,
        "thirds": state.thirds,
        "forked": state.forked,
        "pending": pending.to_json() if pending is not None else None,
        "deck_size": len(state.deck),
        "ship": list(state.ship),
        "idle": state.idle,
        "players": [
            {
                "seat": seat,
                "playing": seat in state.playing,
                "pizzas": {c: list(s) for c, s in state.pizzas[seat].items()},
                "slices": state.slices(seat),
                "points": state.points[seat],
                "wins": state.wins[seat],
            }
            for seat in range(state.seats)
        ],
        "winner": state.winner,
        "results": [{"winner": w, "points": list(p)} for w, p in state.results],
        "achievements": {name: state.achievements.get(name) for name in ACHIEVEMENTS},
        "bonuses": {name: state.bonuses.get(name) for name in ACHIEVEMENTS},
        "bonuses_used": sorted(state.used),
        "match_winner": state.match_winner,
        "ranking": ranking(state) if state.phase == MATCH_OVER else None,
        "version": state.version,
    }


def seen_by(state: State, seat: int) -> list[str]:
    """The deck cards `seat` sees now: the top cards under its open Mushroom
    or Pepper decision (top first), else none."""
    pending = state.pending
    if state.current != seat or pending is None or pending.hero not in ("mushroom", "pepper"):
        return []
    return seen_cards(state, pending.hero)


def player_view(state: State, seat: int) -> dict[str, Any]:
    view = public_view(state)
    view["seat"] = seat
    view["seen"] = seen_by(state, seat)
    return view
