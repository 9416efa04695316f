"""Mamma Mia! behind the engine's one interface (`engine.interface.Game`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from ..errors import IllegalAction, RecordError
from ..interface import JSON, Agent, Game, Option, Settings
from . import actions, flow, game, record, views
from .actions import Action
from .ai import AGENTS, DIFFICULTIES, HeuristicAgent, make_agent
from .ai.safe import safe_move
from .cards import BOXES, MAMMA_MIA
from .events import Event
from .setup import default_help
from .state import HELP, OVER, REVEAL, State


class MammaMia(Game[State, Action, views.PublicView, views.PlayerView, Event]):
    name = "mammamia"
    formats = (record.FORMAT,)
    options = (
        Option("variant", ("classic", "plus"), "classic"),
        Option("help", ("on", "off")),  # plus only; by the seat count when unset (PL-H)
        Option("memory", ("strict", "casual"), "strict"),  # MM-V2
    )
    difficulties = tuple(DIFFICULTIES)
    #: The search's playouts spend their time here: the heuristic's turn, its
    #: reveal decisions and the engine's steps; and a computer player in whole
    #: games builds its seat's view at every decision (`views`; the views'
    #: classes stay Python, `view_types`) (engine/compiled.py).
    hot_modules = tuple(
        f"{__package__}.{m}"
        for m in ("ai.plan", "ai.policy", "flow", "game", "reveal", "turn", "views")
    )

    def check_settings(self, settings: Settings) -> None:
        if variant_of(settings) == "classic" and settings.get("help") is not None:
            raise IllegalAction("help_plus_only")  # PL-H: helping is a Plus rule

    def seat_limits(self, settings: Settings) -> tuple[int, int]:
        box = BOXES[variant_of(settings)]
        return box.min_seats, box.max_seats

    def new_record(self, settings: Settings, seats: int, seed: int) -> JSON:
        variant = variant_of(settings)
        chosen = settings.get("help")
        wanted = default_help(variant, seats) if chosen is None else chosen in (True, "on")
        # PL-H: help is a Plus rule, and never with two players.
        help_ = wanted and variant == "plus" and seats > 2
        return record.new_record(variant, seats, seed, help=help_ if variant == "plus" else None)

    def start(self, rec: Mapping[str, Any]) -> tuple[State, list[Event]]:
        return record.start(dict(rec))

    def action_from_json(self, data: object) -> Action:
        return actions.from_json(data)

    def to_act(self, state: State) -> tuple[int, ...]:
        return state.to_act()

    def asked(self, state: State) -> tuple[int, ...]:
        """PL-H2: every player who may help, in the rule's order (clockwise)."""
        pending = state.pending
        if state.phase != REVEAL or pending is None or pending.stage != HELP:
            return ()
        return pending.asking

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

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
        return flow.ranking(state)

    def safe_move(self, state: State, seat: int) -> Action:
        return safe_move(state, seat)

    def step(self, state: State, action: Action, events: list[Event] | None = None) -> None:
        game.step(state, action, events)

    def conserved(self, state: State, exact: bool = False) -> bool:
        """MM-V3: every card in exactly one place."""
        if exact:
            return Counter(state.all_cards()) == _box_cards(state.variant, state.colours)
        total = sum(map(len, (state.supply, state.oven, state.used, *state.hands)))
        total += sum(map(len, state.order_piles)) + sum(state.table.values())
        if state.variant == "plus":
            total += len(state.delivered_pile)
        else:
            total += sum(map(len, state.delivered))
        total += (state.pending is not None) + (state.mamma_mia is not None)
        return total == _box_cards(state.variant, state.colours).total()

    def stand_in(self, seed: int, seat: int, events: Iterable[Event] = ()) -> HeuristicAgent:
        return HeuristicAgent(seed, seat=seat, events=events)

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
        agent: Agent[State, Action, Event] = make_agent(
            name, seed, seat=seat, events=events, options=options
        )
        return agent


@cache
def _box_cards(variant: str, colours: tuple[str, ...]) -> Counter[str]:
    """The cards a game at these colours deals out (MM-S1, PL-S1)."""
    box = BOXES[variant]
    cards = Counter({k: box.copies - box.removed[len(colours)] for k in box.kinds})
    if box.has_mamma_mia:
        cards[MAMMA_MIA] = 1
    for colour in colours:
        cards.update(box.order_ids(colour))
    return cards


def variant_of(settings: Settings) -> str:
    """The box these settings play (classic when none is chosen)."""
    variant = settings.get("variant") or MammaMia.options[0].default
    if variant not in BOXES:
        raise RecordError(f"unknown variant {variant!r}: classic or plus")
    return str(variant)


GAME = MammaMia()
