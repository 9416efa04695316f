"""The peer's strong bot (`src/game/rollout.ts`), as published, on this engine.

At each of the three steps of its turn (the ingredients, the order, the
draw) it lists candidates, plays each out in worlds sampled from what it
knows, and keeps the best mean of delivered orders + 3 for a win:

- ingredients: for each kind, in the order the hand first holds it, 1 card,
  half (rounded up) when it holds 3 or more, all when it holds 2 or more;
  then the simple bot's own pick; the same play is listed once;
- order: none, then each order in hand; draw: the supply, then the orders,
  when both piles hold cards;
- 420 playouts a step, split evenly and rounded to the nearest, at least 24
  and at most 90 a candidate; each playout samples its own world;
- a world deals the other seats' hands and orders and the supply afresh, but
  keeps its own seat whole: its order pile in its true order (the published
  bot peeks at it, so this port reads its own pile from the state);
- the playouts are the simple bot of the same version for every seat
  (`heuristic.world_move`); its reveal decisions are the simple bot's.

The remaining difference from the TypeScript is the engine under the
playouts (this one's rules) and the random numbers.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable

from engine.mammamia.actions import Action, Pass, Turn
from engine.mammamia.ai.determinize import Observation, determinize
from engine.mammamia.events import Event
from engine.mammamia.game import step
from engine.mammamia.state import OVER, TURN, State
from engine.mammamia.turn import draws, pass_draws

from . import heuristic
from .agents import RivalHeuristicAgent, facts

WIN_BONUS = 3.0


def playout_score(world: State, seat: int, version: int) -> float:
    """The world played to its end by the simple bot: delivered + 3 for a win."""
    while world.phase != OVER:
        actor = world.to_act()[0]
        step(world, heuristic.world_move(world, actor, version))
    return len(world.delivered[seat]) + (WIN_BONUS if seat in world.winners else 0.0)


def samples_for(candidates: int, playouts: int, low: int, high: int) -> int:
    """`pickBest`'s playouts a candidate: the budget split, rounded to the
    nearest (halves up), within [low, high]."""
    return max(low, min(high, int(playouts / candidates + 0.5)))


class RivalMcAgent(RivalHeuristicAgent):
    """The peer's strong bot (a benchmark opponent), `version` 1 or 2 as its
    simple bot; `playouts`, `low`, `high` are the published 420, 24, 90."""

    name = "rival-mc"

    def __init__(
        self,
        seed: int = 0,
        *,
        version: int = 1,
        playouts: int = 420,
        low: int = 24,
        high: int = 90,
        recall: float = 1.0,
        seat: int | None = None,
        events: Iterable[Event] = (),
    ) -> None:
        super().__init__(seed, version=version, recall=recall, seat=seat, events=events)
        self.playouts, self.low, self.high = playouts, low, high

    def _best(
        self, obs: Observation, pile: list[str], moves: list[Action], rnd: random.Random
    ) -> Action:
        if len(moves) == 1:
            return moves[0]
        per = samples_for(len(moves), self.playouts, self.low, self.high)
        best, best_total = moves[0], -1.0
        for move in moves:
            total = 0.0
            for _ in range(per):
                world = determinize(obs, rnd)
                world.order_piles[obs.seat] = list(pile)  # the published bot peeks
                step(world, move)
                total += playout_score(world, obs.seat, self.version)
            if total > best_total:
                best, best_total = move, total
        return best

    def choose(self, state: State, seat: int) -> Action:
        obs = self.observation(state, seat)
        if obs.view.phase != TURN:
            return super().choose(state, seat)
        # Its worlds deal every unseen order at random (no pile bottoms known).
        obs = dataclasses.replace(obs, bottoms={}, held={})
        rnd = random.Random(obs.key(self.seed))
        pile = list(state.order_piles[seat])
        args = facts(obs, state, seat)
        box, hand = args.box, args.hand

        def turn(**fixed: object) -> Action:
            return heuristic.turn(
                seat,
                box,
                args.colour,
                args.seats,
                hand,
                args.tally,
                args.oven,
                args.pile,
                args.supply,
                self.version,
                **fixed,  # type: ignore[arg-type]
            )

        groups: dict[str, int] = {}
        for card in hand:
            if card in box.kindset:
                groups[card] = groups.get(card, 0) + 1
        if not groups:
            first = turn()
            assert isinstance(first, Pass)
            allowed = pass_draws(box, len(hand), args.pile, args.supply)  # MM-T4's valve too
            return self._best(obs, pile, [first._replace(draw=d) for d in allowed], rnd)
        # Step 1: the ingredients, the rest of the turn by the simple bot.
        plays: list[tuple[str, int]] = []
        for kind, n in groups.items():
            for count in (1, -(-n // 2) if n >= 3 else 0, n if n >= 2 else 0):
                if count and (kind, count) not in plays:
                    plays.append((kind, count))
        own = heuristic.ingredients(box, args.colour, hand, args.tally, args.oven, self.version)
        if own not in plays:
            plays.append(own)
        chosen = self._best(obs, pile, [turn(kind=k, count=c) for k, c in plays], rnd)
        assert isinstance(chosen, Turn)
        kind, count = chosen.ingredient, chosen.count
        # Step 2: no order, or each order in hand.
        orders = [c for c in hand if c not in box.kindset]
        if orders:
            moves = [turn(kind=kind, count=count, order=o) for o in [None, *orders]]
            chosen = self._best(obs, pile, moves, rnd)
            assert isinstance(chosen, Turn)
        # Step 3: the supply or the orders, as the engine allows after the play.
        left = len(hand) - count - (chosen.order is not None)
        allowed = draws(box, left, args.pile, args.supply)
        return self._best(obs, pile, [chosen._replace(draw=d) for d in allowed], rnd)
