"""`python -m bot` at test tempo, for tests that run the bot as a real process
(`python tests/support/quickbot.py`, configured by the same environment).

The same entry point (`bot.__main__.main`), configuration (sharded or not),
database and Discord traffic; only the narration's pace and the computers'
thinking time are nothing, so that a whole game fits in a test.
"""

from __future__ import annotations

import os
import sys
import types
from typing import Any

from bot import __main__ as entry
from bot.app import client
from bot.app.config import Config
from bot.flow import service

NO_PAUSE = 0.0


def create_quick_bot(config: Config, **options: Any) -> client.GameBot:
    # QUICKBOT_PACE: seconds a narration step takes (a reveal a test can stop half-way).
    pace = float(os.environ.get("QUICKBOT_PACE", NO_PAUSE))
    return client.create_bot(config, narration_pace=pace, computer_pause=0.0)


if __name__ == "__main__":
    entry.create_bot = create_quick_bot
    if seed := os.environ.get("QUICKBOT_DEAL_SEED"):  # every deal from this seed
        service.secrets = types.SimpleNamespace(randbits=lambda bits: int(seed))  # type: ignore[attr-defined]
    sys.exit(entry.main())
