"""`python -m bot` at test tempo (tests/bot/quickbot.py) as a real child
process against the loopback Discord, on one SQLite database: started,
SIGKILLed and started again by the tests that need the real process."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from fakediscord.server import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
QUICKBOT = Path(__file__).with_name("quickbot.py")


class BotProcess:
    """`python -m bot` (at test tempo) as a child process on one database."""

    def __init__(self, server: FakeDiscord, tmp: Path) -> None:
        self.server, self.tmp = server, tmp
        self.proc: asyncio.subprocess.Process | None = None
        self.runs = 0
        self.killed_run = 0
        self.env: dict[str, str] = {}  # more of the environment (e.g. ACTIVITY_PORT)

    def log(self, run: int) -> Path:
        return self.tmp / f"bot-{run}.log"

    async def start(self, timeout: float = 30) -> None:
        self.runs += 1
        env = {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": self.server.token,
            "MAMMAMIA_DB": str(self.tmp / "games.sqlite3"),
            "MAMMAMIA_DEV_GUILD": str(self.server.guild.id),
            "DISCORD_API_BASE": self.server.api_base,
            "DISCORD_GATEWAY_URL": self.server.gateway_url,
            "LOG_LEVEL": "INFO",
            **self.env,
        }
        old = {s.session_id for s in self.server.sessions}
        with self.log(self.runs).open("wb") as out:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, str(QUICKBOT), cwd=self.tmp, env=env, stdout=out, stderr=out
            )
        async with asyncio.timeout(timeout):  # connected, and READY handled
            while not (
                any(s.open and s.session_id not in old for s in self.server.sessions)
                and b"connected to Gateway" in self.log(self.runs).read_bytes()
                and self.server.guild_commands.get(self.server.guild.id)
            ):
                if self.killed_run == self.runs:
                    return  # killed while starting: it posted what it owed at once
                assert self.proc.returncode is None, self.log(self.runs).read_text()
                await asyncio.sleep(0.02)

    async def kill(self) -> None:
        """SIGKILL: no clean-up of any kind in the bot."""
        assert self.proc is not None
        self.killed_run = self.runs
        os.kill(self.proc.pid, signal.SIGKILL)
        await self.proc.wait()
        async with asyncio.timeout(5):  # the fake has seen the connection go
            while any(s.open for s in self.server.sessions):
                await asyncio.sleep(0.01)

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            await self.proc.wait()
