"""The peer's simple bot, as its published source decides, on this engine.

The peer is the one other open Mamma Mia! implementation (a TypeScript web
app). Its bot (`src/game/bot.ts`) exists in two published versions:

- version 1 (the earlier, commit b30315a): feed the most complete order,
  else shed one card of the smallest group; place an order the oven covers,
  or one the hand can top up when the oven lacks at most 1 card (or the
  supply is low); draw orders only with none in hand or to stall the round;
- version 2 (the later, commit a3cd4a6): the same, but it keeps back the
  cards its committed orders still need before shedding, tops up when the
  oven lacks at most 2 cards, and draws a second order while it holds fewer
  than two, none is close and the supply is comfortable.

Every rule below is the published one, tie-breaks included: a tie among
groups goes to the kind met first in the hand (its draw order), "most
complete" is fewest cards missing after the hand (ties: the heavier order,
then hand order), and the turn is three steps, each on the state the step
before left. The peer plays classic only; for Plus the same rules read the
box's hand size, draw cap and each card's choices (the obvious extension).
`bench.peer.compare` checks the turns against the TypeScript itself.

The bot reads its hand in its order, which the view does not give (it is
sorted): the agents take it from their own seat of the state, nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.mammamia.actions import ORDERS, SUPPLY, Action, Choose, Pass, Pay, Turn
from engine.mammamia.ai import policy
from engine.mammamia.cards import (
    BOMBASTICA,
    FIXED,
    MINIMALE,
    ORDER_CARDS,
    PERSONAL,
    Box,
    OrderCard,
)
from engine.mammamia.reveal import bombastica_short, crossed_out, first_lacking, options
from engine.mammamia.state import CHOOSE, PAY, TURN, Pending, State
from engine.mammamia.turn import draw_need, draws, pass_draws

Counts = dict[str, int]
Needs = tuple[tuple[str, int], ...]

#: The peer's bot in each published version: 1 the earlier, 2 the later.
VERSIONS = (1, 2)


def _weight(card: OrderCard) -> int:
    if card.shape == BOMBASTICA:
        return card.amount
    return sum(n for _, n in next(iter(card.requirements.values())))


#: Each order card's weight, by the card (they are the box's singletons).
_WEIGHTS = {id(c): _weight(c) for cards in ORDER_CARDS.values() for c in cards.values()}


def weight(card: OrderCard) -> int:
    """`requirementWeight`: the cards an order consumes (Bombastica 15)."""
    return _WEIGHTS[id(card)]


def _choice_score(needs: Needs, tally: Counts, hand: Counts) -> int:
    """`bestJokerKind`'s score, over every kind of a choice."""
    score = 0
    for k, n in needs:
        on = tally[k]
        both = on + hand[k]
        score += (n if n < on else on) * 100 + (n if n < both else both)
    return score


#: Per order card with a choice, each choice's needs and the part the choice adds.
_CHOICES = {
    id(c): tuple((needs, needs[len(c.needs) :]) for needs in c.requirements.values())
    for cards in ORDER_CARDS.values()
    for c in cards.values()
}


def concrete(card: OrderCard, tally: Counts, hand: Counts) -> Needs | None:
    """`concreteRequirement`: the order's cards with its choice made as the bot
    aims it; None for a Bombastica. A Minimale aims at the kind oven plus hand
    hold most of; any other choice (Monotoni's kind) at the best score, oven
    first; ties to the first kind."""
    if card.shape == BOMBASTICA:
        return None
    if card.shape == FIXED:
        return card.requirements[()]
    if card.shape == MINIMALE:
        best = card.kinds[0]
        for kind in card.kinds:
            if tally[kind] + hand[kind] > tally[best] + hand[best]:
                best = kind
        return card.requirements[(best,)]
    chosen: Needs = ()
    best_score = -1
    for needs, part in _CHOICES[id(card)]:
        score = _choice_score(part, tally, hand)
        if score > best_score:
            chosen, best_score = needs, score
    return chosen


def deliverable(card: OrderCard, tally: Counts, hand: Counts, top_up: bool) -> bool:
    """`orderDeliverable`: made at the reveal against this oven, with the hand
    topping up if `top_up` (never a Bombastica's); a Minimale takes a kind
    the reveal leaves open (the engine's MM-R9: the fewest positive)."""
    if crossed_out(card, tally):
        return False
    if card.shape == BOMBASTICA:
        return not bombastica_short(card, tally)
    if card.shape == MINIMALE:
        forced = options(card, tally)
        if not forced:
            return False
        extra = hand if top_up else dict.fromkeys(hand, 0)
        if not all(tally[k] + extra[k] >= n for k, n in card.needs):
            return False
        return any(tally[k] + extra[k] >= card.amount for (k,) in forced)
    needs = concrete(card, tally, hand)
    assert needs is not None
    if top_up:
        return all(tally[k] + hand[k] >= n for k, n in needs)
    return all(tally[k] >= n for k, n in needs)


def shortfall(card: OrderCard, tally: Counts, empty: Counts) -> int:
    """`shortfallTotal`: the cards the oven alone still lacks."""
    if card.shape == BOMBASTICA:
        return bombastica_short(card, tally)
    needs = concrete(card, tally, empty)
    assert needs is not None
    short = 0
    for k, n in needs:
        if n > tally[k]:
            short += n - tally[k]
    return short


def most_complete(orders: Sequence[OrderCard], tally: Counts, hand: Counts) -> OrderCard | None:
    """`mostCompleteHeldOrder`: fewest cards missing after oven and hand;
    ties to the heavier, then the first held."""

    def residual(card: OrderCard) -> int:
        if card.shape == BOMBASTICA:
            return max(0, card.amount - sum(tally.values()) - min(sum(hand.values()), 15))
        needs = concrete(card, tally, hand)
        assert needs is not None
        missing = 0
        for k, n in needs:
            lack = n - tally[k] - hand[k]
            if lack > 0:
                missing += lack
        return missing

    best: OrderCard | None = None
    best_residual = 0
    for card in orders:
        r = residual(card)
        heavier = best is not None and weight(card) > weight(best)
        if best is None or r < best_residual or (r == best_residual and heavier):
            best, best_residual = card, r
    return best


def _groups(ingredients: Sequence[str]) -> dict[str, int]:
    """Kinds in the order the hand first holds them, with their counts."""
    groups: dict[str, int] = {}
    for kind in ingredients:
        groups[kind] = groups.get(kind, 0) + 1
    return groups


def reserved(
    commitments: Iterable[OrderCard], tally: Counts, hand: Counts, kinds: Sequence[str]
) -> Counts:
    """`reservedForTopUp` (version 2): the hand cards its orders (in the oven
    or held, not a Bombastica) still lack beyond the oven, capped by the hand."""
    reserve = dict.fromkeys(kinds, 0)
    for card in commitments:
        needs = concrete(card, tally, hand)
        if needs is None:
            continue
        for kind, n in needs:
            gap = max(0, n - tally[kind])
            reserve[kind] = min(hand[kind], reserve[kind] + gap)
    return reserve


def ingredients(
    box: Box,
    colour: str,
    hand: Sequence[str],
    tally: Counts,
    oven: Sequence[str | None],
    version: int,
) -> tuple[str, int]:
    """`chooseIngredientsToPlay` (the hand holds an ingredient): flood for a
    Bombastica; else the most complete order's best kind, at most its
    shortfall; else one card of a spare group."""
    cards = ORDER_CARDS[box.variant]
    kindset = box.kindset
    pieces = [c for c in hand if c in kindset]
    orders = [cards[c] for c in hand if c not in kindset]
    groups = _groups(pieces)
    held = dict.fromkeys(box.kinds, 0) | groups
    if any(o.shape == BOMBASTICA for o in orders) and sum(tally.values()) + len(pieces) + 6 >= 15:
        largest = max(groups.values())
        kind = next(k for k, n in groups.items() if n == largest)
        return kind, largest
    target = most_complete(orders, tally, held)
    if target is not None and target.shape != BOMBASTICA:
        needs = concrete(target, tally, dict.fromkeys(box.kinds, 0))
        assert needs is not None
        pick, pick_n = None, 0
        for kind, n in needs:
            short = n - tally[kind]
            if short <= 0:
                continue
            play = min(held[kind], short)
            if play > pick_n:
                pick, pick_n = kind, play
        if pick is not None:
            return pick, pick_n
    if version == 1:
        keep = dict.fromkeys(box.kinds, 0)
    else:  # its own orders in the oven, then those in hand
        placed = [cards[c] for c in oven if c is not None and c not in kindset]
        commitments = [o for o in placed if o.colour == colour] + orders
        keep = reserved(commitments, tally, held, box.kinds)
    personal = PERSONAL[colour]
    kind = min(groups, key=lambda k: (groups[k] <= keep[k], groups[k], k == personal))
    return kind, 1


def place_order(
    orders: Sequence[OrderCard], tally: Counts, hand: Counts, supply: int, seats: int, version: int
) -> str | None:
    """`choosePlaceOrder`: the heaviest order the oven covers; else the
    heaviest the hand tops up, if the supply is low or the oven lacks at
    most 1 (version 1) or 2 (version 2) of its cards."""

    def heaviest(found: list[OrderCard]) -> str | None:
        best = None
        for card in found:
            if best is None or weight(card) > weight(best):
                best = card
        return best.id if best is not None else None

    safe = [o for o in orders if deliverable(o, tally, hand, False)]
    if safe:
        return heaviest(safe)
    low = supply <= seats * 2
    gap = 1 if version == 1 else 2
    empty = dict.fromkeys(hand, 0)
    return heaviest(
        [
            o
            for o in orders
            if o.shape != BOMBASTICA
            and deliverable(o, tally, hand, True)
            and (low or shortfall(o, tally, empty) <= gap)
        ]
    )


def draw_source(
    box: Box,
    orders: Sequence[OrderCard],
    size: int,
    tally: Counts,
    hand: Counts,
    pile: int,
    supply: int,
    seats: int,
    version: int,
) -> str:
    """`chooseDrawSource` after the play (`size` cards left in hand): orders
    with none held; version 2 also while it holds fewer than two, none close
    and the supply comfortable; else the supply, unless that draw would end
    the round while an order could still be topped up from hand."""
    if not orders:
        return ORDERS if pile else SUPPLY
    if not pile:
        return SUPPLY
    if version == 2:
        empty = dict.fromkeys(hand, 0)
        close = any(
            deliverable(o, tally, hand, True) or shortfall(o, tally, empty) <= 2 for o in orders
        )
        if len(orders) < 2 and not close and supply > seats * 4:
            return ORDERS
    if not (0 < supply <= draw_need(box, size)):
        return SUPPLY
    finishable = any(
        o.shape != BOMBASTICA
        and deliverable(o, tally, hand, True)
        and not deliverable(o, tally, hand, False)
        for o in orders
    )
    return ORDERS if finishable else SUPPLY


def _legal_draw(allowed: tuple[str | None, ...], wanted: str) -> str | None:
    """The bot's draw among those the engine allows: the wanted pile, else
    the one the rules leave (none with a full hand or nothing to draw)."""
    return wanted if wanted in allowed else allowed[0]


def turn(
    seat: int,
    box: Box,
    colour: str,
    seats: int,
    hand: Sequence[str],
    tally: Counts,
    oven: Sequence[str | None],
    pile: int,
    supply: int,
    version: int,
    kind: str | None = None,
    count: int = 0,
    order: str | bool | None = False,
) -> Action:
    """The bot's whole turn, its three steps in turn; `kind` and `count`, and
    `order` (None: no order), fix steps already decided (the strong bot's)."""
    cards = ORDER_CARDS[box.variant]
    kindset = box.kindset
    tally = dict(tally)
    if not any(c in kindset for c in hand):
        after = list(hand)
        orders = [cards[c] for c in after if c not in kindset]
        held = dict.fromkeys(box.kinds, 0)
        wanted = draw_source(box, orders, len(after), tally, held, pile, supply, seats, version)
        return Pass(seat, _legal_draw(pass_draws(box, len(after), pile, supply), wanted))
    if kind is None:
        kind, count = ingredients(box, colour, hand, tally, oven, version)
    after = list(hand)
    for _ in range(count):
        after.remove(kind)
    tally[kind] += count
    held = dict.fromkeys(box.kinds, 0)
    for card in after:
        if card in kindset:
            held[card] += 1
    orders = [cards[c] for c in after if c not in kindset]
    if order is False:
        order = place_order(orders, tally, held, supply, seats, version) if orders else None
    if order:
        assert isinstance(order, str)
        after.remove(order)
        orders = [o for o in orders if o.id != order]
    wanted = draw_source(box, orders, len(after), tally, held, pile, supply, seats, version)
    placed = order if isinstance(order, str) else None
    return Turn(
        seat, kind, count, placed, _legal_draw(draws(box, len(after), pile, supply), wanted)
    )


# --- the reveal ----------------------------------------------------------------


def joker_score(kind: str, amount: int, table: Counts, held: Counts) -> int:
    """`chooseJokerIngredient`'s score: deliverable first, then the table's."""
    on_table = table[kind]
    sure = 1000 if on_table + held[kind] >= amount else 0
    return sure + min(on_table, amount) * 10 - max(0, amount - on_table)


def decide(
    seat: int, box: Box, hand: Sequence[str], table: Counts, pending: Pending, help_on: bool
) -> Action:
    """The reveal: a choice by the published scores among those open, then
    pay from hand whenever the hand holds what is missing; a Bombastica is
    never paid from hand (the peer's rules do not allow it). Plus's help,
    which the peer does not play: ask when short, help whenever possible."""
    card = ORDER_CARDS[box.variant][pending.order]
    held = dict.fromkeys(box.kinds, 0)
    for c in hand:
        if c in held:
            held[c] += 1
    if pending.stage == CHOOSE:
        choices = list(pending.options)
        if card.shape == MINIMALE:  # chooseMinimaleTieBreak: best covered by table + hand
            best = max(choices, key=lambda c: min(card.amount, table[c[0]] + held[c[0]]))
        else:  # chooseJokerIngredient, over the kinds each choice names
            best = max(
                choices, key=lambda c: sum(joker_score(k, card.amount, table, held) for k in c)
            )
        return Choose(seat, best)
    if pending.stage == PAY:
        if pending.short:
            return Pay(seat, False)
        if first_lacking(list(hand), pending.missing) is None:
            return Pay(seat, True)
        if not help_on:
            return Pay(seat, False)
    return policy.decide(seat, box, list(hand), table, pending, help_on)


def world_move(world: State, seat: int, version: int) -> Action:
    """The bot on a whole (sampled) world: its oven tally is the world's."""
    box = world.box
    hand = world.hands[seat]
    if world.phase == TURN:
        tally = dict(world.table)
        for card in world.oven:
            if card in tally:
                tally[card] += 1
        return turn(
            seat,
            box,
            world.colours[seat],
            world.seats,
            hand,
            tally,
            world.oven,
            len(world.order_piles[seat]),
            len(world.supply),
            version,
        )
    assert world.pending is not None
    return decide(seat, box, hand, world.table, world.pending, world.help)
