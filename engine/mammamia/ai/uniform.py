"""The baseline agent: a random legal move.

It samples a move without listing every legal action (listing Bombastica
payments can run to thousands): at each step it picks uniformly among the
parts of a move (kind and count, then order, then draw; or the kind of
decision, then its details). Every move it makes is still checked by the
engine before it is applied.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from .. import turn
from ..actions import Action, Ask, Help, Pass, Pay, Turn
from ..game import legal_actions
from ..reveal import first_lacking, remainder
from ..state import CHOOSE, PAY, TURN, State

T = TypeVar("T")


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rnd = random.Random(seed)

    def _pick(self, items: Sequence[T]) -> T:
        return items[int(self.rnd.random() * len(items))]

    def choose(self, state: State, seat: int) -> Action:
        if state.phase == TURN:
            return self._turn(state, seat)
        pending = state.pending
        assert pending is not None
        if pending.stage == CHOOSE:  # few moves: the engine lists them
            return self._pick(legal_actions(state, seat))
        if pending.stage == PAY:
            return self._pay(state, seat)
        can_help = not first_lacking(state.hands[seat], pending.ask)
        return Help(seat, bool(can_help and self.rnd.random() < 0.5))

    def _turn(self, state: State, seat: int) -> Action:
        hand = state.hands[seat]
        kinds = state.box.kindset
        random = self.rnd.random
        for _ in range(8 if hand else 0):  # rejection sampling: a uniform ingredient card
            kind = hand[int(random() * len(hand))]
            if kind in kinds:
                break
        else:
            ingredients = [c for c in hand if c in kinds]
            if not ingredients:
                if turn.valve(state, seat):
                    return Pass(seat, "supply" if state.supply else None)
                return Pass(seat, self._pick(turn.legal_draws(state, seat, len(hand))))
            kind = self._pick(ingredients)
        count = 1 + int(random() * hand.count(kind))  # kinds weighted by counts allowed
        order = None
        if random() < 0.5:
            orders = [c for c in hand if c not in kinds]
            order = orders[int(random() * len(orders))] if orders else None
        draws = turn.legal_draws(state, seat, len(hand) - count - (order is not None))
        return Turn(seat, kind, count, order, draws[int(random() * len(draws))])

    def _pay(self, state: State, seat: int) -> Action:
        pending = state.pending
        assert pending is not None
        hand, kinds = state.hands[seat], state.box.kinds
        moves: list[Action] = [Pay(seat, False)]
        if pending.short:
            ingredients = [c for c in hand if c in kinds]
            if len(ingredients) >= pending.short:
                picked = self.rnd.sample(sorted(ingredients), pending.short)
                moves.append(
                    Pay(seat, True, tuple((k, picked.count(k)) for k in sorted(set(picked))))
                )
        elif not first_lacking(hand, pending.missing):
            moves.append(Pay(seat, True))
        if state.help:
            if pending.short:
                picked = [self._pick(kinds) for _ in range(pending.short)]
                moves.append(Ask(seat, tuple((k, picked.count(k)) for k in sorted(set(picked)))))
            else:
                asked = tuple((k, 1 + int(self.rnd.random() * n)) for k, n in pending.missing)
                if not first_lacking(hand, remainder(pending.missing, asked)):
                    moves.append(Ask(seat, asked))
        return self._pick(moves)
