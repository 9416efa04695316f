"""The views' types: what a player may see (MM-T7, MM-V1, MM-V2), as frozen
typed values (`engine.value`) whose JSON form is what the command line prints
and the Activity receives. `views` builds them, and is compiled with the
engine's hot modules (`engine/compiled.py`); these stay Python classes, built
from a dictionary of their fields (`engine.value.builder`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..value import Value
from .state import HELP, LastPlay


@dataclass(frozen=True, kw_only=True)
class SeatView(Value):
    """One seat as the table shows it."""

    seat: int
    colour: str
    hand_size: int
    order_pile_size: int
    mamma_mia: bool  # the MAMMA MIA card lies in front of this seat
    delivered: tuple[str, ...] | None = None  # PL-R5: in Plus, face down until the end

    OMITTED_IF_NONE = frozenset({"delivered"})


@dataclass(frozen=True, kw_only=True)
class PendingView(Value):
    """A revealed order waiting for a decision (MM-R4, MM-R8..R10, PL-H)."""

    order: str
    owner: int
    stage: str  # choose, pay or help
    options: tuple[tuple[str, ...], ...]  # MM-R10: the kinds the owner may choose among
    covered: bool  # every option is fully met by the table: one must be taken
    choice: tuple[str, ...] | None
    missing: Mapping[str, int]  # what the table lacks for the fixed choice
    short: int  # a Bombastica's shortfall, cards of any kind
    ask: Mapping[str, int]  # PL-H1: what the owner asked for
    asking: int | None  # the seat asked now
    # PL-H2: every seat still to be asked, in the rule's order (public: it
    # follows from the order piles' sizes), so all may be asked at once.
    asked: tuple[int, ...]

    @property
    def helping(self) -> bool:
        return self.stage == HELP


@dataclass(frozen=True, kw_only=True)
class PublicView(Value):
    """The physical table (MM-T7): the latest play and the oven's top card,
    never the history of plays (MM-V2, strict memory)."""

    variant: str
    kinds: tuple[str, ...]  # the ingredient kinds; any other card is an order
    seats: int
    help: bool
    round: int
    last_round: int
    phase: str
    to_act: tuple[int, ...]
    current: int
    supply_size: int
    oven_size: int
    oven_top: str | None
    next_reveal_in: int | None
    last_play: LastPlay | None
    table: Mapping[str, int]
    used_size: int
    revealer: int | None
    turns_left: int | None
    players: tuple[SeatView, ...]
    delivered_pile_size: int | None
    pending: PendingView | None
    winners: tuple[int, ...]
    version: int
    # Once the game is over (MM-E1): orders delivered, ingredient cards left, places.
    scores: tuple[int, ...] | None = None
    ingredients: tuple[int, ...] | None = None
    ranking: tuple[tuple[int, ...], ...] | None = None

    OMITTED_IF_NONE = frozenset({"scores", "ingredients", "ranking"})


@dataclass(frozen=True, kw_only=True)
class PlayerView(PublicView):
    """The public view plus what one seat alone knows: its own hand (MM-V1)."""

    seat: int
    hand: tuple[str, ...]  # sorted
    hand_orders: tuple[str, ...]  # the order cards among them, sorted
