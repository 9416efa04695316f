"""Phase 2: the oven reveal (MM-R1..R11, PL-R1..R5, PL-H1..H4) and the game end."""

from __future__ import annotations

from ..errors import IllegalAction
from .actions import Ask, Choose, Help, Pay
from .cards import (
    BOMBASTICA,
    CHIOTTONA,
    MINIMALE,
    ORDER_CARDS,
    OrderCard,
)
from .events import (
    Asked,
    Chosen,
    DecisionOpened,
    Declined,
    Events,
    HelpAsked,
    Helped,
    HelperScored,
    HelpRefused,
    Made,
    Returned,
    Revealed,
)
from .state import CHOOSE, HELP, PAY, Cards, Pending, State

Choice = tuple[str, ...]


def card_of(state: State, order: str) -> OrderCard:
    return ORDER_CARDS[state.box.variant][order]


# --- what an order needs ---------------------------------------------------


def options(card: OrderCard, table: dict[str, int]) -> list[Choice]:
    """The choices an order leaves open (MM-R8, MM-R9, PL-R2, PL-R3, PL-C2 card 11).
    A fixed order has one choice, `()`. An empty list: the order cannot be made."""
    if card.shape == MINIMALE:  # MM-R9, PL-R4: P is left out before the minimum
        present = [k for k in card.kinds if table[k] > 0]
        if not present:
            return []
        fewest = min(table[k] for k in present)
        return [(k,) for k in present if table[k] == fewest]
    return list(card.requirements)


def crossed_out(card: OrderCard, table: dict[str, int]) -> bool:
    """PL-R1: an order whose crossed-out kind is on the table is not made."""
    return card.crossed is not None and table[card.crossed] > 0


def bombastica_short(card: OrderCard, table: dict[str, int]) -> int:
    """MM-R7: how many ingredients the table lacks for a Bombastica (0: made)."""
    short = card.amount - sum(table.values())
    return short if short > 0 else 0


def requirement(card: OrderCard, choice: Choice) -> Cards:
    """The cards an order needs once its choice is fixed (not for Bombastica)."""
    return card.requirements[choice]


def missing(table: dict[str, int], needs: Cards) -> Cards:
    lacking: Cards = ()
    for kind, n in needs:
        if table[kind] < n:
            lacking += ((kind, n - table[kind]),)
    return lacking


def first_lacking(hand: list[str], cards: Cards) -> tuple[str, int, int] | None:
    """The first kind of `cards` that `hand` lacks, as (kind, need, held); None if held."""
    for kind, n in cards:
        held = hand.count(kind)
        if held < n:
            return kind, n, held
    return None


def normal_cards(cards: Cards, kinds: tuple[str, ...]) -> Cards:
    """Cards in rule order, so `{olive: 1, salami: 2}` and its reordering compare equal."""
    as_dict = dict(cards)
    return tuple((k, as_dict[k]) for k in kinds if as_dict.get(k))


# --- revealing ---------------------------------------------------------------


def reveal_next(state: State, events: Events) -> None:
    """Turn the oven's next card face up (MM-R1): an ingredient joins the
    table (MM-R2); an order is made, returned, or opens a decision."""
    card = state.oven.pop(0)
    table = state.table
    ingredient = card in table
    if ingredient:
        table[card] += 1
    if events is not None:
        events.append(Revealed(card, {k: n for k, n in table.items() if n}))
    if not ingredient:
        _revealed_order(state, card, events)


def _revealed_order(state: State, order: str, events: Events) -> None:
    card, table = card_of(state, order), state.table
    owner = state.colours.index(card.colour)
    if crossed_out(card, table):
        _return(state, order, owner, "crossed", events)
        return
    if card.shape == BOMBASTICA:
        short = bombastica_short(card, table)
        if not short:
            _make(state, order, owner, None, (), events)
        else:
            state.pending = Pending(order, owner, PAY, short=short)
            if events is not None:
                events.append(DecisionOpened(owner, order, PAY, short=short))
        return
    open_choices = options(card, table)
    if not open_choices:  # MM-R9: no candidate
        _return(state, order, owner, "no_candidate", events)
        return
    if len(open_choices) == 1:
        choice = open_choices[0]
        lacking = missing(table, card.requirements[choice])
        if not lacking:  # MM-R3: the table covers it
            _make(state, order, owner, choice, (), events)
        else:  # MM-R4: asked even when they cannot pay
            _await_payment(state, order, owner, choice, lacking, events)
        return
    covered = [c for c in open_choices if not missing(table, card.requirements[c])]
    if len(covered) == 1:  # MM-R10: the one covered choice is taken
        _make(state, order, owner, covered[0], (), events)
    elif covered:
        state.pending = Pending(order, owner, CHOOSE, tuple(covered), covered=True)
        if events is not None:
            events.append(DecisionOpened(owner, order, CHOOSE, options=covered))
    else:
        state.pending = Pending(order, owner, CHOOSE, tuple(open_choices))
        if events is not None:
            events.append(DecisionOpened(owner, order, CHOOSE, options=open_choices))


def _await_payment(
    state: State, order: str, owner: int, choice: Choice, lacking: Cards, events: Events
) -> None:
    state.pending = Pending(order, owner, PAY, choice=choice, missing=lacking)
    if events is not None:
        events.append(DecisionOpened(owner, order, PAY, missing=dict(lacking)))


def _return(state: State, order: str, owner: int, reason: str, events: Events) -> None:
    """MM-R5: an order not made goes face down under its owner's order pile."""
    state.order_piles[owner].append(order)
    state.pending = None
    if events is not None:
        events.append(Returned(owner, order, reason))


def _make(
    state: State,
    order: str,
    owner: int,
    choice: Choice | None,
    paid: Cards,
    events: Events,
    helper: int | None = None,
    given: Cards = (),
) -> None:
    """MM-R3/R7/R8/R9 and PL-H3: use the table's cards, the owner's and a helper's
    cards, and deliver the order."""
    table, used = state.table, state.used
    taken: dict[str, int] = {}
    if choice is None:  # Bombastica: every table ingredient is used
        for kind, n in table.items():
            if n:
                taken[kind] = n
                table[kind] = 0
    else:
        for kind, n in requirement(card_of(state, order), choice):
            use = min(table[kind], n)
            if use:
                taken[kind] = use
                table[kind] -= use
    for kind, n in taken.items():
        used += [kind] * n
    for seat, cards in ((owner, paid), (helper, given)):
        for kind, n in cards:
            hand = state.hands[seat]  # type: ignore[index]
            for _ in range(n):
                hand.remove(kind)
            used += [kind] * n
    state.delivered[owner].append(order)
    if state.box.variant == "plus":  # PL-R5: one common face-down pile
        state.delivered_pile.insert(0, order)
    state.pending = None
    if events is not None:
        left = {k: n for k, n in table.items() if n}
        made = Made(owner, order, list(choice or ()), taken, dict(paid), helper, dict(given), left)
        events.append(made)
    if helper is not None:  # PL-H3: the helper scores their top order card, unseen
        reward = state.order_piles[helper].pop(0)
        state.delivered[helper].append(reward)
        state.delivered_pile.insert(0, reward)
        if events is not None:
            events.append(HelperScored(helper))


# --- decisions ---------------------------------------------------------------


def check(state: State, action: Choose | Pay | Ask | Help) -> None:
    """Raise IllegalAction unless `action` is a legal decision now; the caller
    checked that the seat is the one to act."""
    pending = state.pending
    assert pending is not None
    stage = pending.stage
    if stage == CHOOSE:
        if isinstance(action, Choose):
            _check_choice(state, pending, action.kinds)
        elif isinstance(action, Pay) and not action.accept and action.cards is None:
            if pending.covered:  # MM-R10: a covered choice must be taken
                raise _choice_error(state, pending)
        else:
            raise IllegalAction("expected_choice", order=pending.order)
    elif stage == PAY:
        if isinstance(action, Pay):
            if action.accept:
                _check_payment(state, pending, action.cards)
        elif isinstance(action, Ask):
            _check_ask(state, pending, action.cards)
        else:
            raise IllegalAction("expected_payment", order=pending.order)
    elif isinstance(action, Help):
        if action.accept:
            lacking = first_lacking(state.hands[action.seat], pending.ask)
            if lacking:
                raise IllegalAction("cannot_help", cards=dict(pending.ask))
    else:
        raise IllegalAction("expected_help")


def _choice_error(state: State, pending: Pending) -> IllegalAction:
    card = card_of(state, pending.order)
    kinds = sorted({k for o in pending.options for k in o}, key=state.box.kinds.index)
    if pending.covered and card.shape != CHIOTTONA:
        return IllegalAction("choose_covered", choices=kinds)
    if card.shape == CHIOTTONA:
        return IllegalAction("choose_two", choices=kinds)
    if card.shape == MINIMALE:
        return IllegalAction("choose_fewest", choices=kinds)
    return IllegalAction("choose_one", choices=kinds)


def normal_choice(state: State, kinds: tuple[str, ...]) -> Choice:
    order = state.box.kinds
    for kind in kinds:
        if kind not in order:
            raise IllegalAction("unknown_kind", kind=kind)
    return tuple(sorted(kinds, key=order.index))


def _check_choice(state: State, pending: Pending, kinds: tuple[str, ...]) -> None:
    if normal_choice(state, kinds) not in pending.options:
        raise _choice_error(state, pending)


def _check_payment(state: State, pending: Pending, cards: Cards | None) -> None:
    hand = state.hands[pending.owner]
    kinds = state.box.kinds
    for kind, _ in cards or ():
        if kind not in kinds:
            raise IllegalAction("unknown_kind", kind=kind)
    if pending.short:  # Bombastica: the owner names the cards (MM-R10)
        if cards is None or sum(n for _, n in cards) != pending.short:
            raise IllegalAction("pay_count", count=pending.short)
        need = cards
    else:
        if cards is not None and normal_cards(cards, kinds) != normal_cards(pending.missing, kinds):
            raise IllegalAction("pay_mismatch", missing=dict(pending.missing))
        need = pending.missing
    lacking = first_lacking(hand, need)
    if lacking:
        kind, n, held = lacking
        raise IllegalAction("cannot_pay", kind=kind, need=n, held=held)


def _check_ask(state: State, pending: Pending, cards: Cards) -> None:
    if not state.help:
        raise IllegalAction("help_off")
    kinds = state.box.kinds
    for kind, _ in cards:
        if kind not in kinds:
            raise IllegalAction("unknown_kind", kind=kind)
    if pending.short:  # Bombastica: ask for every missing card
        if sum(n for _, n in cards) != pending.short:
            raise IllegalAction("ask_count", count=pending.short)
        return
    lacking = dict(pending.missing)
    for kind, n in cards:
        if n > lacking.get(kind, 0):
            raise IllegalAction("ask_mismatch", missing=dict(pending.missing))
    rest = remainder(pending.missing, cards)
    short = first_lacking(state.hands[pending.owner], rest)
    if short:
        kind, need, held = short
        raise IllegalAction("ask_rest_not_held", kind=kind, need=need, held=held)


def remainder(lacking: Cards, asked: Cards) -> Cards:
    given = dict(asked)
    return tuple((k, n - given.get(k, 0)) for k, n in lacking if n > given.get(k, 0))


def decide(state: State, action: Choose | Pay | Ask | Help, events: Events) -> None:
    """Carry out a checked decision (the reveal goes on in `flow.advance`)."""
    pending = state.pending
    assert pending is not None
    order, owner = pending.order, pending.owner
    if isinstance(action, Choose):
        choice = normal_choice(state, action.kinds)
        if events is not None:
            events.append(Chosen(owner, order, list(choice)))
        if pending.covered:
            _make(state, order, owner, choice, (), events)
        else:
            lacking = missing(state.table, requirement(card_of(state, order), choice))
            _await_payment(state, order, owner, choice, lacking, events)
            return  # the owner now pays, asks or declines
    elif isinstance(action, Pay):
        if action.accept:
            paid = action.cards if pending.short and action.cards else pending.missing
            _make(state, order, owner, pending.choice, normal_cards(paid, state.box.kinds), events)
        else:
            if events is not None:
                events.append(Declined(owner, order))
            _return(state, order, owner, "declined", events)
    elif isinstance(action, Ask):
        _ask(state, pending, normal_cards(action.cards, state.box.kinds), events)
    else:
        _answer_help(state, pending, action, events)


def _ask(state: State, pending: Pending, cards: Cards, events: Events) -> None:
    """PL-H1/H2: ask clockwise from the owner's left, skipping empty order piles."""
    owner = pending.owner
    if events is not None:
        events.append(Asked(owner, pending.order, dict(cards)))
    seats = [(owner + i) % state.seats for i in range(1, state.seats)]
    queue = tuple(s for s in seats if state.order_piles[s])
    if not queue:
        _return(state, pending.order, owner, "no_help", events)  # PL-H4
        return
    state.pending = Pending(
        pending.order,
        owner,
        HELP,
        choice=pending.choice,
        missing=pending.missing,
        short=pending.short,
        ask=cards,
        asking=queue,
    )
    if events is not None:
        events.append(HelpAsked(queue[0], owner, dict(cards)))


def _answer_help(state: State, pending: Pending, action: Help, events: Events) -> None:
    seat = action.seat
    if action.accept:  # PL-H3
        if events is not None:
            events.append(Helped(seat, pending.owner, dict(pending.ask)))
        rest = () if pending.short else remainder(pending.missing, pending.ask)
        _make(state, pending.order, pending.owner, pending.choice, rest, events, seat, pending.ask)
        return
    if events is not None:
        events.append(HelpRefused(seat, pending.owner))
    queue = pending.asking[1:]
    if not queue:  # PL-H4: not made, even if the owner could have paid
        _return(state, pending.order, pending.owner, "no_help", events)
        return
    state.pending = Pending(
        pending.order,
        pending.owner,
        HELP,
        choice=pending.choice,
        missing=pending.missing,
        short=pending.short,
        ask=pending.ask,
        asking=queue,
    )
    if events is not None:
        events.append(HelpAsked(queue[0], pending.owner, dict(pending.ask)))
