"""A bot that only answers, for `bench.floor`: every interaction gets the same
private message (read from the JSON file `$FLOOR_ANSWER`: content, embeds and
component rows, as a hand of the real bot looks), built through discord.py as
the real bot builds its answers (its view stopped, so discord.py does not
keep it), with no game, database or table behind it.

    DISCORD_TOKEN=… DISCORD_API_BASE=… DISCORD_GATEWAY_URL=… FLOOR_ANSWER=answer.json \\
        python -m bench.null_bot
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from typing import Any

import discord

from bot.__main__ import tune_interpreter
from bot.app.config import apply_endpoint_overrides, load_config

BUTTON, SELECT = 2, 3


def item(data: dict[str, Any], row: int) -> discord.ui.Item[discord.ui.View]:
    """One component of the answer as the real bot makes it: a ui item."""
    if data["type"] == BUTTON:
        emoji = data.get("emoji")
        return discord.ui.Button(
            style=discord.ButtonStyle(data.get("style", 2)),
            label=data.get("label"),
            custom_id=data.get("custom_id"),
            url=data.get("url"),
            disabled=data.get("disabled", False),
            emoji=discord.PartialEmoji.from_dict(emoji) if emoji else None,
            row=row,
        )
    options = [
        discord.SelectOption(
            label=o["label"],
            value=o["value"],
            description=o.get("description"),
            default=o.get("default", False),
        )
        for o in data.get("options", [])
    ]
    return discord.ui.Select(
        custom_id=data["custom_id"],
        placeholder=data.get("placeholder"),
        options=options,
        min_values=data.get("min_values", 1),
        max_values=data.get("max_values", 1),
        row=row,
    )


class NullBot(discord.Client):
    def __init__(self, answer: dict[str, Any]) -> None:
        super().__init__(intents=discord.Intents(guilds=True))
        self.answer = answer

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None)
        for row, components in enumerate(self.answer.get("components") or []):
            for component in components["components"]:
                view.add_item(item(component, row))
        # Stopped, as the real bot sends its views (bot.kit.reply): a running view
        # would be registered by discord.py, with a 15-minute timeout task
        # for each answer, a cost no real answer of the bot's has.
        view.stop()
        embeds = [discord.Embed.from_dict(e) for e in self.answer.get("embeds") or []]
        await interaction.response.send_message(
            self.answer.get("content") or None, embeds=embeds, view=view, ephemeral=True
        )


def main() -> int:
    config = load_config()
    apply_endpoint_overrides(config)
    with open(os.environ["FLOOR_ANSWER"], encoding="utf-8") as file:
        answer = json.load(file)
    tune_interpreter()  # as the bot: the floor is fair
    discord.utils.setup_logging(level=config.log_level, root=True)
    with contextlib.suppress(KeyboardInterrupt):  # how the benchmark stops it
        asyncio.run(NullBot(answer).start(config.token))
    return 0


if __name__ == "__main__":
    sys.exit(main())
