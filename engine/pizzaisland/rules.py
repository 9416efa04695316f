"""Pizza Island behind the engine's one interface (`engine.interface.Game`).

A state is a whole match: `to_act` is () only when the match is over; between
games `apply` deals the next game from the match seed (deal.py), and `append`
writes that deal into the record."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..errors import RecordError
from ..interface import JSON, Agent, Game, Option, Settings
from . import actions, game, match, record, views
from .actions import Action
from .ai import AGENTS, DIFFICULTIES, make_agent, make_named
from .ai.safe import safe_move
from .cards import BOX, BOX_COUNTS
from .events import Event
from .record import Replay
from .state import LEVELS, MATCH_OVER, NORMAL, SCORINGS, WINS, State


class PizzaIsland(Game[State, Action, views.PublicView, views.PlayerView, Event]):
    name = "pizza-island"
    formats = (record.FORMAT,)
    options = (Option("level", LEVELS, NORMAL), Option("scoring", SCORINGS, WINS))
    difficulties = tuple(DIFFICULTIES)

    def check_settings(self, settings: Settings) -> None:
        settings_of(settings)  # both options have choices; nothing else to agree

    def seat_limits(self, settings: Settings) -> tuple[int, int]:
        settings_of(settings)
        return record.MIN_SEATS, record.MAX_SEATS

    def new_record(self, settings: Settings, seats: int, seed: int) -> JSON:
        level, scoring = settings_of(settings)
        return record.new_record(level, seats, scoring, seed)

    def start(self, rec: Mapping[str, Any]) -> tuple[State, list[Event]]:
        return record.start(rec)

    def replay(self, rec: Mapping[str, Any]) -> Replay:
        return record.replay(rec)

    def append(self, rec: Mapping[str, Any], action: Action, current: State | None = None) -> JSON:
        return record.append(rec, action, current)

    def actions_of(self, rec: Mapping[str, Any]) -> list[JSON]:
        """Every action of the match, game after game."""
        return [a for g in rec.get("games", []) for a in g.get("actions", [])]

    def action_from_json(self, data: object) -> Action:
        return actions.from_json(data)

    def to_act(self, state: State) -> tuple[int, ...]:
        return state.to_act()

    def is_over(self, state: State) -> bool:
        return state.phase == MATCH_OVER

    def check_seat(self, state: State, seat: int) -> None:
        game.check_seat(state, seat)

    def check(self, state: State, action: Action) -> None:
        game.check(state, action)

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        return game.apply(state, action)

    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        return game.legal_actions(state, seat)

    def public_view(self, state: State) -> views.PublicView:
        return views.public_view(state)

    def player_view(self, state: State, seat: int) -> views.PlayerView:
        return views.player_view(state, seat)

    def ranking(self, state: State) -> list[list[int]]:
        return match.ranking(state)

    def safe_move(self, state: State, seat: int) -> Action:
        return safe_move(state, seat)

    def step(self, state: State, action: Action, events: list[Event] | None = None) -> None:
        """In place; between games the next game is dealt (as `apply` does)."""
        game.step(state, action, events)
        game.advance(state, events)

    def conserved(self, state: State, exact: bool = False) -> bool:
        """PI-C1: deck + Ship + pizzas + a pending third card = the 36-card box."""
        if exact:
            return Counter(state.all_cards()) == BOX_COUNTS
        return state.card_count() == len(BOX)

    def agent_names(self) -> tuple[str, ...]:
        return (*DIFFICULTIES, *AGENTS)

    def named_agent(
        self,
        name: str,
        seed: int,
        seat: int,
        options: Mapping[str, Any] | None = None,
        events: Iterable[Event] = (),
    ) -> Agent[State, Action, Event]:
        agent: Agent[State, Action, Event]
        if name in DIFFICULTIES:
            agent = make_agent(name, seed, seat=seat, events=events, options=options)
            return agent
        agent = make_named(name, seed, seat, **(options or {}))
        agent.observe(events)
        return agent


def settings_of(settings: Settings) -> tuple[str, str]:
    """(level, scoring) from a host's or the command line's settings."""
    level = settings.get("level") or NORMAL
    scoring = settings.get("scoring") or WINS
    if level not in LEVELS:
        raise RecordError(f"unknown level {level!r}: easy, normal or advanced")
    if scoring not in SCORINGS:
        raise RecordError(f"unknown scoring {scoring!r}: wins or points")
    return str(level), str(scoring)


GAME = PizzaIsland()
