"""Pizza Island's own commands (`/pizzaisland take`, `stop`, `decide`): thin
adapters to the game's controls.

Every command string is a message id (`L_`); the English is the catalog's, and
the bot's translator gives Discord the other languages.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.pizzaisland.controls import decision, take_or_stop
from bot.i18n.translator import L_
from bot.interactions.command_checks import RUNNING
from bot.interactions.components import channel_id, guarded, reply, service_of
from bot.kit.limits import TYPED
from bot.live.refusals import seat_for


class Commands(commands.Cog):
    """Pizza Island's own commands, beside those every game has (`cogs.games`
    makes the `/pizzaisland` group of both, and its `new`)."""

    @app_commands.command(
        name=L_("command.pizzaisland.take.name"),
        description=L_("command.pizzaisland.take.description"),
        extras={"needs": RUNNING},
    )
    @app_commands.rename(source=L_("command.param.source.name"))
    @app_commands.describe(source=L_("command.param.source.description"))
    async def take(
        self,
        interaction: discord.Interaction,
        source: app_commands.Range[str, 1, TYPED] = "deck",
    ) -> None:
        await guarded(interaction, take_or_stop(interaction, source))

    @app_commands.command(
        name=L_("command.pizzaisland.stop.name"),
        description=L_("command.pizzaisland.stop.description"),
        extras={"needs": RUNNING},
    )
    async def stop(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, take_or_stop(interaction, None))

    @app_commands.command(
        name=L_("command.pizzaisland.decide.name"),
        description=L_("command.pizzaisland.decide.description"),
        extras={"needs": RUNNING},
    )
    async def decide(self, interaction: discord.Interaction) -> None:
        async def show() -> None:
            live = await service_of(interaction).games.running(channel_id(interaction))
            await reply(interaction, decision(live, seat_for(live, interaction.user.id)))

        await guarded(interaction, show())
