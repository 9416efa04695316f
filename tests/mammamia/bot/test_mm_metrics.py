"""#32.6: the pictures Mamma Mia! draws (a hand's picture, by the pictures'
worker) are counted in the bot's metrics, scraped during a game. The host's
metrics are tests/host/test_bot_metrics.py's, with the test game."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from bot.kit.metrics import PREFIX
from bot.pictures import worker

from scraped import grew, scrape
from tests.mammamia.driver import Players


async def test_a_hands_picture_is_counted_as_drawn(
    discord_server: Any, bots: Any, monkeypatch: Any
) -> None:
    # Pictures drawn by an earlier test of this process are not drawn again.
    monkeypatch.setattr(worker, "_recent", OrderedDict())
    monkeypatch.setattr(worker, "_kept", 0)
    bots.metrics = True
    bot = await bots.start()
    assert bot.metrics is not None
    players = Players(discord_server, bots, discord_server.users[:2], seed=5)
    await players.open("classic", turn_timer="off")
    await players.step()
    before = await scrape(bot.metrics.port)
    hand = await discord_server.click(  # a hand with its picture, drawn by the worker
        players.user_of(players.live.state.to_act()[0]),
        discord_server.get_message(players.live.row.table_message_id),
        custom_id=f"mm:{players.game}:{players.live.version}:hand",
    )
    assert hand.message is not None and hand.message.attachments
    await bots.idle()
    after = await scrape(bot.metrics.port)
    assert grew(before, after, f"{PREFIX}_pictures_drawn_total") >= 1
