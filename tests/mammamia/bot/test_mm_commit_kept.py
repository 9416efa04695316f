"""A move folds its events into the narration model the move before left in
memory (`Live.narrated`), not into one decoded again from the stored JSON
(#45.1: 40-60 µs a move of a round with a reveal): what is stored is the
same to the byte, and a move the database refused leaves nothing folded
halfway."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.flow.service import GameService
from bot.kit.clock import ManualClock
from bot.live.live import Live
from bot.storage import Seat, Storage
from engine.interface import Action

CHANNEL = 7
PEOPLE = ((10, "Ana"), (11, "Ben"), (12, "Chiara"), (13, "Dmitri"))


async def _started(storage: Storage, variant: str) -> tuple[GameService, Live]:
    service = GameService(storage, seed=lambda: 3, clock=ManualClock())
    host, *others = PEOPLE
    await service.lobbies.open_lobby(
        "mammamia", 1, CHANNEL, Seat(*host), "en", {"variant": variant}
    )
    for user, name in others:
        await service.lobbies.join(CHANNEL, Seat(user, name))
    return service, await service.start(CHANNEL, host[0])


def _next(live: Live, rng: random.Random) -> tuple[int, Callable[[int], Action]]:
    """Who acts next, and a random one of their actions (`act`'s `make`)."""
    rules = live.rules
    seat = (list(rules.asked(live.state)) or [rules.to_act(live.state)[0]])[0]
    user = live.row.seats[seat].user_id
    assert user is not None
    action = rng.choice(list(rules.legal_actions(live.state, seat)))
    return user, lambda seat: action


def _fail_once(monkeypatch: pytest.MonkeyPatch, storage: Storage) -> None:
    """The database's next write of a move fails, after the move was worked out."""
    commit = storage.commit_action

    async def broken(*args: Any, **kwargs: Any) -> Any:
        monkeypatch.setattr(storage, "commit_action", commit)
        raise OSError("the disk is full")

    monkeypatch.setattr(storage, "commit_action", broken)


async def _stored(storage: Storage, live: Live) -> Any:
    row = await storage.game(live.id)
    assert row is not None
    return row.narration


@pytest.mark.parametrize("variant", ["classic", "plus"])
async def test_the_kept_model_stores_what_a_decoded_one_does(variant):
    kept_storage = await Storage.open(":memory:")
    decoded_storage = await Storage.open(":memory:")
    try:
        kept_service, kept = await _started(kept_storage, variant)
        decoded_service, decoded = await _started(decoded_storage, variant)
        rng = random.Random(variant)
        used = 0
        while kept.row.status == "running":
            user, make = _next(kept, rng)
            used += kept.narrated is not None and kept.narrated[0] is kept.published.model
            decoded.narrated = None  # this one decodes the stored model at every move
            await kept_service.act(kept.id, user, make)
            await decoded_service.act(decoded.id, user, make)
            assert await _stored(kept_storage, kept) == await _stored(decoded_storage, decoded)
            if kept.published.model is not None:
                assert kept.narrated is not None and kept.narrated[0] is kept.published.model
                assert kept.narrated[1].to_json() == kept.published.model
        assert used > 20, "the game's reveals folded into kept models"
    finally:
        await kept_storage.close()
        await decoded_storage.close()


async def test_a_move_the_database_refused_folds_nothing_twice(monkeypatch):
    """The database fails a move of a reveal after its events were folded
    into the kept model: the move again stores what it would have."""
    storage = await Storage.open(":memory:")
    reference_storage = await Storage.open(":memory:")
    try:
        service, live = await _started(storage, "plus")
        reference_service, reference = await _started(reference_storage, "plus")
        rng = random.Random(5)
        failed = 0
        while live.row.status == "running":
            user, make = _next(live, rng)
            revealing = live.published.model is not None and live.state.phase == "reveal"
            if revealing and failed < 3:
                failed += 1
                _fail_once(monkeypatch, storage)
                with pytest.raises(OSError):
                    await service.act(live.id, user, make)
            await service.act(live.id, user, make)
            await reference_service.act(reference.id, user, make)
            assert await _stored(storage, live) == await _stored(reference_storage, reference)
        assert failed == 3
    finally:
        await storage.close()
        await reference_storage.close()
