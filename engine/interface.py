"""The one interface between a game's rules and everything else.

A game is a package `engine/<game>/` whose `GAME` is an instance of a
subclass of `Game`. The host (the bot), the command line and the tests use a
game only through this interface; `engine.games()` finds every game package
by itself, so adding a game touches no file outside its own package.

`Game` is a base class: a game writes its abstract members (its rules),
its `name` and its `agents`; every other member has a default written once
here, which a game overrides only where its rules differ. A member added
with a default changes no game.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from . import question
from .errors import ActionError, IllegalAction
from .value import JSON as JSON
from .value import Value

#: One setting's value, as a host chose it (an option's choice; a number of
#: seconds; on or off) and as it is stored with the game.
Setting = str | int | float | bool | None
#: A game's settings by name: its options', its presentation's and the host's.
Settings = Mapping[str, Setting]


def chosen(settings: Settings, name: str, default: str) -> str:
    """The choice made for the option `name`, or `default` if none was."""
    value = settings.get(name)
    return default if value is None or value == "" else str(value)


def seconds_of(settings: Settings, name: str, default: float) -> float | None:
    """A setting that is a number of seconds: `default` if it is not set,
    None if it is set to no number (off)."""
    if name not in settings:
        return default
    value = settings[name]
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


@runtime_checkable
class Action(Protocol):
    """A move: a small value with a record (JSON) form and a text form."""

    @property
    def seat(self) -> int: ...

    def to_json(self) -> JSON: ...

    def text(self) -> str: ...


class Move(Value):
    """An action as a frozen dataclass (a `Value` with a `seat` field): its
    JSON form its fields, its text form the fields but the seat as `name
    value` words ("card 3"). A game with richer words writes its own."""

    __slots__ = ()

    def text(self) -> str:
        return " ".join(f"{k} {v}" for k, v in self.to_json().items() if k != "seat")


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
E_contra = TypeVar("E_contra", bound=Event, contravariant=True)


class Agent(Protocol[S_contra, A_co, E_contra]):
    """A computer player. It reads only what its seat may know: the seat's
    view and the events it was shown (`observe`). A class that names this
    protocol as its base inherits `observe`, for an agent with no memory."""

    def choose(self, state: S_contra, seat: int) -> A_co: ...

    def observe(self, events: Iterable[E_contra]) -> None:
        """Remember what this seat was shown (nothing, by default)."""
        return None


class Replayed(Protocol):
    """A replayed record: the state reached, and the first refusal if any."""

    @property
    def error(self) -> object | None: ...

    def to_json(self) -> JSON: ...


@dataclass
class Replay(Generic[S, E]):
    """`Game.replay`'s answer by default: the state reached, every event on the
    way, and the first refused action (its index, why) if any."""

    state: S
    events: list[E] = field(default_factory=list)
    error: tuple[int, ActionError] | None = None

    def to_json(self) -> JSON:
        out: JSON = {"state": self.state.to_json(), "events": [e.to_json() for e in self.events]}
        if self.error is not None:
            index, err = self.error
            out["error"] = {"action": index, "code": err.code, "message": err.message}
        return out


@dataclass(frozen=True, slots=True)
class Option:
    """One setting a host chooses when opening a game (e.g. `variant`)."""

    name: str
    choices: tuple[str, ...]
    default: str | None = None  # None: the game decides (e.g. help by seat count)


class Game(ABC, Generic[S, A, PV, SV, E]):
    """Everything the host may ask of a game's rules. A game writes `name`,
    its `agents` (or `named_agent`) and the abstract members; the rest are
    defaults it overrides only where its rules differ."""

    #: The game's name: the registry key, the storage column, the id namespace.
    name: str
    #: Its computer players by name, each made from (seed, seat, the events
    #: it has seen, **its options): `named_agent` makes them, unless the game
    #: writes its own.
    agents: Mapping[str, Callable[..., Agent[S, A, E]]] = {}
    #: The settings a host chooses at `new`; values are the choices' names.
    options: tuple[Option, ...] = ()
    #: The game's hot modules, compiled with mypyc together when built
    #: (`engine.compiled`); they play the same moves either way.
    hot_modules: tuple[str, ...] = ()

    # -- what a game must write ----------------------------------------------

    @abstractmethod
    def seat_limits(self, settings: Settings) -> tuple[int, int]:
        """Fewest and most seats for these settings."""

    @abstractmethod
    def start(self, record: Mapping[str, Any]) -> tuple[S, list[E]]:
        """The state a record starts from; RecordError if it cannot be read."""

    @abstractmethod
    def action_from_json(self, data: object) -> A:
        """MalformedAction if `data` is no action of this game."""

    @abstractmethod
    def check(self, state: S, action: A) -> None:
        """IllegalAction (with the reason) unless `action` is legal now."""

    @abstractmethod
    def apply(self, state: S, action: A) -> tuple[S, list[E]]:
        """The state after `action` and what happened; `state` is untouched."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> Sequence[A]:
        """Every legal move of `seat`, once each, in a stable order."""

    @abstractmethod
    def public_view(self, state: S) -> PV:
        """What the table shows everyone, built from public facts only."""

    @abstractmethod
    def player_view(self, state: S, seat: int) -> SV:
        """The public view plus what `seat` alone knows."""

    @abstractmethod
    def ranking(self, state: S) -> list[list[int]]:
        """Places, best first; seats tied on a place share it."""

    # -- settings and records ------------------------------------------------

    @property
    def formats(self) -> tuple[str, ...]:
        """The record formats it reads: `<name>-record/1` unless it says."""
        return (f"{self.name}-record/1",)

    def check_settings(self, settings: Settings) -> None:
        """IllegalAction if these options do not go together (any do, by default)."""

    def new_record(self, settings: Settings, seats: int, seed: int) -> JSON:
        """A record for a game dealt from `seed`, with no action yet: by
        default its format, seats, seed, the options chosen and the actions."""
        chosen = {o.name: settings[o.name] for o in self.options if settings.get(o.name)}
        record: JSON = {"format": self.formats[0], "seats": seats, "seed": seed}
        return record | ({"settings": chosen} if chosen else {}) | {"actions": []}

    def replay(self, record: Mapping[str, Any]) -> Replayed:
        """The record replayed, to its end or its first refused action."""
        state, events = self.start(record)
        for index, data in enumerate(self.actions_of(record)):
            try:
                state, happened = self.apply(state, self.action_from_json(data))
            except ActionError as err:
                return Replay(state, events, (index, err))
            events += happened
        return Replay(state, events)

    def append(self, record: Mapping[str, Any], action: A, current: S | None = None) -> JSON:
        """A new record with `action` added (the old one is left as it was).
        `current`, the state `record` stands at when the caller has it (left
        untouched), spares a game whose record depends on where the action
        leads (a match's next deal) a replay of the record."""
        return {**record, "actions": [*record.get("actions", []), action.to_json()]}

    def actions_of(self, record: Mapping[str, Any]) -> list[JSON]:
        """Every action of a record, in the order they were applied."""
        return list(record.get("actions", []))

    # -- whose move, and checking it -----------------------------------------

    def to_act(self, state: S) -> tuple[int, ...]:
        """The seats whose move it is; empty when the game is over."""
        return self.public_view(state).to_act

    def is_over(self, state: S) -> bool:
        return not self.to_act(state)

    def check_seat(self, state: S, seat: int) -> None:
        """IllegalAction unless `seat` may act now."""
        acting = self.to_act(state)
        if not acting:
            raise IllegalAction("game_over")
        if seat not in acting:
            raise IllegalAction("not_your_turn", seat=acting[0])

    def step(self, state: S, action: A, events: list[E] | None = None) -> None:
        """`apply` in place, for a caller that owns the state outright (a
        simulation, a tournament): what happened is added to `events` if
        given. By default `apply`, the state (a dataclass) then overwritten."""
        after, happened = self.apply(state, action)
        for name in (f.name for f in dataclasses.fields(after)):  # type: ignore[arg-type]
            setattr(state, name, getattr(after, name))
        if events is not None:
            events += happened

    # -- questions put to several seats at once (engine/question.py) ---------

    def asked(self, state: S) -> tuple[int, ...]:
        """The seats a pending question is put to at once, in the order the
        rules take their answers; empty when none is (by default, never)."""
        return ()

    def settle(
        self, state: S, answers: Mapping[int, A], expired: bool
    ) -> list[tuple[int, A, bool]] | None:
        """The answers the rules take, in their order, once they settle the
        pending question (`engine.question.settle`); None while it is open."""
        return question.settle(self, state, answers, expired)

    def check_answer(self, state: S, action: A) -> None:
        """IllegalAction unless `action` answers the pending question validly
        for its seat, as the question will stand when it reaches that seat."""
        question.check_answer(self, state, action)

    # -- computer players and checks -----------------------------------------

    @property
    def difficulties(self) -> tuple[str, ...]:
        """Computer-player difficulties, weakest first: its agents, unless it says."""
        return tuple(self.agents)

    def named_agent(
        self,
        name: str,
        seed: int,
        seat: int,
        options: Mapping[str, Any] | None = None,
        events: Iterable[E] = (),
    ) -> Agent[S, A, E]:
        """The agent called `name` (one of `agent_names`), with constructor
        `options` over its own (e.g. a smaller search budget for a test),
        having seen `events`."""
        return self.agents[name](seed, seat, events, **(options or {}))

    def safe_move(self, state: S, seat: int) -> A:
        """The move played for a seat that ran out of time: its first legal one."""
        return self.legal_actions(state, seat)[0]

    def agent(
        self, difficulty: str, seed: int, seat: int, events: Iterable[E] = ()
    ) -> Agent[S, A, E]:
        """A computer player of this difficulty for `seat`."""
        return self.named_agent(difficulty, seed, seat, None, events)

    def stand_in(self, seed: int, seat: int, events: Iterable[E] = ()) -> Agent[S, A, E]:
        """The agent that plays the seat of a player who is away or gone: the
        weakest difficulty's, by default."""
        return self.agent(self.difficulties[0], seed, seat, events)

    def agent_names(self) -> tuple[str, ...]:
        """Every agent a tournament may name: the difficulties and the game's
        other agents (a baseline, the parts a difficulty is made of)."""
        return tuple(dict.fromkeys((*self.difficulties, *self.agents)))

    def conserved(self, state: S, exact: bool = False) -> bool:
        """Every card of the game is somewhere: counted cheaply, or (`exact`)
        the very cards of the box, as a multiset. The simulations' soak check;
        a game with nothing to count keeps this default."""
        return True


def places(seats: Iterable[int], key: Callable[[int], Any]) -> list[list[int]]:
    """Places, best first: by `key`, highest first; seats of equal key share
    a place, in seat order (`Game.ranking` of a game that ranks by a score)."""
    found: list[list[int]] = []
    for seat in sorted(seats, key=key, reverse=True):
        if found and key(found[-1][0]) == key(seat):
            found[-1].append(seat)
        else:
            found.append([seat])
    return found
