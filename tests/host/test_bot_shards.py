"""Past one machine: two bot processes, each running one of two Discord shards,
on one PostgreSQL and the loopback Discord. Each process loads, times and
publishes only its own guilds' games (of the test game, High Card); one is
killed (SIGKILL) mid-game and restarted, and every game finishes with nothing
lost or doubled."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import Any

from bot.i18n import t
from bot.storage import GameStatus, open_storage

from bots import TEST_TEMPO
from fakediscord.models import FakeChannel, FakeUser
from fakediscord.server import FakeDiscord
from tests.highcard.players import COMMAND

#: Seconds each reveal shows before the game goes on: a game the bot plays
#: alone lasts its three rounds' pauses, long enough to be killed in.
PACE = "1"

ROOT = Path(__file__).resolve().parents[2]
QUICKBOT = ROOT / "tests" / "support" / "quickbot.py"


class ShardProcess:
    """`python -m bot` (at test tempo) running shard `shard` of 2."""

    def __init__(self, server: FakeDiscord, tmp: Path, database: str, shard: int) -> None:
        self.server, self.tmp, self.database, self.shard = server, tmp, database, shard
        server.limits.tempo = TEST_TEMPO
        self.proc: asyncio.subprocess.Process | None = None
        self.runs = 0

    def log(self, run: int) -> Path:
        return self.tmp / f"shard{self.shard}-{run}.log"

    async def start(self) -> None:
        self.runs += 1
        env = {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": self.server.token,
            "DATABASE_URL": self.database,
            "DISCORD_API_BASE": self.server.api_base,
            "DISCORD_GATEWAY_URL": self.server.gateway_url,
            "SHARD_COUNT": "2",
            "SHARD_IDS": str(self.shard),
            "LOG_LEVEL": "INFO",
            "QUICKBOT_PACE": PACE,
            # the tests' own game too, as in the test process (tests/conftest.py)
            "GAME_PACKAGES": os.environ.get("GAME_PACKAGES", ""),
        }
        with self.log(self.runs).open("wb") as out:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, str(QUICKBOT), cwd=self.tmp, env=env, stdout=out, stderr=out
            )
        async with asyncio.timeout(60):  # connected as its shard, and READY handled
            while not (
                any(s.open and s.shard == [self.shard, 2] for s in self.server.sessions)
                and b"has connected to Gateway" in self.log(self.runs).read_bytes()
            ):
                assert self.proc.returncode is None, self.log(self.runs).read_text()
                await asyncio.sleep(0.05)
            while not self.server.global_commands:
                await asyncio.sleep(0.05)

    async def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        await self.proc.wait()
        async with asyncio.timeout(5):
            while any(s.open and s.shard == [self.shard, 2] for s in self.server.sessions):
                await asyncio.sleep(0.01)

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            await self.proc.wait()


def guilds_on_both_shards(server: FakeDiscord) -> list[tuple[FakeChannel, list[FakeUser]]]:
    """A channel and two members in a guild of each shard."""
    tables = []
    for shard in range(2):
        guild = next((g for g in server.guilds if (g.id >> 22) % 2 == shard), None)
        while guild is None:
            made = server.add_guild(f"guild{len(server.guilds)}")
            guild = made if (made.id >> 22) % 2 == shard else None
        channel = server.add_channel(f"pizza{shard}", guild=guild)
        users = [server.add_user(f"p{shard}{i}", guild=guild) for i in range(2)]
        tables.append((channel, users))
    return tables


async def test_two_processes_each_run_their_own_shards_games_through_a_sigkill(
    discord_server: FakeDiscord, tmp_path: Path, postgres_url: str
) -> None:
    server = discord_server
    tables = guilds_on_both_shards(server)
    bots = [ShardProcess(server, tmp_path, postgres_url, shard) for shard in range(2)]
    try:
        for bot in bots:
            await bot.start()
        for channel, (ana, ben) in tables:
            options = {"turn_timer": "off"}
            lobby = (await server.slash(ana, channel, COMMAND, "new", options=options)).message
            await server.click(ben, lobby, label=t("lobby.button.join"))
            await server.click(ana, lobby, label=t("lobby.button.start"))
            for user in (ana, ben):  # the bot plays both seats to the end
                confirm = (await server.slash(user, channel, COMMAND, "leave")).message
                await server.click(user, confirm, label=t("leave.confirm"))
        storage = await open_storage(postgres_url)
        try:
            first = await _moved(storage, tables, 4)  # two rounds of both games
            await bots[1].kill()  # mid-game: the other shard's game goes on meanwhile
            await _moved(storage, tables[:1], first[0] + 2)
            await bots[1].start()
            async with asyncio.timeout(120):
                while True:
                    rows = [await storage.last_finished_game(c.id) for c, _ in tables]
                    done = [
                        r for r in rows if r is not None and r.narration.get("final_message_id")
                    ]
                    if len(done) == 2:
                        break
                    await asyncio.sleep(0.2)
        finally:
            await storage.close()
    finally:
        for bot in bots:
            await bot.stop()

    for (channel, _), row in zip(tables, rows, strict=True):
        assert row is not None and row.status == GameStatus.FINISHED
        public = server.public_messages(channel)
        finals = [m for m in public if any(c.endswith(":again") for c in m.custom_ids())]
        assert len(finals) == 1, "each game's final ranking is posted once"
        # Controls left: on the table and the lobby only (a reveal keeps its Rules button).
        narrations = {m.id for m in public if all(c.endswith(":rules:n") for c in m.custom_ids())}
        tables_left = [
            m
            for m in public
            if m.buttons() and not m.deleted and m.id != finals[0].id and m.id not in narrations
        ]
        assert {m.id for m in tables_left} <= {row.table_message_id, row.lobby_message_id}
    # After its restart, the killed process resumed its own shard's game only.
    restarted = bots[1].log(2).read_text()
    assert f"Resumed game {rows[1].id} " in restarted
    assert f"Resumed game {rows[0].id} " not in restarted
    for bot in bots:
        logs = "\n".join(bot.log(r).read_text() for r in range(1, bot.runs + 1))
        assert "Traceback" not in logs, logs[-2000:]


async def _moved(storage: Any, tables: Any, at_least: int) -> list[int]:
    """Wait until each table's game has made `at_least` moves (or ended); their versions."""
    async with asyncio.timeout(60):
        while True:
            rows = [await storage.active_game(channel.id) for channel, _ in tables]
            versions = [row.version if row is not None else at_least for row in rows]
            if all(v >= at_least for v in versions):
                return versions
            await asyncio.sleep(0.05)
