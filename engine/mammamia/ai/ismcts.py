"""The search agent ("medium" and "hard"): Monte-Carlo over whole games in
worlds sampled from the seat's information set.

How it decides a move:

1. It lists a few candidate moves (`candidates`): in phase 1 the heuristic's
   turn first, its other draw, its ingredients with each order in hand or
   none, then 1, half or all of each kind held with the order the heuristic
   would place with them; with the wide search (`Search.wide_seats`) each
   amount meets each order in hand or none. In the reveal, each open choice,
   paying or declining, helping or not.
2. It samples worlds the seat cannot tell from the real one (`determinize`:
   built from its view and memory only, so the search cannot cheat), and in
   each world plays every surviving candidate out to the game's end, every
   seat playing our heuristic (`plan.plan_turn`, `policy.decide`).
3. A playout scores 0.9 for a win (a shared win split) plus 0.1 times the
   final score margin; each world is shared by all candidates, so they are
   compared on the same hidden cards (paired, far less noisy than a world
   per candidate). After each of log2(n) rounds the worse half is dropped
   (sequential halving); the last one standing is played.

The budget is a number of playout actions (`Search.steps`), never a time,
and the random numbers are seeded from the agent's seed and the information
set, so a move replays exactly. The difficulties are named `Search`
configurations (`ai.DIFFICULTIES`); docs/computer-players.md has
their measured strength and speed.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterable
from dataclasses import dataclass

from ..actions import Action, Choose, Help, Pay
from ..events import Event
from ..game import is_legal, legal_actions, step
from ..state import CHOOSE, HELP, OVER, PAY, TURN, State
from . import plan, policy
from .agent import Agent
from .determinize import Observation, determinize
from .heuristic import heuristic_move

#: A finished playout's value is a win's share plus this share for the margin.
MARGIN = 0.1


@dataclass(frozen=True)
class Search:
    """One configuration of the search: `steps` playout actions and at most
    `playouts` playouts a decision, over `width` candidate moves; at tables of
    `wide_seats` seats or more (0: never) every amount meets every order, on
    `wide_steps` actions and `wide_width` candidates."""

    steps: int = 32000
    playouts: int = 1000
    width: int = 24
    wide_seats: int = 0
    wide_steps: int = 48000
    wide_width: int = 40

    def at(self, seats: int) -> tuple[int, int, bool]:
        """(steps, width, wide) at a table of `seats` seats."""
        if 0 < self.wide_seats <= seats:
            return self.wide_steps, self.wide_width, True
        return self.steps, self.width, False


def candidates(
    world: State,
    seat: int,
    width: int,
    first: Action | None = None,
    oven: list[str | None] | None = None,
    every: bool = False,
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


def playout_move(world: State, seat: int) -> Action:
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
    obs: Observation, rnd: random.Random, width: int, every: bool = False
) -> list[Action]:
    """The moves searched at the root, in one sampled world: the heuristic's
    first, plays ranked against the remembered oven; never empty."""
    first = heuristic_move(obs)
    world = determinize(obs, rnd)
    return candidates(world, obs.seat, width, first, obs.known_oven(), every) or [first]


def play_out(world: State, until: float = math.inf) -> None:
    """Every seat plays `playout_move` to the game's end (or round `until`)."""
    while world.phase != OVER and world.round < until:
        step(world, playout_move(world, world.to_act()[0]))


def outcome(world: State, seat: int, margin: float = MARGIN) -> float:
    """At the game's end 1 for a win (shared wins split), with `margin` of the
    value for the score margin; before it (a playout cut short) the margin alone."""
    scores = [len(d) for d in world.delivered]
    best_other = max(s for i, s in enumerate(scores) if i != seat)
    lead = scores[seat] - best_other
    if world.phase != OVER:
        return 0.5 + 0.5 * math.tanh(lead / 2)
    share = 1.0 / len(world.winners) if seat in world.winners else 0.0
    return (1 - margin) * share + margin * (max(-3, min(3, lead)) + 3) / 6


def paired_search(obs: Observation, search: Search, seed: int) -> Action:
    """Flat Monte-Carlo with common worlds and sequential halving: each sampled
    world is played out once after every surviving candidate; after each of
    the log2(n) rounds the worse half is dropped. The budget (steps and
    playouts) is spread evenly over the rounds, at least one world a round."""
    me = obs.seat
    rnd = random.Random(seed)
    steps, width, wide = search.at(obs.view.seats)
    moves = root_moves(obs, rnd, min(width, search.playouts), wide)
    if len(moves) == 1:
        return moves[0]
    rounds = max(1, math.ceil(math.log2(len(moves))))
    totals = [0.0] * len(moves)
    alive = list(range(len(moves)))
    while len(alive) > 1:
        spent = playouts = 0
        while not spent or (spent < steps / rounds and playouts < search.playouts / rounds):
            world = determinize(obs, rnd)
            spent += 1  # a world costs something even if no move fits it
            playouts += len(alive)
            for i in alive:
                trial = world.copy()
                if not is_legal(trial, moves[i]):  # not possible in this world
                    totals[i] -= 1.0
                    continue
                step(trial, moves[i])
                play_out(trial)
                spent += trial.version - world.version
                totals[i] += outcome(trial, me)
        alive.sort(key=lambda i: (-totals[i], i))
        alive = alive[: max(1, (len(alive) + 1) // 2)]
    return moves[alive[0]]


class IsmctsAgent(Agent):
    """The search as an agent: `search` (or the default `Search()`), with any
    of its fields given as keywords over it (`steps=400`)."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        search: Search | None = None,
        recall: float = 1.0,
        seat: int | None = None,
        events: Iterable[Event] = (),
        **fields: int,
    ) -> None:
        super().__init__(seed, recall=recall, seat=seat, events=events)
        self.search = dataclasses.replace(search or Search(), **fields)

    def choose(self, state: State, seat: int) -> Action:
        obs = self.observation(state, seat)
        return paired_search(obs, self.search, obs.key(self.seed))
