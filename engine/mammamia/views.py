"""What a player may see (MM-T7, MM-V1, MM-V2).

Views are built from scratch out of the public facts, so nothing hidden (a
hand, an order pile, the supply's order, the PRNG, the oven's history) can
leak into them by accident. They are frozen typed values (`engine.value`);
their JSON form is what the command line prints and the Activity receives.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import filterfalse
from typing import Any

from ..value import Value, builder
from .flow import ranking
from .state import HELP, OVER, REVEAL, LastPlay, State


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


# Each view built field by field (`engine.value.builder`): a computer player
# builds one at every decision.
_SEAT, _PUBLIC, _PLAYER = builder(SeatView), builder(PublicView), builder(PlayerView)
_PENDING = builder(PendingView)
_SEAT_FIELDS = ("seat", "colour", "hand_size", "order_pile_size", "mamma_mia", "delivered")
#: Seat views already built, by their fields: a seat's changes a few times a
#: round, where the table's is built at every decision. Cleared when full.
_SEATS: dict[tuple[Any, ...], SeatView] = {}
SEATS_KEPT = 4096
assert tuple(f.name for f in dataclasses.fields(SeatView)) == _SEAT_FIELDS


def public_view(state: State) -> PublicView:
    return _PUBLIC(_public(state))


def player_view(state: State, seat: int) -> PlayerView:
    hand = tuple(sorted(state.hands[seat]))
    kinds = state.box.kindset
    fields = _public(state)
    fields["seat"] = seat
    fields["hand"] = hand
    fields["hand_orders"] = tuple(filterfalse(kinds.__contains__, hand))
    return _PLAYER(fields)


def _public(state: State) -> dict[str, Any]:
    variant = state.box.variant
    plus = variant == "plus"
    over = state.phase == OVER
    mamma_mia, hands, piles, delivered = state.mamma_mia, state.hands, state.order_piles, None
    players = []
    for seat, colour in enumerate(state.colours):
        if not plus or over:
            delivered = tuple(state.delivered[seat])
        key = (seat, colour, len(hands[seat]), len(piles[seat]), mamma_mia == seat, delivered)
        shown = _SEATS.get(key)
        if shown is None:
            if len(_SEATS) >= SEATS_KEPT:
                _SEATS.clear()
            shown = _SEATS[key] = _SEAT(dict(zip(_SEAT_FIELDS, key, strict=True)))
        players.append(shown)
    fields: dict[str, Any] = {
        "variant": variant,
        "kinds": state.box.kinds,
        "seats": state.seats,
        "help": state.help,
        "round": state.round,
        "last_round": state.last_round,
        "phase": state.phase,
        "to_act": state.to_act(),
        "current": state.current,
        "supply_size": len(state.supply),
        "oven_size": len(state.oven),
        "oven_top": state.oven[-1] if state.oven and state.phase != REVEAL else None,
        "next_reveal_in": len(state.oven) if state.phase == REVEAL else None,
        "last_play": state.last_play,
        "table": {k: n for k, n in state.table.items() if n},
        "used_size": len(state.used),
        "revealer": state.revealer,
        "turns_left": state.turns_left,
        "players": tuple(players),
        "delivered_pile_size": len(state.delivered_pile) if plus else None,
        "pending": None if state.pending is None else _pending(state),
        "winners": state.winners,
        "version": state.version,
        "scores": None,
        "ingredients": None,
        "ranking": None,
    }
    if over:
        kinds = state.box.kindset
        fields["scores"] = tuple(len(d) for d in state.delivered)
        fields["ingredients"] = tuple(sum(c in kinds for c in h) for h in state.hands)
        fields["ranking"] = tuple(tuple(place) for place in ranking(state))  # MM-E1
    return fields


def _pending(state: State) -> PendingView | None:
    pending = state.pending
    if pending is None:
        return None
    return _PENDING(
        {
            "order": pending.order,
            "owner": pending.owner,
            "stage": pending.stage,
            "options": pending.options,
            "covered": pending.covered,
            "choice": pending.choice,
            "missing": dict(pending.missing),
            "short": pending.short,
            "ask": dict(pending.ask),
            "asking": pending.asking[0] if pending.asking else None,
            "asked": pending.asking,
        }
    )
