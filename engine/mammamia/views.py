"""What a player may see (MM-T7, MM-V1, MM-V2).

Views are built from scratch out of the public facts, so nothing hidden (a
hand, an order pile, the supply's order, the PRNG, the oven's history) can
leak into them by accident. They are frozen typed values (`view_types`);
their JSON form is what the command line prints and the Activity receives.
A computer player builds one at every decision, so this module is compiled
with the engine's hot modules (`engine/compiled.py`).
"""

from __future__ import annotations

import dataclasses
from itertools import filterfalse
from typing import Any

from ..value import builder
from .flow import ranking
from .state import OVER, REVEAL, State
from .view_types import PendingView, PlayerView, PublicView, SeatView

__all__ = ["PendingView", "PlayerView", "PublicView", "SeatView", "player_view", "public_view"]


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
