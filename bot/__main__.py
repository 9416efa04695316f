"""`python -m bot` (the `mammamia-bot` command): run the bot until SIGTERM or
SIGINT, then stop cleanly (bot.app.client.GameBot.close) and exit 0.

    mammamia-bot              run the bot
    mammamia-bot health       ask the running bot's /health (METRICS_PORT); exit 0 or 1
    mammamia-bot backup FILE  a consistent copy of the SQLite database, while it runs
    mammamia-bot --version
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import signal
import sys
import urllib.error
import urllib.request
from importlib import metadata
from pathlib import Path

import aiohttp
import discord

from bot.app.client import create_bot
from bot.app.config import Config, ConfigError, apply_endpoint_overrides, load_config
from bot.i18n import t
from bot.kit import processes
from bot.storage import StorageError, sqlite
from bot.web.app import ClientNotBuilt

# A configuration problem exits with 2, like a command-line usage error.
EXIT_CONFIG = 2
EXIT_UNREACHABLE = 1
#: The signals that stop the bot cleanly: `docker stop` and `systemctl stop`
#: send SIGTERM, Ctrl+C SIGINT.
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)

log = logging.getLogger("bot")


async def run(config: Config) -> None:
    bot = create_bot(config)
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Future[None]] = []

    def stop(signum: int) -> None:
        name = signal.Signals(signum).name
        if bot.stopping:
            log.info("%s again: still stopping", name)
            return
        log.info("%s: stopping", name)
        stopping.append(asyncio.ensure_future(bot.close()))

    for signum in STOP_SIGNALS:
        loop.add_signal_handler(signum, stop, signum)
    try:
        async with bot:
            await bot.start(config.token)
    finally:
        for signum in STOP_SIGNALS:
            loop.remove_signal_handler(signum)
        # `start` returns once discord.py's part of the close is done: the
        # bot's own (the database last) is awaited, not left to be cancelled.
        await asyncio.gather(*stopping)
        await processes.stop_all()  # the picture and computer workers


#: Seconds a thread holds the interpreter before another may take it. The
#: event loop shares it with the database and drawing threads, and waits up to
#: this long each time it gets it back; Python's 5 ms made every answer queue.
SWITCH_INTERVAL = 0.0005

#: The cycle collector's thresholds (Python's are 700, 10, 10). A move makes
#: thousands of objects that outlive a young collection by a little (its
#: answers, views and events), and with Python's thresholds the collector
#: took 15 % of the bot's CPU at 200 games, a full collection (80-110 ms)
#: every few seconds; with these, 7 %. Objects in a cycle wait longer to go
#: (20 MB more at 200 games after 45 s of play).
GC_THRESHOLDS = (10_000, 20, 10)


def tune_interpreter() -> None:
    """The interpreter's settings for a busy event loop (the floor's null bot,
    bench.null_bot, runs with them too)."""
    sys.setswitchinterval(SWITCH_INTERVAL)
    gc.set_threshold(*GC_THRESHOLDS)
    # What the imports made (discord.py, the catalogs, every game's code) lives
    # as long as the process: kept out of every collection from now on.
    gc.freeze()


def setup_logging(level: int) -> None:
    """Log lines on stderr, coloured only on a terminal: discord.py would
    colour them in any Docker container, escape codes and all in its log."""
    handler = logging.StreamHandler()
    formatter = None
    if not handler.stream.isatty():
        formatter = logging.Formatter(
            "[{asctime}] [{levelname:<8}] {name}: {message}", "%Y-%m-%d %H:%M:%S", style="{"
        )
    if formatter is None:
        discord.utils.setup_logging(handler=handler, level=level, root=True)
    else:
        discord.utils.setup_logging(handler=handler, formatter=formatter, level=level, root=True)


def version() -> str:
    try:
        return metadata.version("mammamia-bot")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="mammamia-bot", description=t("cli.description"))
    parser.add_argument("--version", action="version", version=f"mammamia-bot {version()}")
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("health", help=t("cli.health"))
    backup = commands.add_parser("backup", help=t("cli.backup"))
    backup.add_argument("file", type=Path)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    options = arguments(argv)
    try:
        config = load_config()
    except ConfigError as error:
        # The message says what to do; a traceback would only hide it.
        print(error, file=sys.stderr)
        return EXIT_CONFIG
    if options.command == "health":
        return health(config)
    if options.command == "backup":
        return backup(config, options.file)

    setup_logging(config.log_level)
    apply_endpoint_overrides(config)
    log.info("Starting mammamia-bot %s with %r", version(), config)
    tune_interpreter()
    try:
        asyncio.run(run(config))
    except discord.LoginFailure:
        print(t("config.bad_token"), file=sys.stderr)
        return EXIT_CONFIG
    except (ClientNotBuilt, StorageError) as error:
        # The Activity's page not built; a database newer than this bot.
        print(error, file=sys.stderr)
        return EXIT_CONFIG
    except (aiohttp.ClientError, OSError) as error:
        # No network, or Discord unreachable: one line that says what to do.
        url = discord.http.Route.BASE
        print(t("config.unreachable", url=url, reason=error), file=sys.stderr)
        return EXIT_UNREACHABLE
    log.info("Stopped")
    return 0


def health(config: Config) -> int:
    """Ask the running bot's /health: 0 if it is well, 1 if not or not answering."""
    if config.metrics_port is None:
        print(t("cli.health_needs_port"), file=sys.stderr)
        return EXIT_CONFIG
    host = "127.0.0.1" if config.metrics_host in ("0.0.0.0", "::") else config.metrics_host
    url = f"http://{host}:{config.metrics_port}/health"
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            print(response.read().decode())
            return 0
    except urllib.error.HTTPError as error:
        print(error.read().decode(), file=sys.stderr)
    except OSError as error:
        print(json.dumps({"health": str(error)}), file=sys.stderr)
    return 1


def backup(config: Config, target: Path) -> int:
    """SQLite's online backup of the database, while the bot may be running."""
    if config.database_url is not None:
        print(t("cli.backup_postgres"), file=sys.stderr)
        return EXIT_CONFIG
    if not config.db_path.exists():
        print(t("cli.backup_no_database", path=config.db_path), file=sys.stderr)
        return EXIT_CONFIG
    sqlite.backup(config.db_path, target)
    print(t("cli.backup_done", path=target.resolve()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
