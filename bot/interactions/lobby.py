"""The lobby of every game: its message, what players do in it (join, leave,
add or remove a computer, start, cancel, play again) and its buttons.

The flows go through the game service, which takes the channel's lock, so a
lobby changes one click at a time; this module only shows the result.
"""

from __future__ import annotations

import contextlib
from typing import Protocol, runtime_checkable

import discord

from bot.flow.lobbies import require_host
from bot.i18n import N_, by_last_part, join_and, t, use_locale
from bot.interactions.components import (
    Component,
    channel_id,
    gone,
    moderator,
    player,
    reply,
    say,
    send,
    service_of,
    update,
)
from bot.kit.reply import Reply, custom_id, drop_none, select
from bot.plugin.registry import presentation
from bot.publishing.lobby_post import closed_text, level_name, lobby_message, new_computer_name
from bot.storage import GameRow
from engine.interface import Setting

# --- the flows ------------------------------------------------------------------------

#: What the bot needs in a channel to host a game there, and its words for each.
NEEDED = by_last_part(
    N_("permission.view_channel"),
    N_("permission.send_messages"),
    N_("permission.embed_links"),
    N_("permission.read_message_history"),
)


async def new(
    interaction: discord.Interaction, game: str, language: str | None, options: dict[str, Setting]
) -> None:
    """Open a lobby for `game` with the host's `options`, in `language` (else
    the server's chosen language, else the server's own locale)."""
    missing = [p for p in NEEDED if not getattr(interaction.app_permissions, p)]
    if missing:
        names = join_and([t(NEEDED[p]) for p in missing])
        await say(interaction, t("error.missing_permissions", permissions=names))
        return
    svc = service_of(interaction)
    locale = await svc.choices.public_locale(
        interaction.guild_id, interaction.guild_locale, language
    )
    row = await svc.lobbies.open_lobby(
        game, interaction.guild_id, channel_id(interaction), player(interaction), locale, options
    )
    await _post(interaction, row)


async def _post(interaction: discord.Interaction, row: GameRow) -> None:
    with use_locale(row.settings.get("language")):
        message = lobby_message(row)
    sent = await send(interaction, ephemeral=False, **drop_none(message.kwargs()))
    sent = sent or await interaction.original_response()
    await service_of(interaction).lobbies.lobby_posted(row, sent.id)


async def _show(interaction: discord.Interaction, row: GameRow, clicked: bool, notice: str) -> None:
    """Update the lobby message: in place for a click on it, else by editing it."""
    if clicked:
        with use_locale(row.settings.get("language")):
            message = lobby_message(row, closed_text(row))
        await update(interaction, **message.kwargs())
        if row.lobby_message_id is None and interaction.message is not None:
            # The process stopped between posting the lobby and storing its id:
            # a click on it tells which message it is.
            await service_of(interaction).lobbies.lobby_posted(row, interaction.message.id)
        return
    await say(interaction, notice)  # answer first: the edit below may wait on Discord
    await refresh(interaction.channel, row)


@runtime_checkable
class Channel(Protocol):
    """A channel whose messages the bot may edit (a text channel, a thread)."""

    def get_partial_message(self, message_id: int, /) -> discord.PartialMessage: ...


async def refresh(channel: object, row: GameRow) -> None:
    """Redraw the lobby message after a change made elsewhere."""
    if row.lobby_message_id is None or not isinstance(channel, Channel):
        return
    with use_locale(row.settings.get("language")):
        message = lobby_message(row, closed_text(row))
    with contextlib.suppress(discord.HTTPException):
        await channel.get_partial_message(row.lobby_message_id).edit(**message.kwargs())


async def join(interaction: discord.Interaction, game_id: int | None = None) -> None:
    svc = service_of(interaction)
    row = await svc.lobbies.join(channel_id(interaction), player(interaction), game_id)
    await _show(interaction, row, game_id is not None, t("lobby.you_joined"))


async def leave(interaction: discord.Interaction, game_id: int | None = None) -> None:
    svc = service_of(interaction)
    row = await svc.lobbies.leave(channel_id(interaction), interaction.user.id, game_id)
    await _show(interaction, row, game_id is not None, t("lobby.you_left"))


async def start(interaction: discord.Interaction, game_id: int | None = None) -> None:
    svc = service_of(interaction)
    live = await svc.start(channel_id(interaction), interaction.user.id, game_id, interaction)
    await _show(interaction, live.row, game_id is not None, t("lobby.you_started"))


async def cancel(interaction: discord.Interaction, game_id: int | None = None) -> None:
    row = await service_of(interaction).lobbies.cancel(
        channel_id(interaction), interaction.user.id, moderator(interaction), game_id
    )
    await _show(interaction, row, game_id is not None, t("lobby.you_cancelled"))


# --- the buttons ----------------------------------------------------------------------


class JoinButton(Component, verb="join"):
    async def act(self, interaction: discord.Interaction) -> None:
        await join(interaction, self.click.game)


class LeaveButton(Component, verb="leave"):
    async def act(self, interaction: discord.Interaction) -> None:
        await leave(interaction, self.click.game)


class StartButton(Component, verb="start"):
    async def act(self, interaction: discord.Interaction) -> None:
        await start(interaction, self.click.game)


class CancelButton(Component, verb="cancel"):
    async def act(self, interaction: discord.Interaction) -> None:
        await cancel(interaction, self.click.game)


class AddComputerButton(Component, verb="addbot"):
    """Add computer: the host picks a difficulty in a private select."""

    async def act(self, interaction: discord.Interaction) -> None:
        row = await service_of(interaction).game(self.click.game)
        require_host(row, interaction.user.id)
        shown = presentation(row.game)
        levels = shown.rules.difficulties
        options = [(level_name(level), level, False) for level in levels]
        menu = select(
            custom_id(shown.prefix, row.id, 0, "botlevel"), options, placeholder=t("computer.pick")
        )
        for option, level in zip(menu.options, levels, strict=True):
            option.description = shown.level_about(level)
        await reply(interaction, Reply(content=t("computer.pick"), items=[menu]))


class ComputerLevelSelect(Component, verb="botlevel"):
    private = True

    async def act(self, interaction: discord.Interaction) -> None:
        svc = service_of(interaction)
        row = await svc.game(self.click.game)
        level = self.click.values[0] if self.click.values else ""
        if level not in presentation(row.game).rules.difficulties:
            raise gone()
        name = new_computer_name(row, level)
        row = await svc.lobbies.add_computer(
            channel_id(interaction), interaction.user.id, name, level, self.click.game
        )
        await update(interaction, content=t("computer.added", name=name), view=None)
        await refresh(interaction.channel, row)


class RemoveComputerButton(Component, verb="rmbot"):
    async def act(self, interaction: discord.Interaction) -> None:
        row = await service_of(interaction).lobbies.remove_computer(
            channel_id(interaction), interaction.user.id, self.click.game
        )
        await _show(interaction, row, True, t("lobby.you_left"))


class PlayAgainButton(Component, verb="again"):
    """Play again: a new lobby with the same players and settings."""

    async def act(self, interaction: discord.Interaction) -> None:
        svc = service_of(interaction)
        row = await svc.lobbies.play_again(
            self.click.game, interaction.guild_id, channel_id(interaction), player(interaction)
        )
        await _post(interaction, row)


ITEMS: tuple[type[Component], ...] = (
    JoinButton,
    LeaveButton,
    StartButton,
    CancelButton,
    AddComputerButton,
    ComputerLevelSelect,
    RemoveComputerButton,
    PlayAgainButton,
)
