"""The bot's load benchmark: N live games on the loopback Discord, one real bot process.

    python -m bench.bot_load --games 200 --seconds 60 [--database sqlite|postgresql://…]

Starts the loopback Discord (fakediscord/) on 127.0.0.1, starts `python -m
bot` against it on a fresh database, opens N classic games in N channels (4
seats: humans, and computer seats if --humans is below 4), lets the players
act every 1–3 s for --seconds, then kills the bot and starts it again to time
how fast the stored games come back. Prints a table and a JSON summary:
acknowledgement latency of every interaction (p50/p90/p99, late > 3 s, never
answered), the bot's REST calls per applied action (besides interaction
responses), publish lag (ack → the channel's next public update), resident
memory per idle game, bot CPU, and the restart timings. Loopback only; every
phase has a time limit.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .botproc import BotProcess
from .loopback import LoadDiscord
from .metrics import Metrics, latency_summary, ms, percentile
from .players import Table

INTERACTION_ROUTES = ("POST /interactions/", "/webhooks/")


@dataclass(frozen=True)
class Options:
    games: int = 50
    seconds: float = 60.0
    database: str = "sqlite"
    humans: int = 4
    reveal_speed: str = "normal"
    restart: bool = True
    profile: Path | None = None
    profile_seconds: float = 20.0
    setup_concurrency: int = 8
    seed: int = 1
    workdir: Path | None = None
    think: tuple[float, float] = (1.0, 3.0)
    quiet: bool = False
    bot_root: Path | None = None  # another checkout's bot, for a before/after comparison
    pictures: bool = True


def parse(argv: list[str] | None = None) -> tuple[Options, Path | None]:
    p = argparse.ArgumentParser(prog="python -m bench.bot_load", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=50, help="live games, one per channel")
    p.add_argument("--seconds", type=float, default=60.0, help="length of the play phase")
    p.add_argument("--database", default="sqlite", help="sqlite, or a postgresql:// URL")
    p.add_argument("--humans", type=int, default=4, choices=range(1, 5), help="per game, of 4")
    p.add_argument("--reveal-speed", default="normal", choices=("slow", "normal", "fast"))
    p.add_argument("--no-restart", action="store_true", help="skip the restart test")
    p.add_argument("--profile", type=Path, help="py-spy speedscope profile of the bot in play")
    p.add_argument("--profile-seconds", type=float, default=20.0)
    p.add_argument("--setup-concurrency", type=int, default=8)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workdir", type=Path, help="keep the database and bot log here")
    p.add_argument("--json", type=Path, help="also write the JSON summary to this file")
    p.add_argument("--bot-root", type=Path, help="run the bot of this checkout instead")
    p.add_argument("--pictures", default="on", choices=("on", "off"), help="the server's setting")
    a = p.parse_args(argv)
    options = Options(
        games=a.games,
        seconds=a.seconds,
        database=a.database,
        humans=a.humans,
        reveal_speed=a.reveal_speed,
        restart=not a.no_restart,
        profile=a.profile,
        profile_seconds=a.profile_seconds,
        setup_concurrency=a.setup_concurrency,
        seed=a.seed,
        workdir=a.workdir,
        bot_root=a.bot_root,
        pictures=a.pictures == "on",
    )
    return options, a.json


class Run:
    def __init__(self, options: Options, workdir: Path) -> None:
        self.o = options
        self.workdir = workdir
        self.server = LoadDiscord()
        self.metrics = Metrics()
        self.rng = random.Random(options.seed)
        self.tables: list[Table] = []
        self.loop_lags: list[float] = []
        self.summary: dict[str, Any] = {}
        self.bot: BotProcess | None = None

    def log(self, text: str) -> None:
        if not self.o.quiet:
            print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)

    # --- the bot process ---------------------------------------------------------------

    def bot_env(self) -> dict[str, str]:
        env = {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(self.o.bot_root or Path(__file__).resolve().parents[1]),
            "DISCORD_TOKEN": self.server.token,
            "DEV_GUILD_ID": str(self.server.guild.id),
            "DISCORD_API_BASE": self.server.api_base,
            "DISCORD_GATEWAY_URL": self.server.gateway_url,
            "LOG_LEVEL": "INFO",
        }
        if self.o.database == "sqlite":
            env["DATABASE_PATH"] = str(self.workdir / "games.sqlite3")
        else:
            env["DATABASE_URL"] = self.o.database
        return env

    async def start_bot(self, timeout: float = 120.0) -> BotProcess:
        """Start the bot; returns once it is connected and its commands are synced."""
        old = self.server.active_session
        bot = BotProcess(self.bot_env(), self.workdir, self.workdir / "bot.log")
        await bot.start()
        self.bot = bot
        deadline = time.monotonic() + timeout
        while True:
            session = self.server.active_session
            if session is not None and session is not old and self.server.guild_commands:
                return bot
            if not bot.running():
                raise RuntimeError(f"the bot exited at start-up; see {bot.log_path}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"the bot was not connected after {timeout:g} s")
            await asyncio.sleep(0.005)

    async def quiet(self, calm: float = 1.0, limit: float = 30.0) -> float:
        """Wait until the bot made no REST call for `calm` seconds; returns the wait."""
        start = time.monotonic()
        calls = self.server.calls.calls
        while time.monotonic() - start < limit:
            last = calls[-1][0] if calls else 0.0
            if time.monotonic() - last >= calm:
                break
            await asyncio.sleep(0.1)
        return time.monotonic() - start

    # --- the harness's own health ---------------------------------------------------------

    async def watch_loop(self) -> None:
        """How late this process's event loop runs: if it is late, so are the figures."""
        while True:
            before = time.monotonic()
            await asyncio.sleep(0.05)
            self.loop_lags.append(time.monotonic() - before - 0.05)
            self.server.forget_old()

    # --- phases --------------------------------------------------------------------------

    def make_tables(self) -> None:
        computers = 4 - self.o.humans
        for g in range(self.o.games):
            channel = self.server.add_channel(f"game-{g:04d}")
            users = [self.server.add_user(f"G{g:04d}S{s}") for s in range(self.o.humans)]
            rng = random.Random(self.rng.random())
            self.tables.append(
                Table(
                    self.server,
                    channel,
                    users,
                    computers,
                    self.metrics,
                    rng,
                    self.o.reveal_speed,
                    self.o.think,
                )
            )

    async def setup(self) -> dict[str, Any]:
        gate = asyncio.Semaphore(self.o.setup_concurrency)
        start = time.monotonic()

        async def open_one(table: Table) -> bool:
            async with gate:
                return await table.open()

        opened = await asyncio.gather(*(open_one(t) for t in self.tables))
        return {
            "seconds": round(time.monotonic() - start, 1),
            "opened": sum(opened),
            "interactions": latency_summary(self.metrics.of_phase("setup")),
        }

    async def play(self) -> dict[str, Any]:
        assert self.bot is not None
        bot, server = self.bot, self.server
        start = time.monotonic()
        until = start + self.o.seconds
        versions_before = {t.channel.id: t.shown.version for t in self.tables}
        games_before = sum(t.games for t in self.tables)
        cpu_before, load_before = bot.cpu_seconds(), os.getloadavg()
        own_before = time.process_time()
        lags_before = len(self.loop_lags)
        profiler = None
        if self.o.profile is not None:
            profiler = asyncio.create_task(self.profile(min(5.0, self.o.seconds / 4)))
        await asyncio.gather(*(t.play(until) for t in self.tables))
        end = time.monotonic()
        if profiler is not None:
            await profiler
        elapsed = end - start
        applied = 0
        for t in self.tables:
            # A finished game's moves count up to its last shown version; a new game from 0.
            before = versions_before[t.channel.id] if t.games == 1 else 0
            applied += max(0, t.shown.version - before)
        calls = server.calls.between(start, end)
        own = {r: n for r, n in calls.items() if not r.startswith(INTERACTION_ROUTES)}
        own_total = sum(own.values())
        lags = [lag for t in self.tables for lag in t.shown.lags]
        samples = self.metrics.of_phase("play")
        loop = self.loop_lags[lags_before:]
        return {
            "seconds": round(elapsed, 1),
            "load_average_before": [round(x, 2) for x in load_before],
            "load_average_after": [round(x, 2) for x in os.getloadavg()],
            "interactions": latency_summary(samples),
            "interactions_per_second": round(len(samples) / elapsed, 1),
            "by_kind": self.metrics.by_kind("play"),
            "applied_actions": applied,
            "actions_per_second": round(applied / elapsed, 1),
            "games_started_in_play": sum(t.games for t in self.tables) - games_before,
            "rest_calls": own_total,
            "rest_calls_per_action": round(own_total / applied, 2) if applied else None,
            "rest_by_route": dict(Counter(own).most_common()),
            "interaction_calls": sum(calls.values()) - own_total,
            "publish_lag": {
                "count": len(lags),
                "p50_ms": ms(percentile(lags, 50)),
                "p99_ms": ms(percentile(lags, 99)),
                "max_ms": ms(max(lags)) if lags else None,
            },
            "bot_cpu_percent": round(100 * (bot.cpu_seconds() - cpu_before) / elapsed),
            "harness_cpu_percent": round(100 * (time.process_time() - own_before) / elapsed),
            "harness_loop_lag_p99_ms": ms(percentile(loop, 99)),
            "stuck_players": self.metrics.stuck,
            "harness_faults": dict(self.metrics.harness_errors),
            "rules_broken": dict(server.rule_counts),
            "bot_log": {
                "errors": bot.count(" ERROR ", start),
                "warnings": bot.count(" WARNING ", start),
                "tracebacks": bot.count("Traceback", start),
            },
        }

    async def profile(self, delay: float) -> None:
        """py-spy on the running bot, in the middle of the play phase."""
        assert self.bot is not None and self.o.profile is not None
        await asyncio.sleep(delay)
        py_spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
        seconds = int(max(1, min(self.o.profile_seconds, self.o.seconds - delay - 1)))
        # --gil: only the thread holding the interpreter, i.e. where the CPU
        # that answers interactions goes (idle threads would swamp the rest).
        args = ["record", "--gil", "-d", str(seconds), "-r", "100", "-p", str(self.bot.pid)]
        args += ["-o", str(self.o.profile), "--format", "speedscope"]
        proc = await asyncio.create_subprocess_exec(
            py_spy, *args, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE
        )
        _, err = await proc.communicate()
        if proc.returncode != 0:
            self.log(f"py-spy failed: {err.decode(errors='replace').strip()[-300:]}")
        else:
            self.log(f"profile written to {self.o.profile}")

    async def restart(self) -> dict[str, Any]:
        """Kill the bot (SIGKILL: a crash) and start it again on the same database."""
        assert self.bot is not None
        running = [t for t in self.tables if t.shown.version >= 0 and not t.shown.over]
        await self.bot.kill()
        load = os.getloadavg()
        spawn = time.monotonic()
        for t in self.tables:
            t.shown.first_update_after, t.shown.first_update = spawn, None
        bot = await self.start_bot()
        connected = time.monotonic()
        probes = self.rng.sample(running, min(20, len(running)))
        for t in probes:
            t.phase = "restart"
        answered = await asyncio.gather(*(t.peek() for t in probes))
        answer_times = [
            r.dispatched_at + r.response.elapsed - spawn
            for r in answered
            if r is not None and r.response is not None
        ]
        # A table that already shows where its game stands need not be edited:
        # wait for the bot to be done publishing, not for every table.
        await self.quiet(limit=60)
        updated = [t.shown.first_update - spawn for t in running if t.shown.first_update]
        resumed = bot.resumed()
        calls = self.server.calls.between(spawn, time.monotonic())
        own = {r: n for r, n in calls.items() if not r.startswith(INTERACTION_ROUTES)}
        return {
            "load_average": [round(x, 2) for x in load],
            "stored_running_games": len(running),
            "resumed_log_lines": len(resumed),
            "all_resumed_s": round(max(x.at for x in resumed) - spawn, 2) if resumed else None,
            "connected_s": round(connected - spawn, 2),
            "first_interactions_answered_s": round(max(answer_times), 2) if answer_times else None,
            "probes_answered": f"{len(answer_times)}/{len(probes)}",
            "tables_updated": len(updated),
            "all_tables_updated_s": round(max(updated), 2) if updated else None,
            "rest_calls": dict(Counter(own).most_common()),
            "rss_after_restart_kb": bot.rss_kb(),
        }

    async def run(self) -> dict[str, Any]:
        self.make_tables()
        await self.server.start()
        watcher = asyncio.create_task(self.watch_loop())
        try:
            return await self._run()
        finally:
            watcher.cancel()
            if self.bot is not None:
                await self.bot.stop()
            await self.server.stop()

    async def _run(self) -> dict[str, Any]:
        o = self.o
        s: dict[str, Any] = {
            "games": o.games,
            "humans_per_game": o.humans,
            "database": o.database.split("@")[-1],
            "cpus": os.cpu_count(),
        }
        self.summary = s
        self.log(f"starting the bot ({o.games} channels on the loopback Discord)")
        bot = await self.start_bot()
        await self.quiet(0.5)
        rss_empty = bot.rss_kb()
        if not o.pictures:
            admin, channel = self.tables[0].users[0], self.tables[0].channel
            await self.server.slash(
                admin, channel, "mammamia", "settings", options={"pictures": "off"}
            )
        self.log(f"opening {o.games} games")
        s["setup"] = await self.setup()
        await self.quiet()
        rss_idle = bot.rss_kb()
        s["memory"] = {
            "rss_empty_kb": rss_empty,
            "rss_idle_games_kb": rss_idle,
            "per_idle_game_kb": round((rss_idle - rss_empty) / max(1, o.games), 1),
        }
        self.log(f"{s['setup']['opened']} games open; playing for {o.seconds:g} s")
        s["play"] = await self.play()
        s["memory"]["rss_after_play_kb"] = bot.rss_kb()
        s["memory"]["after_play_calm_s"] = round(await self.quiet(), 1)
        s["memory"]["rss_after_play_calm_kb"] = bot.rss_kb()
        if o.restart:
            self.log("killing the bot and starting it again")
            s["restart"] = await self.restart()
            resumed_rss = s["restart"]["rss_after_restart_kb"]
            s["memory"]["per_resumed_game_kb"] = round(
                (resumed_rss - rss_empty) / max(1, s["restart"]["stored_running_games"]), 1
            )
        s["rules_broken_examples"] = [str(v) for v in self.server.violations[:5]]
        s["bot_log_path"] = str(self.workdir / "bot.log")
        return s


def _ms(value: float | None) -> str:
    return "unanswered" if value is None else f"{value:g}"


def report(s: dict[str, Any]) -> str:
    """The human table; a percentile that falls on an unanswered interaction says so."""
    play, memory = s["play"], s["memory"]
    i = play["interactions"]
    lag = play["publish_lag"]
    rows = [
        ("games (humans per game)", f"{s['games']} ({s['humans_per_game']})"),
        (
            "load average before → after play",
            f"{play['load_average_before'][0]} → "
            f"{play['load_average_after'][0]} ({s['cpus']} cores, machine shared)",
        ),
        ("interactions (per s)", f"{i['count']} ({play['interactions_per_second']})"),
        (
            "ack p50 / p90 / p99 / max ms",
            " / ".join(_ms(i[k]) for k in ("p50_ms", "p90_ms", "p99_ms", "max_ms")),
        ),
        ("late (>3 s) / never answered", f"{i['late']} / {i['never']}"),
        ("applied actions (per s)", f"{play['applied_actions']} ({play['actions_per_second']})"),
        ("REST calls per action", f"{play['rest_calls_per_action']}"),
        ("publish lag p50 / p99 ms", f"{lag['p50_ms']} / {lag['p99_ms']}"),
        ("bot CPU / harness CPU %", f"{play['bot_cpu_percent']} / {play['harness_cpu_percent']}"),
        ("harness loop lag p99 ms", f"{play['harness_loop_lag_p99_ms']}"),
        ("RSS empty → idle games KB", f"{memory['rss_empty_kb']} → {memory['rss_idle_games_kb']}"),
        ("RSS per idle game KB", f"{memory['per_idle_game_kb']}"),
        ("RSS after play KB", f"{memory['rss_after_play_kb']}"),
        (
            "bot log errors / tracebacks",
            f"{play['bot_log']['errors']} / {play['bot_log']['tracebacks']}",
        ),
    ]
    if "restart" in s:
        r = s["restart"]
        rows += [
            (
                "restart: games resumed (log) in s",
                f"{r['resumed_log_lines']} in {r['all_resumed_s']}",
            ),
            (
                "restart: connected / 1st answers s",
                f"{r['connected_s']} / {r['first_interactions_answered_s']}",
            ),
            (
                "restart: tables updated in s",
                f"{r['tables_updated']} in {r['all_tables_updated_s']}",
            ),
            ("RSS per resumed game KB", f"{memory.get('per_resumed_game_kb')}"),
        ]
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name:<{width}}  {value}" for name, value in rows)


async def main_async(options: Options) -> dict[str, Any]:
    if options.workdir is not None:
        options.workdir.mkdir(parents=True, exist_ok=True)
        return await Run(options, options.workdir).run()
    with tempfile.TemporaryDirectory(prefix="bot-load-") as tmp:
        return await Run(options, Path(tmp)).run()


def main(argv: list[str] | None = None) -> int:
    options, json_path = parse(argv)
    summary = asyncio.run(main_async(options))
    text = json.dumps(summary, indent=2)
    print(text)
    print(report(summary))
    if json_path is not None:
        json_path.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
