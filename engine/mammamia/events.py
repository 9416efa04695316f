"""Events: what happened, as small typed values (one class per kind), for
narration and for the agents' memory. Each is public, or private to one seat
(`to`). `type` is the kind's name in the replay output (record-format.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..events import Event as Event  # every game event derives from it
from ..events import Private as _Private  # seen by its `seat` only


@dataclass(frozen=True, slots=True)
class GameStart(Event):
    type: ClassVar[str] = "game_start"
    round: int
    first: int
    seats: int
    variant: str


@dataclass(frozen=True, slots=True)
class Hand(_Private):
    """The cards dealt to `seat` (MM-S4), seen by that seat only."""

    type: ClassVar[str] = "hand"
    cards: list[str]


@dataclass(frozen=True, slots=True)
class Played(Event):
    """MM-T1/T2: `count` cards of a kind, and maybe an order, into the oven."""

    type: ClassVar[str] = "play"
    seat: int
    ingredient: str
    count: int
    order: str | None


@dataclass(frozen=True, slots=True)
class Passed(Event):
    type: ClassVar[str] = "pass"
    seat: int


@dataclass(frozen=True, slots=True)
class Drawn(Event):
    """How many cards a seat drew and from where: what the table sees."""

    type: ClassVar[str] = "draw"
    seat: int
    source: str
    count: int


@dataclass(frozen=True, slots=True)
class Drew(_Private):
    """The cards drawn: what the drawing seat alone sees."""

    type: ClassVar[str] = "drew"
    cards: list[str]


@dataclass(frozen=True, slots=True)
class MammaMiaLaid(Event):
    """MM-T5: the MAMMA MIA card was drawn and laid down."""

    type: ClassVar[str] = "mamma_mia"
    seat: int


@dataclass(frozen=True, slots=True)
class TurnBegun(Event):
    type: ClassVar[str] = "turn"
    seat: int


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    """PL-T2: a hand with no ingredient skips and draws 5."""

    type: ClassVar[str] = "skip"
    seat: int


@dataclass(frozen=True, slots=True)
class RevealStarted(Event):
    type: ClassVar[str] = "reveal_start"
    seat: int | None
    round: int
    oven: int
    table: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """One oven card turned face up (MM-R1); ingredients join the table (MM-R2)."""

    type: ClassVar[str] = "reveal"
    card: str
    table: Mapping[str, int]  # the table after this card


@dataclass(frozen=True, slots=True)
class DecisionOpened(Event):
    type: ClassVar[str] = "decision"
    seat: int
    order: str
    stage: str
    options: Sequence[Sequence[str]] = ()
    missing: Mapping[str, int] | None = None
    short: int = 0


@dataclass(frozen=True, slots=True)
class Returned(Event):
    """MM-R5: an order not made goes under its owner's order pile."""

    type: ClassVar[str] = "returned"
    seat: int
    order: str
    reason: str


@dataclass(frozen=True, slots=True)
class Made(Event):
    type: ClassVar[str] = "made"
    seat: int
    order: str
    choice: list[str]
    table: Mapping[str, int]  # what the order took from the table
    paid: Mapping[str, int]
    helper: int | None
    given: Mapping[str, int]
    left: Mapping[str, int]  # the table after it


@dataclass(frozen=True, slots=True)
class HelperScored(Event):
    type: ClassVar[str] = "helper_scored"
    seat: int


@dataclass(frozen=True, slots=True)
class Chosen(Event):
    type: ClassVar[str] = "chosen"
    seat: int
    order: str
    kinds: list[str]


@dataclass(frozen=True, slots=True)
class Declined(Event):
    type: ClassVar[str] = "declined"
    seat: int
    order: str


@dataclass(frozen=True, slots=True)
class Asked(Event):
    """PL-H1: the owner asks the table for these cards."""

    type: ClassVar[str] = "asked"
    seat: int
    order: str
    cards: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class HelpAsked(Event):
    type: ClassVar[str] = "help_asked"
    seat: int
    owner: int
    cards: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Helped(Event):
    type: ClassVar[str] = "helped"
    seat: int
    owner: int
    cards: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class HelpRefused(Event):
    type: ClassVar[str] = "help_refused"
    seat: int
    owner: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    type: ClassVar[str] = "round_end"
    round: int
    table: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    type: ClassVar[str] = "round_start"
    round: int
    first: int
    supply: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    type: ClassVar[str] = "game_over"
    winners: list[int]
    scores: list[int]
    ingredients: list[int]
    ranking: list[list[int]]  # places, best first; seats tied on a place share it


Events = list[Event] | None  # None: the caller does not want events (simulations)


def emit(events: Events, event: Event) -> None:
    if events is not None:
        events.append(event)
