"""Agents against each other, for any game: seat-rotated whole games, win
rates with Wilson's 95 % intervals, and seconds per decision (wall-clock and
CPU).

Each deal (a game seed, drawn from the run's seed) is played once per
rotation of the agents round the seats: with k agents, rotation r puts agent
(seat + r) mod k in each seat, so over the k rotations every agent sits in
every seat equally often. The winners are the ranking's first place; a win
shared by w seats counts 1/w to each. An agent's win rate is its wins over
its seat-games (an agent may hold several seats when there are more seats
than agents); the fair share is 1/seats. Every agent is shown the events its
seat may see.

An agent is named by its game (`Game.agent_names`: its difficulties and its
other agents), or by `extra`: agents from outside the engine, e.g. the
benchmark opponents (`python -m engine tournament --agents-from MODULE`).

A game still going after `max_actions` actions is stopped and counted apart
(`unfinished`), not in any tally: Pizza Island's stalemate rule (PI-N9) lets
a locked table turn forever (docs/engine.md), and one such game must not
stop a run that stands for thousands. Its deal's other rotations still
count, so a run with unfinished games is that much short of balanced seats.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import AnyGame
from .interface import JSON, Event
from .rng import mix, seeds
from .tally import Tally

#: Agents from outside the engine: name -> (a factory taking the seed and
#: `seat=`, `events=` and options as keywords, preset options).
Extra = Mapping[str, tuple[Any, Mapping[str, Any]]]

#: Far beyond any game that ends (a whole Pizza Island match is a few hundred
#: actions, a Mamma Mia! game fewer).
MAX_ACTIONS = 50_000


def settings_json(rules: AnyGame, settings: Mapping[str, Any]) -> JSON:
    """The game's settings as given, with the declared defaults filled in."""
    found: JSON = {}
    for option in rules.options:
        value = settings.get(option.name, option.default)
        if value is not None:
            found[option.name] = value
    return found


@dataclass
class TournamentResult:
    game: str
    settings: JSON
    seats: int
    games: int
    seed: int
    tallies: dict[str, Tally] = field(default_factory=dict)
    seconds: float = 0.0
    unfinished: int = 0  # games stopped after `max_actions`, in no tally

    def to_json(self) -> JSON:
        return {
            "game": self.game,
            **self.settings,
            "seats": self.seats,
            "games": self.games,
            "seed": self.seed,
            "seconds": round(self.seconds, 2),
            "unfinished": self.unfinished,
            "agents": {name: t.to_json(self.seats) for name, t in self.tallies.items()},
        }


def make(
    rules: AnyGame,
    name: str,
    seed: int,
    seat: int,
    options: Mapping[str, Any] | None = None,
    events: Iterable[Event] = (),
    extra: Extra | None = None,
) -> Any:
    """An agent by name: one of `extra`, or the game's own."""
    if extra and name in extra:
        factory, preset = extra[name]
        return factory(seed, seat=seat, events=events, **{**preset, **(options or {})})
    return rules.named_agent(name, seed, seat, options or {}, events)


def show(agents: Sequence[Any], events: Iterable[Event]) -> None:
    """Every agent that keeps a memory is shown the events its seat may see."""
    seen = list(events)
    for seat, agent in enumerate(agents):
        observe = getattr(agent, "observe", None)
        if observe is not None:
            observe([e for e in seen if e.to is None or e.to == seat])


def play(
    rules: AnyGame,
    settings: Mapping[str, Any],
    seats: int,
    seed: int,
    agents: Sequence[Any],
    timings: list[list[tuple[float, float]]] | None = None,
    max_actions: int | None = None,
) -> Any:
    """One whole game dealt from `seed`; the final state (not over if it was
    stopped after `max_actions`). `timings[seat]` gets each of the seat's
    decisions' (wall-clock, CPU) seconds."""
    state, events = rules.start(rules.new_record(settings, seats, seed))
    show(agents, events)
    actions = 0
    while not rules.is_over(state) and (max_actions is None or actions < max_actions):
        actions += 1
        seat = rules.to_act(state)[0]
        started, cpu = time.perf_counter(), time.process_time()
        action = agents[seat].choose(state, seat)
        if timings is not None:
            timings[seat].append((time.perf_counter() - started, time.process_time() - cpu))
        events = []
        rules.step(state, action, events)
        show(agents, events)
    return state


def tournament(
    rules: AnyGame,
    names: Sequence[str],
    settings: Mapping[str, Any],
    seats: int = 2,
    games: int = 100,
    seed: int = 1,
    options: Mapping[str, Mapping[str, Any]] | None = None,
    extra: Extra | None = None,
    max_actions: int = MAX_ACTIONS,
) -> TournamentResult:
    """`games` games (rounded up to a whole number of rotations)."""
    options = options or {}
    k = len(names)
    deals = max(1, -(-games // k))
    result = TournamentResult(rules.name, settings_json(rules, settings), seats, deals * k, seed)
    for name in names:
        result.tallies.setdefault(name, Tally())
    started = time.perf_counter()
    for deal, game_seed in enumerate(seeds(seed, deals)):
        for rotation in range(k):
            lineup = [names[(seat + rotation) % k] for seat in range(seats)]
            agents = [
                make(
                    rules, name, mix(seed, deal, rotation, seat), seat, options.get(name), (), extra
                )
                for seat, name in enumerate(lineup)
            ]
            timings: list[list[tuple[float, float]]] = [[] for _ in range(seats)]
            final = play(rules, settings, seats, game_seed, agents, timings, max_actions)
            if not rules.is_over(final):
                result.unfinished += 1
                continue
            winners = rules.ranking(final)[0]
            for seat, name in enumerate(lineup):
                tally = result.tallies[name]
                tally.seat_games += 1
                if seat in winners:
                    tally.wins += 1 / len(winners)
                tally.decisions += len(timings[seat])
                for wall, cpu in timings[seat]:
                    tally.seconds += wall
                    tally.cpu += cpu
                    tally.slowest = max(tally.slowest, wall)
                    tally.slowest_cpu = max(tally.slowest_cpu, cpu)
    result.seconds = time.perf_counter() - started
    return result
