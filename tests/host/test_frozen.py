"""`bot.kit.frozen.replaced`: `dataclasses.replace`, made faster, for the
values a move copies (a game's row, what its messages show)."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest

from bot.kit.frozen import replaced
from bot.live.public_messages import Intent, Ping, Published
from bot.storage import GameRow, GameStatus, Seat

NOW = datetime(2026, 11, 29, 23, 0, tzinfo=UTC)
ROW = GameRow(
    1, "mammamia", 2, 3, GameStatus.RUNNING, 4, {"variant": "plus"}, (Seat(4, "Ana"),),
    {"actions": []}, {"version": 0}, 0, 77, None, None, {"model": None}, NOW, NOW, NOW, None,
    {"away": [False]},
)  # fmt: skip


@pytest.mark.parametrize(
    "value, changes",
    [
        (ROW, {"version": 5, "record": None, "snapshot": None}),
        (ROW, {"table_message_id": None}),
        (ROW, {}),
        (Published(), {"model_version": 3, "ping": Ping("turn:1:1", False, (4,))}),
        (Published(table="abc"), {"intent": Intent(3, "turn:1:1", True)}),
    ],
)
def test_replaced_is_dataclasses_replace(value: object, changes: dict[str, object]) -> None:
    made = replaced(value, **changes)
    assert made == dataclasses.replace(value, **changes)  # type: ignore[type-var]
    assert made is not value and type(made) is type(value)
    for name, given in changes.items():
        assert getattr(made, name) is given


def test_replaced_refuses_what_replace_would() -> None:
    with pytest.raises(TypeError):
        replaced(ROW, no_such_field=1)

    @dataclasses.dataclass(frozen=True)
    class Checked:
        n: int

        def __post_init__(self) -> None:
            assert self.n >= 0

    with pytest.raises(TypeError):  # its __post_init__ would not run
        replaced(Checked(1), n=-1)
