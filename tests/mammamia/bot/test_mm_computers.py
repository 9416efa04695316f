"""Mamma Mia!'s computer players fill empty seats and play their turns,
decisions and help, each difficulty as shipped; its stand-in for a player
who is gone is the heuristic. The host's side: tests/host/test_bot_computers.py."""

from __future__ import annotations

import pytest

from bot.flow.due import DueMoves
from engine import mammamia as engine

from tests.mammamia.driver import Players


@pytest.mark.real_computers
async def test_one_human_and_three_computers_finish_a_classic_game(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:1], seed=41)
    await players.open("classic", computers=("easy", "medium", "hard"))
    seats = players.live.row.seats
    assert [s.agent for s in seats] == [None, "easy", "medium", "hard"]
    assert all(s.name.startswith("🤖") for s in seats[1:])
    await players.play_to_end()
    live = players.live
    assert live.state.phase == "over"
    assert engine.replay(live.record).state.fingerprint() == live.state.fingerprint()
    by_computers = [a for a in live.record["actions"] if a["seat"] != 0]
    assert len(by_computers) > 30, "the computer seats played their own turns and decisions"


async def test_plus_game_of_two_humans_and_two_computers_with_help(discord_server, bots):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=42)
    await players.open("plus", computers=("easy", "medium"), help=True)
    await players.play_to_end()
    live = players.live
    assert live.state.help and live.state.phase == "over"
    helps = [a for a in live.record["actions"] if "help" in a or "ask" in a]
    assert helps, "help was asked for or answered during the game"


def test_a_gone_players_seat_is_played_by_the_heuristic_agent():
    assert type(engine.GAME.stand_in(1, 0)).__name__ == "HeuristicAgent"


class _Reads(dict):  # type: ignore[type-arg]
    """A game's events by version, counting the versions read."""

    read: list[int]

    def get(self, version, default=None):  # type: ignore[no-untyped-def]
        self.read.append(version)
        return super().get(version, default)


async def test_a_computer_reads_only_the_events_since_its_last_move(discord_server, bots):
    """A computer seat's agent is kept with the game: each move it reads the
    events since its last one, not the whole game again, and it knows what
    an agent built from every event of the game knows (as after a restart)."""
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:1], seed=44)
    await players.open("classic", computers=("easy", "easy"), turn_timer="off")
    for _ in range(30):
        await players.step()
    live = players.live
    due = DueMoves(bots.current.service)
    kept, last = live.agents[(1, "easy")]  # it has moved: kept since
    assert live.version > last + 1 > 30
    events = _Reads(live.events)
    events.read = []
    live.events = events
    agent = due.agent_for(live, 1)
    assert agent is kept and events.read == list(range(last + 1, live.version + 1))
    events.read.clear()
    assert due.agent_for(live, 1) is agent and events.read == []
    everything = [e for v in range(live.version + 1) for e in dict.get(events, v, [])]
    fresh = live.rules.agent("easy", agent.seed, 1, everything)
    assert fresh.memory == agent.memory and fresh.memory.events > 30
