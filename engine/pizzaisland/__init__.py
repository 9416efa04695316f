"""The rules of Pizza Island (Остров Пицца): pure, deterministic, no I/O.

`GAME` is this game behind the engine's one interface; the names below are
its own richer API, for its tests, agents and command line.

    rec = new_record("normal", 3, "wins", seed=7)       # the first game dealt from the seed
    state, events = start(rec)                           # a whole match
    moves = legal_actions(state, state.current)          # stable order
    state, events = apply(state, moves[0])               # the old state is untouched
    player_view(state, seat); public_view(state)         # what a player may see

Illegal actions raise `IllegalAction` with a stable `code` and its `params`.
"""

from ..errors import EngineError, IllegalAction, MalformedAction, RecordError
from .actions import (
    Action,
    Decline,
    Discard,
    Fork,
    Knife,
    Mushroom,
    Pepper,
    Replace,
    Stop,
    Take,
    from_json,
    from_text,
)
from .events import Event
from .game import apply, check, check_seat, is_legal, legal_actions, step
from .match import ranking
from .record import FORMAT, Replay, append, new_record, replay, start
from .rules import GAME, PizzaIsland
from .state import State
from .views import player_view, public_view

__all__ = [
    "FORMAT",
    "GAME",
    "Action",
    "Decline",
    "Discard",
    "EngineError",
    "Event",
    "Fork",
    "IllegalAction",
    "Knife",
    "MalformedAction",
    "Mushroom",
    "Pepper",
    "PizzaIsland",
    "RecordError",
    "Replace",
    "Replay",
    "State",
    "Stop",
    "Take",
    "append",
    "apply",
    "check",
    "check_seat",
    "from_json",
    "from_text",
    "is_legal",
    "legal_actions",
    "new_record",
    "player_view",
    "public_view",
    "ranking",
    "replay",
    "start",
    "step",
]
