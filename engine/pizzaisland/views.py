"""What a player may see (PI-I1).

Views are built from scratch out of the public facts: every pizza, the Ship,
the deck's size (never its order), the turn, the open decision, the match's
score and the Achievements' holders. `player_view` adds only what that seat
saw under its own Mushroom or Pepper while that decision is open. They are
frozen typed values (`engine.value`) with the JSON form the command line
prints and the Activity receives.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..value import Value
from .match import ranking
from .state import ACHIEVEMENTS, MATCH_OVER, State
from .turn import seen_cards


@dataclass(frozen=True, slots=True, kw_only=True)
class PendingView(Value):
    """The open decision of the player to act: a third colour over a card
    (PI-N5), or a hero's decision (PI-N6). Exactly one is set."""

    third: str | None = None
    hero: str | None = None

    OMITTED_IF_NONE = frozenset({"third", "hero"})


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView(Value):
    """One seat's pizzas, by colour, slices in placement order, and its score."""

    seat: int
    playing: bool  # PI-W2: an extra game is played by the tied seats only
    pizzas: Mapping[str, tuple[str, ...]]
    slices: int
    points: int
    wins: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GameResultView(Value):
    """One finished game of the match: its winner (None: no one) and the points."""

    winner: int | None
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicView(Value):
    level: str
    seats: int
    scoring: str
    game: int  # games of the match started, counted from 1
    phase: str
    to_act: tuple[int, ...]
    playing: tuple[int, ...]
    first: int
    taken: int
    repeats: int
    thirds: int
    forked: bool
    pending: PendingView | None
    deck_size: int
    ship: tuple[str, ...]  # in arrival order
    idle: int  # takes since a slice was last placed (PI-N9: the game ends at 36)
    takes: int  # takes in this game (PI-N9: the game ends at 360)
    players: tuple[SeatView, ...]
    winner: int | None
    results: tuple[GameResultView, ...]
    achievements: Mapping[str, int | None]  # PI-A3: each Achievement's holder
    bonuses: Mapping[str, int | None]
    bonuses_used: tuple[str, ...]
    match_winner: int | None
    ranking: tuple[tuple[int, ...], ...] | None
    version: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerView(PublicView):
    seat: int
    seen: tuple[str, ...]  # deck cards seen under its open Mushroom or Pepper, top first


def public_view(state: State) -> PublicView:
    return PublicView(**_public(state))


def player_view(state: State, seat: int) -> PlayerView:
    return PlayerView(**_public(state), seat=seat, seen=tuple(seen_by(state, seat)))


def _public(state: State) -> dict[str, Any]:
    pending = state.pending
    return {
        "level": state.level,
        "seats": state.seats,
        "scoring": state.scoring,
        "game": state.game,
        "phase": state.phase,
        "to_act": state.to_act(),
        "playing": tuple(state.playing),
        "first": state.first,
        "taken": state.taken if state.to_act() else 0,
        "repeats": state.repeats,
        "thirds": state.thirds,
        "forked": state.forked,
        "pending": (
            PendingView(third=pending.third, hero=None if pending.third else pending.hero)
            if pending is not None
            else None
        ),
        "deck_size": len(state.deck),
        "ship": tuple(state.ship),
        "idle": state.idle,
        "takes": state.takes,
        "players": tuple(
            SeatView(
                seat=seat,
                playing=seat in state.playing,
                pizzas={c: tuple(s) for c, s in state.pizzas[seat].items()},
                slices=state.slices(seat),
                points=state.points[seat],
                wins=state.wins[seat],
            )
            for seat in range(state.seats)
        ),
        "winner": state.winner,
        "results": tuple(GameResultView(winner=w, points=tuple(p)) for w, p in state.results),
        "achievements": {name: state.achievements.get(name) for name in ACHIEVEMENTS},
        "bonuses": {name: state.bonuses.get(name) for name in ACHIEVEMENTS},
        "bonuses_used": tuple(sorted(state.used)),
        "match_winner": state.match_winner,
        "ranking": (
            tuple(tuple(place) for place in ranking(state)) if state.phase == MATCH_OVER else None
        ),
        "version": state.version,
    }


def seen_by(state: State, seat: int) -> list[str]:
    """The deck cards `seat` sees now: the top cards under its open Mushroom
    or Pepper decision (top first), else none."""
    pending = state.pending
    if state.current != seat or pending is None or pending.hero not in ("mushroom", "pepper"):
        return []
    return seen_cards(state, pending.hero)
