"""The search agent ("medium" and "hard"): Monte-Carlo over whole games in
worlds sampled from the seat's information set.

Every world is drawn by `determinize` from the seat's view and memory only,
so the search cannot cheat. Each candidate move is followed by a playout to
the game's end in which every seat plays the heuristic (`plan.plan_turn`,
the reveal rules of thumb; with `others=2` the other seats play the rival
heuristic in every other world, a mixture that predicts rival-mc's games
better: `bench.opponent_models`), scored 0.9 for a win (shared wins split)
plus a little for the score margin, so cards and orders kept for later
rounds and the final tie-break count.

The default search (`paired=1`) is flat: the candidates (`plan.candidates`:
the heuristic's turn, its ingredients with every order or none, 1, half or
all of each kind) are all played out in the same sampled worlds, so they are
compared on the same hidden cards (paired, far less noisy than a world per
candidate), and sequential halving drops the worse half after each of
log2(n) rounds. `paired=0` is the earlier single-observer ISMCTS (Cowling,
Powley & Whitehouse 2012): one world per iteration, UCB1 with availability
counts over a tree of the seat's own decisions.

The budget is a number of playout actions (`max_steps`), never a time, and
the random numbers are seeded from the agent's seed and the information
set, so a move replays exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable

from ..actions import Action, Choose, Help, Pay
from ..events import Event
from ..game import is_legal, legal_actions, step
from ..state import CHOOSE, HELP, OVER, PAY, TURN, State
from . import plan, policy, rival
from .agent import Agent
from .determinize import Observation, determinize
from .heuristic import heuristic_move


class Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def candidates(
    world: State,
    seat: int,
    width: int,
    first: Action | None = None,
    oven: list[str | None] | None = None,
    every: bool = False,
    draws: bool = False,
) -> list[Action]:
    """The moves searched for `seat` in `world`, most promising first; plays
    are ranked against `oven` (the remembered one at the root), else the world's."""
    box = world.box
    hand = world.hands[seat]
    found: list[Action] = [first] if first is not None else []
    if world.phase == TURN:
        if not any(c in box.kindset for c in hand):
            found += legal_actions(world, seat)
        else:
            found += plan.candidates(
                seat,
                box,
                world.colours[seat],
                world.seats,
                hand,
                world.table,
                world.oven if oven is None else oven,
                len(world.order_piles[seat]),
                len(world.supply),
                width,
                every,
                draws,
            )
    else:
        pending = world.pending
        assert pending is not None
        if pending.stage == CHOOSE:
            found += [Choose(seat, o) for o in pending.options]
            if not pending.covered:
                found.append(Pay(seat, False))
        elif pending.stage == PAY:
            # An order the hand can make is made (MM-R4): a sure point now, where
            # declining only bets the cards on the tie-break or later rounds.
            decided = policy.decide(seat, box, hand, world.table, pending, world.help)
            found.append(decided)
            if not isinstance(decided, Pay):  # asking for help also scores a helper
                found.append(Pay(seat, False))
        elif pending.stage == HELP:
            found += [Help(seat, True), Help(seat, False)]
    unique: list[Action] = []
    for action in found:
        if action not in unique and is_legal(world, action):
            unique.append(action)
    return unique


def playout_move(world: State, seat: int, rnd: random.Random) -> Action:
    """Every seat plays the heuristic in the playouts, on the oven it would
    remember perfectly."""
    box = world.box
    hand = world.hands[seat]
    if world.phase == TURN:
        return plan.plan_turn(
            seat,
            box,
            world.colours[seat],
            world.seats,
            hand,
            world.table,
            world.oven,
            len(world.order_piles[seat]),
            len(world.supply),
        )
    assert world.pending is not None
    return policy.decide(seat, box, hand, world.table, world.pending, world.help)


def root_moves(
    obs: Observation, rnd: random.Random, width: int, every: bool = False, draws: bool = False
) -> list[Action]:
    """The moves searched at the root, in one sampled world: the heuristic's
    first, plays ranked against the remembered oven; never empty."""
    first = heuristic_move(obs)
    world = determinize(obs, rnd)
    return candidates(world, obs.seat, width, first, obs.known_oven(), every, draws) or [first]


def play_out(
    world: State, rnd: random.Random, until: float = math.inf, rivals: frozenset[int] = frozenset()
) -> None:
    """Every seat plays `playout_move` to the game's end or round `until`,
    the seats in `rivals` the rival heuristic instead (`rival.world_move`)."""
    while world.phase != OVER and world.round < until:
        seat = world.to_act()[0]
        move = rival.world_move(world, seat) if seat in rivals else playout_move(world, seat, rnd)
        step(world, move)


def rivals_in(obs: Observation, others: int, world: int) -> frozenset[int]:
    """The seats that play the rival heuristic in the `world`-th sampled world:
    by `others`, none (0), every other seat (1), or every other seat in every
    other world (2, the mixture)."""
    if others == 1 or (others == 2 and world % 2):
        return frozenset(range(obs.view.seats)) - {obs.seat}
    return frozenset()


def outcome(world: State, seat: int, margin: float = 0.1) -> float:
    """At the game's end 1 for a win (shared wins split), with `margin` of the
    value for the score margin; before it (a playout cut at the horizon) the
    margin alone."""
    scores = [len(d) for d in world.delivered]
    best_other = max(s for i, s in enumerate(scores) if i != seat)
    lead = scores[seat] - best_other
    if world.phase != OVER:
        return 0.5 + 0.5 * math.tanh(lead / 2)
    share = 1.0 / len(world.winners) if seat in world.winners else 0.0
    return (1 - margin) * share + margin * (max(-3, min(3, lead)) + 3) / 6


def search(
    obs: Observation,
    iterations: int,
    width: int,
    depth: int,
    explore: float,
    horizon: int,
    seed: int,
    max_steps: int | None = None,
) -> Action:
    me = obs.seat
    rnd = random.Random(seed)
    roots = root_moves(obs, rnd, width)
    if len(roots) == 1:
        return roots[0]
    root = Node()
    start = obs.view.round
    steps = 0
    for _ in range(iterations):
        if max_steps is not None and steps >= max_steps:
            break
        world = determinize(obs, rnd)
        version = world.version
        node, path, level = root, [], 0
        while world.phase != OVER and world.round - start < horizon:
            actor = world.to_act()[0]
            if actor != me or level >= depth:
                step(world, playout_move(world, actor, rnd))
                continue
            moves = roots if level == 0 else candidates(world, me, width)
            if len(moves) == 1:
                step(world, moves[0])
                continue
            level += 1
            action, node = _select(node, moves, explore)
            path.append(node)
            step(world, action)
            if node.visits == 0:
                break
        play_out(world, rnd, start + horizon)
        steps += world.version - version
        reward = outcome(world, me)
        for visited in path:
            visited.visits += 1
            visited.total += reward
    tried = [a for a in roots if a in root.children]
    return max(tried, key=lambda a: (root.children[a].visits, root.children[a].total))


def paired_search(
    obs: Observation,
    iterations: int,
    width: int,
    horizon: int,
    seed: int,
    max_steps: int | None,
    margin: float = 0.1,
    every: bool = False,
    draws: bool = False,
    others: int = 0,
) -> Action:
    """Flat Monte-Carlo with common worlds and sequential halving: each sampled
    world is played out once after every surviving candidate, so candidates
    are compared on the same hidden cards and the same reshuffles (paired,
    far less noisy than one world per candidate); after each of the log2(n)
    rounds the worse half is dropped. The budget is `max_steps` playout
    actions and `iterations` playouts, each spread evenly over the rounds
    (at least one world a round). `others` models the other seats in the
    playouts: 0 by the heuristic, 1 by the rival heuristic, 2 by each in
    every other world (a mixture: neither predicts rival-mc well alone)."""
    me = obs.seat
    rnd = random.Random(seed)
    moves = root_moves(obs, rnd, min(width, iterations), every, draws)
    if len(moves) == 1:
        return moves[0]
    start = obs.view.round
    budget = max_steps if max_steps is not None else math.inf
    rounds = max(1, math.ceil(math.log2(len(moves))))
    totals = [0.0] * len(moves)
    alive = list(range(len(moves)))
    worlds = 0
    while len(alive) > 1:
        spent = playouts = 0
        while not spent or (spent < budget / rounds and playouts < iterations / rounds):
            world = determinize(obs, rnd)
            rivals = rivals_in(obs, others, worlds)
            worlds += 1
            spent += 1  # a world costs something even if no move fits it
            playouts += len(alive)
            for i in alive:
                trial = world.copy()
                if not is_legal(trial, moves[i]):  # not possible in this world
                    totals[i] -= 1.0
                    continue
                step(trial, moves[i])
                play_out(trial, rnd, start + horizon, rivals)
                spent += trial.version - world.version
                totals[i] += outcome(trial, me, margin)
        alive.sort(key=lambda i: (-totals[i], i))
        alive = alive[: max(1, (len(alive) + 1) // 2)]
    return moves[alive[0]]


def _select(node: Node, moves: list[Action], explore: float) -> tuple[Action, Node]:
    """UCB1 over the moves available in this world (ISMCTS availability);
    an untried move first, in the candidates' order."""
    best, best_value, chosen = None, -1.0, moves[0]
    for action in moves:
        child = node.children.get(action)
        if child is None:
            child = node.children[action] = Node()
        child.avail += 1
        if child.visits == 0:
            if best is None or best_value < math.inf:
                best, best_value, chosen = child, math.inf, action
            continue
        value = child.total / child.visits + explore * math.sqrt(
            math.log(child.avail) / child.visits
        )
        if value > best_value:
            best, best_value, chosen = child, value, action
    assert best is not None
    return chosen, best


class IsmctsAgent(Agent):
    """`max_steps` playout actions per decision (a budget in moves, not
    seconds, so a move replays exactly; 32,000 is about 0.4 s here and beat
    rival-mc in 68 % of 130 games, 20,000 in 53 % of 50; README); `width` turns
    searched; `horizon` the rounds a playout runs before it is scored by the
    score margin (9: to the game's end); `margin` the margin's share of a
    finished playout's value (0.4 played no better than 0.1); `paired` 1 for
    the flat paired search, 0 for the tree, whose `iterations`, `depth` and
    `explore` (UCB constant) apply. In the flat search, at tables of `every`
    seats or more (0: never), each amount is tried with each order in hand or
    none, as the rival's strong bot does, with `wide_steps` playout actions
    and `wide_width` turns (defaults `max_steps`, `width`): more candidates
    need more worlds each (README). At tables of at most `draws` seats (0:
    never) each turn is also tried with the other draw source (measured
    worse at 2 seats, so hard does not: README). At tables of at most `mixed`
    seats the other seats in the flat search's playouts are played by the
    rival heuristic in every other world, by the heuristic in the rest
    (`paired_search`'s `others=2`)."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = 1000,
        width: int = 24,
        depth: int = 2,
        explore: float = 0.7,
        horizon: int = 9,
        max_steps: int | None = 32000,
        paired: int = 1,
        margin: float = 0.1,
        every: int = 0,
        wide_steps: int | None = None,
        wide_width: int | None = None,
        draws: int = 0,
        mixed: int = 0,
        recall: float = 1.0,
        seat: int | None = None,
        events: Iterable[Event] = (),
    ) -> None:
        super().__init__(seed, recall=recall, seat=seat, events=events)
        self.iterations, self.width, self.depth = iterations, width, depth
        self.explore, self.horizon, self.max_steps = explore, horizon, max_steps
        self.paired, self.margin = paired, margin
        self.every, self.wide_steps = every, max_steps if wide_steps is None else wide_steps
        self.wide_width = width if wide_width is None else wide_width
        self.draws, self.mixed = draws, mixed

    def choose(self, state: State, seat: int) -> Action:
        obs = self.observation(state, seat)
        if self.paired:
            wide = 0 < self.every <= state.seats
            return paired_search(
                obs,
                self.iterations,
                self.wide_width if wide else self.width,
                self.horizon,
                obs.key(self.seed),
                self.wide_steps if wide else self.max_steps,
                self.margin,
                wide,
                state.seats <= self.draws,
                2 if state.seats <= self.mixed else 0,
            )
        return search(
            obs,
            self.iterations,
            self.width,
            self.depth,
            self.explore,
            self.horizon,
            obs.key(self.seed),
            self.max_steps,
        )
