"""A question put to several seats at once: a decision node of the rules.

Some decisions go to several seats in a fixed order, the first answer that
settles it winning (Mamma Mia! Plus asks the other players for help one at a
time, clockwise, and the first who accepts helps: PL-H2). A game says which
seats such a question is put to (`Game.asked`); a host may then ask them all
at once and collect their answers in any order. Given the answers so far,
`settle` says which the rules take, in the rules' order, once they settle
the question: exactly the actions the rules would have received had each
seat been asked in turn, so the record is the one the rule's order makes.
An answer the rules never reach (a later seat's, once an earlier one
settled it) is not taken.

Each answer is checked as the state will stand when the question reaches its
seat: every seat before it having let the question pass (its safe move), the
only way the question reaches it (`as_asked`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import ActionError

#: (seat, action, taken for a seat that did not answer): one action the rules
#: take, in their order.
Plan = list[tuple[int, Any, bool]]


def as_asked(game: Any, state: Any, seat: int) -> Any:
    """The state as it will be when the question reaches `seat`: every seat
    before it in the rules' order having let it pass."""
    queue = list(game.asked(state))
    for earlier in queue[: queue.index(seat)]:
        state, _ = game.apply(state, game.safe_move(state, earlier))
    return state


def check_answer(game: Any, state: Any, action: Any) -> None:
    """IllegalAction unless `action` is a valid answer of its seat to the
    question pending in `state`."""
    game.check(as_asked(game, state, action.seat), action)


def settle(game: Any, state: Any, answers: Mapping[int, Any], expired: bool) -> Plan | None:
    """The answers the rules take, in their order, once they settle the
    question; None while it is still open. When `expired`, a seat that did
    not answer lets the question pass (its safe move)."""
    plan: Plan = []
    remaining = list(game.asked(state))
    while remaining:
        seat = remaining[0]
        late = seat not in answers
        if late and not expired:
            return None
        action = game.safe_move(state, seat) if late else answers[seat]
        try:
            after, _ = game.apply(state, action)
        except ActionError:  # checked when given; should the table have changed, let it pass
            action = game.safe_move(state, seat)
            after, _ = game.apply(state, action)
        plan.append((seat, action, late))
        state = after
        following = list(game.asked(state))
        if following != remaining[1:]:  # the question is settled (or a new one begins)
            break
        remaining = following
    return plan
