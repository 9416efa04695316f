"""The SQLite storage leaves no statement in progress and uses aiosqlite's
public API only (issue 43: under another Discord simulator, a cursor never
closed failed a COMMIT with "cannot commit transaction - SQL statements in
progress"). Every statement runs to its end in one call (`execute_fetchall`)
or in a cursor closed by `async with`; none through a cursor left open."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import aiosqlite
import pytest

from bot.flow.service import GameService
from bot.storage import Seat, Storage, sqlite

CHANNEL = 42


def test_no_private_attribute_of_aiosqlite_is_read() -> None:
    """`x._y` only where `x` is the storage's own object (`self`, `cls`)."""
    tree = ast.parse(Path(inspect.getfile(sqlite)).read_text())
    private = [
        ast.unparse(node)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.endswith("__")  # super().__init__ and the like
        and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
    ]
    assert private == [], private


def test_a_cursor_is_only_ever_opened_closed_by_async_with() -> None:
    """`conn.execute(...)` and `conn.cursor()` return a cursor someone must
    close; `executescript` and `executemany` are used only under `async with`."""
    tree = ast.parse(Path(inspect.getfile(sqlite)).read_text())
    under_with = {
        id(item.context_expr)
        for node in ast.walk(tree)
        if isinstance(node, ast.AsyncWith)
        for item in node.items
    }
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        name, owner = node.func.attr, ast.unparse(node.func.value)
        if owner in ("conn", "self._conn"):
            assert name != "cursor", ast.unparse(node)
            assert name != "execute", f"a cursor left open: {ast.unparse(node)}"
            if name in ("executescript", "executemany"):
                assert id(node) in under_with, f"a cursor left open: {ast.unparse(node)}"


async def test_a_whole_game_stored_opens_no_cursor_left_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The storage's every path a game takes (migrations, lobby, moves, the
    end, the results), with aiosqlite's cursor-returning calls refused."""

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a cursor someone must close")

    monkeypatch.setattr(aiosqlite.Connection, "execute", refused)
    monkeypatch.setattr(aiosqlite.Connection, "cursor", refused)
    storage = await Storage.open(":memory:")
    try:
        service = GameService(storage, seed=lambda: 7)
        await service.lobbies.open_lobby("highcard", 1, CHANNEL, Seat(10, "Ana"), "en", {})
        await service.lobbies.join(CHANNEL, Seat(11, "Ben"))
        live = await service.start(CHANNEL, 10)
        while not live.rules.is_over(live.state):
            seat = live.rules.to_act(live.state)[0]
            action = live.rules.legal_actions(live.state, seat)[0]
            user = live.row.seats[seat].user_id
            assert user is not None
            await service.act(live.id, user, lambda s, action=action: action)
        stored = await storage.game(live.id)
        assert stored is not None and stored.status == "finished"
        assert await storage.recent_results(1, "highcard")
    finally:
        await storage.close()
