"""A benchmark opponent: the bots of the one other open Mamma Mia!
implementation, rebuilt from their published strategy on this engine.

They are yardsticks, not difficulties: `rival-heuristic` (its simple bot) and
`rival-mc` (its strong bot, flat Monte-Carlo over heuristic playouts). Both
read only the seat's view and memory, like our agents.

The rival heuristic, as described by its authors:
- ingredients: holding a Bombastica and the remembered oven (with the table)
  plus the hand plus 6 reach 15, play the largest group; else aim at the
  most complete order (the one oven plus hand covers best) and play exactly
  the shortfall of the kind that covers most of it; else shed one card of the
  smallest group, the personal ingredient last;
- orders: the heaviest order (Bombastica 15, Monotoni 7, others by size) the
  remembered oven covers; else, near the supply's end (supply <= 2 x seats)
  or when one hand card tops it up, the heaviest it can complete from hand;
- draw: orders when it holds none, else the supply, except when the supply
  cannot fill the hand and an order could then be finished from hand.
The remembered oven is counted raw: every ingredient in it, whatever the
orders before use. Reveal decisions are the shared ones (`policy.decide`);
for Plus that is "ask for help when short, help whenever possible".

The strong bot decides each step of a turn (the ingredients, then the order,
then the draw) by flat Monte-Carlo: candidates are 1, half or all of each kind
held; each order in hand or none; each draw source. Each candidate gets
420 / candidates playouts (at least 24, at most 90) of rival-heuristic games
to the end, each in a world sampled afresh from what it has seen, scored as
delivered orders + 3 for a win. (`paired=1` plays every candidate on the
same worlds instead, a stronger variant than the one described.)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable

from ..actions import ORDERS, SUPPLY, Action, Turn
from ..cards import BOMBASTICA, MONOTONI, ORDER_CARDS, Box, OrderCard
from ..events import Event
from ..game import step
from ..reveal import options
from ..state import OVER, TURN, State
from . import policy
from .agent import Agent
from .determinize import Observation, determinize, pending_of
from .policy import Counts, counts_of, outlook

# --- the rival heuristic, on plain facts -------------------------------------


def weight(card: OrderCard) -> int:
    """How the rival ranks orders: Bombastica 15, Monotoni 7, others by size."""
    if card.shape == BOMBASTICA:
        return 15
    if card.shape == MONOTONI:
        return 7
    return max(sum(n for _, n in needs) for needs in card.requirements.values())


def raw_oven(box: Box, table: Counts, oven: Iterable[str | None]) -> Counts:
    """The table plus every remembered ingredient in the oven."""
    base = dict(table)
    for card in oven:
        if card is not None and card in base:
            base[card] += 1
    return base


def _coverage(
    card: OrderCard, base: Counts, held: Counts
) -> tuple[float, tuple[tuple[str, int], ...]]:
    """How well oven plus hand covers the order's best choice, and that choice's needs."""
    best: tuple[float, tuple[tuple[str, int], ...]] = (-1.0, ())
    for choice in options(card, base) or list(card.requirements)[:1]:
        needs = card.requirements[choice]
        total = sum(n for _, n in needs)
        got = sum(min(n, base[k] + held[k]) for k, n in needs)
        if got / total > best[0]:
            best = (got / total, needs)
    return best


def rival_ingredients(box: Box, personal: str, hand: list[str], base: Counts) -> tuple[str, int]:
    """The rival's ingredient play (the hand holds an ingredient)."""
    cards = ORDER_CARDS[box.variant]
    held = counts_of(hand, box.kinds)
    present = [k for k in box.kinds if held[k]]
    orders = [cards[c] for c in hand if c not in box.kindset]
    bombastica = any(o.shape == BOMBASTICA for o in orders)
    if bombastica and sum(base.values()) + sum(held.values()) + 6 >= 15:
        kind = max(present, key=lambda k: held[k])
        return kind, held[kind]
    ranked = []
    for card in orders:
        if card.shape == BOMBASTICA:
            continue
        if card.crossed is not None and base[card.crossed] > 0:
            continue
        score, needs = _coverage(card, base, held)
        ranked.append((-score, -weight(card), card.id, needs))
    ranked.sort()
    for _, _, _, needs in ranked:
        best, best_n = None, 0
        for kind, n in needs:
            cover = min(held[kind], max(0, n - base[kind]))
            if cover > best_n:
                best, best_n = kind, cover
        if best is not None:
            return best, best_n
    spare = [k for k in present if k != personal] or present
    kind = min(spare, key=lambda k: held[k])
    return kind, 1


def rival_order(
    box: Box, hand_after: list[str], base: Counts, supply: int, seats: int
) -> str | None:
    """The rival's order, against the oven after its ingredient play."""
    cards = ORDER_CARDS[box.variant]
    orders = sorted(
        (cards[c] for c in hand_after if c not in box.kindset), key=lambda o: (-weight(o), o.id)
    )
    if not orders:
        return None
    empty = dict.fromkeys(box.kinds, 0)
    for card in orders:
        if outlook(card, base, empty) == 0:
            return card.id
    held = counts_of(hand_after, box.kinds)
    late = supply <= 2 * seats
    for card in orders:
        pay = outlook(card, base, held)
        if pay is not None and (late or pay <= 1):
            return card.id
    return None


def rival_draw(box: Box, hand_after: list[str], base: Counts, pile: int, supply: int) -> str | None:
    size = len(hand_after)
    if size >= box.hand or (not supply and not pile):
        return None
    if not supply:
        return ORDERS
    if not pile:
        return SUPPLY
    cards = ORDER_CARDS[box.variant]
    orders = [cards[c] for c in hand_after if c not in box.kindset]
    if not orders:
        return ORDERS
    need = box.hand - size
    if box.draw_cap is not None:
        need = min(need, box.draw_cap)
    if supply <= need:  # drawing would end the round: finish an order first
        held = counts_of(hand_after, box.kinds)
        if any(outlook(o, base, held) is not None for o in orders):
            return ORDERS
    return SUPPLY


def rival_turn(
    seat: int,
    box: Box,
    personal: str,
    seats: int,
    hand: list[str],
    table: Counts,
    oven: Iterable[str | None],
    pile: int,
    supply: int,
    kind: str | None = None,
    count: int = 0,
    order: str | bool | None = False,
) -> Action:
    """The rival's whole turn; `kind`/`count`/`order` fix steps already decided."""
    if not any(c in box.kindset for c in hand):
        return policy.pass_turn(seat, box, hand, pile, supply)
    base = raw_oven(box, table, oven)
    if kind is None:
        kind, count = rival_ingredients(box, personal, hand, base)
    after = list(hand)
    for _ in range(count):
        after.remove(kind)
    base[kind] += count
    if order is False:
        order = rival_order(box, after, base, supply, seats)
    if order:
        after.remove(order)  # type: ignore[arg-type]
    draw = rival_draw(box, after, base, pile, supply)
    return Turn(seat, kind, count, order or None, draw)  # type: ignore[arg-type]


def rival_move(obs: Observation) -> Action:
    view, seat, box = obs.view, obs.seat, obs.box
    if view.phase == TURN:
        me = view.players[seat]
        return rival_turn(
            seat,
            box,
            _personal(box, me.colour),
            view.seats,
            obs.hand,
            {k: view.table.get(k, 0) for k in box.kinds},
            obs.known_oven(),
            me.order_pile_size,
            view.supply_size,
        )
    pending = pending_of(view)
    assert pending is not None
    table = {k: view.table.get(k, 0) for k in box.kinds}
    return policy.decide(seat, box, obs.hand, table, pending, view.help)


def world_move(world: State, seat: int) -> Action:
    """The rival heuristic on a whole (sampled) world: it sees the oven it
    would remember perfectly and nothing else hidden."""
    box = world.box
    hand = world.hands[seat]
    if world.phase == TURN:
        return rival_turn(
            seat,
            box,
            _personal(box, world.colours[seat]),
            world.seats,
            hand,
            world.table,
            world.oven,
            len(world.order_piles[seat]),
            len(world.supply),
        )
    assert world.pending is not None
    return policy.decide(seat, box, hand, world.table, world.pending, world.help)


def _personal(box: Box, colour: str) -> str:
    from ..cards import PERSONAL

    return PERSONAL[colour]


class RivalHeuristicAgent(Agent):
    """The rival's simple bot (a benchmark opponent)."""

    name = "rival-heuristic"

    def choose(self, state: State, seat: int) -> Action:
        return rival_move(self.observation(state, seat))


# --- the rival's flat Monte-Carlo bot ----------------------------------------


def playout_score(world: State, seat: int) -> float:
    """Play the world out with the rival heuristic: delivered orders + 3 for a win."""
    while world.phase != OVER:
        actor = world.to_act()[0]
        step(world, world_move(world, actor))
    return len(world.delivered[seat]) + (3.0 if seat in world.winners else 0.0)


class RivalMcAgent(Agent):
    """The rival's strong bot (a benchmark opponent): flat Monte-Carlo per step."""

    name = "rival-mc"

    def __init__(
        self,
        seed: int = 0,
        *,
        playouts: int = 420,
        low: int = 24,
        high: int = 90,
        paired: int = 0,
        piles: int = 0,
        recall: float = 1.0,
        seat: int | None = None,
        events: Iterable[Event] = (),
    ) -> None:
        super().__init__(seed, recall=recall, seat=seat, events=events)
        self.playouts, self.low, self.high = playouts, low, high
        self.paired = paired  # 1: every candidate on the same worlds (stronger)
        # 1: its worlds keep the orders not made under their piles (MM-R5), as
        # ours do; 0, as first measured, deals every unseen order at random
        self.piles = piles

    def _best(self, obs: Observation, moves: list[Action], rnd: random.Random) -> Action:
        if len(moves) == 1:
            return moves[0]
        per = max(self.low, min(self.high, self.playouts // len(moves)))
        totals = [0.0] * len(moves)
        for _ in range(per):
            world = determinize(obs, rnd) if self.paired else None
            for i, move in enumerate(moves):
                # as described: each candidate's playouts sample their own worlds
                trial = world.copy() if world is not None else determinize(obs, rnd)
                step(trial, move)
                totals[i] += playout_score(trial, obs.seat)
        best = max(range(len(moves)), key=lambda i: totals[i])
        return moves[best]

    def choose(self, state: State, seat: int) -> Action:
        obs = self.observation(state, seat)
        if not self.piles:
            obs = dataclasses.replace(obs, bottoms={}, held={})
        view, box = obs.view, obs.box
        rnd = random.Random(obs.key(self.seed))
        if view.phase != TURN:
            return rival_move(obs)
        hand = obs.hand
        if not any(c in box.kindset for c in hand):
            return rival_move(obs)
        me = view.players[seat]
        facts = (
            seat,
            box,
            _personal(box, me.colour),
            view.seats,
            hand,
            {k: view.table.get(k, 0) for k in box.kinds},
            obs.known_oven(),
            me.order_pile_size,
            view.supply_size,
        )
        held = counts_of(hand, box.kinds)
        # Step 1: the ingredients, the rest of the turn by the heuristic.
        moves: list[Action] = []
        for kind in box.kinds:
            for count in sorted({1, max(1, held[kind] // 2), held[kind]}):
                if held[kind]:
                    move = rival_turn(*facts, kind=kind, count=count)
                    if move not in moves:
                        moves.append(move)
        first = self._best(obs, moves, rnd)
        assert isinstance(first, Turn)
        kind, count = first.ingredient, first.count
        # Step 2: the order (or none).
        orders = sorted({c for c in hand if c not in box.kindset})
        moves = []
        for order in [None, *orders]:
            move = rival_turn(*facts, kind=kind, count=count, order=order)
            if move not in moves:
                moves.append(move)
        second = self._best(obs, moves, rnd)
        assert isinstance(second, Turn)
        # Step 3: the draw.
        size = len(hand) - count - (second.order is not None)
        pile, supply = me.order_pile_size, view.supply_size
        draws: list[str | None]
        if size >= box.hand or (not supply and not pile):
            draws = [None]
        else:
            draws = [d for d, n in ((SUPPLY, supply), (ORDERS, pile)) if n]
        moves = [second._replace(draw=d) for d in draws]
        return self._best(obs, moves, rnd)
