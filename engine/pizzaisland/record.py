"""The match record `pizzaisland-record/1` (`pizza-island-record.md`): read,
write, replay. An unreadable record raises RecordError (the command line
exits 2); a refused deal or action stops the replay with its code (exit 1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import ActionError, IllegalAction, MalformedAction, RecordError
from . import actions as act
from .cards import is_box, is_card
from .deal import Deal, deal
from .events import Event
from .flow import start_game
from .game import derived_seed, next_deal_args, step
from .state import (
    ACHIEVEMENTS,
    ADVANCED,
    GAME_OVER,
    LEVELS,
    SCORINGS,
    SPEEDY,
    WINS,
    State,
    new_state,
)

FORMAT = "pizzaisland-record/1"
MIN_SEATS, MAX_SEATS = 2, 4

Parsed = act.Action | MalformedAction


@dataclass(frozen=True, slots=True)
class Game:
    deal: Deal
    actions: list[Parsed]


@dataclass(frozen=True, slots=True)
class Match:
    level: str
    seats: int
    scoring: str
    seed: int | None
    achievements: dict[str, int | None]
    games: list[Game]


def _fail(text: str) -> RecordError:
    return RecordError(text)


def read(record: Mapping[str, Any]) -> Match:
    """Every field checked; RecordError for anything that cannot be read."""
    if not isinstance(record, Mapping) or record.get("format") != FORMAT:
        raise _fail(f"not a {FORMAT} document")
    level = record.get("level")
    if level not in LEVELS:
        raise _fail(f"unknown level {level!r}: easy, normal or advanced")
    seats = record.get("seats")
    if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
        raise _fail(f"seats must be {MIN_SEATS} to {MAX_SEATS}, not {seats!r}")
    scoring = record.get("scoring", WINS)
    if scoring not in SCORINGS:
        raise _fail(f"unknown scoring {scoring!r}: wins or points")
    seed = record.get("seed")
    if seed is not None and type(seed) is not int:
        raise _fail("seed must be an integer")
    held = _achievements(record.get("achievements"), level, seats)
    games = record.get("games")
    if not isinstance(games, list) or not games:
        raise _fail("games must be a non-empty list")
    return Match(level, seats, scoring, seed, held, [_game(g, n) for n, g in enumerate(games, 1)])


def _achievements(value: Any, level: str, seats: int) -> dict[str, int | None]:
    held: dict[str, int | None] = dict.fromkeys(ACHIEVEMENTS)
    if value is None:
        return held
    if not isinstance(value, Mapping) or not set(value) <= set(ACHIEVEMENTS):
        raise _fail("achievements maps speedy, trickster and star to a seat or null")
    for name, seat in value.items():
        if seat is None:
            continue
        if type(seat) is not int or not 0 <= seat < seats:
            raise _fail(f"achievement {name}: no seat {seat!r}")
        if level != ADVANCED:
            raise _fail("achievements are an advanced rule (PI-A3)")
        held[name] = seat
    return held


def _game(value: Any, number: int) -> Game:
    where = f"game {number}"
    if not isinstance(value, Mapping) or not isinstance(value.get("deal"), Mapping):
        raise _fail(f"{where}: a game is {{deal, actions}}")
    dealt = value["deal"]
    deck = dealt.get("deck")
    if not isinstance(deck, list):
        raise _fail(f"{where}: the deal needs a deck")
    unknown = [c for c in deck if not is_card(c)]
    if unknown:
        raise _fail(f"{where}: unknown card {unknown[0]!r}")
    if not is_box(deck):
        raise _fail(f"{where}: the deck is not the box's 36 cards")
    first = dealt.get("first")
    if first is not None and type(first) is not int:
        raise _fail(f"{where}: first must be a seat number")
    raw = value.get("actions", [])
    if not isinstance(raw, list):
        raise _fail(f"{where}: actions must be a list")
    parsed: list[Parsed] = []
    for index, data in enumerate(raw):
        try:
            parsed.append(act.from_json(data))
        except act.UnknownCard as err:
            raise _fail(f"{where}, action {index}: {err.params.get('detail')}") from err
        except MalformedAction as err:
            parsed.append(err)
    return Game(Deal(first, tuple(deck)), parsed)


def _new_state(match: Match) -> State:
    seed = match.seed if match.seed is not None else derived_seed(match.games[0].deal.deck)
    return new_state(match.level, match.seats, match.scoring, seed, match.achievements)


def start(record: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """The state a record starts from: its first game dealt, no action yet."""
    match = read(record)
    state = _new_state(match)
    events: list[Event] = []
    try:
        start_game(state, match.games[0].deal, events)
    except IllegalAction as err:
        raise _fail(f"game 1: refused deal ({err.describe()})") from err
    return state, events


@dataclass
class Replay:
    state: State
    events: list[Event] = field(default_factory=list)
    # (game number from 1, action index or None for a refused deal, why)
    error: tuple[int, int | None, ActionError] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"state": self.state.to_json()}
        if self.error is not None:
            game, index, err = self.error
            out["error"] = {
                "game": game,
                "action": index,
                "code": err.code,
                "message": err.message,
            }
        return out


def replay(record: Mapping[str, Any]) -> Replay:
    """Rebuild a match from its record, stopping at the first refused deal or
    action. A record that cannot be read raises RecordError."""
    match = read(record)
    state = _new_state(match)
    events: list[Event] = []
    for number, game in enumerate(match.games, 1):
        try:
            after = state.copy()
            start_game(after, game.deal, events)
        except IllegalAction as err:
            return Replay(state, events, (number, None, err))
        state = after
        for index, action in enumerate(game.actions):
            try:
                if isinstance(action, MalformedAction):
                    raise action
                after = state.copy()
                step(after, action, events)
            except ActionError as err:
                return Replay(state, events, (number, index, err))
            state = after
    return Replay(state, events)


def new_record(
    level: str,
    seats: int,
    scoring: str,
    seed: int,
    achievements: Mapping[str, int | None] | None = None,
) -> dict[str, Any]:
    """A record whose first game is dealt from `seed` (deal.py), no action yet."""
    held = dict(achievements or {})
    record: dict[str, Any] = {
        "format": FORMAT,
        "level": level,
        "seats": seats,
        "scoring": scoring,
        "seed": seed,
    }
    if any(v is not None for v in held.values()):
        record["achievements"] = {name: held.get(name) for name in ACHIEVEMENTS}
    speedy = held.get(SPEEDY) if level == ADVANCED else None
    first = deal(seed, 1, tuple(range(seats)), speedy)
    record["games"] = [{"deal": first.to_json(), "actions": []}]
    read(record)  # the settings are checked as a record's
    return record


def append(
    record: Mapping[str, Any], action: act.Action, current: State | None = None
) -> dict[str, Any]:
    """A new record with `action` added to the current game and, when the game
    ended and the match goes on, the next game's deal (from the match seed).
    The old record is left as it was; a refused action raises its error.
    `current`, the state the record stands at (the bot keeps it; a copy is
    stepped), spares the replay of the whole match, a move late in a match."""
    if current is None:
        result = replay(record)
        if result.error is not None:
            raise result.error[2]
        state = result.state
    else:
        state = current.copy()
    step(state, action)
    games = [dict(g) for g in record["games"]]
    games[-1]["actions"] = [*games[-1].get("actions", []), action.to_json()]
    if state.phase == GAME_OVER:
        games.append({"deal": deal(*next_deal_args(state)).to_json(), "actions": []})
    return {**record, "games": games}
