"""The commands every game's group has (join, leave, start, table, rules, kick,
export, notify, end, stats, leaderboard, history, forget, language, settings):
declarations only, each handing the interaction to the host's flow, and
saying what it needs in its channel (`bot.interactions.command_checks`: a game running, its lobby).

`HostCommands` is a base, never registered itself: `cogs.games` makes one
group per game from it, the game's own commands and the game's `new`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import LANGUAGE_CHOICES
from bot.i18n.translator import L_
from bot.interactions import lobby, standings
from bot.interactions import server_settings as settings
from bot.interactions import table_commands as running
from bot.interactions.command_checks import HERE, LOBBY, RUNNING
from bot.interactions.components import guarded

#: The languages a server may save: one choice a language (`bot.i18n.LANGUAGES`).
LANGUAGES = [app_commands.Choice(name=value, value=value) for value in LANGUAGE_CHOICES]
Period = Literal["all", "month", "week"]
OnOff = Literal["on", "off"]
#: A game's number, as its messages show it (Discord's integers stop at 2**53).
GameId = app_commands.Range[int, 1, 2**53]


@app_commands.guild_only()
class HostCommands(commands.GroupCog, group_name="host"):
    """Commands that are the same for every game; a game's group derives from
    this with its `game` name, its own commands and its `new`."""

    game: ClassVar[str]
    #: A game's own words for a command every game has: the shared message id ->
    #: the game's id (the translator reads it from the command's cog).
    reworded: ClassVar[Mapping[str, str]] = {}

    @app_commands.command(
        name=L_("command.join.name"),
        description=L_("command.join.description"),
        extras={"needs": LOBBY},
    )
    async def join(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lobby.join(interaction))

    @app_commands.command(
        name=L_("command.leave.name"),
        description=L_("command.leave.description"),
        extras={"needs": HERE},
    )
    async def leave(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, running.leave(interaction))

    @app_commands.command(
        name=L_("command.start.name"),
        description=L_("command.start.description"),
        extras={"needs": LOBBY},
    )
    async def start(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lobby.start(interaction))

    @app_commands.command(
        name=L_("command.table.name"),
        description=L_("command.table.description"),
        extras={"needs": RUNNING},
    )
    async def table(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, running.table(interaction))

    @app_commands.command(
        name=L_("command.rules.name"), description=L_("command.rules.description")
    )
    async def rules(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, running.rules(interaction, self.game))

    @app_commands.command(
        name=L_("command.kick.name"),
        description=L_("command.kick.description"),
        extras={"needs": RUNNING},
    )
    @app_commands.rename(player=L_("command.param.player.name"))
    @app_commands.describe(player=L_("command.param.player.description"))
    async def kick(self, interaction: discord.Interaction, player: discord.User) -> None:
        await guarded(interaction, running.kick(interaction, player))

    @app_commands.command(
        name=L_("command.export.name"),
        description=L_("command.export.description"),
        extras={"answer": "public"},
    )
    @app_commands.rename(game=L_("command.param.game.name"))
    @app_commands.describe(game=L_("command.param.game.description"))
    async def export(self, interaction: discord.Interaction, game: GameId | None = None) -> None:
        await guarded(interaction, running.export(interaction, game))

    @app_commands.command(
        name=L_("command.notify.name"), description=L_("command.notify.description")
    )
    @app_commands.rename(setting=L_("command.param.setting.name"))
    @app_commands.describe(setting=L_("command.param.setting.description"))
    async def notify(self, interaction: discord.Interaction, setting: OnOff) -> None:
        await guarded(interaction, running.notify(interaction, setting == "on"))

    @app_commands.command(
        name=L_("command.end.name"),
        description=L_("command.end.description"),
        extras={"needs": HERE},
    )
    async def end(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, running.end(interaction))

    @app_commands.command(
        name=L_("command.stats.name"), description=L_("command.stats.description")
    )
    @app_commands.rename(player=L_("command.param.player.name"))
    @app_commands.describe(player=L_("command.stats.param.player.description"))
    async def stats(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        await guarded(interaction, standings.stats(interaction, self.game, player))

    @app_commands.command(
        name=L_("command.leaderboard.name"),
        description=L_("command.leaderboard.description"),
        extras={"answer": "public"},
    )
    @app_commands.rename(period=L_("command.param.period.name"))
    @app_commands.describe(period=L_("command.param.period.description"))
    async def leaderboard(self, interaction: discord.Interaction, period: Period = "all") -> None:
        await guarded(interaction, standings.leaderboard(interaction, self.game, period))

    @app_commands.command(
        name=L_("command.history.name"), description=L_("command.history.description")
    )
    async def history(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, standings.history(interaction, self.game))

    @app_commands.command(
        name=L_("command.forget.name"), description=L_("command.forget.description")
    )
    async def forget(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, standings.forget(interaction, self.game))

    @app_commands.command(
        name=L_("command.language.name"), description=L_("command.language.description")
    )
    @app_commands.rename(language=L_("command.param.language.name"))
    @app_commands.describe(language=L_("command.param.language.description"))
    @app_commands.choices(language=LANGUAGES)
    @app_commands.default_permissions(manage_guild=True)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await guarded(interaction, settings.set_language(interaction, language))

    @app_commands.command(
        name=L_("command.settings.name"), description=L_("command.settings.description")
    )
    @app_commands.rename(pictures=L_("command.param.pictures.name"))
    @app_commands.describe(pictures=L_("command.param.pictures.description"))
    @app_commands.default_permissions(manage_guild=True)
    async def settings(self, interaction: discord.Interaction, pictures: OnOff) -> None:
        await guarded(interaction, settings.set_pictures(interaction, pictures == "on"))
