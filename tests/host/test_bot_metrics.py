"""#32.6, #42.5: with METRICS_PORT set, the bot serves Prometheus metrics, scraped
here during a loopback game: interactions answered and their latency, moves,
REST calls by route class, the budget's use and any 429, the gateway's
latency, the overload counts, live games, database round trips and their
latency, the process's and Python's own; and beside them a health check.
Off by default. With the test game (tests/highcard); the pictures a shipped
game draws are counted in its tests (`tests/<game>/bot/test_*_metrics.py`)."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
from aiohttp import web

from bot.app.config import Config, load_config
from bot.kit.metrics import GLOBAL, PREFIX, REST

from scraped import grew, scrape
from tests.highcard.players import PREFIX as HC
from tests.highcard.players import Players


def m(name: str) -> str:
    """A metric of the project's own, by its name after the prefix."""
    return f"{PREFIX}_{name}"


async def test_metrics_are_off_unless_a_port_is_set(discord_server: Any, bots: Any) -> None:
    assert load_config({"DISCORD_TOKEN": "x"}).metrics_port is None
    assert load_config({"DISCORD_TOKEN": "x", "METRICS_PORT": "9108"}).metrics_port == 9108
    bot = await bots.start()
    assert bot.config.metrics_port is None and bot.metrics is None


async def test_once_logged_in_rest_calls_pass_a_middleware_not_a_trace_hook(
    discord_server: Any, bots: Any
) -> None:
    """The REST counts and the budget (bot.kit.metrics.Rest) are one call a
    request once the bot is logged in: a trace hook, which has aiohttp send
    a dozen signals for each request, counts the log-in's alone."""
    bot = await bots.start()
    session = bot.http._HTTPClient__session
    assert session.trace_configs == []
    assert session._middlewares == (bot.rest.middleware,)
    before = REST.labels(GLOBAL)._value.get()
    await bot.fetch_channel(discord_server.channel.id)  # a request the global limit counts
    assert REST.labels(GLOBAL)._value.get() > before, "counted by the middleware"


async def test_a_scrape_during_a_game_shows_what_the_game_cost(
    discord_server: Any, bots: Any
) -> None:
    bots.metrics = True
    bot = await bots.start()
    assert bot.metrics is not None
    port = bot.metrics.port
    before = await scrape(port)
    players = Players(discord_server, bots, discord_server.users[:3], seed=5)
    await players.open(turn_timer="off")
    opened = await scrape(port)
    assert opened[m("live_games")] >= 1, "the game is live in this process"
    moves = 6
    for _ in range(moves):
        await players.step()
    hand = await discord_server.click(  # a hand, privately
        players.user_of(players.to_act()),
        discord_server.get_message(players.live.row.table_message_id),
        custom_id=f"{HC}:{players.game}:{players.live.version}:hand",
    )
    assert hand.message is not None and hand.message.ephemeral
    await bots.idle()
    after = await scrape(port)

    # Moves: a person's each, through their interactions.
    assert grew(before, after, m('moves_total{by="person"}')) >= moves
    # Interactions answered, with how long each took (a histogram).
    answered = grew(before, after, m('interaction_seconds_count{kind="command"}'))
    answered += grew(before, after, m('interaction_seconds_count{kind="component"}'))
    assert answered >= moves + 4  # the lobby's new, joins and start, and each move
    assert after[m('interaction_seconds_bucket{kind="component",le="3.0"}')] > 0
    # REST calls by route class, matching what the loopback Discord was sent.
    token = sum(1 for r in discord_server.requests if not r.global_limited)
    assert grew(before, after, m('rest_requests_total{route="token"}')) > 0
    assert after[m('rest_requests_total{route="token"}')] >= token > 0
    assert m("budget_waits_total") in after
    # Those the global limit counts, each let through by the bot's own budget.
    counted = sum(1 for r in discord_server.requests if r.global_limited)
    assert after[m("budget_requests_total")] >= counted > 0
    assert after[m("budget_limit")] == 40
    assert 0 <= after[m("budget_used")] <= 40
    # The gateway's latency, the overload counts, the process's and Python's own.
    assert after[m('gateway_latency_seconds{shard="0"}')] >= 0
    assert m("late_answers_total") in after
    assert m("deferred_answers_total") in after
    assert after[m("event_loop_lag_seconds_count")] >= 0
    assert after["process_cpu_seconds_total"] > 0
    assert after["process_resident_memory_bytes"] > 0
    assert any(name.startswith("python_info") for name in after)
    assert any(name.startswith("python_gc_collections_total") for name in after)
    assert not [name for name in after if name.startswith("bot_")], "one prefix"
    # Database round trips and their seconds.
    trips = grew(before, after, m("db_round_trip_seconds_count"))
    assert trips >= moves, "each move is stored"
    assert grew(before, after, m("db_round_trip_seconds_sum")) > 0


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
    await players.open(turn_timer="off")
    before = await scrape(bot.metrics.port)
    limited: list[str] = []
    rest = discord_server._rest

    async def once_limited(request: web.Request) -> web.Response:
        """The next edit through a token (the table a move edits in place,
        issue 45) is answered 429 once."""
        edit = request.method == "PATCH" and "/webhooks/" in request.path
        if edit and "@original" not in request.path and not limited:
            limited.append(request.path)
            body = {"message": "You are being rate limited.", "retry_after": 0.05, "global": False}
            headers = {"Retry-After": "0.05", "Via": "1.1 google", "X-RateLimit-Scope": "user"}
            return web.json_response(body, status=429, headers=headers)
        return await rest(request)

    discord_server._rest = once_limited
    await players.step()
    after = await scrape(bot.metrics.port)
    assert limited, "a token's edit was limited"
    assert grew(before, after, m('rate_limited_total{route="token",scope="user"}')) == 1
    table = discord_server.get_message(players.live.row.table_message_id)
    assert f":{players.live.version}:hand" in " ".join(table.custom_ids()), "edited after the wait"


async def health(port: int) -> tuple[int, dict[str, Any]]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/health") as response,
    ):
        return response.status, await response.json()


async def test_the_health_check_says_whether_the_gateway_and_the_database_answer(
    discord_server: Any, bots: Any
) -> None:
    bots.metrics = True
    bot = await bots.start()
    assert bot.metrics is not None
    status, found = await health(bot.metrics.port)
    assert status == 200, found
    assert found["gateway"] == "connected" and found["database"] == "answers"
    assert found["gateway_latency_ms"] >= 0

    bot.dispatch("disconnect")  # discord.py's word when the gateway connection drops
    await asyncio.sleep(0.01)
    status, found = await health(bot.metrics.port)
    assert (status, found["gateway"]) == (503, "disconnected")
    bot.dispatch("resumed")  # and when it is back
    await asyncio.sleep(0.01)
    assert (await health(bot.metrics.port))[0] == 200

    await bot.storage.close()  # the database gone (its file's connection closed)
    status, found = await health(bot.metrics.port)
    assert (status, found["database"]) == (503, "does not answer")
    assert found["gateway"] == "connected"
