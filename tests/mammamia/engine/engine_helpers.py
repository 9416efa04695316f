"""Scenario builders for the engine tests.

A position is a `mammamia-record/1` record with an explicit `deal`
(rules/record-format.md), so every test starts from exactly the cards it names.
Moves are written in the engine's text form (`turn olive 2 order=green-olive
draw=supply`, `pay yes`, `1: help no`); without a `N:` prefix the seat to act
plays.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.mammamia import FORMAT, IllegalAction, State, apply, from_text, start
from engine.mammamia.actions import Action
from engine.mammamia.events import Event

_UNSET: Any = object()


def position(
    variant: str = "classic",
    seats: int = 3,
    *,
    hands: list[list[str]],
    order_piles: list[list[str]] | None = None,
    supply: list[str] | None = None,
    table: dict[str, int] | None = None,
    first: int = 0,
    mamma_mia: Any = _UNSET,
    colours: list[str] | None = None,
    help: bool | None = None,
    delivered: list[list[str]] | None = None,
    delivered_pile: list[str] | None = None,
    round: int | None = None,
    reshuffles: list[list[str]] | None = None,
    seed: int = 0,
    actions: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A record fixing a small position. In classic the MAMMA MIA card defaults
    to lying in front of seat `first` (a classic deal must place it somewhere)."""
    if supply is None:
        supply = ["salami"]
    deal: dict[str, Any] = {
        "first": first,
        "supply": supply,
        "hands": hands,
        "order_piles": order_piles if order_piles is not None else [[] for _ in range(seats)],
        "table": table or {},
    }
    if mamma_mia is _UNSET:
        mamma_mia = first if variant == "classic" and "mamma-mia" not in supply else None
    if mamma_mia is not None:
        deal["mamma_mia"] = mamma_mia
    if delivered is not None:
        deal["delivered"] = delivered
    if delivered_pile is not None:
        deal["delivered_pile"] = delivered_pile
    if round is not None:
        deal["round"] = round
    if reshuffles is not None:
        deal["reshuffles"] = reshuffles
    record: dict[str, Any] = {
        "format": FORMAT,
        "variant": variant,
        "seats": seats,
        "seed": seed,
        "deal": deal,
        "actions": actions or [],
    }
    if colours is not None:
        record["colours"] = colours
    if help is not None:
        record["help"] = help
    return record


def begin(record: dict[str, Any]) -> State:
    return start(record)[0]


def parse(state: State, move: str | Action) -> Action:
    """A move in text form, for the seat written before `:` or the seat to act."""
    if not isinstance(move, str):
        return move
    seat_text, sep, text = move.partition(":")
    if sep and seat_text.strip().isdigit():
        return from_text(int(seat_text), text.strip())
    return from_text(state.to_act()[0], move)


def do(state: State, *moves: str | Action) -> tuple[State, list[Event]]:
    """Apply the moves in turn; every one must be legal and conserve the cards (MM-V3)."""
    cards = Counter(state.all_cards())
    events: list[Event] = []
    for move in moves:
        state, new = apply(state, parse(state, move))
        events += new
        assert Counter(state.all_cards()) == cards
    return state, events


def refusal(state: State, move: str | Action) -> IllegalAction:
    """The IllegalAction `move` raises; fails the test if it is legal."""
    action = parse(state, move)
    before = state.fingerprint()
    try:
        apply(state, action)
    except IllegalAction as err:
        assert state.fingerprint() == before
        return err
    raise AssertionError(f"{move!r} was accepted")


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.type == kind]


def hand(state: State, seat: int) -> Counter[str]:
    return Counter(state.hands[seat])


def table(state: State) -> dict[str, int]:
    return {k: n for k, n in state.table.items() if n}


def data(event: Event) -> dict[str, object]:
    """An event's fields, as the replay prints them, without its type."""
    out = event.to_json()
    del out["type"]
    out.pop("private_to", None)
    return out
