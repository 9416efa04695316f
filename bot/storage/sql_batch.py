"""A move's write, and whatever else is owed to the games table, in one statement.

Every committed action is one row of one `UPDATE … FROM (VALUES …)`: the
record, the snapshot and all that follows from the action. Actions of
several games that arrive while the statement before them is under way go
together in the next one (a group commit): one trip to the database for
all of them, one hand-off to SQLite's thread, where they once took one each.

What the public messages show after a post (the table's id, the post no
longer owed) is not a write of its own: it is owed (`owe`) and goes with the
next statement, whichever game it commits, or on its own after
`OWED_WAIT` seconds when no move comes. A game's own next move carries it
too, since a move stores what the messages show as it stands. A crash in
between loses nothing a player was told: a post whose id was never stored
is found again on resume by the ids in its components
(`bot.publishing.table_post.adopt`).

Each row checks the version it was made for: a move is applied once, and an
owed row made before a move that landed first changes nothing (it is owed
again, as the game now stands).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.storage.games import Owed
from bot.storage.sql_base import Row

log = logging.getLogger(__name__)

#: Seconds what the public messages show may wait for a move to carry it.
OWED_WAIT = 1.0
#: Rows in one statement at most (SQLite takes 32,766 parameters in one).
MOST_ROWS = 256
#: Statements an owed row is tried with before it is left to the game's next move.
OWED_TRIES = 3

#: The columns of a row, in VALUES' order, with their SQL type ("TIME": a moment).
COLUMNS = (
    ("id", "BIGINT"),
    ("expected", "INTEGER"),
    ("version", "INTEGER"),
    ("record", "TEXT"),
    ("snapshot", "TEXT"),
    ("status", "TEXT"),
    ("presence", "TEXT"),
    ("narration", "TEXT"),
    ("set_deadline", "INTEGER"),
    ("deadline_at", "TIME"),
    ("set_table", "INTEGER"),
    ("table_message_id", "BIGINT"),
    ("updated_at", "TIME"),
    ("finished_at", "TIME"),
)
#: A NULL keeps the stored value; a flag says whether a nullable column is set.
ASSIGNMENTS = (
    "record = COALESCE(v.record, games.record),"
    " snapshot = COALESCE(v.snapshot, games.snapshot),"
    " version = v.version,"
    " status = COALESCE(v.status, games.status),"
    " presence = COALESCE(v.presence, games.presence),"
    " narration = COALESCE(v.narration, games.narration),"
    " deadline_at = CASE WHEN v.set_deadline = 1 THEN v.deadline_at ELSE games.deadline_at END,"
    " table_message_id ="
    " CASE WHEN v.set_table = 1 THEN v.table_message_id ELSE games.table_message_id END,"
    " updated_at = v.updated_at,"
    " finished_at = COALESCE(v.finished_at, games.finished_at)"
)
#: An action applies to a running game at the version it was made for; what
#: is owed (the version unchanged) to the game as it was when owed.
CHECKS = (
    "games.id = v.id AND games.version = v.expected"
    " AND (games.status = 'running' OR v.version = v.expected)"
)

Values = tuple[object, ...]


def statement(rows: int, param: Callable[[str], str]) -> str:
    """The UPDATE of `rows` games; `param(type)` is a placeholder of that type."""
    names = ", ".join(name for name, _ in COLUMNS)
    row = "(" + ", ".join(param(kind) for _, kind in COLUMNS) + ")"
    values = ", ".join([row] * rows)
    return (
        f"WITH v ({names}) AS (VALUES {values})"
        f" UPDATE games SET {ASSIGNMENTS} FROM v WHERE {CHECKS} RETURNING games.id"
    )


@dataclass
class _Waiting:
    game_id: int
    values: Values
    done: asyncio.Future[bool]


class Batch:
    """The games table's writes of moves, gathered into statements, and what
    is owed to it meanwhile.

    `run(sql, params)` runs one statement by itself (one round trip) and
    returns its rows; `param(type)` is the backend's placeholder;
    `owed_values(owed)` makes an owed game's row as it stands."""

    def __init__(
        self,
        run: Callable[[str, Sequence[object]], Awaitable[Sequence[Row]]],
        param: Callable[[str], str],
        owed_values: Callable[[int, Owed], Values],
        wait: float | None = None,
    ) -> None:
        self._run = run
        self._param = param
        self._owed_values = owed_values
        self._wait = OWED_WAIT if wait is None else wait
        self._waiting: list[_Waiting] = []
        self._owed: dict[int, Owed] = {}
        self._tries: dict[int, int] = {}
        self._task: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._due = False  # the owed rows waited long enough: a statement of their own
        self._statements: dict[int, str] = {}

    async def commit(self, game_id: int, values: Values) -> bool:
        """Write one action's row with the next statement; whether it applied
        (False: the game is not at the version it was made for, or not running)."""
        # What the game owed is in this row too (the move stores what its
        # messages show as it stands).
        self._owed.pop(game_id, None)
        self._tries.pop(game_id, None)
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting.append(_Waiting(game_id, values, done))
        self._start()
        return await done

    def owe(self, game_id: int, owed: Owed) -> None:
        """What the game's messages show is to be stored: with the next
        statement, or within `wait` seconds."""
        self._owed[game_id] = owed
        self._tries.pop(game_id, None)
        if self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(self._wait, self._time_up)

    async def flush(self) -> None:
        """Write everything waiting and owed now (before the database closes)."""
        self._due = True
        self._start()
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)
        if self._timer is not None:  # nothing owed is left to wait for
            self._timer.cancel()
            self._timer = None

    def _time_up(self) -> None:
        self._timer = None
        if self._owed:
            self._due = True
            self._start()

    def _start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._write(), name="db-writes")

    async def _write(self) -> None:
        # One statement at a time: what arrives meanwhile waits for the next.
        while self._waiting or (self._due and self._owed):
            # One row per game in a statement (a second would be matched
            # with the first's checks): another of the same game waits.
            waiting: list[_Waiting] = []
            later: list[_Waiting] = []
            moving: set[int] = set()
            for w in self._waiting:
                if w.game_id in moving or len(waiting) >= MOST_ROWS:
                    later.append(w)
                else:
                    waiting.append(w)
                    moving.add(w.game_id)
            self._waiting = later
            owed: dict[int, Owed] = {}
            for game_id in list(self._owed):
                if game_id not in moving and len(waiting) + len(owed) < MOST_ROWS:
                    owed[game_id] = self._owed.pop(game_id)
            if not self._owed:
                self._due = False
            await self._statement(waiting, owed)
        if self._owed and self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(self._wait, self._time_up)

    async def _statement(self, waiting: list[_Waiting], owed: dict[int, Owed]) -> None:
        rows: list[Values] = [w.values for w in waiting]
        for game_id, made in owed.items():
            try:
                rows.append(self._owed_values(game_id, made))
            except Exception:
                log.exception("game %s: what its messages show could not be stored", game_id)
        if not rows:
            return
        params = [value for row in rows for value in row]
        try:
            applied = {row["id"] for row in await self._run(self._sql(len(rows)), params)}
        except BaseException as error:
            for w in waiting:
                if not w.done.done():
                    if isinstance(error, Exception):
                        w.done.set_exception(error)
                    else:
                        w.done.cancel()
            for game_id, made in owed.items():  # tried again with the next statement
                self._again(game_id, made)
            if isinstance(error, Exception):
                log.exception("writing %s games' moves failed", len(rows))
                return
            raise
        for w in waiting:
            if not w.done.done():
                w.done.set_result(w.game_id in applied)
        for game_id, made in owed.items():
            if game_id in applied:
                self._tries.pop(game_id, None)
            else:  # a move landed first: owed as the game now stands
                self._again(game_id, made)

    def _again(self, game_id: int, made: Owed) -> None:
        """Owed once more, unless it was tried enough: then the game's next
        move carries it (or a restart finds the post by its ids)."""
        tries = self._tries.get(game_id, 0) + 1
        if tries >= OWED_TRIES:
            self._tries.pop(game_id, None)
            return
        self._tries[game_id] = tries
        self._owed.setdefault(game_id, made)

    def _sql(self, rows: int) -> str:
        sql = self._statements.get(rows)
        if sql is None:
            sql = self._statements[rows] = statement(rows, self._param)
        return sql
