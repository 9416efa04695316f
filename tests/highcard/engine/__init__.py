"""High Card's rules, in three rounds of one card from each seat:

HC-1 the deal: three cards each from 1..9 four times over, shuffled by the seed.
HC-2 a turn: play a card from your hand, face down (each seat in turn).
HC-3 the reveal: once every seat has played, the highest card alone scores a point.
HC-4 the end: after the third round; places by points, equal points sharing one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any

from engine import interface
from engine.errors import IllegalAction, MalformedAction, RecordError
from engine.events import Event, Private
from engine.interface import Game, Move, Option, Settings, places
from engine.value import Value

ROUNDS = 3
HAND = 3


@dataclass(frozen=True, slots=True)
class Play(Move):
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Dealt(Private):  # a hand is its owner's alone
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Played(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    round: int
    cards: tuple[int, ...]
    winner: int | None


@dataclass(frozen=True, slots=True)
class Over(Event):
    points: tuple[int, ...]


@dataclass(slots=True)
class State(Value):
    seats: int
    hands: list[list[int]]
    version: int = 0
    round: int = 1
    current: int = 0
    table: list[int | None] = field(default_factory=list)  # this round's face-down cards
    points: list[int] = field(default_factory=list)
    last: tuple[int, ...] = ()  # the last reveal's cards

    @property
    def over(self) -> bool:
        return self.round > ROUNDS


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicView(Value):
    round: int
    to_act: tuple[int, ...]
    face_down: tuple[bool, ...]  # who has played this round
    hand_sizes: tuple[int, ...]
    points: tuple[int, ...]
    last: tuple[int, ...]
    version: int
    pending: None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerView(PublicView):
    seat: int
    hand: tuple[int, ...]


class Agent(interface.Agent[State, Play, Event]):
    """Plays a card at random."""

    def __init__(self, seed: int, seat: int, events: Iterable[Event] = ()) -> None:
        self.rnd = random.Random(seed)

    def choose(self, state: State, seat: int) -> Play:
        return Play(seat, self.rnd.choice(sorted(state.hands[seat])))


class HighCard(Game[State, Play, PublicView, PlayerView, Event]):
    name = "highcard"
    options = (Option("pace", ("steady", "brisk"), "steady"),)
    agents: Mapping[str, type[Agent]] = {"easy": Agent}

    def seat_limits(self, settings: Settings) -> tuple[int, int]:
        return 2, 4

    def start(self, record: Mapping[str, Any]) -> tuple[State, list[Event]]:
        """HC-1."""
        if record.get("format") not in self.formats:
            raise RecordError(f"not a {self.formats[0]} document")
        seats, deck = int(record["seats"]), [n for n in range(1, 10) for _ in range(4)]
        random.Random(int(record["seed"])).shuffle(deck)
        hands = [sorted(deck[s * HAND : (s + 1) * HAND]) for s in range(seats)]
        state = State(seats, hands, table=[None] * seats, points=[0] * seats)
        return state, [Dealt(s, tuple(h)) for s, h in enumerate(hands)]

    def action_from_json(self, data: object) -> Play:
        if not isinstance(data, dict) or not isinstance(data.get("card"), int):
            raise MalformedAction(f"not a {self.name} action: {data!r}")
        return Play(int(data["seat"]), int(data["card"]))

    def check(self, state: State, action: Play) -> None:
        """HC-2."""
        self.check_seat(state, action.seat)
        if action.card not in state.hands[action.seat]:
            raise IllegalAction("not_held", card=action.card)

    def apply(self, state: State, action: Play) -> tuple[State, list[Event]]:
        self.check(state, action)
        after, seats = deepcopy(state), state.seats
        after.hands[action.seat].remove(action.card)
        after.table[action.seat] = action.card
        after.version += 1
        after.current = (action.seat + 1) % seats
        events: list[Event] = [Played(action.seat)]
        if None in after.table:
            return after, events
        cards = tuple(card or 0 for card in after.table)  # HC-3
        winner = cards.index(max(cards)) if cards.count(max(cards)) == 1 else None
        if winner is not None:
            after.points[winner] += 1
        after.last, after.table, after.current = cards, [None] * seats, state.round % seats
        after.round += 1
        events.append(Revealed(state.round, cards, winner))
        if after.over:
            events.append(Over(tuple(after.points)))
        return after, events

    def legal_actions(self, state: State, seat: int) -> Sequence[Play]:
        if state.over or seat != state.current:
            return []
        return [Play(seat, card) for card in sorted(set(state.hands[seat]))]

    def public_view(self, state: State) -> PublicView:
        return PublicView(**public(state))

    def player_view(self, state: State, seat: int) -> PlayerView:
        return PlayerView(**public(state), seat=seat, hand=tuple(sorted(state.hands[seat])))

    def ranking(self, state: State) -> list[list[int]]:
        """HC-4: by points, equal points sharing a place."""
        return places(range(state.seats), lambda seat: state.points[seat])


def public(state: State) -> dict[str, Any]:
    return {
        "round": min(state.round, ROUNDS),
        "to_act": () if state.over else (state.current,),
        "face_down": tuple(card is not None for card in state.table),
        "hand_sizes": tuple(len(h) for h in state.hands),
        "points": tuple(state.points),
        "last": state.last,
        "version": state.version,
    }


GAME = HighCard()
