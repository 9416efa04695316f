"""`python -m bot` at test tempo, for tests that run the bot as a real process
(`python tests/support/quickbot.py`, configured by the same environment).

The same entry point (`bot.__main__.main`), configuration (sharded or not),
database and Discord traffic; only the narration's pace and the computers'
thinking time are nothing, so that a whole game fits in a test.

The bot is imported in `main`, not at the top: each worker process the bot
spawns (pictures, computer players) runs this file again as its own
`__mp_main__` (multiprocessing does so for a script, not for `python -m bot`),
and would otherwise import discord.py and the whole bot for nothing.
"""

from __future__ import annotations

import os
import sys
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.app.client import GameBot
    from bot.app.config import Config

NO_PAUSE = 0.0


def create_quick_bot(config: Config, **options: Any) -> GameBot:
    from bot.app import client

    # QUICKBOT_PACE: seconds a narration step takes (a reveal a test can stop half-way).
    pace = float(os.environ.get("QUICKBOT_PACE", NO_PAUSE))
    return client.create_bot(config, narration_pace=pace, computer_pause=0.0)


def main() -> int:
    from bot import __main__ as entry
    from bot.flow import service

    entry.create_bot = create_quick_bot
    if seed := os.environ.get("QUICKBOT_DEAL_SEED"):  # every deal from this seed
        service.secrets = types.SimpleNamespace(randbits=lambda bits: int(seed))  # type: ignore[attr-defined]
    return entry.main()


if __name__ == "__main__":
    sys.exit(main())
