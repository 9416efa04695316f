"""Positions for comparing the rival agents with the peer's bots.

Seeded classic games (2 to 5 seats) are played by a mix of our heuristic and
both versions of the rival heuristic; at each of their turns and reveal
decisions the acting seat's position is written as the peer's bot reads it,
from the true state (not from the agent's own view, so the agent's reading of
its view is checked too): its hand in the order drawn, its orders, its pile's
and the supply's sizes, the oven's tally (the table and every ingredient in
the oven), its own orders in the oven. Beside each goes our agent's answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bench.rivals import RivalHeuristicAgent
from engine.mammamia.actions import Action, Choose, Pass, Pay, Turn
from engine.mammamia.ai import HeuristicAgent
from engine.mammamia.cards import BOMBASTICA, MINIMALE, MONOTONI, ORDER_CARDS, PERSONAL, OrderCard
from engine.mammamia.events import Event
from engine.mammamia.game import step
from engine.mammamia.setup import new_game
from engine.mammamia.state import CHOOSE, OVER, PAY, TURN, State
from engine.rng import seeds as game_seeds

VARIANT = "classic"  # the peer plays the classic box only


@dataclass(frozen=True)
class Position:
    """One decision: the peer's input (`peer`, JSON) and our agent's answer."""

    peer: dict[str, Any]
    ours: dict[str, Any]


def order_json(card: OrderCard) -> dict[str, Any]:
    """An order card as the driver builds the peer's: shape, amount, needs."""
    needs = next(iter(card.requirements.values())) if card.shape != BOMBASTICA else ()
    return {"id": card.id, "shape": card.shape, "amount": card.amount, "needs": list(needs)}


def turn_position(state: State, seat: int) -> dict[str, Any]:
    box, cards = state.box, ORDER_CARDS[state.variant]
    hand = state.hands[seat]
    tally = dict(state.table)
    own = []
    for card in state.oven:
        if card in tally:
            tally[card] += 1
        elif cards[card].colour == state.colours[seat]:
            own.append(order_json(cards[card]))
    return {
        "seat": seat,
        "seats": state.seats,
        "colours": list(state.colours),
        "round": state.round,
        "ingredients": [c for c in hand if c in box.kindset],
        "orders": [order_json(cards[c]) for c in hand if c not in box.kindset],
        "pile": len(state.order_piles[seat]),
        "supply": len(state.supply),
        "tally": tally,
        "own_oven": own,
    }


def reveal_position(state: State, seat: int) -> dict[str, Any] | None:
    """A Monotoni or Minimale choice, or paying a shortfall from hand (a
    Bombastica is never paid: the peer's rules have no such decision)."""
    pending = state.pending
    assert pending is not None
    card = ORDER_CARDS[state.variant][pending.order]
    hand = state.hands[seat]
    held = {k: hand.count(k) for k in state.box.kinds}
    table = dict(state.table)
    base = {"reveal": True, "table": table, "held": held, "amount": card.amount}
    if pending.stage == CHOOSE and card.shape == MONOTONI:
        return base | {"decision": "monotoni", "personal": PERSONAL[card.colour]}
    if pending.stage == CHOOSE and card.shape == MINIMALE:
        present = [k for k in card.kinds if table[k] > 0]
        fewest = min(table[k] for k in present)
        tied = [k for k in present if table[k] == fewest]
        return base | {"decision": "minimale", "candidates": tied}
    if pending.stage == PAY and not pending.short:
        return base | {"decision": "pay", "hand": list(hand), "missing": dict(pending.missing)}
    return None


def answer(action: Action) -> dict[str, Any]:
    if isinstance(action, Turn):
        return {"kind": action.ingredient, "count": action.count, "order": action.order}
    if isinstance(action, Pass):
        return {"kind": None, "count": 0, "order": None}
    if isinstance(action, Choose):
        return {"kind": action.kinds[0]}
    assert isinstance(action, Pay)
    return {"pay": action.accept}


def draw_of(action: Action) -> str | None:
    return action.draw if isinstance(action, Turn | Pass) else None


def positions(version: int, count: int, seed: int = 1) -> Iterator[Position]:
    """`count` positions (turns and reveal decisions) of seeded games; our
    answers are the rival heuristic's of `version`."""
    made = 0
    for number, game_seed in enumerate(game_seeds(seed, 10_000)):
        seats = 2 + number % 4
        state, events = new_game(VARIANT, seats, seed=game_seed)
        players: list[Any] = [
            HeuristicAgent(game_seed + s, seat=s, events=events)
            if (s + number) % 3 == 0
            else RivalHeuristicAgent(game_seed + s, seat=s, events=events, version=1 + s % 2)
            for s in range(seats)
        ]
        ours = [
            RivalHeuristicAgent(seed, seat=s, events=events, version=version) for s in range(seats)
        ]
        while state.phase != OVER:
            seat = state.to_act()[0]
            if state.phase == TURN:
                peer: dict[str, Any] | None = turn_position(state, seat)
            else:
                peer = reveal_position(state, seat)
            if peer is not None:
                mine = ours[seat].choose(state, seat)
                yield Position(peer, answer(mine) | {"draw": draw_of(mine)})
                made += 1
                if made >= count:
                    return
            new: list[Event] = []
            step(state, players[seat].choose(state, seat), new)
            for agent in players + ours:
                agent.observe(new)
