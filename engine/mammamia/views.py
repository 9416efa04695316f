"""What a player may see (MM-T7, MM-V1, MM-V2).

Views are built from scratch out of the public facts, so nothing hidden (a
hand, an order pile, the supply's order, the PRNG, the oven's history) can
leak into them by accident.
"""

from __future__ import annotations

from typing import Any

from .flow import ranking
from .state import OVER, REVEAL, State


def public_view(state: State) -> dict[str, Any]:
    """The physical table (MM-T7): the latest play and the oven's top card,
    never the history of plays (MM-V2, strict memory)."""
    plus = state.variant == "plus"
    over = state.phase == OVER
    players = []
    for seat in range(state.seats):
        player: dict[str, Any] = {
            "seat": seat,
            "colour": state.colours[seat],
            "hand_size": len(state.hands[seat]),
            "order_pile_size": len(state.order_piles[seat]),
            "mamma_mia": state.mamma_mia == seat,
        }
        if not plus or over:  # PL-R5: plus scores stay face down until the end
            player["delivered"] = list(state.delivered[seat])
        players.append(player)
    pending = state.pending
    view: dict[str, Any] = {
        "variant": state.variant,
        "kinds": list(state.box.kinds),  # the ingredient kinds; any other card is an order
        "seats": state.seats,
        "help": state.help,
        "round": state.round,
        "last_round": state.last_round,
        "phase": state.phase,
        "to_act": list(state.to_act()),
        "current": state.current,
        "supply_size": len(state.supply),
        "oven_size": len(state.oven),
        "oven_top": state.oven[-1] if state.oven and state.phase != REVEAL else None,
        "next_reveal_in": len(state.oven) if state.phase == REVEAL else None,
        "last_play": state.last_play.to_json() if state.last_play else None,
        "table": {k: n for k, n in state.table.items() if n},
        "used_size": len(state.used),
        "revealer": state.revealer,
        "turns_left": state.turns_left,
        "players": players,
        "delivered_pile_size": len(state.delivered_pile) if plus else None,
        "pending": _public_pending(state) if pending else None,
        "winners": list(state.winners),
        "version": state.version,
    }
    if over:
        view["scores"] = [len(d) for d in state.delivered]
        kinds = state.box.kinds
        view["ingredients"] = [sum(c in kinds for c in h) for h in state.hands]
        view["ranking"] = ranking(state)  # MM-E1 with its tie-break
    return view


def _public_pending(state: State) -> dict[str, Any]:
    pending = state.pending
    assert pending is not None
    out: dict[str, Any] = {
        "order": pending.order,
        "owner": pending.owner,
        "stage": pending.stage,
        "options": [list(o) for o in pending.options],
        "covered": pending.covered,
        "choice": list(pending.choice) if pending.choice is not None else None,
        "missing": dict(pending.missing),
        "short": pending.short,
        "ask": dict(pending.ask),
        "asking": pending.asking[0] if pending.asking else None,
        # PL-H2: every seat still to be asked, in the rule's order (public: it
        # follows from the order piles' sizes), so all may be asked at once.
        "asked": list(pending.asking),
    }
    return out


def player_view(state: State, seat: int) -> dict[str, Any]:
    """The public view plus what `seat` alone knows: its own hand (MM-V1)."""
    view = public_view(state)
    view["seat"] = seat
    view["hand"] = sorted(state.hands[seat])
    kinds = state.box.kindset
    view["hand_orders"] = sorted(c for c in state.hands[seat] if c not in kinds)
    return view
