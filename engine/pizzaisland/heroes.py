"""The heroes' effects (PI-N6, PI-A2, PI-N10) and the Trickster bonus (PI-A3):
checking an application, applying it, and listing the legal ones."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations, permutations

from ..errors import IllegalAction
from .actions import BOTTOM, HERO_OF, TOP, Apply, Fork, Knife, Mushroom, Pepper
from .cards import COLOUR, HEROES, PLACES_PER_SHAPE, SHAPE, SHIP_SIZE
from .events import Events, ForkApplied, KnifeApplied, MushroomApplied, PepperApplied, emit
from .state import ADVANCED, STAR, TRICKSTER, State
from .turn import FORK, MUSHROOM, added, place, remove_slice, seen_cards


def ship_wanted(state: State, seen: int) -> int:
    """PI-A2: how many of the Pepper's cards refill the Ship."""
    return min(SHIP_SIZE - len(state.ship), seen) if state.level == ADVANCED else 0


def check_apply(state: State, action: Apply) -> None:
    pending = state.pending
    assert pending is not None and pending.hero is not None
    hero = HERO_OF[type(action)]
    if hero != pending.hero:
        raise IllegalAction("wrong_hero", hero=pending.hero)
    if isinstance(action, Mushroom):
        seen = seen_cards(state, hero)
        if action.card is None:
            if seen:
                raise IllegalAction("card_needed")
        elif action.card not in seen:
            raise IllegalAction("not_seen", card=action.card)
    elif isinstance(action, Pepper):
        check_pepper(state, action)
    elif isinstance(action, Knife):
        if action.player not in state.playing:
            raise IllegalAction("not_playing", player=action.player)
        if not any(action.card in s for s in state.pizzas[action.player].values()):
            raise IllegalAction("no_such_slice", player=action.player, card=action.card)
    else:
        check_fork(state, action)


def check_pepper(state: State, action: Pepper) -> None:
    seen = Counter(seen_cards(state, "pepper"))
    wanted = ship_wanted(state, sum(seen.values()))
    ship = action.ship or ()
    if state.level != ADVANCED and action.ship is not None:
        raise IllegalAction("no_ship")
    if len(ship) != wanted or Counter(ship) - seen:
        raise IllegalAction("bad_ship", count=wanted)
    if Counter(action.order) + Counter(ship) != seen:
        raise IllegalAction("bad_order")


def check_fork(state: State, action: Fork) -> None:
    """PI-N10: each receiver builds the colour it receives before the swap and,
    without the slice it gives, has a free place of that shape."""
    seat, player = action.seat, action.player
    if player == seat or player not in state.playing:
        raise IllegalAction("not_playing", player=player)
    mine, theirs = state.pizzas[seat], state.pizzas[player]
    if not any(action.give in s for s in mine.values()):
        raise IllegalAction("not_your_slice", card=action.give)
    if not any(action.take in s for s in theirs.values()):
        raise IllegalAction("no_such_slice", player=player, card=action.take)
    if not (
        _receives(mine, action.take, action.give) and _receives(theirs, action.give, action.take)
    ):
        raise IllegalAction("fork_misfit", give=action.give, take=action.take)


def _receives(pizzas: dict[str, list[str]], card: str, gives: str) -> bool:
    slices = pizzas.get(COLOUR[card])
    if slices is None:
        return False
    shape = SHAPE[card]
    count = sum(1 for s in slices if SHAPE[s] == shape)
    if COLOUR[gives] == COLOUR[card] and SHAPE[gives] == shape:
        count -= 1
    return count < PLACES_PER_SHAPE


def apply_hero(state: State, action: Apply, events: Events) -> None:
    """Apply the open hero's effect. It ends the turn (after any chain), but
    for the Trickster holder's first application of the game (PI-A3)."""
    seat = action.seat
    hero = HERO_OF[type(action)]
    state.pending = None
    trick = state.bonuses.get(TRICKSTER) == seat and TRICKSTER not in state.used
    if trick:
        state.used.add(TRICKSTER)
    else:
        state.ending = True
    ends = not trick
    note_application(state, seat, hero)
    if isinstance(action, Mushroom):
        seen = state.deck[:3]
        del state.deck[:3]
        if action.card is not None:
            seen.remove(action.card)
        state.deck += seen  # the cards not chosen go under first (PI-N10)
        emit(events, MushroomApplied(seat, hero, action.card, len(seen) + 1, ends))
        if action.card is not None:
            place(state, seat, action.card, MUSHROOM, events)
    elif isinstance(action, Pepper):
        count = len(action.order) + len(action.ship or ())
        del state.deck[:count]
        state.ship += action.ship or ()
        if action.to == TOP:
            state.deck[:0] = action.order
        else:
            state.deck += action.order
        ship = tuple(action.ship or ())
        emit(events, PepperApplied(seat, hero, len(action.order), action.to, ship, ends))
    elif isinstance(action, Knife):
        remove_slice(state.pizzas[action.player], action.card)
        state.deck.append(action.card)
        emit(events, KnifeApplied(seat, hero, action.player, action.card, ends))
    else:
        fork(state, action, ends, events)


def fork(state: State, action: Fork, ends: bool, events: Events) -> None:
    seat, player = action.seat, action.player
    state.forked = True
    mine, theirs = state.pizzas[seat], state.pizzas[player]
    mine[COLOUR[action.give]].remove(action.give)
    theirs[COLOUR[action.take]].remove(action.take)
    mine[COLOUR[action.take]].append(action.take)
    theirs[COLOUR[action.give]].append(action.give)
    for pizzas in (mine, theirs):
        for colour in [c for c, s in pizzas.items() if not s]:
            del pizzas[colour]
    emit(
        events,
        ForkApplied(
            seat, hero="fork", give=action.give, player=player, take=action.take, ends_turn=ends
        ),
    )
    # The fork's player first: if one swap completes both pizzas, they win (PI-N10).
    added(state, seat, action.take, FORK, events)
    added(state, player, action.give, FORK, events)


def note_application(state: State, seat: int, hero: str) -> None:
    """PI-A3 moments: Trickster at the 4th kind, Star at the first application."""
    applied = state.applied[seat]
    if not applied:
        state.tick += 1
        state.earned[STAR].append((state.tick, seat))
    if hero not in applied and len(set(applied)) == len(HEROES) - 1:
        state.tick += 1
        state.earned[TRICKSTER].append((state.tick, seat))
    applied.append(hero)


def legal_applications(state: State, seat: int) -> Iterator[Apply]:
    """Every legal application of the open hero, in a stable order."""
    pending = state.pending
    assert pending is not None and pending.hero is not None
    hero = pending.hero
    if hero == "mushroom":
        seen = seen_cards(state, hero)
        if not seen:
            yield Mushroom(seat, None)
        for card in dict.fromkeys(seen):
            yield Mushroom(seat, card)
    elif hero == "pepper":
        yield from _peppers(state, seat)
    elif hero == "knife":
        for player in state.playing:
            for slices in state.pizzas[player].values():
                for card in dict.fromkeys(slices):
                    yield Knife(seat, player, card)
    else:
        mine = [c for s in state.pizzas[seat].values() for c in dict.fromkeys(s)]
        for player in state.playing:
            if player == seat:
                continue
            theirs = state.pizzas[player]
            for take in [c for s in theirs.values() for c in dict.fromkeys(s)]:
                for give in mine:
                    if _receives(state.pizzas[seat], take, give) and _receives(theirs, give, take):
                        yield Fork(seat, give, player, take)


def _peppers(state: State, seat: int) -> Iterator[Pepper]:
    seen = seen_cards(state, "pepper")
    wanted = ship_wanted(state, len(seen))
    ships: dict[tuple[str, ...], list[str]] = {}
    for chosen in combinations(range(len(seen)), wanted):
        ship = tuple(seen[i] for i in chosen)
        if ship not in ships:
            ships[ship] = [c for i, c in enumerate(seen) if i not in chosen]
    for ship, rest in ships.items():
        for order in dict.fromkeys(permutations(rest)):
            for to in (TOP, BOTTOM):
                yield Pepper(seat, order, to, ship if state.level == ADVANCED else None)
