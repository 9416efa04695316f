"""The heuristic's phase-1 turn: aim the oven at one's own orders.

An order played now is checked at its reveal against the table plus the
oven revealed before it plus the ingredients played with it (MM-R1..R3);
what the table lacks the owner may pay from hand then (MM-R4). So:

1. place an order that this turn's ingredients and the remembered oven
   cover, or that the hand could top up with at most `pay` cards;
2. holding a Bombastica with the oven near 15, play the largest group;
3. else feed the oven toward the most complete order, exactly its
   shortfall of the kind the hand covers best;
4. else shed one card, of a kind no order of the hand wants;
and with 3. and 4., still place the best covered order when oven, play and
hand cover `always` of it: it may be paid at the reveal from the hand as it
will be then, and a failed order only goes back under the pile (MM-R5).
Draw orders while holding fewer than `ORDERS_WANTED`, else the supply; not
the supply's last cards while an order could still be finished from hand.

Few cards a turn keep the round long (more turns to place orders) and the
hand full; the final hand-size tie-break (MM-E1) rewards that too. The oven
is counted raw (every ingredient, not what the orders before it use):
optimistic, so it places more orders, and a short one is paid from hand at
the reveal; the careful count won 43 % where this wins 70 %.

The numbers below were each measured against an earlier port of the peer's
simple bot (1,000-2,000 games at 2 seats, classic); the comments give the
2-seat win rate of the alternative.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..actions import ORDERS, SUPPLY, Action, Turn
from ..cards import ALL_KINDS, BOMBASTICA, MINIMALE, MONOTONI, ORDER_CARDS, PERSONAL, Box, OrderCard
from ..reveal import options
from .policy import Counts, cheapest, counts_of, outlook, pass_turn

PAY = 2  # most hand cards an order placed now may need (1: 66 %)
LATE_PAY = 9  # ... near the supply's end (no measurable effect)
BOMB_GAP = 6  # Bombastica: oven + hand + this reach 15, play the largest group
ORDERS_WANTED = 3  # draw orders while holding fewer than this (1: 54 %, 2: 70 %)
# With no order sure, still place the best covered one if oven, play and hand
# cover this share of it: it may be paid at its reveal (MM-R4) from the hand
# as it will be then (never: 70 %; 0.8: 68 %; 0.4: 72 %). Feeding an order
# that cannot be placed this turn (never: 66 %), ranking the placeable
# orders by cost before weight (weight first: 66 %) and shedding from the
# largest spare group (the smallest: 68 %) were measured likewise.
ALWAYS = 0.4


def _weight(card: OrderCard) -> int:
    if card.shape == BOMBASTICA:
        return 15
    if card.shape == MONOTONI:
        return 7
    return max(sum(n for _, n in needs) for needs in card.requirements.values())


# Every table below is per variant: the boxes share card ids (`green-misto`)
# but not their cards (a classic Misto is 5 cards, a Plus one 6).
_WEIGHTS: dict[str, dict[str, int]] = {
    variant: {card.id: _weight(card) for card in cards.values()}
    for variant, cards in ORDER_CARDS.items()
}
#: Per variant, card and kind, the most cards of that kind any of its choices needs.
_MOST: dict[str, dict[str, Counts]] = {
    variant: {
        card.id: {
            k: max(
                (n for needs in card.requirements.values() for j, n in needs if j == k), default=0
            )
            for k in ALL_KINDS
        }
        for card in cards.values()
    }
    for variant, cards in ORDER_CARDS.items()
}


#: Per variant, each order's place when sorted heaviest first, then by id.
_RANK = {
    variant: {c: i for i, c in enumerate(sorted(cards, key=lambda c: (-_WEIGHTS[variant][c], c)))}
    for variant, cards in ORDER_CARDS.items()
}


def weight(card: OrderCard, variant: str) -> int:
    """Bombastica 15, Monotoni 7, others by their size in `variant`'s box:
    the harder, the rarer."""
    return _WEIGHTS[variant][card.id]


def oven_table(box: Box, table: Counts, oven: Iterable[str | None]) -> Counts:
    """The table as the next order played will find it, counted raw."""
    base = dict(table)
    for card in oven:
        if card is not None and card in base:
            base[card] += 1
    return base


Needs = tuple[tuple[str, int], ...]
Sized = tuple[Needs, int]  # a choice's needs and how many cards they are

#: Per variant and order card, each choice's needs and size, in `requirements`
#: order, and the same by choice: the playouts ask for them a million times.
_SIZED: dict[str, dict[str, tuple[Sized, ...]]] = {
    variant: {
        card.id: tuple((needs, sum(n for _, n in needs)) for needs in card.requirements.values())
        for card in cards.values()
    }
    for variant, cards in ORDER_CARDS.items()
}
_BY_CHOICE: dict[str, dict[str, dict[tuple[str, ...], Sized]]] = {
    variant: {
        card.id: {c: (needs, sum(n for _, n in needs)) for c, needs in card.requirements.items()}
        for card in cards.values()
    }
    for variant, cards in ORDER_CARDS.items()
}


def _choices(card: OrderCard, base: Counts, variant: str) -> tuple[Sized, ...]:
    """`options(card, base)` with each choice's needs and size; only a
    Minimale's depend on the table (MM-R9). None open: the first choice."""
    if card.shape != MINIMALE:
        return _SIZED[variant][card.id]
    sized = _BY_CHOICE[variant][card.id]
    return tuple(sized[c] for c in options(card, base)) or _SIZED[variant][card.id][:1]


def _coverage(card: OrderCard, base: Counts, held: Counts, variant: str) -> tuple[float, Needs]:
    """The share of the order's best choice that oven plus hand cover, and its needs."""
    best: tuple[float, Needs] = (-1.0, ())
    for needs, total in _choices(card, base, variant):
        got = 0
        for k, n in needs:
            have = base[k] + held[k]
            got += n if n < have else have
        if got / total > best[0]:
            best = (got / total, needs)
    return best


def _fixed_outlook(
    needs: Iterable[Needs], crossed: str | None, base: Counts, held: Counts
) -> int | None:
    """`policy.outlook` for an order whose choices do not depend on the table
    (all but Minimale and Bombastica): `needs` are its choices' needs."""
    if crossed is not None and base[crossed] > 0:
        return None
    return cheapest(needs, base, held)


#: Per variant and order card, each choice's needs as {kind: n}, in
#: `requirements` order.
_NEEDS: dict[str, dict[str, tuple[dict[str, int], ...]]] = {
    variant: {c.id: tuple(dict(n) for n in c.requirements.values()) for c in cards.values()}
    for variant, cards in ORDER_CARDS.items()
}


class _Order(NamedTuple):
    """What a turn reads of an order card, looked up once per card in hand:
    sorting these sorts the orders heaviest first, then by id."""

    rank: int
    card: OrderCard
    heavy: int  # minus its weight
    bomb: bool  # Bombastica: its outlook is the oven's and the hand's sizes alone
    exact: bool  # Bombastica or Minimale: every card counts, or may
    most: Counts
    needs: tuple[dict[str, int], ...]


_ORDERS: dict[str, dict[str, _Order]] = {
    variant: {
        c.id: _Order(
            _RANK[variant][c.id],
            c,
            -_WEIGHTS[variant][c.id],
            c.shape == BOMBASTICA,
            c.shape in (BOMBASTICA, MINIMALE),
            _MOST[variant][c.id],
            _NEEDS[variant][c.id],
        )
        for c in cards.values()
    }
    for variant, cards in ORDER_CARDS.items()
}


def _exact_pays(
    card: OrderCard, bomb: bool, present: list[str], base: Counts, held: Counts
) -> list[tuple[str, int, int]]:
    """(kind, count, pay) of every play after which a Bombastica or a
    Minimale (whose choices the play itself may change) is made, in play order."""
    found = []
    on_oven, in_hand = (sum(base.values()), sum(held.values())) if bomb else (0, 0)
    for kind in present:
        for count in range(1, held[kind] + 1):
            pay: int | None
            if bomb:
                short = card.amount - on_oven - count
                pay = 0 if short <= 0 else short if in_hand - count >= short else None
            else:
                base[kind] += count
                held[kind] -= count
                pay = outlook(card, base, held)
                base[kind] -= count
                held[kind] += count
            if pay is not None:
                found.append((kind, count, pay))
    return found


def _fixed_pays(
    choices_needs: tuple[dict[str, int], ...],
    crossed: str | None,
    most: Counts,
    present: list[str],
    base: Counts,
    held: Counts,
) -> list[tuple[str, int, int]]:
    """(kind, count, pay) of every play after which an order whose choices do
    not depend on the table is made, in play order (`_fixed_outlook` after
    each play, worked out once: a choice the hand cannot complete now it
    cannot after a play either, and a play only shortens its own kind's lack).
    More than the order can use of a kind changes nothing but the waste."""
    if crossed is not None and base[crossed] > 0:
        return []
    choices = []  # (hand cards the choice needs now, its needs) of each one the hand completes
    for needs in choices_needs:
        total = 0
        for k, n in needs.items():
            lack = n - base[k]
            if lack > 0:
                if held[k] < lack:
                    break
                total += lack
        else:
            choices.append((total, needs))
    if not choices:
        return []
    found = []
    for kind in present:
        if kind == crossed:  # crossing it out: never made
            continue
        top = most[kind] - base[kind]
        if top > held[kind]:
            top = held[kind]
        if top < 1:
            top = 1
        for count in range(1, top + 1):
            pay = -1
            for total, needs in choices:
                wanted = needs.get(kind)
                if wanted is not None:
                    lack = wanted - base[kind]
                    if lack > 0:
                        total += (lack - count if lack > count else 0) - lack
                if pay < 0 or total < pay:
                    pay = total
            found.append((kind, count, pay))
    return found


def plan_turn(
    seat: int,
    box: Box,
    colour: str,
    seats: int,
    hand: list[str],
    table: Counts,
    oven: Iterable[str | None],
    pile: int,
    supply: int,
) -> Action:
    """The heuristic's whole phase-1 move."""
    kindset = box.kindset
    if kindset.isdisjoint(hand):
        return pass_turn(seat, box, hand, pile, supply)
    variant = box.variant
    base = oven_table(box, table, oven)
    held = counts_of(hand, box.kinds)
    present = [k for k in box.kinds if held[k]]
    facts = _ORDERS[variant]
    mine = sorted([facts[c] for c in {c for c in hand if c not in kindset}])  # heaviest first
    orders = [o.card for o in mine]
    late = supply <= 2 * seats
    limit = LATE_PAY if late else PAY
    need: Counts | None = None  # `_wanted`, needed by few turns: made when first asked for

    # 1. An order that this turn's play makes sure of: the least (pay, -weight,
    # waste, count, kind), the first of equals; the waste, which needs
    # `_wanted`, is only worked out between plays equal before it.
    best: tuple[int, str, str] | None = None  # (count, kind, order)
    best_pay = best_heavy = 0  # its first two
    best_waste = -1  # not worked out yet
    for _, card, heavy, bomb, exact, most, choices in mine:
        # Lighter than the best so far (orders go heaviest first): only a
        # smaller pay could beat it.
        if best is not None and heavy > best_heavy and best_pay == 0:
            break
        if exact:
            plays = _exact_pays(card, bomb, present, base, held)
        else:
            plays = _fixed_pays(choices, card.crossed, most, present, base, held)
        for kind, count, pay in plays:
            if pay > limit:
                continue
            if best is not None:
                if pay > best_pay or (pay == best_pay and heavy > best_heavy):
                    continue
                if pay == best_pay and heavy == best_heavy:
                    if need is None:
                        need = _wanted(orders, base, variant)
                    if best_waste < 0:
                        best_waste = max(0, best[0] - need.get(best[1], 0))
                    waste = max(0, count - need.get(kind, 0))
                    if (waste, count, kind) >= (best_waste, best[0], best[1]):
                        continue
                    best, best_waste = (count, kind, card.id), waste
                    continue
            best, best_waste = (count, kind, card.id), -1
            best_pay, best_heavy = pay, heavy
    if best is not None:
        count, kind, order = best
        return _finish(seat, box, hand, kind, count, order, base, pile, supply)

    # 2. Bombastica: a big play when the oven is close to 15.
    bombastica = any(o.shape == BOMBASTICA for o in orders)
    if bombastica and sum(base.values()) + sum(held.values()) + BOMB_GAP >= 15:
        kind = max(present, key=lambda k: held[k])
        return _finish(seat, box, hand, kind, held[kind], None, base, pile, supply)

    # 3. Feed the most complete order its shortfall.
    ranked = []
    for card in orders:
        if card.shape == BOMBASTICA:
            continue
        if card.crossed is not None and base[card.crossed] > 0:
            continue
        score, needs = _coverage(card, base, held, variant)
        ranked.append((-score, -weight(card, variant), card.id, needs))
    ranked.sort()
    for _, _, _, needs in ranked:
        pick, pick_n = None, 0
        for kind, n in needs:
            cover = min(held[kind], max(0, n - base[kind]))
            if cover > pick_n:
                pick, pick_n = kind, cover
        if pick is not None:
            gamble = _gamble(orders, base, held, pick, pick_n, variant)
            return _finish(seat, box, hand, pick, pick_n, gamble, base, pile, supply)

    # 4. Shed one card no order of ours wants, from the largest spare group.
    if need is None:
        need = _wanted(orders, base, variant)
    spare = [k for k in present if held[k] > need.get(k, 0)] or present
    spare = [k for k in spare if k != PERSONAL[colour]] or spare
    kind = min(spare, key=lambda k: (-held[k], box.kinds.index(k)))
    gamble = _gamble(orders, base, held, kind, 1, variant)
    return _finish(seat, box, hand, kind, 1, gamble, base, pile, supply)


def _gamble(
    orders: list[OrderCard], base: Counts, held: Counts, kind: str, count: int, variant: str
) -> str | None:
    """An order placed on the chance of being paid at its reveal from the hand
    as it will be then (MM-R4): the best covered one, if covered enough."""
    if not orders:
        return None
    base[kind] += count
    held[kind] -= count
    best, best_score = None, ALWAYS
    for card in orders:
        if card.shape == BOMBASTICA or (card.crossed is not None and base[card.crossed] > 0):
            continue
        score, _ = _coverage(card, base, held, variant)
        if score >= best_score:
            best, best_score = card.id, score
    base[kind] -= count
    held[kind] += count
    return best


def _wanted(orders: list[OrderCard], base: Counts, variant: str) -> Counts:
    """Cards of each kind the orders still lack beyond the oven (best choices:
    `_coverage` with an empty hand, written out as the playouts ask often)."""
    need: Counts = {}
    for card in orders:
        if card.shape == BOMBASTICA:
            continue
        choices = _choices(card, base, variant)
        needs = choices[0][0]
        if len(choices) > 1:
            best = -1.0
            for wanted, total in choices:
                got = 0
                for k, n in wanted:
                    have = base[k]
                    got += n if n < have else have
                if got / total > best:
                    best, needs = got / total, wanted
        for kind, n in needs:
            lack = n - base[kind]
            if lack > 0:
                need[kind] = need.get(kind, 0) + lack
    return need


def _finish(
    seat: int,
    box: Box,
    hand: list[str],
    kind: str,
    count: int,
    order: str | None,
    base: Counts,
    pile: int,
    supply: int,
) -> Turn:
    return Turn(seat, kind, count, order, draw(box, hand, kind, count, order, base, pile, supply))


def draw(
    box: Box,
    hand: list[str],
    kind: str,
    count: int,
    order: str | None,
    base: Counts,
    pile: int,
    supply: int,
) -> str | None:
    """Orders when the hand holds too few, else the supply; but not the supply's
    last cards while an order could still be finished from hand (MM-T6). The
    hand is as it will be after playing `count` of `kind` and `order`."""
    size = len(hand) - count - (order is not None)
    if size >= box.hand or (not supply and not pile):
        return None
    if not supply:
        return ORDERS
    if not pile:
        return SUPPLY
    kinds = box.kindset
    if sum(1 for c in hand if c not in kinds and c != order) < ORDERS_WANTED:
        return ORDERS
    need = box.hand - size
    if box.draw_cap is not None:
        need = min(need, box.draw_cap)
    if supply <= need:
        after = list(hand)
        for _ in range(count):
            after.remove(kind)
        if order is not None:
            after.remove(order)
        cards = ORDER_CARDS[box.variant]
        orders = [cards[c] for c in after if c not in kinds]
        held = counts_of(after, box.kinds)
        if any(outlook(o, base, held) is not None for o in orders):
            return ORDERS
    return SUPPLY


def candidates(
    seat: int,
    box: Box,
    colour: str,
    seats: int,
    hand: list[str],
    table: Counts,
    oven: Iterable[str | None],
    pile: int,
    supply: int,
    width: int,
    every: bool = False,
) -> list[Action]:
    """The turns worth searching, one step of the turn at a time: the
    heuristic's turn first, its other draw, its ingredients with each order
    in hand or none, then 1, half or all of each kind held, each with the
    order the heuristic would place with it (with `every`, with each order in
    hand or none too)."""
    first = plan_turn(seat, box, colour, seats, hand, table, oven, pile, supply)
    if not isinstance(first, Turn):
        return [first]
    cards = ORDER_CARDS[box.variant]
    base = oven_table(box, table, oven)
    held = counts_of(hand, box.kinds)
    ids = sorted({c for c in hand if c not in box.kindset})
    orders = [cards[c] for c in ids]
    found: list[Action] = [first]
    alternative = _other_draw(first, box, hand, pile, supply)
    if alternative is not None:
        found.append(alternative)
    kind, count = first.ingredient, first.count
    for order in [None, *ids]:
        found.append(_finish(seat, box, hand, kind, count, order, base, pile, supply))
    limit = LATE_PAY if supply <= 2 * seats else PAY
    for kind in box.kinds:
        for count in sorted({1, max(1, held[kind] // 2), held[kind]}) if held[kind] else ():
            base[kind] += count
            held[kind] -= count
            sure = [
                (pay, -weight(o, box.variant), o.id)
                for o in orders
                if (pay := outlook(o, base, held)) is not None and pay <= limit
            ]
            base[kind] -= count
            held[kind] += count
            order = min(sure)[2] if sure else _gamble(orders, base, held, kind, count, box.variant)
            for placed in [order, *ids, None] if every else [order]:
                found.append(_finish(seat, box, hand, kind, count, placed, base, pile, supply))
    unique: list[Action] = []
    for move in found:
        if move not in unique:
            unique.append(move)
    return unique[: max(width, 2)]


def _other_draw(move: Action, box: Box, hand: list[str], pile: int, supply: int) -> Action | None:
    if not isinstance(move, Turn) or move.draw is None or not pile or not supply:
        return None
    if len(hand) - move.count - (move.order is not None) >= box.hand:
        return None
    return move._replace(draw=SUPPLY if move.draw == ORDERS else ORDERS)
