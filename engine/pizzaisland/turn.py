"""The steps of a turn (PI-N2..N5, PI-E1, PI-A1): take a card, place it,
stop, and the third-colour choice. Each step changes the state in place and
never ends the turn itself: `flow.settle` decides what comes after a step."""

from __future__ import annotations

from ..errors import IllegalAction
from .actions import DECK, Discard, Replace, Stop, Take
from .cards import COLOUR, HERO, PIZZA_SIZE, PLACES_PER_SHAPE, SHAPE, SHIP_SIZE
from .events import (
    Events,
    HeroOpened,
    Placed,
    Repeated,
    Seen,
    Taken,
    ThirdChosen,
    ThirdColour,
    emit,
)
from .state import ADVANCED, EASY, SPEEDY, STAR, Pending, State

TAKE_LIMIT = 3  # PI-N2
SPEEDY_SIZE = 5  # PI-A3: 5 slices in each of two pizzas

# How a slice came into a pizza (the Placed event's `how`).
TAKEN, MUSHROOM, FORK, KEPT = "taken", "mushroom", "fork", "replace"


def check_take(state: State, action: Take) -> None:
    if state.taken >= TAKE_LIMIT:
        raise IllegalAction("three_taken")
    if action.source == DECK:
        if not state.deck:
            raise IllegalAction("deck_empty")
    elif state.level != ADVANCED:
        raise IllegalAction("no_ship")
    elif action.source not in state.ship:
        raise IllegalAction("not_in_ship", card=action.source)


def take(state: State, action: Take, events: Events) -> None:
    """PI-N2: the card goes to the player and is placed (step 2)."""
    if action.source == DECK:
        card = state.deck.pop(0)
    else:
        card = action.source
        state.ship.remove(card)
    state.taken += 1
    state.idle += 1
    state.takes += 1
    if events is not None:
        source = DECK if action.source == DECK else "ship"
        events.append(Taken(action.seat, card, source, state.taken))
    place(state, action.seat, card, TAKEN, events)


def check_stop(state: State, action: Stop) -> None:
    if state.taken == 0:
        raise IllegalAction("nothing_taken")


def stop(state: State, action: Stop, events: Events) -> None:
    state.ending = True


def shape_count(slices: list[str], shape: str) -> int:
    return sum(1 for s in slices if SHAPE[s] == shape)


def fits(slices: list[str], card: str) -> bool:
    """A free place of the card's shape in this pizza (PI-C1)."""
    return shape_count(slices, SHAPE[card]) < PLACES_PER_SHAPE


def place(state: State, seat: int, card: str, how: str, events: Events) -> None:
    """Step 2: a slice of a colour being built goes in or repeats (PI-N4); a
    new colour starts a pizza (PI-N3); a third colour is PI-N5 / E1 / A3."""
    pizzas = state.pizzas[seat]
    colour = COLOUR[card]
    slices = pizzas.get(colour)
    if slices is not None:
        if not fits(slices, card):
            state.deck.append(card)
            state.repeats += 1
            ends = state.repeats >= 2
            state.ending = state.ending or ends
            emit(events, Repeated(seat, card, ends))
            return
        slices.append(card)
    elif len(pizzas) < 2:
        pizzas[colour] = [card]
    else:
        third_colour(state, seat, card, events)
        return
    added(state, seat, card, how, events)


def added(state: State, seat: int, card: str, how: str, events: Events) -> None:
    """A slice joined a pizza: the game may end (PI-N7), Speedy may be earned
    (PI-A3), a hero decision may open (PI-N6)."""
    state.idle = 0
    size = len(state.pizzas[seat][COLOUR[card]])
    emit(events, Placed(seat, card, size, how))
    if size >= PIZZA_SIZE:
        if state.winner is None:
            state.winner = seat  # the game ends in flow.settle
        return
    note_speedy(state, seat)
    hero = HERO[card]
    if hero is None or how == KEPT or state.current != seat:
        return
    if how == TAKEN and state.taken >= TAKE_LIMIT:
        return  # PI-N6: never on the 3rd card taken
    if hero == "fork" and state.forked:
        return  # PI-N6: one fork a turn
    state.pending = Pending(hero=hero)
    emit(events, HeroOpened(seat, hero))
    if events is not None and hero in ("mushroom", "pepper"):
        events.append(Seen(seat, hero, tuple(seen_cards(state, hero))))


def note_speedy(state: State, seat: int) -> None:
    if state.level != ADVANCED:
        return
    sizes = [len(s) for s in state.pizzas[seat].values()]
    if len(sizes) == 2 and min(sizes) >= SPEEDY_SIZE:
        earned = state.earned[SPEEDY]
        if all(s != seat for _, s in earned):
            state.tick += 1
            earned.append((state.tick, seat))


def seen_count(state: State, hero: str) -> int:
    """PI-N6 3 cards; PI-A2 the advanced Pepper one more per missing Ship card."""
    if hero == "pepper" and state.level == ADVANCED:
        return 3 + (SHIP_SIZE - len(state.ship))
    return 3


def seen_cards(state: State, hero: str) -> list[str]:
    return state.deck[: seen_count(state, hero)]


def third_colour(state: State, seat: int, card: str, events: Events) -> None:
    if state.level == EASY:  # PI-E1: like a repeat, counted apart
        state.deck.append(card)
        state.thirds += 1
        ends = state.thirds >= 2
        state.ending = state.ending or ends
        emit(events, ThirdColour(seat, card, "easy", ends))
    elif state.bonuses.get(STAR) == seat and STAR not in state.used:  # PI-A3
        state.used.add(STAR)
        state.deck.append(card)
        emit(events, ThirdColour(seat, card, "star", False))
    else:
        state.pending = Pending(third=card)
        emit(events, ThirdColour(seat, card, "choice", False))


def check_third(state: State, action: Discard | Replace) -> None:
    pizzas = state.pizzas[action.seat]
    if isinstance(action, Discard):
        if not any(action.card in s for s in pizzas.values()):
            raise IllegalAction("not_your_slice", card=action.card)
    elif action.colour not in pizzas:
        raise IllegalAction("not_your_pizza", colour=action.colour)


def third(state: State, action: Discard | Replace, events: Events) -> None:
    """PI-N5: (a) the new slice and one own slice go under; (b) a whole own
    pizza goes under in placement order and the new slice starts one."""
    assert state.pending is not None and state.pending.third is not None
    card, seat = state.pending.third, action.seat
    state.pending = None
    state.ending = True
    pizzas = state.pizzas[seat]
    if isinstance(action, Discard):
        remove_slice(pizzas, action.card)
        discarded: tuple[str, ...] = (card, action.card)
        state.deck += discarded
        emit(events, ThirdChosen(seat, card, "discard", discarded))
        return
    discarded = tuple(pizzas.pop(action.colour))
    state.deck += discarded
    emit(events, ThirdChosen(seat, card, "replace", discarded))
    pizzas[COLOUR[card]] = [card]
    added(state, seat, card, KEPT, events)


def remove_slice(pizzas: dict[str, list[str]], card: str) -> None:
    """Take out the first copy of `card`; an emptied pizza is no longer built."""
    colour = COLOUR[card]
    slices = pizzas[colour]
    slices.remove(card)
    if not slices:
        del pizzas[colour]
