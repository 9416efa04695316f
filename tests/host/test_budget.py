"""#42.1 The bot's budget (bot/kit/budget.py): however its requests bunch,
and however late each arrives after it was let through, no window of
Discord's counts more than the limit; a token bucket of the same rate let
twice as many through in one second."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time

from bot.kit.budget import STUCK, Budget, ahead


def most_in_a_window(times: list[float], window: float) -> int:
    times = sorted(times)
    most, first = 0, 0
    for last, at in enumerate(times):
        while at - times[first] >= window:
            first += 1
        most = max(most, last - first + 1)
    return most


async def test_no_window_counts_more_than_the_limit_whenever_requests_arrive() -> None:
    """120 requests asked for at once, each taking a random while to reach
    Discord and be answered: Discord counts each at its arrival, anywhere
    between its leaving and its answer."""
    limit, window = 8, 0.25
    budget = Budget(limit, window)
    rng = random.Random(7)
    arrivals: list[float] = []
    left: list[float] = []

    async def request() -> None:
        place = await budget.take()
        left.append(time.monotonic())
        late, answer = rng.uniform(0, 0.06), rng.uniform(0, 0.06)
        await asyncio.sleep(late)  # an event loop behind, a slow network
        arrivals.append(time.monotonic())
        await asyncio.sleep(answer)
        budget.done(place)

    start = time.monotonic()
    await asyncio.gather(*(request() for _ in range(120)))
    took = time.monotonic() - start
    assert most_in_a_window(arrivals, window) <= limit
    assert most_in_a_window(left, window) <= limit
    assert took >= (120 / limit - 1) * window, "paced, not let through at once"
    assert budget.used() <= limit


async def test_requests_are_let_through_in_the_order_they_asked() -> None:
    budget = Budget(2, 0.05)
    order: list[int] = []

    async def request(number: int) -> None:
        place = await budget.take()
        order.append(number)
        budget.done(place)

    tasks = []
    for number in range(10):  # each asks before the next
        tasks.append(asyncio.ensure_future(request(number)))
        await asyncio.sleep(0)
    async with asyncio.timeout(5):
        await asyncio.gather(*tasks)
    assert order == list(range(10))


async def test_a_request_never_answered_frees_its_place_in_the_end() -> None:
    clock = [0.0]
    budget = Budget(1, 1.0, now=lambda: clock[0])
    await budget.take()  # never given back (a request that hangs)
    assert budget.used() == 1
    clock[0] = STUCK
    async with asyncio.timeout(1):
        await budget.take()


async def test_requests_sent_ahead_go_before_those_waiting() -> None:
    """A person's interaction, or a game shown for the first time, is not
    kept behind the queue of the clocks' tables."""
    budget = Budget(1, 0.05)
    order: list[str] = []

    async def request(name: str, first: bool) -> None:
        with contextlib.ExitStack() as stack:
            if first:
                stack.enter_context(ahead())
            place = await budget.take()
        order.append(name)
        budget.done(place)

    tasks = [asyncio.ensure_future(request(f"clock {n}", False)) for n in range(5)]
    await asyncio.sleep(0)
    tasks.append(asyncio.ensure_future(request("person", True)))
    async with asyncio.timeout(5):
        await asyncio.gather(*tasks)
    assert order.index("person") <= 1, order  # behind at most the one let through at once


async def test_a_request_given_up_while_waiting_takes_no_place() -> None:
    budget = Budget(1, 0.05)
    first = await budget.take()
    waiting = asyncio.ensure_future(budget.take())
    await asyncio.sleep(0)
    waiting.cancel()
    budget.done(first)
    async with asyncio.timeout(1):
        await budget.take()
    assert budget.used() <= 1
