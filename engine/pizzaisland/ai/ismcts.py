"""Information-Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012)
from the seat's own view.

Each iteration samples one world from the seat's information set: the deck's
contents are public (the box less every face-up card), its order is not; the
only deck cards placed are those the seat itself knows (what its open
Mushroom or Pepper shows, the cards its own Pepper put on top and nobody has
taken since). What another seat saw under a Mushroom or Pepper is never in
its view. The walk goes down a tree of the seat's own decisions with UCB1
over the moves available in that world, the other seats and the rest of the
playout follow the heuristic, and the playout stops at the game's end or
after the seat's next turn, scored 1 / 0 for a won / lost game, else by the
pizzas' worth against the best opponent's.

The budget is a number of iterations, never a time, and the random numbers
are seeded from the agent's seed and the state's version, so a move replays
exactly.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable

from ..actions import TOP, Action, Decline, Fork, Knife, Pepper
from ..events import Event, MushroomApplied, PepperApplied, Taken, TurnBegun
from ..game import legal_actions, step
from ..state import TURN, State
from ..views import seen_by
from . import policy
from .heuristic import heuristic_move


class Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def candidates(state: State, seat: int, caution: float, width: int = 3) -> list[Action]:
    """The moves searched: every take and stop, every third-colour choice; for
    a hero, the heuristic's pick, the best few cuts or swaps, and decline."""
    options = legal_actions(state, seat)
    pending = state.pending
    if pending is None or pending.hero is None or len(options) <= 2 * width:
        return options
    first = heuristic_move(state, seat, caution)
    found: list[Action] = [first]
    if pending.hero == "pepper":
        found += [a for a in options if isinstance(a, Pepper)][:1]
    else:
        scored: list[tuple[float, Action]] = []
        for action in options:
            if isinstance(action, Knife | Fork):
                score = _cut(state, action) if isinstance(action, Knife) else _swap(state, action)
                scored.append((score, action))
        scored.sort(key=lambda x: -x[0])
        found += [a for _, a in scored[:width]]
    found.append(Decline(seat))
    return list(dict.fromkeys(found))


def _cut(state: State, action: Knife) -> float:
    return policy.knife_move(state, action.seat, [action])[1]


def _swap(state: State, action: Fork) -> float:
    return policy.fork_move(state, action.seat, [action])[1]


def determinize(state: State, seat: int, known_top: list[str], rnd: random.Random) -> State:
    """A world the seat cannot tell from the real one."""
    world = state.copy()
    contents = policy.unseen(state)
    top = seen_by(state, seat) or known_top
    for card in top:
        contents[card] -= 1
    if any(n < 0 for n in contents.values()) or len(top) > len(state.deck):
        top = []  # the memory went stale: fall back on the public facts
        contents = policy.unseen(state)
    rest = list(contents.elements())
    rnd.shuffle(rest)
    world.deck = [*top, *rest]
    return world


def playout_move(world: State, seat: int, caution: float) -> Action:
    if world.pending is None:
        return policy.turn_move(world, seat, caution, Counter(world.deck))
    return heuristic_move(world, seat, caution)


def score(world: State, seat: int) -> float:
    if world.phase != TURN:
        if world.winner is None:
            return 0.4
        return 1.0 if world.winner == seat else 0.0
    mine = policy.worth(world.pizzas[seat])
    best = max(policy.worth(world.pizzas[s]) for s in world.playing if s != seat)
    return 0.5 + 0.4 * math.tanh((mine - best) / 8)


class IsmctsAgent:
    """`iterations` per decision; `depth` own decisions in the tree per
    iteration; `explore` the UCB constant; `turns` the turn ends a playout
    runs through (default: the seats of the game plus one, so the seat's
    next turn is played)."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = 300,
        depth: int = 3,
        explore: float = 0.5,
        turns: int | None = None,
        caution: float = 0.25,
        seat: int | None = None,
        events: Iterable[Event] = (),
        **_: object,
    ) -> None:
        self.seed, self.seat = seed, seat
        self.iterations, self.depth, self.explore = int(iterations), depth, explore
        self.turns, self.caution = turns, caution
        self.known_top: list[str] = []  # what our own Pepper put on top
        self.observe(events)

    def observe(self, events: Iterable[Event]) -> None:
        """Keep `known_top` true: every card leaving the top shortens it."""
        for event in events:
            if isinstance(event, Taken) and event.source == "deck":
                self.known_top = self.known_top[1:]
            elif isinstance(event, TurnBegun):
                self.known_top = self.known_top[len(event.refilled) :]
            elif isinstance(event, MushroomApplied):
                self.known_top = self.known_top[event.seen :]
            elif (
                isinstance(event, PepperApplied) and event.seat != self.seat
            ) or event.type == "game_start":
                self.known_top = []

    def choose(self, state: State, seat: int) -> Action:
        if self.seat is None:
            self.seat = seat
        moves = candidates(state, seat, self.caution)
        action = moves[0] if len(moves) == 1 else self.search(state, seat, moves)
        if isinstance(action, Pepper) and action.to == TOP:
            self.known_top = list(action.order)  # the Peppered event follows
        return action

    def search(self, state: State, seat: int, roots: list[Action]) -> Action:
        rnd = random.Random(self.seed * 1_000_003 + state.version)
        horizon = self.turns if self.turns is not None else len(state.playing) + 1
        root = Node()
        for _ in range(self.iterations):
            world = determinize(state, seat, self.known_top, rnd)
            node, path, level, ends = root, [], 0, 0
            while world.phase == TURN and ends < horizon:
                actor = world.current
                assert actor is not None
                if actor != seat or level >= self.depth:
                    ends += _step(world, playout_move(world, actor, self.caution))
                    continue
                moves = roots if level == 0 else candidates(world, seat, self.caution)
                if len(moves) == 1:
                    ends += _step(world, moves[0])
                    continue
                level += 1
                action, node = _select(node, moves, self.explore)
                path.append(node)
                ends += _step(world, action)
                if node.visits == 0:
                    break
            while world.phase == TURN and ends < horizon:
                actor = world.current
                assert actor is not None
                ends += _step(world, playout_move(world, actor, self.caution))
            reward = score(world, seat)
            for visited in path:
                visited.visits += 1
                visited.total += reward
        tried = [a for a in roots if a in root.children and root.children[a].visits]
        if not tried:
            return roots[0]
        return max(tried, key=lambda a: (root.children[a].visits, root.children[a].total))


def _step(world: State, action: Action) -> int:
    """Apply; 1 if the turn passed to another seat (or the game ended)."""
    before = world.current
    step(world, action)
    return int(world.current != before or world.taken == 0)


def _select(node: Node, moves: list[Action], explore: float) -> tuple[Action, Node]:
    """UCB1 over the moves available in this world (ISMCTS availability);
    an untried move first, in the candidates' order."""
    best: Node | None = None
    best_value, chosen = -1.0, moves[0]
    for action in moves:
        child = node.children.get(action)
        if child is None:
            child = node.children[action] = Node()
        child.avail += 1
        if child.visits == 0:
            if best_value < math.inf:
                best, best_value, chosen = child, math.inf, action
            continue
        value = child.total / child.visits + explore * math.sqrt(
            math.log(child.avail) / child.visits
        )
        if value > best_value:
            best, best_value, chosen = child, value, action
    assert best is not None
    return chosen, best
