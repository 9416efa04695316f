"""A command finds its channel's running game in memory: under load, a query
per command queued behind every other game's writes (the load benchmark
measured p50 0.5 s for a game's hand command against 4 ms for the table's
My hand button, which never asked the database). The test game plays here."""

from __future__ import annotations

import pytest

from bot.flow.service import GameService
from bot.live.refusals import ServiceError
from bot.storage import Seat, Storage
from engine import game

CHANNEL = 42


async def test_running_game_is_found_without_a_query(monkeypatch: pytest.MonkeyPatch) -> None:
    storage = await Storage.open(":memory:")
    try:
        service = GameService(storage, seed=lambda: 7)
        await service.lobbies.open_lobby("highcard", 1, CHANNEL, Seat(10, "Ana"), "en", {})
        await service.lobbies.join(CHANNEL, Seat(11, "Ben"))
        live = await service.start(CHANNEL, 10)

        async def no_query(channel_id: int) -> None:
            raise AssertionError("asked the database")

        with monkeypatch.context() as patched:
            patched.setattr(storage, "active_game", no_query)
            assert await service.games.running(CHANNEL) is live

        await service.end(live.id, 10, moderator=False)
        with pytest.raises(ServiceError, match="no_game"):  # ended: the database says so
            await service.games.running(CHANNEL)
    finally:
        await storage.close()


async def test_a_live_game_keeps_one_copy_of_its_record() -> None:
    """Memory per live game (the scale issue: ≤ 30 KB idle): the stored row's
    decoded record and snapshot are not kept beside `record` and `state`."""
    storage = await Storage.open(":memory:")
    try:
        service = GameService(storage, seed=lambda: 7)
        rules = game("highcard")
        await service.lobbies.open_lobby("highcard", 1, CHANNEL, Seat(10, "Ana"), "en", {})
        await service.lobbies.join(CHANNEL, Seat(11, "Ben"))
        live = await service.start(CHANNEL, 10)
        seat = rules.to_act(live.state)[0]
        action = rules.legal_actions(live.state, seat)[0]
        user = live.row.seats[seat].user_id
        assert user is not None
        await service.act(live.id, user, lambda s: action)
        assert (live.row.record, live.row.snapshot) == (None, None)
        assert len(live.record["actions"]) == 1 and live.version == 1
        stored = await storage.game(live.id)  # the database still has both
        assert stored is not None and stored.record == live.record
        assert stored.snapshot == live.state.to_json()
    finally:
        await storage.close()
