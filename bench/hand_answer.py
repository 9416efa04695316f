"""`python -m bench.hand_answer`: the bot's own CPU in making a hand's
answers, a move at a time, over positions of real games (not run in CI).

What a person's move costs the bot in building its answers, apart from the
engine's move, the database and Discord's HTTP (`bench.bot_load` measures the
whole): in the `typed` mix, `/mammamia hand` half the time, then the answer
to `/mammamia play` (the move's words and the hand after it), and the hand
readied for the next seat (`bot.publishing.hands`); in the `buttons` mix the
hand opened, a whole turn picked in its menu, then Play. Each answer is
built as the bot builds it (`hand_reply`, `played_notice`, the kept hand's
keys), its picture named (not drawn: the worker's part, `bench.pictures`)
and put into the arguments discord.py is given (`Reply.kwargs`, within
Discord's limits). Games of 4 seats played by random legal moves, side by
side, a turn of each in turn (as 200 live games are: what is kept for a
seat must last while the others play), each round on games not seen
before; CPU time of this process, so the figures hold on a loaded machine.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import random
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.__main__ import GC_THRESHOLDS
from bot.flow.service import Outcome
from bot.games.mammamia import controls
from bot.games.mammamia.controls import hand_key, hand_reply, played_notice, turns_of
from bot.games.mammamia.hand import Draft, whole_turns
from bot.i18n import LOCALES, use_locale
from bot.kit import reply as replies
from bot.kit.reply import Reply
from bot.live.live import Live
from bot.storage import GameRow, GameStatus, Seat
from engine.interface import Event
from engine.mammamia import GAME, State
from engine.mammamia.actions import Action, Pass, Turn

MIXES = ("typed", "buttons")
#: In the typed mix, how often a player looks at the hand first (`bench.players`).
LOOK_FIRST = 0.5


@dataclass
class Game:
    """A game's moves, in order, each with the seat that made it."""

    seed: int
    moves: list[tuple[int, Action]]


def played(seed: int, seats: int = 4, variant: str = "classic") -> Game:
    """A whole game by random legal moves."""
    rng = random.Random(seed)
    state, _ = GAME.start(GAME.new_record({"variant": variant}, seats, seed))
    moves: list[tuple[int, Action]] = []
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        action = rng.choice(list(GAME.legal_actions(state, seat)))
        moves.append((seat, action))
        state, _ = GAME.apply(state, action)
    return Game(seed, moves)


def live_of(game: Game, variant: str = "classic") -> Live:
    """A running game at its start, as the bot holds it."""
    record = GAME.new_record({"variant": variant}, 4, game.seed)
    state, events = GAME.start(record)
    now = datetime.now(UTC)
    row = GameRow(
        id=game.seed + 1,
        game="mammamia",
        guild_id=1,
        channel_id=game.seed + 1,
        status=GameStatus.RUNNING,
        host_id=1,
        settings={"variant": variant},
        seats=tuple(Seat(user_id=100 + s, name=f"Player {s + 1}") for s in range(4)),
        record=None,
        snapshot=None,
        version=0,
        table_message_id=None,
        ping_message_id=None,
        lobby_message_id=None,
        narration={},
        deadline_at=None,
        created_at=now,
        updated_at=now,
        finished_at=None,
    )
    happened: list[Event] = list(events)
    return Live(row, state, record, {0: happened})


async def _named(draw: object, *args: object, key: object = None) -> bytes:
    return b""  # the worker's part (`bench.pictures`): only the picture's key is the bot's


def _sent(message: Reply, edit: bool = False) -> None:
    """What the bot does with an answer before discord.py: its picture named
    (`Reply.draw`, the worker left out) and its arguments made."""
    drawing = message.draw(True)
    with contextlib.suppress(StopIteration):  # it never waits: no event loop needed
        drawing.send(None)
    message.kwargs(edit=edit)


def moves(game: Game, mix: str, rng: random.Random) -> Iterator[None]:
    """Play `game` through the bot's answers; yields after each person's turn."""
    live = live_of(game)
    state: State = live.state  # type: ignore[assignment]
    for seat, action in game.moves:
        turn = state.phase == "turn" and isinstance(action, Turn | Pass)
        if turn:
            if mix == "typed":
                if rng.random() < LOOK_FIRST:
                    _sent(hand_reply(live, seat))
            else:
                _sent(hand_reply(live, seat))
                offered = whole_turns(controls.view_of(live, seat), turns_of(live, seat))
                if len(offered) > 1:
                    _sent(hand_reply(live, seat, Draft.of(action)), edit=True)
        state, events = GAME.apply(state, action)
        happened: list[Event] = list(events)
        live.state = state
        live.events[state.version] = happened
        if not turn:
            continue
        notice = played_notice(Outcome(live, seat, action, happened))
        shown = hand_reply(live, seat, None, notice)
        _sent(shown, edit=mix == "buttons")
        hand_key(seat, None, notice)(live)  # the hand kept (`keep_hand`)
        if state.phase == "turn":  # the publisher readies the next seat's kept hand
            hand_key(state.current)(live)
        yield


def measure(games: list[Game], mix: str, locale: str, seed: int) -> tuple[float, int]:
    """CPU seconds of the bot's answers over `games`, played side by side (a
    turn of each in turn, as the bot's games are), and the turns played."""
    rng = random.Random(seed)
    count = 0
    with use_locale(locale):
        start = time.process_time()
        playing = [moves(game, mix, rng) for game in games]
        while playing:
            for game in list(playing):
                if next(game, StopIteration) is StopIteration:
                    playing.remove(game)
                else:
                    count += 1
        spent = time.process_time() - start
    return spent, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games a round, side by side")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--mix", choices=MIXES, default="typed")
    parser.add_argument("--locale", choices=LOCALES, default="en-US")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    gc.set_threshold(*GC_THRESHOLDS)  # the bot's (`bot.__main__`)
    vars(replies)["render"] = _named  # the worker left out (`Reply.draw`)
    start = args.seed * 100_000
    warm = [played(start - 1 - n) for n in range(args.games)]
    measure(warm, args.mix, args.locale, args.seed)
    per_move = []
    for r in range(args.rounds):
        games = [played(start + r * args.games + n) for n in range(args.games)]
        spent, count = measure(games, args.mix, args.locale, args.seed + r)
        per_move.append(1000 * spent / count)
    shown = ", ".join(f"{ms:.3f}" for ms in per_move)
    print(
        f"{args.mix} mix, {args.locale}: the bot's answers, CPU ms a turn: "
        f"median {statistics.median(per_move):.3f} (rounds: {shown})"
    )


if __name__ == "__main__":
    main()
