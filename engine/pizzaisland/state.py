"""The state of a whole match: every card's place, the turn, the scores.

A `State` is plain mutable data with a cheap `copy()`. The host plays a whole
match as one game, so one state runs from the first deal to the match's end.
The public functions in `engine.pizzaisland.game` never change a state their
caller holds: they copy first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import BOX, PIZZA_SIZE

EASY, NORMAL, ADVANCED = "easy", "normal", "advanced"
LEVELS = (EASY, NORMAL, ADVANCED)
WINS, POINTS = "wins", "points"
SCORINGS = (WINS, POINTS)

# Phases, as the record's printed state names them.
TURN, GAME_OVER, MATCH_OVER = "turn", "game-over", "match-over"

SPEEDY, TRICKSTER, STAR = "speedy", "trickster", "star"
ACHIEVEMENTS = (SPEEDY, TRICKSTER, STAR)

# Why a game ended (the GameOver event): a pizza completed (PI-N7), the deck
# empty (PI-N8), 36 takes with nothing placed or 360 takes in all (PI-N9).
COMPLETED, DECK_EMPTY, STALEMATE, TAKE_CAP = "completed", "deck-empty", "stalemate", "take-cap"

STALEMATE_TAKES = len(BOX)  # PI-N9: 36 takes in a row with nothing placed
GAME_TAKES = 10 * len(BOX)  # PI-N9: 360 takes in one game, whatever was placed

Pizzas = dict[str, list[str]]  # colour -> slices in placement order


@dataclass(slots=True)
class Pending:
    """An open decision of the player to act: a third-colour choice over
    `card` (PI-N5), or a hero decision of `hero` (PI-N6)."""

    third: str | None = None
    hero: str | None = None

    def to_json(self) -> dict[str, str]:
        return {"third": self.third} if self.third is not None else {"hero": str(self.hero)}


@dataclass(slots=True)
class State:
    level: str
    seats: int
    scoring: str
    seed: int | None = None  # the match seed that deals the next games
    version: int = 0  # actions applied over the whole match
    game: int = 0  # games started
    phase: str = TURN
    playing: tuple[int, ...] = ()  # the seats of this game (PI-W2 extra games: the tied)
    first: int = 0
    current: int | None = None
    # The turn (PI-N2, N4, E1, N6).
    taken: int = 0
    repeats: int = 0
    thirds: int = 0  # easy third-colour conditions, counted apart (PI-N10)
    forked: bool = False
    ending: bool = False  # the turn ends as soon as no decision is open
    pending: Pending | None = None
    idle: int = 0  # takes since a slice was last added to a pizza (PI-N9)
    takes: int = 0  # takes in this game (PI-N9)
    # The cards: the deck top first; the Ship in arrival order; pizzas per seat.
    deck: list[str] = field(default_factory=list)
    ship: list[str] = field(default_factory=list)
    pizzas: list[Pizzas] = field(default_factory=list)
    # The match.
    points: list[int] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    winner: int | None = None
    results: list[tuple[int | None, tuple[int, ...]]] = field(default_factory=list)
    extra: tuple[int, ...] | None = None  # PI-W2: the seats of the next extra game
    match_winner: int | None = None
    # PI-A3: holders now, holders at this game's start, bonuses used this game,
    # and this game's earnings: (tick, seat) per achievement.
    achievements: dict[str, int | None] = field(default_factory=dict)
    bonuses: dict[str, int | None] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)
    applied: list[list[str]] = field(default_factory=list)  # kinds applied, in order
    earned: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    tick: int = 0

    def copy(self) -> State:
        return State(
            self.level,
            self.seats,
            self.scoring,
            self.seed,
            self.version,
            self.game,
            self.phase,
            self.playing,
            self.first,
            self.current,
            self.taken,
            self.repeats,
            self.thirds,
            self.forked,
            self.ending,
            Pending(self.pending.third, self.pending.hero) if self.pending else None,
            self.idle,
            self.takes,
            self.deck.copy(),
            self.ship.copy(),
            [{c: s.copy() for c, s in p.items()} for p in self.pizzas],
            self.points.copy(),
            self.wins.copy(),
            self.winner,
            self.results.copy(),
            self.extra,
            self.match_winner,
            self.achievements.copy(),
            self.bonuses.copy(),
            self.used.copy(),
            [a.copy() for a in self.applied],
            {k: v.copy() for k, v in self.earned.items()},
            self.tick,
        )

    def to_act(self) -> tuple[int, ...]:
        return (self.current,) if self.phase == TURN and self.current is not None else ()

    def next_seat(self, seat: int) -> int:
        """Clockwise: the next playing seat in increasing seat order, wrapping."""
        playing = self.playing
        return playing[(playing.index(seat) + 1) % len(playing)]

    def slices(self, seat: int) -> int:
        return sum(len(s) for s in self.pizzas[seat].values())

    def complete(self, seat: int) -> bool:
        return any(len(s) >= PIZZA_SIZE for s in self.pizzas[seat].values())

    def all_cards(self) -> list[str]:
        """Every card in play: deck, Ship, pizzas and a pending third card."""
        cards = self.deck + self.ship
        for pizzas in self.pizzas:
            for slices in pizzas.values():
                cards += slices
        if self.pending is not None and self.pending.third is not None:
            cards.append(self.pending.third)
        return cards

    def card_count(self) -> int:
        """How many cards are in play, cheaply (conservation, PI-C1)."""
        n = len(self.deck) + len(self.ship)
        for pizzas in self.pizzas:
            for slices in pizzas.values():
                n += len(slices)
        return n + (self.pending is not None and self.pending.third is not None)

    def to_json(self) -> dict[str, Any]:
        """The printed state of `pizza-island-record.md` ("The state"), plus
        `version` and each player's `playing`."""
        turn = self.phase == TURN
        return {
            "level": self.level,
            "seats": self.seats,
            "scoring": self.scoring,
            "game": self.game,
            "phase": self.phase,
            "to_act": self.current if turn else None,
            "taken": self.taken if turn else 0,
            "pending": self.pending.to_json() if self.pending else None,
            "deck": list(self.deck),
            "ship": list(self.ship),
            "players": [
                {
                    "seat": seat,
                    "pizzas": {c: list(s) for c, s in self.pizzas[seat].items()},
                    "points": self.points[seat],
                    "wins": self.wins[seat],
                    "playing": seat in self.playing,
                }
                for seat in range(self.seats)
            ],
            "winner": self.winner,
            "results": [{"winner": w, "points": list(p)} for w, p in self.results],
            "achievements": dict(self.achievements),
            "match_winner": self.match_winner,
            "version": self.version,
        }


def new_state(
    level: str,
    seats: int,
    scoring: str,
    seed: int | None = None,
    achievements: dict[str, int | None] | None = None,
) -> State:
    """A match before its first deal."""
    held = {name: None for name in ACHIEVEMENTS} | dict(achievements or {})
    return State(
        level,
        seats,
        scoring,
        seed,
        phase=GAME_OVER,
        pizzas=[{} for _ in range(seats)],
        points=[0] * seats,
        wins=[0] * seats,
        achievements=held,
        applied=[[] for _ in range(seats)],
    )
