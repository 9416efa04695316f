"""The rules of Mamma Mia! (classic and Plus): pure, deterministic, no I/O.

`GAME` is this game behind the engine's one interface; the names below are
its own richer API, for its tests, agents and command line.

    state, events = new_game("classic", 4, seed=7)     # or record.start(record)
    seat = state.to_act()[0]
    moves = legal_actions(state, seat)                  # stable order
    state, events = apply(state, moves[0])              # the old state is untouched
    player_view(state, seat); public_view(state)        # what a player may see

Illegal actions raise `IllegalAction` with a stable `code` and its `params`.
"""

from ..errors import EngineError, IllegalAction, MalformedAction, RecordError
from .actions import Action, Ask, Choose, Help, Pass, Pay, Turn, from_json, from_text
from .events import Event
from .flow import ranking
from .game import apply, check, check_seat, is_legal, legal_actions, next_turns, step
from .record import FORMAT, Replay, append, new_record, replay, start
from .rules import GAME, MammaMia, variant_of
from .setup import default_help, new_game
from .state import State
from .views import player_view, public_view

#: The record spec's command line (`simulate --variant V ...`) has no `--game`:
#: it is this game's, so `python -m engine` plays it when none is named.
COMMAND_LINE_DEFAULT = True

__all__ = [
    "FORMAT",
    "GAME",
    "Action",
    "Ask",
    "Choose",
    "EngineError",
    "Event",
    "Help",
    "IllegalAction",
    "MalformedAction",
    "MammaMia",
    "Pass",
    "Pay",
    "RecordError",
    "Replay",
    "State",
    "Turn",
    "append",
    "apply",
    "check",
    "check_seat",
    "default_help",
    "from_json",
    "from_text",
    "is_legal",
    "legal_actions",
    "new_game",
    "new_record",
    "next_turns",
    "player_view",
    "public_view",
    "ranking",
    "replay",
    "start",
    "step",
    "variant_of",
]
