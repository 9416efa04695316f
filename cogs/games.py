"""Every game's command group, made by the host from what the game declares:
the host's commands (`cogs.host.HostCommands`), the game's own commands
(`Presentation.commands`) and its `new`, whose options are the game's
settings (`Game.options`, `Presentation.options`) with the host's turn timer
and language. No game is named here: each found by `bot.games` gets a group.

The words of a generated option are catalog entries the game provides, by a
fixed pattern (`option_keys`), so adding a setting to a game adds its option
to `/<game> new` with no other edit.
"""

from __future__ import annotations

import inspect

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n.translator import L_
from bot.interactions import lobby
from bot.interactions.command_checks import FREE
from bot.interactions.components import guarded
from bot.plugin.contract import AnyPresentation, default_ids
from bot.plugin.options import LANGUAGE, ON_OFF, TURN_TIMER, option_keys
from bot.plugin.registry import presentations
from cogs.host import HostCommands
from engine.interface import Setting


def message_ids(shown: AnyPresentation) -> set[str]:
    """The message ids of a game's catalog that the host builds (its group's
    words, each option of its `new`, those its defaults read): a translator
    finds them here."""
    command = shown.command
    found = {f"command.{command}.description", *default_ids(shown)}
    found |= {f"command.{command}.new.name", f"command.{command}.new.description"}
    for option in (*shown.rules.options, *shown.options):
        name, description, choices = option_keys(command, option)
        found |= {name, description}
        if option.choices != ON_OFF:
            found |= set(choices.values())
    return found


def new_command(shown: AnyPresentation) -> app_commands.Command[HostCommands, ..., None]:
    """`/<game> new`: open a lobby, each of the game's settings an option."""
    game, command = shown.rules.name, shown.command
    options = (*shown.rules.options, *shown.options, TURN_TIMER, LANGUAGE)

    async def new(interaction: discord.Interaction, **given: str | bool | None) -> None:
        language = given.pop("language", None)
        assert not isinstance(language, bool)  # a choice of words, never a yes/no
        chosen: dict[str, Setting] = {
            k: (("on" if v else "off") if isinstance(v, bool) else v) for k, v in given.items()
        }
        await guarded(interaction, lobby.new(interaction, game, language, chosen))

    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    renames, descriptions, choices = {}, {}, {}
    for option in options:
        flag = option.choices == ON_OFF
        parameters.append(
            inspect.Parameter(
                option.name,
                inspect.Parameter.KEYWORD_ONLY,
                default=None,
                annotation=bool | None if flag else str | None,
            )
        )
        name, description, words = option_keys(command, option)
        renames[option.name] = L_(name)
        descriptions[option.name] = L_(description)
        if not flag:
            choices[option.name] = [
                app_commands.Choice(name=L_(words[value]), value=value) for value in option.choices
            ]
    # The options are the game's: a signature made here (`inspect`, which
    # discord.py reads), their words and choices by discord.py's decorators.
    new.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    declared = app_commands.choices(**choices)(
        app_commands.describe(**descriptions)(app_commands.rename(**renames)(new))
    )
    return app_commands.command(
        name=L_(f"command.{command}.new.name"),
        description=L_(f"command.{command}.new.description"),
        extras={"answer": "public", "needs": FREE},
    )(declared)


def group_of(shown: AnyPresentation) -> type[HostCommands]:
    """The game's GroupCog: the host's commands and the game's own (a mixin
    cog, `Presentation.commands`), declared as discord.py's `GroupCog`s are."""
    own: tuple[type[commands.Cog], ...] = () if shown.commands is None else (shown.commands,)

    class GameCommands(
        HostCommands,
        *own,  # type: ignore[misc]  # a base known only once the game is found
        name=f"{shown.command.title()}Commands",
        group_name=shown.command,
        group_description=L_(f"command.{shown.command}.description"),
    ):
        game = shown.rules.name
        reworded = shown.reworded

    return GameCommands


def cogs() -> list[HostCommands]:
    """One command group per game, each with its `new`."""
    made = []
    for shown in presentations().values():
        cog = group_of(shown)()
        group = cog.app_command
        assert group is not None
        group.add_command(new_command(shown))
        made.append(cog)
    return made


async def setup(bot: commands.Bot) -> None:
    for cog in cogs():
        await bot.add_cog(cog)
