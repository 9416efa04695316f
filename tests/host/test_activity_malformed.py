"""The Activity's server under bad input (issue 40, point 5): every
malformed request is answered with a 4xx, never a 500 and never a
traceback; a malformed frame is answered and its socket kept, and only a
bad first frame closes one, cleanly. Opened outside Discord the page says
what it is; its files are compressed and cached by their content's hash;
nothing it asks for is missing. With the test game (tests/highcard)."""

from __future__ import annotations

import asyncio
import json
import logging

import aiohttp
import pytest

from bot.i18n import join_or, t
from bot.plugin.registry import presentations

from tests.highcard.engine import GAME
from tests.highcard.players import Players
from viewers import Viewer, base, session


def nested(depth: int, inner: str = "0") -> str:
    return "[" * depth + inner + "]" * depth


@pytest.fixture
def no_errors(caplog: pytest.LogCaptureFixture):
    """Nothing the bot logs is an error or a traceback."""
    caplog.set_level(logging.INFO)
    yield
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not bad, [(r.name, r.getMessage()) for r in bad]


async def test_a_malformed_session_request_is_a_400_and_a_refused_one_a_403(
    discord_server, bots, no_errors
):
    bots.activity = True
    bot = await bots.start()
    ana = discord_server.users[0]
    instance = discord_server.launch(ana, None)
    code = discord_server.authorize(ana)
    url = f"{base(bot)}/api/session"
    bodies: list[bytes] = [
        nested(7_000).encode(),  # deeper than any parser should recurse
        ('{"code": ' + nested(7_000) + "}").encode(),
        b"not json",
        b"",
        b"[]",
        b'"code"',
        b"{}",
        json.dumps({"code": 1, "instance_id": instance}).encode(),
        json.dumps({"code": code, "instance_id": None}).encode(),
        json.dumps({"code": "x" * 5000, "instance_id": instance}).encode(),
        b'{"code": "\xff\xfe", "instance_id": "i"}',
        ("1" * 5000).encode(),  # an integer longer than Python reads
    ]
    async with aiohttp.ClientSession() as http:
        for body in bodies:
            async with http.post(url, data=body) as r:
                assert r.status == 400, (body[:60], r.status)
                assert (await r.json()) == {"error": t("activity.refused.request")}
        for large in (nested(50_000).encode(), b"{" + b" " * 20_000 + b"}"):
            async with http.post(url, data=large) as r:
                assert r.status == 413  # larger than any sign-in request
        refused = {"code": "made-up", "instance_id": instance}
        async with http.post(url, json=refused) as r:
            assert r.status == 403  # well formed, but not who they say
    status, body = await session(discord_server, bot, ana, instance=instance, code=code)
    assert status == 200 and body["session"]


async def test_a_malformed_frame_is_answered_and_the_socket_kept(discord_server, bots, no_errors):
    bots.activity = True
    bot = await bots.start()
    ana, ben = discord_server.users[:2]
    players = Players(discord_server, bots, [ana, ben], seed=3)
    await players.open()
    status, body = await session(discord_server, bot, ana)
    assert status == 200
    token = body["session"]
    refused = t("activity.refused.session")

    # A bad first frame is refused and its socket closed cleanly (1000, not 1006).
    for hello in (
        nested(30_000),
        json.dumps({"type": "hello", "session": token}) + " trailing",
        json.dumps({"type": "hello", "session": [[[[[[[[[[token]]]]]]]]]]}),
    ):
        async with aiohttp.ClientSession() as http, http.ws_connect(f"{base(bot)}/api/ws") as ws:
            await ws.send_str(hello)
            answer = await ws.receive_json()
            assert answer == {"type": "refused", "text": refused}
            closing = await ws.receive()
            assert closing.type == aiohttp.WSMsgType.CLOSE and ws.close_code == 1000
    # A game id beyond what storage holds (2**70) names no game of this channel.
    every = [f"/{shown.command} new" for shown in presentations().values()]  # the test game too
    no_game = t("activity.no_game", commands=join_or(every))
    for game in (2**70, -1, 0, "1", 1.5, True):
        viewer = await Viewer.open(bot, token, game_id=game)  # type: ignore[arg-type]
        frame = await viewer.wait(lambda f: True)
        assert frame == {"type": "refused", "text": no_game}, (game, frame)
        await viewer.close()

    viewer = await Viewer.open(bot, token)
    state = await viewer.state()
    malformed = t("activity.refused.malformed")
    frames: list[str | bytes] = [
        nested(30_000),
        json.dumps(
            {"type": "act", "id": 1, "version": state["version"], "action": json.loads(nested(500))}
        ),
        "[]",
        "null",
        json.dumps({"type": "nonsense", "id": 2}),
        json.dumps({"type": "act", "id": 3, "version": 2**70, "action": {}}),
        json.dumps({"type": "act", "id": 4, "version": "1", "action": {}}),
        json.dumps({"type": "act", "id": 5, "version": state["version"], "action": []}),
        json.dumps({"type": "lobby", "id": 6, "verb": "open", "game": "nothing"}),
        json.dumps(
            {
                "type": "lobby",
                "id": 7,
                "verb": "open",
                "game": GAME.name,
                "options": {"pace": "huge"},
            }
        ),
        json.dumps({"type": "lobby", "id": 8, "verb": "open", "game": GAME.name, "options": [1]}),
        json.dumps({"type": "lobby", "id": 9, "verb": "shout"}),
        json.dumps({"type": "lobby", "id": 10, "verb": ["open"]}),  # not a word: unhashable
        json.dumps({"type": "lobby", "id": 11, "verb": "open", "game": {"a": 1}}),
        json.dumps({"type": ["act"], "id": 12}),
        b"\x00\x01binary",
    ]
    for sent in frames:
        seen = len(viewer.frames)
        if isinstance(sent, bytes):
            await viewer.ws.send_bytes(sent)
        else:
            await viewer.ws.send_str(sent)
        async with asyncio.timeout(10):
            while len(viewer.frames) == seen:
                await asyncio.sleep(0.005)
        answer = viewer.frames[seen]
        assert answer["type"] == "refused" and answer["text"] == malformed, (sent[:80], answer)
        assert not viewer.ws.closed
    # A well-formed action that is not legal is refused in the game's words, and a legal one played.
    live = players.live
    if GAME.to_act(live.state)[0] != 0:
        await players.step()
        live = players.live
    wrong = {"seat": 0, "card": 10}  # no such card in her hand
    answer = await viewer.act(wrong, live.version, ident=20)
    assert answer["type"] == "refused" and answer["text"] != malformed
    legal = GAME.legal_actions(live.state, 0)[0].to_json()
    assert (await viewer.act(legal, live.version, ident=21))["type"] == "done"
    await viewer.close()


async def test_outside_discord_the_page_says_what_it_is(discord_server, bots, no_errors):
    bots.activity = True
    bot = await bots.start()
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{base(bot)}/", headers={"Accept-Language": "fr-FR,fr"}) as r:
            page = await r.text()
        assert r.status == 200 and t("activity.outside", "fr") in page.replace("&#x27;", "'")
        assert "<script" not in page and 'lang="fr"' in page
        async with http.get(f"{base(bot)}/favicon.ico") as r:
            assert r.status == 200 and r.headers["Content-Type"] == "image/svg+xml"
            assert "<svg" in await r.text()


async def test_the_pages_files_are_compressed_and_cached_by_their_hash(discord_server, bots):
    bots.activity = True
    bot = await bots.start()
    query = "?frame_id=f&instance_id=i&platform=desktop"
    async with aiohttp.ClientSession(auto_decompress=False) as http:
        async with http.get(f"{base(bot)}/{query}") as r:
            page = await r.text()
        assert r.headers["Cache-Control"] == "no-store"
        links = [part.split('"')[0] for part in page.split('"assets/')[1:]]
        assert {link.split(".")[0] for link in links} == {"icon", "app", "art"}, links
        for link in links:
            _, digest, ext = link.split(".")
            assert len(digest) == 12 and ext in ("js", "css", "svg")
            headers = {"Accept-Encoding": "gzip, br"}
            async with http.get(f"{base(bot)}/assets/{link}", headers=headers) as r:
                assert r.status == 200
                assert r.headers["Content-Encoding"] == "gzip"
                assert "immutable" in r.headers["Cache-Control"]
                etag = r.headers["ETag"]
            async with http.get(f"{base(bot)}/assets/{link}", headers={"If-None-Match": etag}) as r:
                assert r.status == 304
        async with http.get(f"{base(bot)}/assets/app.000000000000.js") as r:
            assert r.status == 404
