"""The loopback Discord enforces Discord's rate limits (fakediscord/ratelimits.py):
the global 50 a second per bot token on every route but an interaction's,
per-route buckets announced in the headers discord.py reads, 429 with
Retry-After past either, and the invalid requests Discord bans an address for.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import aiohttp
import discord
import pytest

from fakediscord import FakeDiscord
from fakediscord.ratelimits import GLOBAL_LIMIT


def _auth(server: FakeDiscord) -> dict[str, str]:
    return {"Authorization": f"Bot {server.token}"}


async def _many(
    server: FakeDiscord, method: str, path: str, count: int, **kwargs: Any
) -> list[aiohttp.ClientResponse]:
    """`count` requests at once, as a bot that ignores the limits would send them."""
    async with aiohttp.ClientSession(headers=_auth(server)) as session:

        async def one() -> aiohttp.ClientResponse:
            async with session.request(method, server.api_base + path, **kwargs) as response:
                await response.read()
                return response

        return list(await asyncio.gather(*(one() for _ in range(count))))


async def test_the_global_limit_answers_429_past_50_a_second(
    discord_server: FakeDiscord,
) -> None:
    # History reads: a route with no bucket of its own, held back only by the global limit.
    path = f"/channels/{discord_server.channel.id}/messages"
    responses = await _many(discord_server, "GET", path, GLOBAL_LIMIT + 10)
    limited = [r for r in responses if r.status == 429]
    assert len(limited) == 10
    response = limited[0]
    assert response.headers["X-RateLimit-Global"] == "true"
    assert response.headers["X-RateLimit-Scope"] == "global"
    assert response.headers["Via"]  # else discord.py takes it for Cloudflare's ban
    assert 0 < float(response.headers["Retry-After"]) <= 1
    body = await response.json()
    assert body["global"] is True and 0 < body["retry_after"] <= 1.0
    violations = discord_server.take_violations()
    assert [v.rule for v in violations] == ["rate_limited"] * 10
    assert discord_server.limits.invalid_requests == 10


async def test_interaction_routes_are_not_counted_by_the_global_limit(
    discord_server: FakeDiscord,
) -> None:
    unknown = "/webhooks/1/no-such-token/messages/@original"
    responses = await _many(discord_server, "GET", unknown, GLOBAL_LIMIT + 10)
    assert not [r for r in responses if r.status == 429 and r.headers.get("X-RateLimit-Global")]
    discord_server.take_violations()  # the unknown token's 404s and its bucket's 429s


async def test_a_channels_messages_share_a_bucket_announced_in_the_headers(
    discord_server: FakeDiscord,
) -> None:
    path = f"/channels/{discord_server.channel.id}/messages"
    responses = await _many(discord_server, "POST", path, 6, json={"content": "hi"})
    served = [r for r in responses if r.status == 200]
    assert len(served) == 5
    remaining = sorted(int(r.headers["X-RateLimit-Remaining"]) for r in served)
    assert remaining == [0, 1, 2, 3, 4]
    for response in served:
        assert response.headers["X-RateLimit-Limit"] == "5"
        assert 0 < float(response.headers["X-RateLimit-Reset-After"]) <= 5
        assert float(response.headers["X-RateLimit-Reset"]) > time.time()
        assert response.headers["X-RateLimit-Bucket"]
    (limited,) = [r for r in responses if r.status == 429]
    assert limited.headers["X-RateLimit-Scope"] == "user"
    assert "X-RateLimit-Global" not in limited.headers
    assert 4 <= float(limited.headers["Retry-After"]) <= 5
    assert [v.rule for v in discord_server.take_violations()] == ["rate_limited"]
    # Another channel has a bucket of its own.
    other = discord_server.add_channel("other")
    again = await _many(
        discord_server, "POST", f"/channels/{other.id}/messages", 1, json={"content": "hi"}
    )
    assert again[0].status == 200


async def test_discord_py_keeps_within_the_buckets_by_their_headers(
    discord_server: FakeDiscord,
) -> None:
    """A plain discord.py client posting and editing 8 messages in one channel
    waits where the headers say, and meets no 429."""
    client = discord.Client(intents=discord.Intents(guilds=True))
    await discord_server.start_client(client)
    channel = client.get_channel(discord_server.channel.id)
    assert isinstance(channel, discord.TextChannel)
    start = time.monotonic()
    for index in range(4):
        message = await channel.send(f"message {index}")
        await message.edit(content=f"message {index}, edited")
    took = time.monotonic() - start
    assert discord_server.limits.limited == []
    assert took >= 4.0, "the sixth call of the bucket waited for its window"
    assert len(discord_server.public_messages()) == 4


async def test_invalid_requests_past_the_limit_ban_the_address(
    discord_server: FakeDiscord,
) -> None:
    discord_server.limits.invalid_limit = 20  # Discord's 10,000 in 10 minutes, scaled down
    async with aiohttp.ClientSession(headers={"Authorization": "Bot wrong"}) as session:
        statuses = []
        for _ in range(25):
            async with session.get(f"{discord_server.api_base}/applications/@me") as response:
                statuses.append(response.status)
                via = response.headers.get("Via")
    assert statuses[:21] == [401] * 21
    assert statuses[21:] == [429] * 4, "banned: Cloudflare's answer"
    assert via is None, "Cloudflare's 429 does not pass through Discord's front"
    rules = [v.rule for v in discord_server.take_violations()]
    assert rules.count("invalid_requests") == 1


@pytest.mark.parametrize("status", [401, 403])
async def test_401_and_403_count_as_invalid_requests(
    discord_server: FakeDiscord, status: int
) -> None:
    user = discord_server.users[0]
    user.dms_closed = True
    headers = _auth(discord_server) if status == 403 else {"Authorization": "Bot wrong"}
    async with aiohttp.ClientSession(headers=headers) as session:
        async with session.post(
            f"{discord_server.api_base}/users/@me/channels", json={"recipient_id": str(user.id)}
        ) as response:
            dm = await response.json() if response.status == 200 else None
        if dm is not None:
            async with session.post(
                f"{discord_server.api_base}/channels/{dm['id']}/messages", json={"content": "x"}
            ) as response:
                assert response.status == status
        else:
            assert response.status == status
    assert discord_server.limits.invalid_requests == 1
