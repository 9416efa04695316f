"""The Activity's speed on loopback (docs/activity.md, "Performance"):
a cold load of the table in a fresh browser context, from the page's
navigation to the first state drawn (`performance.now()` in the page: the
page and the client, the SDK's handshake, the OAuth2 exchange, the identity
and instance checks, the websocket and the first frame), and a move's round
trip (an action sent until the viewer holds the state after it).
Beside each, its floor measured in the same run: a static file's load from
the same server in the same browser, a bare websocket echo on the same loop.
Measured on a game of Mamma Mia! classic, the game the figures are about (a
real hand, pictures' art, a reveal), hence with its tests.

    .venv/bin/python -m pytest -m slow tests/mammamia/bot/test_mm_activity_bench.py -s
"""

from __future__ import annotations

import json
import os
import random
import statistics
import time
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from engine import mammamia as engine

from browser import chromium, open_table
from tests.mammamia.driver import Players
from viewers import Viewer, base, session

OUT = Path(__file__).resolve().parents[2] / "build" / "activity-bench.json"


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


async def _echo_floor(rounds: int = 300) -> list[float]:
    """A bare aiohttp websocket echo on this loop: the floor under a move's round trip."""

    async def echo(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        async for message in ws:
            await ws.send_str(message.data)
        return ws

    app = web.Application()
    app.add_routes([web.get("/", echo)])
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    times = []
    async with aiohttp.ClientSession() as http, http.ws_connect(f"http://127.0.0.1:{port}/") as ws:
        for _ in range(rounds):
            start = time.perf_counter()
            await ws.send_str('{"type":"act"}')
            answer = await ws.receive()
            assert answer.type == aiohttp.WSMsgType.TEXT, answer
            times.append(time.perf_counter() - start)
    await runner.cleanup()
    return times


@pytest.mark.slow
async def test_activity_cold_load_and_move_round_trip(discord_server, bots):
    bots.activity = True
    bot = await bots.start()
    ana, ben = discord_server.users[:2]
    players = Players(discord_server, bots, [ana, ben], seed=9)
    await players.open("classic")

    loads, blanks = [], []
    async with chromium() as browser:
        for _ in range(6):
            seat = await open_table(browser, discord_server, bot, ana)
            await seat.at(players.game, players.live.version)
            drawn = await seat.table.locator("#table").get_attribute("data-drawn-at")
            loads.append(int(drawn or 0) / 1000)
            await seat.page.context.close()
            context = await browser.new_context()
            page = await context.new_page()
            await page.goto(f"{base(bot)}/app.css")  # a static file of the same server
            blanks.append(await page.evaluate("performance.getEntries()[0].duration") / 1000)
            await context.close()

    viewers = []
    for user in (ana, ben):
        status, body = await session(discord_server, bot, user)
        assert status == 200
        viewers.append(await Viewer.open(bot, body["session"]))
    rng = random.Random(9)
    trips = []
    ident = 0
    while players.live.state.phase != "over" and len(trips) < 400:
        live = players.live
        version, seat = live.version, live.state.to_act()[0]
        await viewers[seat].state(version)
        action = rng.choice(engine.legal_actions(live.state, seat)).to_json()
        ident += 1
        start = time.perf_counter()
        await viewers[seat].ws.send_str(
            json.dumps({"type": "act", "id": ident, "version": version, "action": action})
        )
        await viewers[seat].state(version + 1)
        trips.append(time.perf_counter() - start)
        await bots.idle()
    for viewer in viewers:
        await viewer.close()
    echo = await _echo_floor()

    ms = lambda seconds: round(seconds * 1000, 2)  # noqa: E731
    weight = bot.web.assets.weight()  # what a first visit downloads, as stored and as sent
    result = {
        "page_weight_bytes": {
            "files": weight,
            "sent_total": sum(packed for _, packed in weight.values()),
            "stored_total": sum(plain for plain, _ in weight.values()),
        },
        "load": os.getloadavg(),
        "cold_load_ms": {"median": ms(statistics.median(loads[1:])), "max": ms(max(loads))},
        "cold_load_floor_ms": {"median": ms(statistics.median(blanks))},
        "move_round_trip_ms": {
            "moves": len(trips),
            "p50": ms(statistics.median(trips)),
            "p95": ms(p95(trips)),
            "max": ms(max(trips)),
        },
        "move_floor_ms": {"p50": ms(statistics.median(echo)), "p95": ms(p95(echo))},
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))
    assert len(trips) > 30
