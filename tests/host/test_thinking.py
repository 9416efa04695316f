"""Computer players think in a worker process (bot.clocks.thinking): the move is the
one the agent makes in the bot's own process, and the event loop is free
meanwhile."""

from __future__ import annotations

import asyncio
import os
import time

from bot.clocks.thinking import think
from engine import game


class WhereAgent:
    """Says which process it thought in."""

    def choose(self, state: object, seat: int) -> int:
        return os.getpid()


async def test_a_computer_thinks_in_another_process() -> None:
    assert await think(WhereAgent(), None, 0) != os.getpid()


async def test_the_move_is_the_one_the_agent_makes_here() -> None:
    rules = game("mammamia")
    state, events = rules.start(rules.new_record({"variant": "classic"}, 3, 7))
    for difficulty in ("easy", "hard"):
        agent = rules.agent(difficulty, 11, 0, events)
        here = rules.agent(difficulty, 11, 0, events).choose(state, 0)
        assert await think(agent, state, 0) == here


class SlowAgent:
    def choose(self, state: object, seat: int) -> str:
        time.sleep(0.5)
        return "done"


async def test_the_loop_answers_while_a_computer_thinks() -> None:
    thinking = asyncio.ensure_future(think(SlowAgent(), None, 0))
    ticks = 0
    while not thinking.done():
        await asyncio.sleep(0.01)
        ticks += 1
    assert thinking.result() == "done" and ticks > 10
