"""What a player may see (MM-T7, MM-V1, MM-V2).

Views are built from scratch out of the public facts, so nothing hidden (a
hand, an order pile, the supply's order, the PRNG, the oven's history) can
leak into them by accident. They are frozen typed values (`engine.value`);
their JSON form is what the command line prints and the Activity receives.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..value import Value
from .flow import ranking
from .state import HELP, OVER, REVEAL, LastPlay, State


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView(Value):
    """One seat as the table shows it."""

    seat: int
    colour: str
    hand_size: int
    order_pile_size: int
    mamma_mia: bool  # the MAMMA MIA card lies in front of this seat
    delivered: tuple[str, ...] | None = None  # PL-R5: in Plus, face down until the end

    OMITTED_IF_NONE = frozenset({"delivered"})


@dataclass(frozen=True, slots=True, kw_only=True)
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


@dataclass(frozen=True, slots=True, kw_only=True)
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


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerView(PublicView):
    """The public view plus what one seat alone knows: its own hand (MM-V1)."""

    seat: int
    hand: tuple[str, ...]  # sorted
    hand_orders: tuple[str, ...]  # the order cards among them, sorted


def public_view(state: State) -> PublicView:
    return PublicView(**_public(state))


def player_view(state: State, seat: int) -> PlayerView:
    hand = tuple(sorted(state.hands[seat]))
    kinds = state.box.kindset
    orders = tuple(c for c in hand if c not in kinds)
    return PlayerView(**_public(state), seat=seat, hand=hand, hand_orders=orders)


def _public(state: State) -> dict[str, Any]:
    plus = state.variant == "plus"
    over = state.phase == OVER
    players = tuple(
        SeatView(
            seat=seat,
            colour=state.colours[seat],
            hand_size=len(state.hands[seat]),
            order_pile_size=len(state.order_piles[seat]),
            mamma_mia=state.mamma_mia == seat,
            delivered=tuple(state.delivered[seat]) if not plus or over else None,
        )
        for seat in range(state.seats)
    )
    fields: dict[str, Any] = {
        "variant": state.variant,
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
        "players": players,
        "delivered_pile_size": len(state.delivered_pile) if plus else None,
        "pending": _pending(state),
        "winners": state.winners,
        "version": state.version,
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
    return PendingView(
        order=pending.order,
        owner=pending.owner,
        stage=pending.stage,
        options=pending.options,
        covered=pending.covered,
        choice=pending.choice,
        missing=dict(pending.missing),
        short=pending.short,
        ask=dict(pending.ask),
        asking=pending.asking[0] if pending.asking else None,
        asked=pending.asking,
    )
