"""Building Pizza Island positions from explicit decks, for the tests."""

from __future__ import annotations

from typing import Any

from engine.pizzaisland.actions import from_text
from engine.pizzaisland.cards import BOX_COUNTS, CARDS
from engine.pizzaisland.deal import Deal
from engine.pizzaisland.events import Event
from engine.pizzaisland.flow import start_game
from engine.pizzaisland.game import step
from engine.pizzaisland.state import State, new_state


def position(
    level: str = "normal",
    seats: int = 2,
    top: tuple[str, ...] | list[str] = (),
    first: int = 0,
    pizzas: dict[int, dict[str, list[str]]] | None = None,
    scoring: str = "wins",
    ship: tuple[str, ...] | list[str] = (),
    achievements: dict[str, int | None] | None = None,
    seed: int = 1,
) -> State:
    """A game just begun, `first` to act: the Ship (advanced), then `top` on
    the deck, then the rest of the box in the box's order; `pizzas` already
    built (their cards taken out of the box)."""
    pizzas = pizzas or {}
    placed = [c for p in pizzas.values() for s in p.values() for c in s]
    rest = BOX_COUNTS.copy()
    rest.subtract([*ship, *top, *placed])
    assert all(n >= 0 for n in rest.values()), "more copies than the box has"
    ordered = sorted(rest.elements(), key=CARDS.index)
    deck = [*ship, *top, *ordered, *placed]
    state = new_state(level, seats, scoring, seed, achievements)
    start_game(state, Deal(first, tuple(deck)), None)
    if placed:
        del state.deck[-len(placed) :]
    for seat, built in pizzas.items():
        state.pizzas[seat] = {c: list(s) for c, s in built.items()}
    assert conserved(state)
    return state


def do(state: State, seat: int, text: str) -> list[Event]:
    """Apply one action given in its text form; the events it made."""
    events: list[Event] = []
    step(state, from_text(seat, text), events)
    assert conserved(state)
    return events


#: The box's 36 cards in one order: two lists of cards sort alike exactly when
#: they are the same multiset.
_BOX_SORTED = sorted(BOX_COUNTS.elements())


def conserved(state: State) -> bool:
    """PI-C1: deck + Ship + pizzas + a pending third card = the box, exactly.
    Compared sorted rather than counted (`Counter` equality is a Python loop):
    the same check, run after every action of thousands of random matches."""
    return sorted(state.all_cards()) == _BOX_SORTED


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def of_type(events: list[Event], kind: str) -> list[Any]:
    return [e for e in events if e.type == kind]
