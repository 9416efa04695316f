"""The real bot, `python -m bot`, as a child process pointed at the loopback Discord.

What the benchmark reads from outside the process: its log lines as they come
(each stamped on arrival), its resident memory and its CPU time from /proc.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

RESUMED = re.compile(r"Resumed game (\d+)")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Cpu:
    """CPU seconds of a bot process (`main`) and of its workers."""

    main: float
    workers: float

    @property
    def total(self) -> float:
        return self.main + self.workers

    def __sub__(self, other: Cpu) -> Cpu:
        return Cpu(self.main - other.main, self.workers - other.workers)

    def __add__(self, other: Cpu) -> Cpu:
        return Cpu(self.main + other.main, self.workers + other.workers)


@dataclass(frozen=True)
class Stat:
    ppid: int
    own: float  # seconds of CPU, user and system
    reaped: float  # of its children that exited and were waited for


def _stat(pid: int) -> Stat | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    own = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    return Stat(int(fields[1]), own, (int(fields[13]) + int(fields[14])) / CLOCK_TICKS)


def _all_stats() -> dict[int, Stat]:
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None:
                found[int(entry.name)] = stat
    return found


@dataclass
class LogLine:
    at: float  # time.monotonic() when the harness read it
    text: str


@dataclass
class BotProcess:
    """One run of `python -m bot`; start again with a new instance on the same database."""

    env: dict[str, str]
    cwd: Path
    log_path: Path
    module: str = "bot"  # `bench.null_bot` for the floor benchmark
    started_at: float = 0.0
    lines: list[LogLine] = field(default_factory=list)
    _proc: asyncio.subprocess.Process | None = None
    _reader: asyncio.Task[None] | None = None

    @property
    def pid(self) -> int:
        assert self._proc is not None
        return self._proc.pid

    async def start(self) -> None:
        self.started_at = time.monotonic()
        self._proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            self.module,
            cwd=self.cwd,  # no .env of the developer's is read from here
            env=self.env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,  # the log goes to stderr
        )
        self._reader = asyncio.create_task(self._read(), name="bot-log")

    async def _read(self) -> None:
        assert self._proc is not None and self._proc.stdout is not None
        with self.log_path.open("a", encoding="utf-8") as log:
            while True:
                raw = await self._proc.stdout.readline()
                if not raw:
                    return
                text = ANSI.sub("", raw.decode("utf-8", "replace").rstrip("\n"))
                self.lines.append(LogLine(time.monotonic(), text))
                log.write(text + "\n")

    def running(self) -> bool:
        return self._proc is not None and self._proc.returncode is None

    async def kill(self) -> None:
        """A crash, not a shutdown: SIGKILL, so only what was committed survives."""
        await self._end(signal.SIGKILL)

    async def stop(self) -> None:
        await self._end(signal.SIGINT)

    async def _end(self, how: signal.Signals) -> None:
        if self._proc is None:
            return
        if self._proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self._proc.send_signal(how)
            try:
                await asyncio.wait_for(self._proc.wait(), 10)
            except TimeoutError:
                self._proc.kill()
                await self._proc.wait()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                await asyncio.wait_for(self._reader, 5)

    def rss_kb(self) -> int:
        """Resident memory in KiB (VmRSS), 0 once the process is gone."""
        try:
            status = Path(f"/proc/{self.pid}/status").read_text()
        except OSError:
            return 0
        match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
        return int(match.group(1)) if match else 0

    def cpu_seconds(self) -> float:
        """User plus system CPU time the process itself has used so far."""
        found = _stat(self.pid)
        return 0.0 if found is None else found.own

    def tree_cpu(self) -> Cpu:
        """CPU time so far of the process and of its workers (the picture and
        computer-player processes, bot.kit.processes): every live descendant, and
        the children it has reaped. A difference of two is what the whole bot
        used in between, a worker replaced meanwhile included."""
        stats = _all_stats()
        me = stats.get(self.pid)
        if me is None:
            return Cpu(0.0, 0.0)
        children: dict[int, list[int]] = {}
        for pid, stat in stats.items():
            children.setdefault(stat.ppid, []).append(pid)
        workers, todo = 0.0, list(children.get(self.pid, []))
        while todo:
            pid = todo.pop()
            workers += stats[pid].own + stats[pid].reaped
            todo += children.get(pid, [])
        # What exited and was reaped was a worker: counted with the workers.
        return Cpu(me.own, workers + me.reaped)

    def count(self, pattern: str, since: float = 0.0) -> int:
        return sum(1 for line in self.lines if line.at >= since and pattern in line.text)

    def resumed(self) -> list[LogLine]:
        return [line for line in self.lines if RESUMED.search(line.text)]
