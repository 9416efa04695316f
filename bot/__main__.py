"""`python -m bot`: run the bot until interrupted."""

from __future__ import annotations

import asyncio
import gc
import logging
import sys

import aiohttp
import discord

from bot.app.client import create_bot
from bot.app.config import Config, ConfigError, apply_endpoint_overrides, load_config
from bot.i18n import t

# A configuration problem exits with 2, like a command-line usage error.
EXIT_CONFIG = 2
EXIT_UNREACHABLE = 1

log = logging.getLogger("bot")


async def run(config: Config) -> None:
    async with create_bot(config) as bot:
        await bot.start(config.token)


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


def main() -> int:
    try:
        config = load_config()
    except ConfigError as error:
        # The message says what to do; a traceback would only hide it.
        print(error, file=sys.stderr)
        return EXIT_CONFIG

    discord.utils.setup_logging(level=config.log_level, root=True)
    apply_endpoint_overrides(config)
    log.info("Starting with %r", config)
    tune_interpreter()
    try:
        asyncio.run(run(config))
    except discord.LoginFailure:
        print(t("config.bad_token"), file=sys.stderr)
        return EXIT_CONFIG
    except (aiohttp.ClientError, OSError) as error:
        # No network, or Discord unreachable: one line that says what to do.
        url = discord.http.Route.BASE
        print(t("config.unreachable", url=url, reason=error), file=sys.stderr)
        return EXIT_UNREACHABLE
    except KeyboardInterrupt:
        log.info("Stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
