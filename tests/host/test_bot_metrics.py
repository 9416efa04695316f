"""#32.6: with METRICS_PORT set, the bot serves Prometheus metrics, scraped
here during a loopback game: interactions answered and their latency, moves,
REST calls by route class, rate-limit and budget waits, live games, database
round trips and their latency, pictures drawn. Off by default."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import aiohttp
from aiohttp import web
from prometheus_client.parser import text_string_to_metric_families

from bot.app.config import Config, load_config
from bot.pictures import worker

from driver import Players


async def scrape(port: int) -> dict[str, float]:
    """Every sample served, as `name{label="value",…}` -> value."""
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/metrics") as response,
    ):
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/plain")
        text = await response.text()
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = ",".join(f'{k}="{v}"' for k, v in sorted(sample.labels.items()))
            found[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return found


def grew(before: dict[str, float], after: dict[str, float], name: str) -> float:
    return after.get(name, 0.0) - before.get(name, 0.0)


async def test_metrics_are_off_unless_a_port_is_set(discord_server: Any, bots: Any) -> None:
    assert load_config({"DISCORD_TOKEN": "x"}).metrics_port is None
    assert load_config({"DISCORD_TOKEN": "x", "METRICS_PORT": "9108"}).metrics_port == 9108
    bot = await bots.start()
    assert bot.config.metrics_port is None and bot.metrics is None


async def test_a_scrape_during_a_game_shows_what_the_game_cost(
    discord_server: Any, bots: Any, monkeypatch: Any
) -> None:
    # Pictures drawn by an earlier test of this process are not drawn again.
    monkeypatch.setattr(worker, "_recent", OrderedDict())
    monkeypatch.setattr(worker, "_kept", 0)
    bots.metrics = True
    bot = await bots.start()
    assert bot.metrics is not None
    port = bot.metrics.port
    before = await scrape(port)
    players = Players(discord_server, bots, discord_server.users[:2], seed=5)
    await players.open("classic", turn_timer="off")
    opened = await scrape(port)
    assert opened["bot_live_games"] >= 1, "the game is live in this process"
    moves = 6
    for _ in range(moves):
        await players.step()
    hand = await discord_server.click(  # a hand with its picture, drawn by the worker
        players.user_of(players.live.state.to_act()[0]),
        discord_server.get_message(players.live.row.table_message_id),
        custom_id=f"mm:{players.game}:{players.live.version}:hand",
    )
    assert hand.message is not None and hand.message.attachments
    await bots.idle()
    after = await scrape(port)

    # Moves: a person's each, through their interactions.
    assert grew(before, after, 'bot_moves_total{by="person"}') >= moves
    # Interactions answered, with how long each took (a histogram).
    answered = grew(before, after, 'bot_interaction_seconds_count{kind="command"}')
    answered += grew(before, after, 'bot_interaction_seconds_count{kind="component"}')
    assert answered >= moves + 3  # the lobby's new, join and start, and each move
    assert after['bot_interaction_seconds_bucket{kind="component",le="3.0"}'] > 0
    # REST calls by route class, matching what the loopback Discord was sent.
    token = sum(1 for r in discord_server.requests if not r.global_limited)
    assert grew(before, after, 'bot_rest_calls_total{route="token"}') > 0
    assert after['bot_rest_calls_total{route="token"}'] >= token > 0
    assert "bot_budget_waits_total" in after
    # Database round trips and their seconds.
    trips = grew(before, after, "bot_db_round_trip_seconds_count")
    assert trips >= moves, "each move is stored"
    assert grew(before, after, "bot_db_round_trip_seconds_sum") > 0
    # Pictures drawn by the worker.
    assert grew(before, after, "bot_pictures_drawn_total") >= 1


def test_the_metrics_settings_are_read_and_checked() -> None:
    config = load_config({"DISCORD_TOKEN": "x", "METRICS_PORT": "0", "METRICS_HOST": "0.0.0.0"})
    assert (config.metrics_port, config.metrics_host) == (0, "0.0.0.0")
    assert Config(token="x").metrics_host == "127.0.0.1"


async def test_a_rate_limit_discord_answers_is_counted_and_waited_out(
    discord_server: Any, bots: Any
) -> None:
    bots.metrics = True
    bot = await bots.start()
    assert bot.metrics is not None
    players = Players(discord_server, bots, discord_server.users[:2], seed=5)
    await players.open("classic", turn_timer="off")
    before = await scrape(bot.metrics.port)
    limited: list[str] = []
    rest = discord_server._rest

    async def once_limited(request: web.Request) -> web.Response:
        """The next follow-up (the table a move posts) is answered 429 once."""
        if request.method == "POST" and "/webhooks/" in request.path and not limited:
            limited.append(request.path)
            body = {"message": "You are being rate limited.", "retry_after": 0.05, "global": False}
            headers = {"Retry-After": "0.05", "Via": "1.1 google", "X-RateLimit-Scope": "user"}
            return web.json_response(body, status=429, headers=headers)
        return await rest(request)

    discord_server._rest = once_limited
    await players.step()
    after = await scrape(bot.metrics.port)
    assert limited, "a follow-up was limited"
    assert grew(before, after, 'bot_rate_limited_total{route="token"}') == 1
    table = discord_server.get_message(players.live.row.table_message_id)
    assert f":{players.live.version}:hand" in " ".join(table.custom_ids()), "posted after the wait"
