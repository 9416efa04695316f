"""Computer players think in a worker process, never on the event loop's
interpreter.

A search is a few hundred milliseconds of pure Python. In a thread it held
the interpreter lock the whole time, and every click waited for it at each
switch; in its own process it uses the other core and the bot keeps
answering. An agent is rebuilt from the game's events for every move, so a
copy of it sent to the worker decides exactly as the original would. If the
worker cannot run (or an agent cannot be copied), it thinks in a thread.
"""

from __future__ import annotations

from bot.kit import processes
from engine.interface import Action, Agent, Event, State

_worker = processes.Worker("computer players")


def _choose(agent: Agent[State, Action, Event], state: State, seat: int) -> Action:
    return agent.choose(state, seat)


async def think(agent: Agent[State, Action, Event], state: State, seat: int) -> Action:
    """`agent.choose(state, seat)`, away from the event loop."""
    return await _worker.run(_choose, agent, state, seat)
