"""One game's command where another game, or only a lobby, is: said once,
for every command of every game's group, before the command runs.

A command declares what it needs in its channel (`extras={"needs": ...}`, a
`Needs`): `RUNNING` a game of its group being played (`/<group> play`,
`kick`), `HERE` its game or its lobby (`end`, `leave`), `LOBBY` its lobby
(`join`, `start`), `FREE` nothing at all (`new`). `check` compares that with what the
channel holds and refuses, naming the game there and the command to use
(`/<group> take`), before the command's flow would mistake one game's
state for another's.
"""

from __future__ import annotations

from enum import Enum

import discord
from discord import app_commands

from bot.flow.service import GameService
from bot.i18n import join_or
from bot.live.refusals import ServiceError, slash
from bot.plugin.registry import presentation, presentations
from bot.storage import GameRow, GameStatus


class Needs(Enum):
    """What a command needs in its channel."""

    RUNNING = "running"
    HERE = "here"
    LOBBY = "lobby"
    FREE = "free"


RUNNING, HERE, LOBBY, FREE = Needs


def own_commands(game: str) -> list[str]:
    """The names of the commands only `game`'s group has (`take`, `stop`...)."""
    cog = presentation(game).commands
    declared = vars(cog).values() if cog is not None else ()
    return [c.name for c in declared if isinstance(c, app_commands.Command | app_commands.Group)]


def group_game(command: object) -> str | None:
    """The game whose group an app command is of (its root's name is the
    game's `command`), if any."""
    root = getattr(command, "root_parent", None) or command
    name = getattr(root, "name", None)
    return next((game for game, shown in presentations().items() if shown.command == name), None)


def title(game: str) -> str:
    return presentation(game).title()


async def check(interaction: discord.Interaction, service: GameService) -> None:
    """Refuse a command whose channel holds what it cannot act on (nothing,
    another game, a lobby only), in words that name what is there."""
    command = interaction.command  # None for a click
    if command is None or not isinstance(needs := command.extras.get("needs"), Needs):
        return
    game = group_game(command)
    if game is None or interaction.channel_id is None:
        return
    row = await service.games.occupant(interaction.channel_id)
    refusal = _refusal(row, game, command.name, needs)
    if refusal is not None:
        raise refusal


def _refusal(row: GameRow | None, game: str, command: str, needs: Needs) -> ServiceError | None:
    if row is None:
        if needs == FREE:
            return None
        if needs == LOBBY:
            return ServiceError("no_lobby", command=slash(game, "new"))
        return ServiceError("no_game", command=slash(game, "new"))
    if needs == FREE:
        return ServiceError("busy_with", title=title(row.game), command=slash(row.game, "end"))
    if row.game != game:
        instead = _instead(row, game, command, needs)
        if row.status == GameStatus.LOBBY:
            return ServiceError("other_lobby", title=title(row.game), commands=instead)
        return ServiceError("other_game", title=title(row.game), commands=instead)
    if needs == RUNNING and row.status == GameStatus.LOBBY:
        return ServiceError("lobby_only", title=title(game), command=slash(game, "start"))
    return None  # a lobby command in a running game: its flow says it started


def _instead(row: GameRow, game: str, command: str, needs: Needs) -> str:
    """What to type instead, for the game that is here: the same command of
    its group where it has one that does the same there, else what starts it
    (`join`) or plays it (its own commands), else its table."""
    shared = command not in own_commands(game)
    if row.status == GameStatus.LOBBY:
        same = shared and needs in (LOBBY, HERE)
        return slash(row.game, command if same else "join")
    if shared and needs in (RUNNING, HERE):
        return slash(row.game, command)
    own = own_commands(row.game)
    if needs == RUNNING and own:
        return join_or([slash(row.game, name) for name in own])
    return slash(row.game, "table")
