"""Phase 1: turns (MM-T1..T7, PL-T1..T4)."""

from __future__ import annotations

from ..errors import IllegalAction
from .actions import ORDERS, SUPPLY, Pass, Turn
from .cards import MAMMA_MIA, Box
from .events import Drawn, Drew, Events, MammaMiaLaid, Passed, Played, emit
from .state import LastPlay, State


def holds_ingredient(state: State, seat: int) -> bool:
    kinds = state.box.kindset
    return any(card in kinds for card in state.hands[seat])


def draw_need(box: Box, hand_size: int) -> int:
    """How many cards a refill takes at this hand size (MM-T3, PL-T1)."""
    need = box.hand - hand_size
    cap = box.draw_cap
    return need if cap is None or need < cap else cap


_ANY_DRAW: tuple[str | None, ...] = (None, SUPPLY, ORDERS)
_NO_DRAW: tuple[str | None, ...] = (None,)
_ORDERS_ONLY: tuple[str | None, ...] = (ORDERS,)
_SUPPLY_ONLY: tuple[str | None, ...] = (SUPPLY,)
_BOTH: tuple[str | None, ...] = (SUPPLY, ORDERS)


def draws(box: Box, hand_size: int, pile: int, supply: int) -> tuple[str | None, ...]:
    """The draws to choose from once a play leaves `hand_size` cards, by the
    sizes of the seat's order pile and the supply (MM-T3): none with a full
    hand or both piles empty, else each pile that holds cards, the supply first."""
    if hand_size >= box.hand or (not supply and not pile):
        return _NO_DRAW
    if not supply:
        return _ORDERS_ONLY
    if not pile:
        return _SUPPLY_ONLY
    return _BOTH


def pass_draws(box: Box, hand_size: int, pile: int, supply: int) -> tuple[str | None, ...]:
    """The draws a pass may name (no ingredient in hand, MM-T4): with a full
    hand the safety valve's one card from the supply (none once it is empty),
    else as after a play."""
    if hand_size >= box.hand:
        return _SUPPLY_ONLY if supply else _NO_DRAW
    return draws(box, hand_size, pile, supply)


def legal_draws(state: State, seat: int, hand_size: int) -> tuple[str | None, ...]:
    """Draw sources allowed after a play leaves `hand_size` cards (MM-T3): with
    nothing to draw, any (the draw takes nothing)."""
    found = draws(state.box, hand_size, len(state.order_piles[seat]), len(state.supply))
    return _ANY_DRAW if found is _NO_DRAW else found


def valve(state: State, seat: int) -> bool:
    """MM-T4's safety valve: a full hand with no ingredient draws 1 from the supply."""
    return len(state.hands[seat]) >= state.box.hand


def _check_draw(state: State, seat: int, draw: str | None, hand_size: int) -> None:
    if draw in legal_draws(state, seat, hand_size):
        return
    if draw is None:
        raise IllegalAction("draw_needed")
    raise IllegalAction("empty_pile", pile=draw)


def check(state: State, action: Turn | Pass) -> None:
    """Raise IllegalAction if this turn is not legal now; the caller checked the seat."""
    seat, hand = action.seat, state.hands[action.seat]
    if isinstance(action, Pass):
        if state.box.draw_cap is not None:
            raise IllegalAction("no_pass_in_plus")
        if holds_ingredient(state, seat):
            raise IllegalAction("cannot_pass")
        if valve(state, seat):
            if action.draw != SUPPLY and not (action.draw is None and not state.supply):
                raise IllegalAction("valve_draw")
            return
        _check_draw(state, seat, action.draw, len(hand))
        return
    kind, count = action.ingredient, action.count
    if kind not in state.box.kindset:
        raise IllegalAction("unknown_kind", kind=kind)
    if count < 1:
        raise IllegalAction("bad_count")
    held = hand.count(kind)
    if held == 0:
        raise IllegalAction("not_held", kind=kind)
    if held < count:
        raise IllegalAction("too_few", kind=kind, held=held)
    left = len(hand) - count
    if action.order is not None:
        if action.order not in hand or action.order in state.box.kindset:
            raise IllegalAction("order_not_held", order=action.order)
        left -= 1
    if action.draw not in legal_draws(state, seat, left):
        _check_draw(state, seat, action.draw, left)


def play(state: State, action: Turn | Pass, events: Events) -> bool:
    """Carry out a checked turn: play, then draw. True if the draw took the
    supply's last card (what comes next is `flow.after_turn`'s to decide)."""
    seat, hand = action.seat, state.hands[action.seat]
    if isinstance(action, Turn):
        kind, count = action.ingredient, action.count
        for _ in range(count):
            hand.remove(kind)
        state.oven += [kind] * count
        if action.order is not None:
            hand.remove(action.order)
            state.oven.append(action.order)
        state.last_play = LastPlay(seat, kind, count, action.order)
        if events is not None:
            events.append(Played(seat, kind, count, action.order))
        return _refill(state, seat, action.draw, draw_need(state.box, len(hand)), events)
    state.last_play = LastPlay(seat, None)
    emit(events, Passed(seat))
    need = 1 if valve(state, seat) else draw_need(state.box, len(hand))
    return _refill(state, seat, action.draw, need, events)


def _refill(state: State, seat: int, source: str | None, need: int, events: Events) -> bool:
    """Draw up to `need` cards from one pile. True if this took the supply's last card."""
    if need <= 0 or source is None:
        return False
    hand = state.hands[seat]
    if source == ORDERS:
        pile = state.order_piles[seat]
        taken = pile[:need]
        del pile[:need]
        hand += taken
        if taken and events is not None:
            events += (Drawn(seat, ORDERS, len(taken)), Drew(seat, taken))
        return False
    return draw_supply(state, seat, need, events)


def draw_supply(state: State, seat: int, need: int, events: Events) -> bool:
    """Draw from the supply, laying down the MAMMA MIA card and replacing it (MM-T5).
    Stops the moment the supply runs out (MM-T6, PL-T3); True if it did."""
    supply, hand = state.supply, state.hands[seat]
    if not supply:
        return False
    taken = supply[:need]
    if MAMMA_MIA in taken:  # lay it down and draw one more in its place
        taken.remove(MAMMA_MIA)
        state.mamma_mia = seat
        emit(events, MammaMiaLaid(seat))
        taken += supply[need : need + 1]
        need += 1
    del supply[:need]
    hand += taken
    if taken and events is not None:
        events += (Drawn(seat, SUPPLY, len(taken)), Drew(seat, taken))
    return not supply
