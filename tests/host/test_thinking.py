"""Computer players think in a worker process (bot.clocks.thinking): the move is the
one the agent makes in the bot's own process, and the event loop is free
meanwhile."""

from __future__ import annotations

import asyncio
import os
import time

from bot.clocks.thinking import think
from engine import games


class WhereAgent:
    """Says which process it thought in."""

    def choose(self, state: object, seat: int) -> int:
        return os.getpid()


async def test_a_computer_thinks_in_another_process() -> None:
    assert await think(WhereAgent(), None, 0) != os.getpid()


async def test_the_move_is_the_one_the_agent_makes_here() -> None:
    """Every game's every difficulty (the test game's and the shipped games'
    searches alike): the worker's move is the one made here."""
    for rules in games().values():
        settings = {option.name: option.default for option in rules.options}
        state, events = rules.start(rules.new_record(settings, 3, 7))
        seat = rules.to_act(state)[0]
        for difficulty in rules.difficulties:
            agent = rules.agent(difficulty, 11, seat, events)
            here = rules.agent(difficulty, 11, seat, events).choose(state, seat)
            assert await think(agent, state, seat) == here, (rules.name, difficulty)


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
