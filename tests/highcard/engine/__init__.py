"""High Card's rules. Each seat is dealt three cards numbered 1 to 9; in each
of three rounds every seat, in turn, plays one card face down; once all have
played, the cards are revealed and the highest alone scores a point (a tie
scores nothing). Most points wins; equal points share a place.

    HC-1 the deal: a deck of 1..9 four times over, shuffled by the seed.
    HC-2 a turn: play a card from your hand, face down.
    HC-3 the reveal: once every seat has played, the highest card alone scores.
    HC-4 the end: after the third round; places by points, ties shared.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from engine.errors import IllegalAction, MalformedAction, RecordError
from engine.events import Event
from engine.interface import JSON, Option
from engine.question import check_answer, settle
from engine.value import Value

FORMAT = "highcard-record/1"
ROUNDS = 3
HAND = 3


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: int

    def to_json(self) -> JSON:
        return {"seat": self.seat, "play": self.card}

    def text(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    type: ClassVar[str] = "dealt"
    seat: int
    cards: tuple[int, ...]

    @property
    def to(self) -> int | None:
        return self.seat  # a hand is its owner's alone


@dataclass(frozen=True, slots=True)
class Played(Event):
    type: ClassVar[str] = "played"
    seat: int


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    type: ClassVar[str] = "revealed"
    round: int
    cards: tuple[int, ...]
    winner: int | None


@dataclass(frozen=True, slots=True)
class Over(Event):
    type: ClassVar[str] = "over"
    points: tuple[int, ...]


@dataclass(slots=True)
class State:
    seats: int
    hands: list[list[int]]
    version: int = 0
    round: int = 1
    current: int = 0
    table: list[int | None] = field(default_factory=list)  # this round's face-down cards
    points: list[int] = field(default_factory=list)
    last: tuple[int, ...] = ()  # the last reveal's cards

    def to_json(self) -> JSON:
        return {
            "seats": self.seats,
            "hands": self.hands,
            "version": self.version,
            "round": self.round,
            "current": self.current,
            "table": self.table,
            "points": self.points,
            "last": list(self.last),
        }

    @property
    def over(self) -> bool:
        return self.round > ROUNDS


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicView(Value):
    seats: int
    round: int
    to_act: tuple[int, ...]
    face_down: tuple[bool, ...]  # who has played this round
    hand_sizes: tuple[int, ...]
    points: tuple[int, ...]
    last: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...] | None
    version: int
    pending: None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerView(PublicView):
    seat: int
    hand: tuple[int, ...]


@dataclass
class Replay:
    state: State
    error: tuple[int, Exception] | None = None

    def to_json(self) -> JSON:
        return {
            "state": self.state.to_json(),
            "error": None if self.error is None else self.error[0],
        }


class Agent:
    """Plays its highest card in the first round, then at random."""

    def __init__(self, seed: int) -> None:
        self.rnd = random.Random(seed)

    def choose(self, state: State, seat: int) -> Play:
        hand = sorted(state.hands[seat])
        return Play(seat, hand[-1] if state.round == 1 else self.rnd.choice(hand))

    def observe(self, events: Iterable[Event]) -> None:
        pass


def deal(seats: int, seed: int) -> tuple[State, list[Event]]:
    """HC-1."""
    deck = [n for n in range(1, 10) for _ in range(4)]
    random.Random(seed).shuffle(deck)
    hands = [sorted(deck[s * HAND : (s + 1) * HAND]) for s in range(seats)]
    state = State(seats, hands, table=[None] * seats, points=[0] * seats)
    return state, [Dealt(s, tuple(h)) for s, h in enumerate(hands)]


def ranking_of(state: State) -> list[list[int]]:
    """HC-4: by points, equal points sharing a place."""
    places: list[list[int]] = []
    for seat in sorted(range(state.seats), key=lambda s: -state.points[s]):
        if places and state.points[places[-1][0]] == state.points[seat]:
            places[-1].append(seat)
        else:
            places.append([seat])
    return places


class HighCard:
    name = "highcard"
    formats = (FORMAT,)
    options = (Option("pace", ("steady", "brisk"), "steady"),)
    difficulties = ("easy",)

    def check_settings(self, settings: Mapping[str, Any]) -> None:
        if settings.get("pace") not in (None, "steady", "brisk"):
            raise IllegalAction("bad_pace")

    def seat_limits(self, settings: Mapping[str, Any]) -> tuple[int, int]:
        return 2, 4

    def new_record(self, settings: Mapping[str, Any], seats: int, seed: int) -> JSON:
        return {"format": FORMAT, "seats": seats, "seed": seed, "actions": []}

    def start(self, record: Mapping[str, Any]) -> tuple[State, list[Event]]:
        if record.get("format") != FORMAT:
            raise RecordError(f"not a {FORMAT} document")
        return deal(int(record["seats"]), int(record["seed"]))

    def replay(self, record: Mapping[str, Any]) -> Replay:
        state, _ = self.start(record)
        for index, data in enumerate(self.actions_of(record)):
            try:
                state, _ = self.apply(state, self.action_from_json(data))
            except (IllegalAction, MalformedAction) as refused:
                return Replay(state, (index, refused))
        return Replay(state)

    def append(self, record: Mapping[str, Any], action: Play) -> JSON:
        return {**record, "actions": [*record.get("actions", []), action.to_json()]}

    def actions_of(self, record: Mapping[str, Any]) -> list[JSON]:
        return list(record.get("actions", []))

    def action_from_json(self, data: object) -> Play:
        if not isinstance(data, dict) or not isinstance(data.get("play"), int):
            raise MalformedAction(f"not a {self.name} action: {data!r}")
        return Play(int(data["seat"]), int(data["play"]))

    def to_act(self, state: State) -> tuple[int, ...]:
        return () if state.over else (state.current,)

    def is_over(self, state: State) -> bool:
        return state.over

    def asked(self, state: State) -> tuple[int, ...]:
        return ()

    def settle(
        self, state: State, answers: Mapping[int, Play], expired: bool
    ) -> list[tuple[int, Play, bool]] | None:
        return settle(self, state, answers, expired)

    def check_answer(self, state: State, action: Play) -> None:
        check_answer(self, state, action)

    def check_seat(self, state: State, seat: int) -> None:
        if state.over:
            raise IllegalAction("game_over")
        if seat != state.current:
            raise IllegalAction("not_your_turn", seat=state.current)

    def check(self, state: State, action: Play) -> None:
        """HC-2."""
        self.check_seat(state, action.seat)
        if action.card not in state.hands[action.seat]:
            raise IllegalAction("not_held", card=action.card)

    def apply(self, state: State, action: Play) -> tuple[State, list[Event]]:
        self.check(state, action)
        hands = [list(h) for h in state.hands]
        hands[action.seat].remove(action.card)
        table = list(state.table)
        table[action.seat] = action.card
        after = replace(state, hands=hands, table=table, version=state.version + 1)
        events: list[Event] = [Played(action.seat)]
        if any(card is None for card in table):
            after.current = (action.seat + 1) % state.seats
            return after, events
        cards = tuple(card or 0 for card in table)  # HC-3
        best = max(cards)
        winner = cards.index(best) if cards.count(best) == 1 else None
        points = list(state.points)
        if winner is not None:
            points[winner] += 1
        after.points, after.last, after.table = points, cards, [None] * state.seats
        after.round = state.round + 1
        after.current = (state.round) % state.seats
        events.append(Revealed(state.round, cards, winner))
        if after.over:
            events.append(Over(tuple(points)))
        return after, events

    def legal_actions(self, state: State, seat: int) -> Sequence[Play]:
        if state.over or seat != state.current:
            return []
        return [Play(seat, card) for card in sorted(set(state.hands[seat]))]

    def _public(self, state: State) -> dict[str, Any]:
        over = state.over
        return {
            "seats": state.seats,
            "round": min(state.round, ROUNDS),
            "to_act": self.to_act(state),
            "face_down": tuple(card is not None for card in state.table),
            "hand_sizes": tuple(len(h) for h in state.hands),
            "points": tuple(state.points),
            "last": state.last,
            "ranking": tuple(tuple(p) for p in ranking_of(state)) if over else None,
            "version": state.version,
        }

    def public_view(self, state: State) -> PublicView:
        return PublicView(**self._public(state))

    def player_view(self, state: State, seat: int) -> PlayerView:
        return PlayerView(**self._public(state), seat=seat, hand=tuple(sorted(state.hands[seat])))

    def ranking(self, state: State) -> list[list[int]]:
        return ranking_of(state)

    def safe_move(self, state: State, seat: int) -> Play:
        return Play(seat, min(state.hands[seat]))

    def agent(self, difficulty: str, seed: int, seat: int, events: Iterable[Event] = ()) -> Agent:
        return Agent(seed)

    def stand_in(self, seed: int, seat: int, events: Iterable[Event] = ()) -> Agent:
        return Agent(seed)

    def step(self, state: State, action: Play, events: list[Event] | None = None) -> None:
        after, happened = self.apply(state, action)
        for name in State.__slots__:
            setattr(state, name, getattr(after, name))
        if events is not None:
            events += happened

    def conserved(self, state: State, exact: bool = False) -> bool:
        """Every dealt card is in a hand, face down on the table or played."""
        held = sum(map(len, state.hands)) + sum(card is not None for card in state.table)
        return held == state.seats * (HAND - min(state.round, ROUNDS + 1) + 1)

    def agent_names(self) -> tuple[str, ...]:
        return ("easy",)

    def named_agent(
        self,
        name: str,
        seed: int,
        seat: int,
        options: Mapping[str, Any] | None = None,
        events: Iterable[Event] = (),
    ) -> Agent:
        return Agent(seed)


GAME = HighCard()
