"""A bot that only answers, for `bench.floor`: every interaction gets the same
private message (read from the JSON file `$FLOOR_ANSWER`: content, embeds and
component rows, as a hand of the real bot looks), with a picture of as many
bytes as its token says (`bench.beside`: as the bot's answer it mirrors
uploaded; none by default), built through discord.py as
the real bot builds its answers (its view stopped, so discord.py does not
keep it), with no game, database or table behind it. With
`FLOOR_COMMANDS=1` the typed `/mammamia` commands reach it through
discord.py's command tree, as they reach the real bot. With `SHARD_IDS=i`
and `SHARD_COUNT=n` it runs shard i of n only (bench.beside).

    DISCORD_TOKEN=… DISCORD_API_BASE=… DISCORD_GATEWAY_URL=… FLOOR_ANSWER=answer.json \\
        python -m bench.null_bot
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import json
import os
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bench.loopback import PICTURE_MARK
from bot.__main__ import tune_interpreter
from bot.app.config import apply_endpoint_overrides, load_config
from bot.kit.limits import TYPED

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
    """With `commands`, typed commands are answered as a discord.py bot
    answers them, through its command tree: `/mammamia hand`, `play` and
    `pass`, their options as the real bot declares them (their ranges and
    choices parsed, in discord.py's way), each answered with the hand."""

    def __init__(
        self, answer: dict[str, Any], commands: bool = False, shard: tuple[int, int] | None = None
    ) -> None:
        shard_id, shard_count = shard if shard is not None else (None, None)
        super().__init__(
            intents=discord.Intents(guilds=True), shard_id=shard_id, shard_count=shard_count
        )
        self.answer = answer
        self.tree: app_commands.CommandTree[NullBot] | None = None
        if commands:
            self.tree = app_commands.CommandTree(self)
            self.tree.add_command(typed_commands(self.send_answer))

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if (
            self.tree is not None
            and interaction.type == discord.InteractionType.application_command
        ):
            return  # the tree answers it
        await self.send_answer(interaction)

    async def send_answer(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None)
        for row, components in enumerate(self.answer.get("components") or []):
            for component in components["components"]:
                view.add_item(item(component, row))
        # Stopped, as the real bot sends its views (bot.kit.reply): a running view
        # would be registered by discord.py, with a 15-minute timeout task
        # for each answer, a cost no real answer of the bot's has.
        view.stop()
        embeds = [discord.Embed.from_dict(e) for e in self.answer.get("embeds") or []]
        files = []
        size = picture_size(interaction.token)
        picture = self.answer.get("picture")
        if size and picture is not None:  # the bot's answer uploaded a picture this size
            name = picture["filename"]
            files.append(
                discord.File(
                    io.BytesIO(blank(size)), filename=name, description=picture["description"]
                )
            )
            if embeds:
                embeds[0].set_image(url=f"attachment://{name}")
        await interaction.response.send_message(
            self.answer.get("content") or None,
            embeds=embeds,
            view=view,
            files=files,
            ephemeral=True,
        )


@functools.lru_cache(maxsize=1024)
def blank(size: int) -> bytes:
    """`size` bytes standing for a picture (the bot's come ready from its worker)."""
    return bytes(size)


def picture_size(token: str) -> int:
    """The bytes of picture to upload in answer to the interaction of `token`
    (bench.beside marks it, bench.loopback.PICTURE)."""
    _, marked, size = token.rpartition(PICTURE_MARK)
    return int(size) if marked else 0


def typed_commands(
    answer: Callable[[discord.Interaction[Any]], Awaitable[None]],
) -> app_commands.Group:
    """`/mammamia hand`, `play` and `pass` with the real bot's options
    (bot.games.mammamia.commands), each answered by `answer`."""
    group = app_commands.Group(name="mammamia", description="Mamma Mia!")
    draws = [app_commands.Choice(name=v, value=v) for v in ("supply", "orders")]

    @group.command(name="hand", description="hand")
    async def hand(interaction: discord.Interaction[Any]) -> None:
        await answer(interaction)

    @group.command(name="play", description="play")
    @app_commands.choices(draw=draws)
    async def play(
        interaction: discord.Interaction[Any],
        ingredient: app_commands.Range[str, 1, TYPED],
        count: app_commands.Range[int, 1, 15],
        draw: str,
        order: app_commands.Range[str, 1, TYPED] | None = None,
    ) -> None:
        await answer(interaction)

    @group.command(name="pass", description="pass")
    @app_commands.choices(draw=draws)
    async def pass_(interaction: discord.Interaction[Any], draw: str) -> None:
        await answer(interaction)

    return group


def main() -> int:
    config = load_config()
    apply_endpoint_overrides(config)
    with open(os.environ["FLOOR_ANSWER"], encoding="utf-8") as file:
        answer = json.load(file)
    tune_interpreter()  # as the bot: the floor is fair
    discord.utils.setup_logging(level=config.log_level, root=True)
    with contextlib.suppress(KeyboardInterrupt):  # how the benchmark stops it
        commands = os.environ.get("FLOOR_COMMANDS") == "1"
        # One shard of its own beside the real bot's (bench.beside), or all of them.
        shard = None
        if os.environ.get("SHARD_COUNT"):
            shard = (int(os.environ["SHARD_IDS"]), int(os.environ["SHARD_COUNT"]))
        asyncio.run(NullBot(answer, commands, shard).start(config.token))
    return 0


if __name__ == "__main__":
    sys.exit(main())
