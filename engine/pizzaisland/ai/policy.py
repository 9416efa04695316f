"""What the heuristic and the search share: the worth of a seat's pizzas and
the odds of the next card, read from public facts only. The deck's contents
are public (the box less every visible card); its order is not."""

from __future__ import annotations

from collections import Counter

from ..actions import (
    DECK,
    Action,
    Decline,
    Discard,
    Fork,
    Knife,
    Mushroom,
    Pepper,
    Replace,
    Stop,
    Take,
)
from ..cards import BOX_COUNTS, COLOUR, HERO
from ..state import ADVANCED, EASY, Pizzas, State
from ..turn import fits


def worth(pizzas: Pizzas) -> float:
    """A convex worth: a slice counts more the nearer its pizza is to 6."""
    return sum(n + 0.12 * n * n + (20.0 if n >= 6 else 0.0) for n in map(len, pizzas.values()))


def unseen(state: State, known: list[str] | None = None) -> Counter[str]:
    """The deck's contents: the box less the Ship, every pizza and a pending
    third card (all face up)."""
    left = BOX_COUNTS.copy()
    left.subtract(state.ship)
    for pizzas in state.pizzas:
        for slices in pizzas.values():
            left.subtract(slices)
    if state.pending is not None and state.pending.third is not None:
        left[state.pending.third] -= 1
    return left


def outcome(pizzas: Pizzas, card: str) -> int:
    """+1 placed, 0 a repeat, -1 a third colour."""
    slices = pizzas.get(COLOUR[card])
    if slices is not None:
        return 1 if fits(slices, card) else 0
    return 1 if len(pizzas) < 2 else -1


def third_cost(state: State, seat: int) -> float:
    """What a third colour costs: nothing at easy (PI-E1), else the cheaper
    of its two options (PI-N5)."""
    if state.level == EASY:
        return 0.0
    pizzas = state.pizzas[seat]
    before = worth(pizzas)
    sizes = sorted(len(s) for s in pizzas.values())
    if not sizes:
        return 0.0
    small = sizes[0]
    discard = before - worth({"x": [""] * (small - 1), "y": [""] * sizes[-1]})
    replace = before - worth({"x": [""], "y": [""] * sizes[-1]})
    return max(0.3, min(discard, replace) / 2)


def deck_gain(state: State, seat: int, contents: Counter[str]) -> float:
    """The expected gain of one more card from the deck, in slices."""
    total = sum(n for n in contents.values() if n > 0)
    if not total:
        return -1.0
    pizzas = state.pizzas[seat]
    good = bad = 0
    for card, n in contents.items():
        if n <= 0:
            continue
        o = outcome(pizzas, card)
        if o > 0:
            good += n
        elif o < 0:
            bad += n
    return (good - bad * third_cost(state, seat)) / total


def ship_choice(state: State, seat: int) -> str | None:
    """PI-A1: the best Ship card that places, nearest-to-complete pizza first."""
    if state.level != ADVANCED:
        return None
    pizzas = state.pizzas[seat]
    best, best_size = None, -1
    for card in state.ship:
        if outcome(pizzas, card) > 0:
            size = len(pizzas.get(COLOUR[card], ()))
            if size > best_size:
                best, best_size = card, size
    return best


def turn_move(state: State, seat: int, caution: float, contents: Counter[str]) -> Action:
    """Take or stop: a sure Ship card first; from the deck while the expected
    gain beats `caution` (the first card is a must)."""
    if state.taken >= 3:
        return Stop(seat)
    ship = ship_choice(state, seat)
    if ship is not None:
        return Take(seat, ship)
    if state.deck:
        gain = deck_gain(state, seat, contents)
        if state.taken == 0 or gain > caution * (1 + state.repeats):
            return Take(seat, DECK)
    if state.taken == 0:
        return Take(seat, state.ship[0])
    return Stop(seat)


def third_move(state: State, seat: int, options: list[Action]) -> Action:
    """PI-N5: the option that leaves the pizzas worth the most."""
    pending = state.pending
    assert pending is not None and pending.third is not None
    card = pending.third
    pizzas = state.pizzas[seat]

    def after(action: Action) -> float:
        trial = {c: s.copy() for c, s in pizzas.items()}
        if isinstance(action, Discard):
            trial[COLOUR[action.card]].remove(action.card)
        elif isinstance(action, Replace):
            del trial[action.colour]
            trial[COLOUR[card]] = [card]
        return worth({c: s for c, s in trial.items() if s})

    return max(options, key=after)


def leader(state: State, seat: int) -> tuple[int, float]:
    """The opponent whose pizzas are worth the most."""
    others = [s for s in state.playing if s != seat]
    best = max(others, key=lambda s: worth(state.pizzas[s]))
    return best, worth(state.pizzas[best])


def knife_move(state: State, seat: int, options: list[Action]) -> tuple[Action | None, float]:
    """The cut that costs an opponent the most, and what it costs them."""
    best: Action | None = None
    best_loss = 0.0
    for action in options:
        if not isinstance(action, Knife) or action.player == seat:
            continue
        pizzas = state.pizzas[action.player]
        trial = {c: s.copy() for c, s in pizzas.items()}
        trial[COLOUR[action.card]].remove(action.card)
        loss = worth(pizzas) - worth(trial)
        if loss > best_loss:
            best, best_loss = action, loss
    return best, best_loss


def fork_move(state: State, seat: int, options: list[Action]) -> tuple[Action | None, float]:
    """The swap that gains the most: own worth up, the victim's down; a hero
    received is worth a little more (it may be applied at once)."""
    best: Action | None = None
    best_gain = 0.0
    for action in options:
        if not isinstance(action, Fork):
            continue
        mine = {c: s.copy() for c, s in state.pizzas[seat].items()}
        theirs = {c: s.copy() for c, s in state.pizzas[action.player].items()}
        mine[COLOUR[action.give]].remove(action.give)
        theirs[COLOUR[action.take]].remove(action.take)
        mine[COLOUR[action.take]].append(action.take)
        theirs[COLOUR[action.give]].append(action.give)
        gain = worth(mine) - worth(state.pizzas[seat])
        gain += 0.7 * (worth(state.pizzas[action.player]) - worth(theirs))
        if HERO[action.take] in ("mushroom", "knife"):
            gain += 0.5
        if gain > best_gain:
            best, best_gain = action, gain
    return best, best_gain


def mushroom_move(state: State, seat: int, seen: list[str]) -> tuple[Action, float]:
    """The seen card that places into the pizza nearest completion."""
    pizzas = state.pizzas[seat]
    if not seen:
        return Mushroom(seat, None), 0.0
    best = max(seen, key=lambda c: (outcome(pizzas, c), len(pizzas.get(COLOUR[c], ()))))
    value = float(outcome(pizzas, best))
    if value > 0:
        slices = pizzas.get(COLOUR[best], [])
        value = worth({"x": [*slices, best]}) - worth({"x": slices})
    return Mushroom(seat, best), value


def pepper_move(state: State, seat: int, seen: list[str], options: list[Action]) -> Action:
    """Spoil the next player's draw: the cards least useful to them on top,
    worst first; if all help them, under the deck. The Ship gets what they
    can use least."""
    nxt = state.next_seat(seat)
    theirs = state.pizzas[nxt]
    ranked = sorted(seen, key=lambda c: outcome(theirs, c))
    wanted = 0
    for action in options:
        if isinstance(action, Pepper):
            wanted = len(action.ship or ())
            break
    ship = tuple(ranked[:wanted]) if state.level == ADVANCED else None
    rest = ranked[wanted:]
    to = "top" if rest and outcome(theirs, rest[0]) <= 0 else "bottom"
    chosen = Pepper(seat, tuple(rest), to, ship)
    return chosen if chosen in options else next(a for a in options if isinstance(a, Pepper))


def hero_move(
    state: State, seat: int, options: list[Action], seen: list[str], caution: float
) -> Action:
    """Apply the hero when its effect beats going on with the turn."""
    pending = state.pending
    assert pending is not None and pending.hero is not None
    hero = pending.hero
    contents = unseen(state)
    going_on = max(0.0, deck_gain(state, seat, contents)) * (3 - state.taken)
    if state.taken >= 3:
        going_on = 0.0
    decline = Decline(seat)
    if hero == "mushroom":
        action, value = mushroom_move(state, seat, seen)
        return action if value >= going_on * 0.8 and action in options else decline
    if hero == "knife":
        cut, loss = knife_move(state, seat, options)
        return cut if cut is not None and loss >= max(1.5, going_on) else decline
    if hero == "fork":
        swap, gain = fork_move(state, seat, options)
        return swap if swap is not None and gain >= max(0.5, going_on) else decline
    if going_on > caution or not seen:
        return decline
    return pepper_move(state, seat, seen, options)
