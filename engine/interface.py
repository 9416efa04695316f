"""The one interface between a game's rules and everything else.

A game is a package `engine/<game>/` whose `GAME` attribute satisfies `Game`.
The host (the bot), the command line and the tests use a game only through
this interface; `engine.games()` finds every game package by itself, so adding
a game touches no file outside its own package.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from .value import JSON as JSON


@runtime_checkable
class Action(Protocol):
    """A move: a small value with a record (JSON) form and a text form."""

    @property
    def seat(self) -> int: ...

    def to_json(self) -> JSON: ...

    def text(self) -> str: ...


class Event(Protocol):
    """Something that happened: public, or private to one seat (`to`)."""

    @property
    def type(self) -> str: ...

    @property
    def to(self) -> int | None: ...

    def to_json(self) -> JSON: ...


class State(Protocol):
    """A game's whole state, hidden parts included. `version` counts the
    actions applied: a button carries it, so a stale click is recognised."""

    @property
    def version(self) -> int: ...

    def to_json(self) -> JSON: ...


class View(Protocol):
    """What every view of every game says: its state version, the seats to
    act, and the decision they face (None: a turn). The rest is the game's own
    frozen typed value (`engine.value.Value`)."""

    @property
    def version(self) -> int: ...

    @property
    def to_act(self) -> tuple[int, ...]: ...

    @property
    def pending(self) -> object | None: ...

    def to_json(self) -> JSON: ...


S = TypeVar("S", bound=State)
A = TypeVar("A", bound=Action)
PV = TypeVar("PV", bound=View, covariant=True)  # the public view
SV = TypeVar("SV", bound=View, covariant=True)  # a seat's own view
E = TypeVar("E", bound=Event)  # the game's events


S_contra = TypeVar("S_contra", bound=State, contravariant=True)
A_co = TypeVar("A_co", bound=Action, covariant=True)


class Agent(Protocol[S_contra, A_co]):
    """A computer player. It reads only what its seat may know: the seat's
    view and the events it was shown (`observe`)."""

    def choose(self, state: S_contra, seat: int) -> A_co: ...

    def observe(self, events: Iterable[Event]) -> None: ...


class Replayed(Protocol):
    """A replayed record: the state reached, and the first refusal if any."""

    @property
    def error(self) -> object | None: ...

    def to_json(self) -> JSON: ...


@dataclass(frozen=True, slots=True)
class Option:
    """One setting a host chooses when opening a game (e.g. `variant`)."""

    name: str
    choices: tuple[str, ...]
    default: str | None = None  # None: the game decides (e.g. help by seat count)


class Game(Protocol[S, A, PV, SV, E]):
    """Everything the host may ask of a game's rules."""

    @property
    def name(self) -> str:
        """The game's name: the registry key, the storage column, the id namespace."""
        ...

    @property
    def formats(self) -> tuple[str, ...]:
        """The record formats it reads, e.g. ("mammamia-record/1",)."""
        ...

    @property
    def options(self) -> tuple[Option, ...]:
        """The settings a host chooses at `new`; values are the choices' names."""
        ...

    @property
    def difficulties(self) -> tuple[str, ...]:
        """Computer-player difficulties, weakest first."""
        ...

    def check_settings(self, settings: Mapping[str, Any]) -> None:
        """IllegalAction if these options do not go together."""
        ...

    def seat_limits(self, settings: Mapping[str, Any]) -> tuple[int, int]:
        """Fewest and most seats for these settings."""
        ...

    def new_record(self, settings: Mapping[str, Any], seats: int, seed: int) -> JSON:
        """A record for a game dealt from `seed`, with no action yet. Rules that
        depend on the seat count (e.g. no help with two players) apply here."""
        ...

    def start(self, record: Mapping[str, Any]) -> tuple[S, list[E]]:
        """The state a record starts from; RecordError if it cannot be read."""
        ...

    def replay(self, record: Mapping[str, Any]) -> Replayed: ...

    def append(self, record: Mapping[str, Any], action: A) -> JSON:
        """A new record with `action` added (the old one is left as it was)."""
        ...

    def actions_of(self, record: Mapping[str, Any]) -> list[JSON]:
        """Every action of a record, in the order they were applied."""
        ...

    def action_from_json(self, data: object) -> A:
        """MalformedAction if `data` is no action of this game."""
        ...

    def to_act(self, state: S) -> tuple[int, ...]:
        """The seats whose move it is; empty when the game is over."""
        ...

    def is_over(self, state: S) -> bool: ...

    def asked(self, state: S) -> tuple[int, ...]:
        """The seats a pending question is put to at once, in the order the
        rules take their answers (`engine.question`); empty when none is."""
        ...

    def settle(
        self, state: S, answers: Mapping[int, A], expired: bool
    ) -> list[tuple[int, A, bool]] | None:
        """The answers the rules take, in their order, once they settle the
        pending question (`engine.question.settle`); None while it is open."""
        ...

    def check_answer(self, state: S, action: A) -> None:
        """IllegalAction unless `action` answers the pending question validly
        for its seat, as the question will stand when it reaches that seat."""
        ...

    def check_seat(self, state: S, seat: int) -> None:
        """IllegalAction unless `seat` may act now."""
        ...

    def check(self, state: S, action: A) -> None:
        """IllegalAction (with the reason) unless `action` is legal now."""
        ...

    def apply(self, state: S, action: A) -> tuple[S, list[E]]:
        """The state after `action` and what happened; `state` is untouched."""
        ...

    def legal_actions(self, state: S, seat: int) -> Sequence[A]: ...

    def public_view(self, state: S) -> PV:
        """What the table shows everyone, built from public facts only."""
        ...

    def player_view(self, state: S, seat: int) -> SV:
        """The public view plus what `seat` alone knows."""
        ...

    def ranking(self, state: S) -> list[list[int]]:
        """Places, best first; seats tied on a place share it."""
        ...

    def safe_move(self, state: S, seat: int) -> A:
        """The move played for a seat that ran out of time."""
        ...

    def step(self, state: S, action: A, events: list[E] | None = None) -> None:
        """`apply` in place, for a caller that owns the state outright (a
        simulation, a tournament): what happened is added to `events` if given."""
        ...

    def conserved(self, state: S, exact: bool = False) -> bool:
        """Every card of the game is somewhere: counted cheaply, or (`exact`)
        the very cards of the box, as a multiset. The simulations' soak check."""
        ...

    def agent(self, difficulty: str, seed: int, seat: int, events: Iterable[E] = ()) -> Any:
        """A computer player of this difficulty for `seat` (an `Agent`)."""
        ...

    def stand_in(self, seed: int, seat: int, events: Iterable[E] = ()) -> Any:
        """The agent that plays the seat of a player who is away or gone."""
        ...

    def agent_names(self) -> tuple[str, ...]:
        """Every agent a tournament may name: the difficulties and the game's
        other agents (a baseline, the parts a difficulty is made of)."""
        ...

    def named_agent(
        self,
        name: str,
        seed: int,
        seat: int,
        options: Mapping[str, Any] | None = None,
        events: Iterable[E] = (),
    ) -> Any:
        """The agent called `name` (one of `agent_names`), with constructor
        `options` over its own (e.g. a smaller search budget for a test)."""
        ...
