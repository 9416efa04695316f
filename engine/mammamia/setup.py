"""Setting up a game (MM-S1..S5, PL-S1, PL-S2): from a seed, or from an explicit deal."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .. import rng
from ..errors import RecordError
from . import flow
from .cards import BOXES, COLOURS, MAMMA_MIA, ORDER_CARDS, Box
from .events import Event, GameStart, Hand
from .state import State


def default_help(variant: str, seats: int) -> bool:
    """PL-H: help is played with 3+ players in plus, never with 2; classic has none."""
    return variant == "plus" and seats >= 3


def _settings(
    variant: Any, seats: Any, colours: Any, help_: Any
) -> tuple[Box, tuple[str, ...], bool]:
    if not isinstance(variant, str) or variant not in BOXES:
        raise RecordError(f"unknown variant {variant!r}")
    box = BOXES[variant]
    if type(seats) is not int or not box.min_seats <= seats <= box.max_seats:
        raise RecordError(f"{variant} takes {box.min_seats} to {box.max_seats} seats")
    if colours is not None and (
        not isinstance(colours, list) or not all(isinstance(c, str) for c in colours)
    ):
        raise RecordError("colours must be a list of colour names")
    colours = tuple(COLOURS[:seats] if colours is None else colours)
    if len(colours) != seats or len(set(colours)) != seats or not set(colours) <= set(box.orders):
        raise RecordError(f"colours must be {seats} different colours of the {variant} box")
    if variant == "classic":
        return box, colours, False  # classic ignores `help`
    if help_ is None:
        return box, colours, default_help(variant, seats)
    if type(help_) is not bool:
        raise RecordError("help must be true or false")
    if help_ and seats == 2:
        raise RecordError("help is never played with 2 players (PL-H)")
    return box, colours, help_


def _blank(box: Box, seats: int, colours: tuple[str, ...], help_: bool, seed: int) -> State:
    last_round = 3 if box.has_mamma_mia or help_ else 4  # MM-E1, PL-E1
    return State(
        box=box,
        seats=seats,
        colours=colours,
        help=help_,
        last_round=last_round,
        table={k: 0 for k in box.kinds},
        hands=[[] for _ in range(seats)],
        order_piles=[[] for _ in range(seats)],
        delivered=[[] for _ in range(seats)],
        rng=rng.seed_state(seed),
    )


def new_game(
    variant: str,
    seats: int,
    seed: int = 0,
    colours: Any = None,
    help: Any = None,
    deal: dict[str, Any] | None = None,
) -> tuple[State, list[Event]]:
    """A game ready for its first action, and the events of the set-up."""
    box, colours, help_ = _settings(variant, seats, colours, help)
    if type(seed) is not int:
        raise RecordError("seed must be an integer")
    state = _blank(box, seats, colours, help_, seed)
    first = _deal_from_seed(state) if deal is None else _deal_given(state, deal)
    events: list[Event] = []
    events.append(GameStart(state.round, first, seats, variant))
    events += (Hand(seat, list(state.hands[seat])) for seat in range(seats))
    if not state.supply:  # PL-T4 from the start: the first player reveals
        state.turns_left = seats
        state.revealer = first
    flow.begin_turn(state, first, events)
    return state, events


def _deal_from_seed(state: State) -> int:
    """MM-S1..S5 / PL-S1, PL-S2, drawing every random choice from the seed, in
    this order: the ingredients, each seat's order pile, the MAMMA MIA card's
    place in the supply, the first player."""
    box, seats = state.box, state.seats
    keep = box.copies - box.removed[seats]
    ingredients = [k for k in box.kinds for _ in range(keep)]
    state.rng = rng.shuffle(state.rng, ingredients)
    for seat in range(seats):
        pile = list(box.order_ids(state.colours[seat]))
        state.rng = rng.shuffle(state.rng, pile)
        state.order_piles[seat] = pile
    for seat in range(seats):  # dealt one at a time round the table
        state.hands[seat] = ingredients[seat : seats * box.deal : seats]
    supply = ingredients[seats * box.deal :]
    if box.has_mamma_mia:  # MM-S3 [decision]: dealt first, then shuffled in
        state.rng, place = rng.below(state.rng, len(supply) + 1)
        supply.insert(place, MAMMA_MIA)
    state.supply = supply
    for seat in range(seats):  # MM-S4, PL-S2
        state.hands[seat].append(state.order_piles[seat].pop(0))
    state.rng, first = rng.below(state.rng, seats)  # MM-S5 [decision]: at random
    state.current = first
    return first


def _cards(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise RecordError(f"{what} must be a list of card ids")
    return list(value)


def _per_seat(deal: dict[str, Any], key: str, seats: int) -> list[list[str]]:
    value = deal.get(key, [[] for _ in range(seats)])
    if not isinstance(value, list) or len(value) != seats:
        raise RecordError(f"deal.{key} must list one pile per seat")
    return [_cards(v, f"deal.{key}") for v in value]


def _deal_given(state: State, deal: dict[str, Any]) -> int:
    """Take an explicit position (record-format `deal`) and check it could happen."""
    box, seats, variant = state.box, state.seats, state.variant
    if not isinstance(deal, dict):
        raise RecordError("deal must be an object")
    state.supply = _cards(deal.get("supply", []), "deal.supply")
    state.hands = _per_seat(deal, "hands", seats)
    state.order_piles = _per_seat(deal, "order_piles", seats)
    state.delivered = _per_seat(deal, "delivered", seats)
    table = deal.get("table", {})
    if not isinstance(table, dict) or any(
        k not in box.kinds or type(n) is not int or n < 0 for k, n in table.items()
    ):
        raise RecordError("deal.table must map ingredient kinds to counts")
    state.table = {k: table.get(k, 0) for k in box.kinds}
    round_ = deal.get("round", 1)
    if type(round_) is not int or not 1 <= round_ <= state.last_round:
        raise RecordError(f"deal.round must be 1 to {state.last_round}")
    state.round = round_
    first = deal.get("first")
    if first is None:
        state.rng, first = rng.below(state.rng, seats)
    if type(first) is not int or not 0 <= first < seats:
        raise RecordError("deal.first must be a seat")
    state.current = first
    holder = deal.get("mamma_mia")
    if holder is not None and (type(holder) is not int or not 0 <= holder < seats):
        raise RecordError("deal.mamma_mia must be a seat")
    state.mamma_mia = holder
    if variant == "plus":
        pile = _cards(deal.get("delivered_pile", []), "deal.delivered_pile")
        for seat in range(seats):
            pile += [c for c in state.delivered[seat] if c not in pile]
        state.delivered_pile = pile
        for seat in range(seats):
            colour = state.colours[seat]
            state.delivered[seat] = [c for c in pile if c.startswith(colour + "-")]
    _check_cards(state)
    reshuffles = deal.get("reshuffles", [])
    if not isinstance(reshuffles, list):
        raise RecordError("deal.reshuffles must be a list of supplies")
    state.reshuffles = tuple(tuple(_cards(r, "deal.reshuffles")) for r in reshuffles)
    return first


def _check_cards(state: State) -> None:
    box, variant = state.box, state.variant
    orders = ORDER_CARDS[variant]
    if any(c not in box.kinds and c != MAMMA_MIA for c in state.supply):
        raise RecordError("the supply holds only ingredients (and the MAMMA MIA card)")
    for seat in range(state.seats):
        colour = state.colours[seat]
        for pile in (state.hands[seat], state.order_piles[seat], state.delivered[seat]):
            for card in pile:
                if card == MAMMA_MIA:
                    raise RecordError("the MAMMA MIA card is never in a hand or an order pile")
                if card in box.kinds:
                    if pile is not state.hands[seat]:
                        raise RecordError(f"{card} cannot be in an order pile")
                elif card not in orders or orders[card].colour != colour:
                    raise RecordError(f"{card} is not an order of seat {seat} ({colour})")
    for card in state.delivered_pile:
        if card not in orders or orders[card].colour not in state.colours:
            raise RecordError(f"{card} is not an order of a seat in this game")
    counts = Counter(state.all_cards())
    for card, n in counts.items():
        if card in box.kinds:
            if n > box.copies:
                raise RecordError(f"the {box.variant} box holds only {box.copies} {card}")
        elif card == MAMMA_MIA:
            if not box.has_mamma_mia:
                raise RecordError("plus has no MAMMA MIA card")
            if n > 1 or (state.mamma_mia is not None and MAMMA_MIA in state.supply):
                raise RecordError("there is one MAMMA MIA card")
        elif n > 1:
            raise RecordError(f"{card} appears {n} times")
    if box.has_mamma_mia:
        if state.mamma_mia is None and MAMMA_MIA not in state.supply:
            raise RecordError("the MAMMA MIA card must be held (deal.mamma_mia) or in the supply")
        if not state.supply:
            raise RecordError("a classic deal needs a supply")
    elif state.mamma_mia is not None:
        raise RecordError("plus has no MAMMA MIA card")
