"""The `/pizzaisland` command group: thin adapters to the host and the game's controls.

Every command string is a message id (`L_`); the English is the catalog's, and
the bot's translator gives Discord the other languages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.components import guarded, reply
from bot.games.pizzaisland.controls import decision, take_or_stop
from bot.i18n import N_
from bot.i18n.translator import L_
from bot.service import seat_for

from . import host
from .common import game_here


class PizzaIslandCommands(
    host.HostCommands,
    group_name="pizzaisland",
    group_description=L_("command.pizzaisland.description"),
):
    """Pizza Island's own commands, beside the host's."""

    game = "pizza-island"
    # A match (first to two wins, or three games on points), and cards taken, not dealt.
    reworded: ClassVar[Mapping[str, str]] = {
        N_("command.join.description"): N_("command.pizzaisland.join.description"),
        N_("command.leave.description"): N_("command.pizzaisland.leave.description"),
        N_("command.start.description"): N_("command.pizzaisland.start.description"),
        N_("command.rules.description"): N_("command.pizzaisland.rules.description"),
        N_("command.export.description"): N_("command.pizzaisland.export.description"),
        N_("command.notify.description"): N_("command.pizzaisland.notify.description"),
        N_("command.end.description"): N_("command.pizzaisland.end.description"),
    }

    @app_commands.command(
        name=L_("command.pizzaisland.new.name"),
        description=L_("command.pizzaisland.new.description"),
        extras={"answer": "public"},
    )
    @app_commands.rename(
        level=L_("command.param.level.name"),
        scoring=L_("command.param.scoring.name"),
    )
    @app_commands.describe(
        level=L_("command.param.level.description"),
        scoring=L_("command.param.scoring.description"),
    )
    @host.lobby_options
    async def new(
        self,
        interaction: discord.Interaction[Any],
        level: Literal["easy", "normal", "advanced"] = "normal",
        scoring: Literal["wins", "points"] = "wins",
        turn_timer: Literal["off", "1m", "2m", "5m", "1h", "24h"] | None = None,
        language: host.Language | None = None,
    ) -> None:
        work = host.new(
            interaction, self.game, language, level=level, scoring=scoring, turn_timer=turn_timer
        )
        await guarded(interaction, work)

    @app_commands.command(
        name=L_("command.pizzaisland.take.name"),
        description=L_("command.pizzaisland.take.description"),
    )
    @app_commands.rename(source=L_("command.param.source.name"))
    @app_commands.describe(source=L_("command.param.source.description"))
    async def take(self, interaction: discord.Interaction[Any], source: str = "deck") -> None:
        await guarded(interaction, take_or_stop(interaction, source))

    @app_commands.command(
        name=L_("command.pizzaisland.stop.name"),
        description=L_("command.pizzaisland.stop.description"),
    )
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, take_or_stop(interaction, None))

    @app_commands.command(
        name=L_("command.pizzaisland.decide.name"),
        description=L_("command.pizzaisland.decide.description"),
    )
    async def decide(self, interaction: discord.Interaction[Any]) -> None:
        async def show() -> None:
            live = await game_here(interaction)
            await reply(interaction, decision(live, seat_for(live, interaction.user.id)))

        await guarded(interaction, show())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PizzaIslandCommands())
