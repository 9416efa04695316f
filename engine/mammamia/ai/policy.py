"""Rules of thumb shared by the heuristic agent and the ISMCTS playouts.

Everything here works on plain facts (a hand, the table, the oven as far as it
is known, pile sizes), never on a `State`, so the same code serves an agent
that knows only its view and a playout that runs on a sampled world.

The core fact of the game: an order played now is checked against the table
as it will be when the order is revealed, which is the table now plus every
ingredient already in the oven (minus what the orders before it use) plus the
ingredients played with it (MM-T1, MM-T2, MM-R1..R3). Later plays come after
it and cannot help.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..actions import ORDERS, SUPPLY, Action, Ask, Choose, Help, Pass, Pay
from ..cards import BOMBASTICA, ORDER_CARDS, Box, OrderCard
from ..reveal import first_lacking, options
from ..state import CHOOSE, PAY, Pending

Counts = dict[str, int]


def counts_of(hand: Iterable[str], kinds: tuple[str, ...]) -> Counts:
    found = dict.fromkeys(kinds, 0)
    for card in hand:
        if card in found:
            found[card] += 1
    return found


def outlook(card: OrderCard, table: Counts, hand: Counts) -> int | None:
    """How many hand cards make `card` against `table`; None if the hand cannot."""
    if card.crossed is not None and table[card.crossed] > 0:
        return None
    if card.shape == BOMBASTICA:
        short = card.amount - sum(table.values())
        if short <= 0:
            return 0
        return short if sum(hand.values()) >= short else None
    return cheapest(map(card.requirements.__getitem__, options(card, table)), table, hand)


def cheapest(
    choices: Iterable[Iterable[tuple[str, int]]], table: Counts, hand: Counts
) -> int | None:
    """The fewest hand cards that complete one of `choices` (each a choice's
    needs) against `table`; None if the hand completes none."""
    best = None
    for needs in choices:
        pay = 0
        for kind, n in needs:
            lack = n - table[kind]
            if lack > 0:
                if hand[kind] < lack:
                    break
                pay += lack
        else:
            if best is None or pay < best:
                best = pay
    return best


def wants(orders: list[OrderCard], table: Counts) -> Counts:
    """Cards of each kind the hand's orders still need beyond `table` (fixed
    orders and the personal part of the others)."""
    need: Counts = {}
    for card in orders:
        for kind, n in card.needs:
            lack = n - table.get(kind, 0)
            if lack > 0:
                need[kind] = need.get(kind, 0) + lack
    return need


# --- phase 1 -------------------------------------------------------------------


def draw_for(
    box: Box, hand_after: int, orders_after: int, pile: int, supply: int
) -> tuple[str | None, ...]:
    """Draw sources in order of preference after a play (MM-T3)."""
    if hand_after >= box.hand or (not supply and not pile):
        return (None,)
    if not supply:
        return (ORDERS,)
    if not pile:
        return (SUPPLY,)
    need = box.hand - hand_after
    if orders_after == 0 and need <= 3:
        return (ORDERS, SUPPLY)
    return (SUPPLY, ORDERS)


def pass_turn(seat: int, box: Box, hand: list[str], pile: int, supply: int) -> Pass:
    """MM-T4: no ingredient in hand."""
    if len(hand) >= box.hand:  # the safety valve draws 1 from the supply
        return Pass(seat, SUPPLY if supply else None)
    return Pass(seat, draw_for(box, len(hand), 1, pile, supply)[0])


# --- the reveal --------------------------------------------------------------


def bombastica_cards(
    box: Box, hand: list[str], short: int, keep: Counts
) -> tuple[tuple[str, int], ...]:
    """`short` hand cards for a Bombastica: the kinds least needed, most held first."""
    held = counts_of(hand, box.kinds)
    paid: Counts = {}
    ranked = sorted(box.kinds, key=lambda k: (keep.get(k, 0) - held[k], box.kinds.index(k)))
    for kind in ranked:
        take = min(held[kind], short)
        if take:
            paid[kind] = take
            short -= take
    return tuple((k, paid[k]) for k in box.kinds if paid.get(k))


def decide(
    seat: int,
    box: Box,
    hand: list[str],
    table: Counts,
    pending: Pending,
    help_on: bool,
) -> Action:
    """The heuristic's reveal decision: make the order if the hand can, ask
    for help when it cannot (plus), help whenever possible (both score)."""
    card = ORDER_CARDS[box.variant][pending.order]
    if pending.stage == CHOOSE:
        held = counts_of(hand, box.kinds)
        keep = _keep(box, hand, table) if pending.covered else {}
        best, best_cost = None, None
        for choice in pending.options:
            lack = [(k, n - table[k]) for k, n in card.requirements[choice] if table[k] < n]
            cost = sum(n for _, n in lack) if all(held[k] >= n for k, n in lack) else None
            if pending.covered:
                cost = sum(keep.get(k, 0) for k in choice)  # leave what the hand wants
            if cost is not None and (best_cost is None or cost < best_cost):
                best, best_cost = choice, cost
        if best is None:
            if help_on:
                best = min(pending.options, key=lambda c: _missing(card, c, table))
            else:
                return Pay(seat, False)
        return Choose(seat, best)
    # Below, only the kinds asked for are counted (the playouts ask often).
    if pending.stage == PAY:
        if pending.short:
            if sum(1 for c in hand if c in box.kindset) >= pending.short:
                keep = _keep(box, hand, table)
                return Pay(seat, True, bombastica_cards(box, hand, pending.short, keep))
            return Pay(seat, False)
        if first_lacking(hand, pending.missing) is None:
            return Pay(seat, True)
        if help_on:
            asked = tuple((k, n - hand.count(k)) for k, n in pending.missing if hand.count(k) < n)
            return Ask(seat, asked)
        return Pay(seat, False)
    return Help(seat, first_lacking(hand, pending.ask) is None)


def _keep(box: Box, hand: list[str], table: Counts) -> Counts:
    """What the hand's orders still need: only some decisions ask (made when asked)."""
    return wants([ORDER_CARDS[box.variant][c] for c in hand if c not in box.kindset], table)


def _missing(card: OrderCard, choice: tuple[str, ...], table: Counts) -> int:
    return sum(n - table[k] for k, n in card.requirements[choice] if table[k] < n)
