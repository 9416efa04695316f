"""The floor under `bench.bot_load`: what answering costs discord.py alone.

The real bot opens `--games` games on the loopback Discord and shows one
player's hand; then it stops, and `bench.null_bot` connects in its place: a
discord.py client that answers every click with that hand (rebuilt through
discord.py each time, pictures left out, its view stopped as the real bot's
are), with no game, database or table to publish. One player in each channel
presses the table's hand button again as soon as the last press is
answered, so the null bot runs flat out.

Its CPU time per answered interaction is a floor under any bot built on
discord.py on this machine; one core divided by it bounds the interactions
per second one process can answer, before doing any work of its own.
`bench.bot_load` measures it beside the play (`bench.beside`), and flat
out (or with `--floor-after`, paced) at the end of each run.

    python -m bench.floor --games 100 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .botproc import BotProcess
from .loopback import CUSTOM_ID, LoadDiscord
from .metrics import ms, percentile
from fakediscord.models import FakeGuild, FakeMessage

if TYPE_CHECKING:  # bench.bot_load imports this module (through bench.beside)
    from .bot_load import Run


def _has_hand_button(table: FakeMessage) -> bool:
    try:
        hand_button(table)
    except LookupError:
        return False
    return True


def hand_button(table: FakeMessage) -> str:
    """The custom id of the table's button that opens a hand."""
    for custom_id in table.custom_ids():
        match = CUSTOM_ID.match(custom_id)
        if match and match.group(3) == "hand":
            return custom_id
    raise LookupError("the table has no hand button")


def as_answered(message: FakeMessage) -> dict[str, Any]:
    """The answer as the null bot sends it: the hand's words and controls,
    and its picture's name and alt text (`picture`). The picture's bytes are
    not kept: the null bot uploads as many as the bot's answer it mirrors
    did (bench.beside), or none."""
    embeds = [
        {k: v for k, v in embed.items() if k not in ("image", "thumbnail")}
        for embed in message.embeds
    ]
    answer: dict[str, Any] = {
        "content": message.content,
        "embeds": embeds,
        "components": message.components,
    }
    if message.attachments:
        first = message.attachments[0]
        answer["picture"] = {"filename": first.filename, "description": first.description}
    return answer


#: An interaction's answer, as the loopback Discord counts its route.
ANSWER = "POST /interactions/{id}/{token}/callback"


async def capture_answer(run: Run) -> Path:
    """The largest hand of a running game, as the real bot answers it (its
    bots still running): the one whose turn it is, with its menus."""
    server = run.server
    for candidate in run.tables:
        table = candidate.shown.table
        if table is None or candidate.shown.over:
            continue
        hands = []
        for user in candidate.users:
            shown = await server.click(user, table, hand_button(table))
            if shown.message is not None:
                hands.append(json.dumps(as_answered(shown.message)))
        if hands:
            answer = run.workdir / "answer.json"
            answer.write_text(max(hands, key=len), encoding="utf-8")
            return answer
    raise LookupError("no running game shows a table")


def null_bot(
    run: Run, answer: Path, commands: bool, shard: tuple[int, int] | None = None
) -> BotProcess:
    """The null bot's process (not started): answering with `answer`, typed
    commands through its tree if `commands`, on `shard` (id, count) if given."""
    env = run.bot_env() | {"FLOOR_ANSWER": str(answer), "FLOOR_COMMANDS": "1" if commands else ""}
    # discord.py's cost, not the bot's: the null bot is this checkout's,
    # whichever bot the run measured (`--bot-root`).
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1])
    if shard is not None:
        env |= {"SHARD_IDS": str(shard[0]), "SHARD_COUNT": str(shard[1])}
    return BotProcess(env, run.workdir, run.workdir / "null_bot.log", module="bench.null_bot")


async def start_null_bot(
    run: Run, answer: Path, commands: bool, beside: tuple[FakeGuild, int, int] | None = None
) -> BotProcess:
    """The null bot, once connected: in the (stopped) real bot's place, or
    `beside` it, owning that guild as shard (id, count) of its own."""
    server: LoadDiscord = run.server
    null = null_bot(run, answer, commands, None if beside is None else beside[1:])
    old = server.active_session
    await null.start()

    def connected() -> bool:
        if beside is not None:
            return server.session_for(beside[0].id) is not None
        return server.active_session is not None and server.active_session is not old

    while not connected():
        if not null.running():
            raise RuntimeError(f"the null bot exited; see {null.log_path}")
        await asyncio.sleep(0.01)
    return null


def answering(
    answered: list[float], sent: int, cpu: float, took: float, asked: float | None
) -> dict[str, Any]:
    """The null bot's answers in `took` seconds: those in time (their
    latencies), all it `sent` (late ones cost it as much), its `cpu`
    seconds, and whether it kept the pace it was `asked` at (None: flat out)."""
    return {
        "answered": len(answered),
        "answered_per_second": round(len(answered) / took, 1),
        "answer_p50_ms": ms(percentile(answered, 50)),
        "answer_p99_ms": ms(percentile(answered, 99)),
        "answers_sent": sent,
        "sent_late": sent - len(answered),
        "null_bot_cpu_percent": round(100 * cpu / took),
        "null_bot_cpu_ms_per_interaction": round(1000 * cpu / max(1, sent), 3),
        "most_per_second_on_one_core": round(sent / cpu) if cpu else None,
        # Whether the null bot was asked as the bot was: at the play's pace
        # (9 in 10 of its presses answered in time, 2 in 100 late at most);
        # a harness or a null bot starved by the machine asks or answers
        # fewer, in bursts, and its figure is not the same answers' floor.
        "kept_pace": bool(
            asked
            and len(answered) >= KEPT_PACE * asked
            and sent - len(answered) <= LATE_AT_MOST * max(1, sent)
        ),
    }


#: A paced floor kept its pace if it answered this share of the rate asked
#: for in time, and no more than this share of its answers late.
KEPT_PACE, LATE_AT_MOST = 0.9, 0.02

#: What each typed command is sent with (the null bot answers any with the hand).
TYPED_OPTIONS: dict[str, dict[str, Any]] = {
    "hand": {},
    "play": {"ingredient": "salami", "count": 1, "draw": "supply"},
    "pass": {"draw": "supply"},
}


async def null_floor(
    run: Run,
    answer: Path,
    seconds: float,
    rate: float | None = None,
    typed: dict[str, int] | None = None,
) -> dict[str, Any]:
    """The null bot in the real bot's place (stopped), pressed flat out, or
    at `rate` interactions a second in all (each channel's presser starting
    a press every channels / `rate` seconds, or at once if the last answer
    came later): the pace the real bot was asked at in the run. With
    `typed` (how many of each `/mammamia` command the play sent: `hand`,
    `play`, `pass`), the presses are those commands in those shares,
    answered through discord.py's command tree, instead of the hand button."""
    server: LoadDiscord = run.server
    commands = [k for k in TYPED_OPTIONS if (typed or {}).get(k)]
    shares = [(typed or {})[k] for k in commands]
    rng = random.Random(45)
    null = await start_null_bot(run, answer, bool(typed))
    try:
        tables = [t for t in run.tables if t.shown.table is not None]
        if not commands:  # a game over shows no hand button: its channel is not pressed
            tables = [t for t in tables if t.shown.table and _has_hand_button(t.shown.table)]
        # Connected is not ready: the clock starts once it has answered one
        # of each press (its guilds read, its first answers' imports done).
        for name in commands or ["button"]:
            table = tables[0]
            shown = table.shown.table
            assert shown is not None
            for _ in range(50):
                if name == "button":
                    first = await server.click(table.users[0], shown, hand_button(shown))
                else:
                    first = await server.slash(
                        table.users[0], table.channel, "mammamia", name, options=TYPED_OPTIONS[name]
                    )
                if first.response is not None:
                    break
        elapsed: list[float] = []
        until = time.monotonic() + seconds

        period = len(tables) / rate if rate else 0.0

        async def press(table: Any, first: float) -> None:
            message: FakeMessage = table.shown.table
            custom_id = "" if commands else hand_button(message)
            due = first
            while time.monotonic() < until:
                if period:
                    now = time.monotonic()
                    if due > now:
                        await asyncio.sleep(due - now)
                    due = max(due + period, time.monotonic())
                if commands:
                    name = rng.choices(commands, shares)[0]
                    options = TYPED_OPTIONS[name]
                    user, channel = table.users[0], table.channel
                    result = await server.slash(user, channel, "mammamia", name, options=options)
                else:
                    result = await server.click(table.users[0], message, custom_id)
                if result.response is not None:
                    elapsed.append(result.response.elapsed)
                server.forget_old()

        start, load_before = time.monotonic(), os.getloadavg()
        cpu_before, own_before = null.cpu_seconds(), time.process_time()
        # Spread over one period, as the players' moves are spread in play.
        starts = [start + period * i / max(1, len(tables)) for i in range(len(tables))]
        await asyncio.gather(*(press(t, at) for t, at in zip(tables, starts, strict=True)))
        end = time.monotonic()
        took = end - start
        cpu = null.cpu_seconds() - cpu_before
        # Every answer the null bot sent, in time or late (Discord refuses
        # those after 3 s, but the null bot spent their CPU all the same):
        # counting only the ones in time made a loaded run's floor look dear.
        sent = sum(n for route, n in server.calls.between(start, end).items() if ANSWER in route)
        return {
            "channels": len(tables),
            "paced_per_second": round(rate, 1) if rate else None,
            "pressed": dict(zip(commands, shares, strict=True)) if commands else "hand button",
            "answer_bytes": answer.stat().st_size,
            "seconds": round(took, 1),
            "load_average_before_after": [round(load_before[0], 2), round(os.getloadavg()[0], 2)],
            "harness_cpu_percent": round(100 * (time.process_time() - own_before) / took),
            **answering(elapsed, sent, cpu, took, rate * took if rate else None),
        }
    finally:
        await null.stop()


async def measure(
    games: int,
    seconds: float,
    workdir: Path,
    rate: float | None = None,
    typed: dict[str, int] | None = None,
) -> dict[str, Any]:
    from .bot_load import Options, Run

    run = Run(Options(games=games, restart=False, quiet=True, floor_beside=False), workdir)
    run.make_tables()
    server = run.server
    await server.start()
    try:
        await run.start_bots()
        opened = (await run.setup())["opened"]
        await run.quiet(0.5)
        answer = await capture_answer(run)
        await run.stop_bots()
        floor = await null_floor(run, answer, seconds, rate, typed)
        return {"games_opened": opened, **floor}
    finally:
        await server.stop()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.floor", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=100, help="channels, each with one presser")
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--rate", type=float, help="interactions a second in all (default: flat out)")
    p.add_argument("--typed", action="store_true", help="typed /mammamia hand and play, half each")
    a = p.parse_args(argv)
    typed = {"hand": 1, "play": 1} if a.typed else None
    with tempfile.TemporaryDirectory(prefix="bench-floor-") as tmp:
        summary = asyncio.run(measure(a.games, a.seconds, Path(tmp), a.rate, typed))
    json.dump(summary, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
