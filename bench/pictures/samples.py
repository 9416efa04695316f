"""Realistic inputs for every picture, from real games played by the engine's
random agents (Mamma Mia!) and hand-made positions (Pizza Island, whose
engine comes later). Used by the benchmark and the tests."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.mammamia.pictures import (
    HandPicture,
    OrderFace,
    Outcome,
    Ranked,
    Table,
    outcomes_of,
    ranking_of,
    revealed_of,
)
from bot.games.pizzaisland.pictures import PlayerPizzas
from engine.mammamia import new_game, player_view, public_view, step
from engine.mammamia.ai import RandomAgent
from engine.mammamia.events import Event, Made, Returned, Revealed, RevealStarted
from engine.mammamia.state import OVER, REVEAL, State
from engine.mammamia.views import PublicView


@dataclass(frozen=True)
class RevealSample:
    table: Table
    revealed: str | OrderFace | None
    outcomes: tuple[Outcome, ...]


def play(variant: str, seats: int, seed: int) -> tuple[list[State], list[Event]]:
    """A whole game by random agents: a snapshot before every action, and every
    public event in order."""
    state, events = new_game(variant, seats, seed=seed)
    agents = [RandomAgent(seed + s) for s in range(seats)]
    snapshots, public = [state.copy()], [e for e in events if e.public]
    while state.phase != OVER:
        seat = state.to_act()[0]
        found: list[Event] = []
        step(state, agents[seat].choose(state, seat), found)
        snapshots.append(state.copy())
        public += [e for e in found if e.public]
    return snapshots, public


def hands(variant: str, seats: int, seed: int) -> list[HandPicture]:
    """Every hand of every turn of a game, as its owner sees it."""
    snapshots, _ = play(variant, seats, seed)
    out = []
    for state in snapshots:
        if state.phase != OVER:
            seat = state.to_act()[0]
            out.append(HandPicture.of(player_view(state, seat)))
    return out


def reveals(variant: str, seats: int, seed: int) -> list[RevealSample]:
    """The reveal picture after each step of the narration of a game (a card
    revealed, an order made or returned), built from public events only."""
    _, events = play(variant, seats, seed)
    out: list[RevealSample] = []
    table: dict[str, int] = {}
    revealed: str | OrderFace | None = None
    outcomes: tuple[Outcome, ...] = ()
    for event in events:
        if isinstance(event, RevealStarted):
            table, revealed, outcomes = dict(event.table), None, ()
            continue
        if isinstance(event, Revealed):
            table, revealed = dict(event.table), revealed_of(variant, event.card)
        elif isinstance(event, Made):
            table = dict(event.left)
            outcomes += outcomes_of(variant, [event])
        elif isinstance(event, Returned):
            outcomes += outcomes_of(variant, [event])
        else:
            continue
        out.append(RevealSample(Table.of(variant, table), revealed, outcomes))
    return out


def ranking(variant: str, seats: int, seed: int) -> tuple[Ranked, ...]:
    snapshots, _ = play(variant, seats, seed)
    return ranking_of(public_view(snapshots[-1]))


def reveal_views(variant: str, seats: int, seed: int) -> list[PublicView]:
    """The public view at every step of the reveal phase."""
    snapshots, _ = play(variant, seats, seed)
    return [public_view(s) for s in snapshots if s.phase == REVEAL]


PIZZAS: tuple[PlayerPizzas, ...] = (
    PlayerPizzas.of(
        "yellow",
        {
            "red": ["red-a-pepper", "red-b", "red-c", "red-a", "red-c-knife"],
            "green": ["green-b-mushroom", "green-a"],
        },
    ),
    PlayerPizzas.of("green", {"yellow": ["yellow-c", "yellow-a-fork", "yellow-b", "yellow-b"]}),
    PlayerPizzas.of(
        "purple",
        {"green": ["green-c-knife", "green-c"], "red": ["red-b-mushroom", "red-a-fork", "red-b"]},
    ),
    PlayerPizzas.of("red", {"yellow": ["yellow-a-pepper"]}),
)

SHIP: tuple[str, ...] = ("green-a-fork", "red-c", "yellow-b-mushroom")
SEEN: tuple[str, ...] = (
    "yellow-c-knife",
    "red-b",
    "green-a-pepper",
    "green-b",
    "red-a",
    "yellow-c",
)
