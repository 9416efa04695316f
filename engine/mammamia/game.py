"""The engine's public face: who acts, what is legal, and applying an action.

One reducer checks, in a fixed order, that the game is not over, the seat
exists and may act, and the action fits the step; then the phase module
checks the details and gives the reason for a refusal.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from ..errors import IllegalAction
from . import flow, reveal, turn
from .actions import Action, Ask, Choose, Help, Pass, Pay, Turn
from .events import Event, Events
from .state import CHOOSE, HELP, OVER, PAY, TURN, Cards, State

_TURNS = (Turn, Pass)


def check_seat(state: State, seat: int) -> None:
    """Raise IllegalAction unless `seat` is the one to act now."""
    if state.phase == OVER:
        raise IllegalAction("game_over")
    if not 0 <= seat < state.seats:
        raise IllegalAction("no_such_seat", number=seat)
    acting = state.to_act()[0]
    if seat != acting:
        code = "not_your_turn" if state.phase == TURN else "not_your_decision"
        raise IllegalAction(code, seat=acting)


def check(state: State, action: Action) -> None:
    """Raise IllegalAction (with the reason) unless `action` is legal in `state`."""
    seat = action.seat
    check_seat(state, seat)
    if state.phase == TURN:
        if not isinstance(action, _TURNS):
            raise IllegalAction("expected_turn")
        turn.check(state, action)
        return
    if isinstance(action, _TURNS):
        pending = state.pending
        assert pending is not None
        if pending.stage == HELP:
            raise IllegalAction("expected_help")
        code = "expected_choice" if pending.stage == CHOOSE else "expected_payment"
        raise IllegalAction(code, order=pending.order)
    reveal.check(state, action)


def is_legal(state: State, action: Action) -> bool:
    try:
        check(state, action)
    except IllegalAction:
        return False
    return True


def step(state: State, action: Action, events: Events = None) -> None:
    """Check and apply `action` to `state` in place. For callers that own the
    state outright (simulations, search); everyone else uses `apply`."""
    if (type(action) is Turn or type(action) is Pass) and (
        state.phase == TURN and action.seat == state.current
    ):
        turn.check(state, action)  # the fast path of `check`, for the commonest action
        flow.after_turn(state, action.seat, turn.play(state, action, events), events)
        state.version += 1
        return
    check(state, action)
    if isinstance(action, _TURNS):
        flow.after_turn(state, action.seat, turn.play(state, action, events), events)
    else:
        reveal.decide(state, action, events)
        if state.pending is None:
            flow.advance(state, events)
    state.version += 1


def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after `action` and what happened; `state` itself is untouched."""
    after = state.copy()
    events: list[Event] = []
    step(after, action, events)
    return after, events


# --- listing legal actions -----------------------------------------------------


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal move of `seat`, once each in a stable order. Where two forms
    mean the same move (`pay: true` and the missing cards spelled out; any
    `draw` when nothing can be drawn) only the first form is listed."""
    if state.phase == OVER or seat not in state.to_act():
        return []
    if state.phase == TURN:
        return _legal_turns(state, seat)
    pending = state.pending
    assert pending is not None
    if pending.stage == CHOOSE:
        found: list[Action] = [Choose(seat, choice) for choice in pending.options]
        if not pending.covered:
            found.append(Pay(seat, False))
        return found
    if pending.stage == PAY:
        return _legal_payments(state, seat)
    found = [Help(seat, True)] if not reveal.first_lacking(state.hands[seat], pending.ask) else []
    return [*found, Help(seat, False)]


def next_turns(state: State, seat: int) -> list[Action]:
    """The turns `seat` could take at its next turn, as if it were to act now
    (MM-T1..T4: its hand, its order pile and the supply as they stand), in
    `legal_actions`' order; none once the game is over. What is legal when
    that turn comes may differ (others draw, a reveal pays from hands):
    `legal_actions` then says."""
    if state.phase == OVER or not 0 <= seat < state.seats:
        return []
    return _legal_turns(state, seat)


def _first_draw(state: State, seat: int, size: int) -> tuple[str | None, ...]:
    return turn.draws(state.box, size, len(state.order_piles[seat]), len(state.supply))


def _legal_turns(state: State, seat: int) -> list[Action]:
    hand = state.hands[seat]
    kinds = state.box.kinds
    if not turn.holds_ingredient(state, seat):
        if state.box.draw_cap is not None:
            return []
        pile, supply = len(state.order_piles[seat]), len(state.supply)
        return [Pass(seat, d) for d in turn.pass_draws(state.box, len(hand), pile, supply)]
    orders: list[str | None] = [None, *sorted(c for c in set(hand) if c not in kinds)]
    found: list[Action] = []
    for kind in kinds:
        for count in range(1, hand.count(kind) + 1):
            for order in orders:
                size = len(hand) - count - (order is not None)
                for draw in _first_draw(state, seat, size):
                    found.append(Turn(seat, kind, count, order, draw))
    return found


def _legal_payments(state: State, seat: int) -> list[Action]:
    pending = state.pending
    assert pending is not None
    hand, kinds = state.hands[seat], state.box.kinds
    found: list[Action] = []
    if pending.short:  # Bombastica: every way to name `short` hand cards
        counts = {k: hand.count(k) for k in kinds}
        for cards in _compositions(kinds, pending.short, counts):
            found.append(Pay(seat, True, cards))
    elif not reveal.first_lacking(hand, pending.missing):
        found.append(Pay(seat, True))
    found.append(Pay(seat, False))
    if state.help:
        found += [Ask(seat, cards) for cards in _askable(state, pending.missing, pending.short)]
    return found


def _compositions(kinds: tuple[str, ...], total: int, limit: dict[str, int] | None) -> list[Cards]:
    """All {kind: n} with n summing to `total` (within `limit` where given)."""
    found = []
    for combo in combinations_with_replacement(kinds, total):
        cards = tuple((k, combo.count(k)) for k in kinds if k in combo)
        if limit is None or all(limit[k] >= n for k, n in cards):
            found.append(cards)
    return found


def _askable(state: State, lacking: Cards, short: int) -> list[Cards]:
    if short:  # Bombastica: the request names every missing card
        return _compositions(state.box.kinds, short, None)
    hand = state.hands[state.pending.owner]  # type: ignore[union-attr]
    found: list[Cards] = [()]
    for kind, n in lacking:
        found = [(*cards, (kind, i)) if i else cards for cards in found for i in range(n + 1)]
    asks = []
    for cards in found:
        if cards and not reveal.first_lacking(hand, reveal.remainder(lacking, cards)):
            asks.append(reveal.normal_cards(cards, state.box.kinds))
    return asks
