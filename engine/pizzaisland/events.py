"""Events: what happened, as small typed values (one class per kind), for
narration and for the agents' memory. Each is public, or private to one seat
(`to`): the cards seen under a Mushroom or a Pepper are only ever in events
private to the seat that saw them (PI-I1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..events import Event as Event  # every game event derives from it
from ..events import Private


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """A game of the match is dealt (`game` counts from 1)."""

    type: ClassVar[str] = "game_start"
    game: int
    first: int
    playing: tuple[int, ...]
    ship: tuple[str, ...]
    bonuses: Mapping[str, int | None]  # PI-A3: achievement holders at this game's start


@dataclass(frozen=True, slots=True)
class TurnBegun(Event):
    type: ClassVar[str] = "turn"
    seat: int
    refilled: tuple[str, ...]  # PI-A1: cards moved from the deck into the Ship


@dataclass(frozen=True, slots=True)
class Taken(Event):
    """PI-N2, PI-A1: a card taken from `source` ("deck" or "ship"), face up."""

    type: ClassVar[str] = "taken"
    seat: int
    card: str
    source: str
    taken: int  # cards taken this turn, this one included


@dataclass(frozen=True, slots=True)
class Placed(Event):
    """A slice added to the seat's pizza of its colour (`how`: taken, mushroom,
    kept by a third-colour replace)."""

    type: ClassVar[str] = "placed"
    seat: int
    card: str
    size: int  # the pizza's slices after it
    how: str


@dataclass(frozen=True, slots=True)
class Repeated(Event):
    """PI-N4: no free place of that shape; under the deck."""

    type: ClassVar[str] = "repeat"
    seat: int
    card: str
    ends_turn: bool


@dataclass(frozen=True, slots=True)
class ThirdColour(Event):
    """PI-N5, PI-E1, PI-A3: a slice of a third colour. `outcome` is "choice"
    (a choice opens), "easy" (under, PI-E1) or "star" (under, the Star bonus)."""

    type: ClassVar[str] = "third_colour"
    seat: int
    card: str
    outcome: str
    ends_turn: bool


@dataclass(frozen=True, slots=True)
class ThirdChosen(Event):
    """PI-N5: the choice made. `discarded` went under the deck in this order."""

    type: ClassVar[str] = "third_chosen"
    seat: int
    card: str
    choice: str  # "discard" or "replace"
    discarded: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HeroOpened(Event):
    """PI-N6: a hero slice placed; its player may apply it or decline."""

    type: ClassVar[str] = "hero"
    seat: int
    hero: str


@dataclass(frozen=True, slots=True)
class Seen(Private):
    """The deck cards a Mushroom or a Pepper lets its player see, top first:
    private to that seat (PI-I1)."""

    type: ClassVar[str] = "seen"
    hero: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HeroDeclined(Event):
    type: ClassVar[str] = "hero_declined"
    seat: int
    hero: str


@dataclass(frozen=True, slots=True)
class MushroomApplied(Event):
    """PI-N6: `seen` cards left the top; all but `card` went under."""

    type: ClassVar[str] = "hero_applied"
    seat: int
    hero: str
    card: str | None
    seen: int
    ends_turn: bool


@dataclass(frozen=True, slots=True)
class PepperApplied(Event):
    """PI-N6, PI-A2: `count` unseen-to-others cards back on `where`; the Ship
    cards are face up."""

    type: ClassVar[str] = "hero_applied"
    seat: int
    hero: str
    count: int
    where: str
    ship: tuple[str, ...]
    ends_turn: bool


@dataclass(frozen=True, slots=True)
class KnifeApplied(Event):
    type: ClassVar[str] = "hero_applied"
    seat: int
    hero: str
    player: int
    card: str
    ends_turn: bool


@dataclass(frozen=True, slots=True)
class ForkApplied(Event):
    type: ClassVar[str] = "hero_applied"
    seat: int
    hero: str
    give: str
    player: int
    take: str
    ends_turn: bool


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    type: ClassVar[str] = "turn_end"
    seat: int
    taken: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """PI-N7, N8, N9: `reason` completed, deck-empty, stalemate (36 takes with
    nothing placed) or take-cap (360 takes in the game)."""

    type: ClassVar[str] = "game_over"
    game: int
    winner: int | None
    reason: str
    points: tuple[int, ...]  # this game's points per seat (PI-W2)
    achievements: Mapping[str, int | None]  # holders after this game (PI-A3)


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    type: ClassVar[str] = "match_over"
    winner: int
    points: tuple[int, ...]
    wins: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]


#: What a hero did (PI-N6), whichever hero it was.
HeroApplied = MushroomApplied | PepperApplied | KnifeApplied | ForkApplied

Events = list[Event] | None  # None: the caller does not want events (simulations)


def emit(events: Events, event: Event) -> None:
    if events is not None:
        events.append(event)
