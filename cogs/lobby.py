"""The lobby: new, join, leave, start, cancel, and Play again."""

from __future__ import annotations

import contextlib
from typing import Any

import discord
from discord.ext import commands

from bot import render
from bot.i18n import t
from bot.render import Reply, custom_id
from bot.service import ServiceError, default_settings, require_host
from bot.storage import GameRow, GameStatus
from bot.ui import Click, drop_none, handles, reply, say
from engine.ai import DIFFICULTIES

from .common import channel_id, guild_locale, moderator, player, service

#: What the bot needs in a channel to host a game there.
NEEDED = ("view_channel", "send_messages", "embed_links", "read_message_history")


async def new(
    interaction: discord.Interaction[Any],
    variant: str,
    help_: bool | None,
    memory: str | None,
    reveal_speed: str | None,
    turn_timer: str | None = None,
) -> None:
    missing = [p for p in NEEDED if not getattr(interaction.app_permissions, p)]
    if missing:
        names = ", ".join(t(f"permission.{p}", interaction.locale) for p in missing)
        await say(interaction, "error.missing_permissions", permissions=names)
        return
    if variant == "classic" and help_ is not None:
        raise ServiceError("help_plus_only")
    settings = default_settings(
        variant, help=help_, memory=memory, reveal_speed=reveal_speed, turn_timer=turn_timer
    )
    row = await service(interaction).open_lobby(
        interaction.guild_id, channel_id(interaction), player(interaction), settings
    )
    await _post_lobby(interaction, row)


async def _post_lobby(interaction: discord.Interaction[Any], row: GameRow) -> None:
    reply = render.lobby(row, guild_locale(interaction))
    await interaction.response.send_message(**drop_none(reply.kwargs()))
    message = await interaction.original_response()
    await service(interaction).storage.set_messages(row.id, lobby_message_id=message.id)


def _closed_text(row: GameRow, locale: Any) -> str:
    if row.status == GameStatus.RUNNING:
        return t("lobby.started", locale)
    return t("lobby.closed", locale)


async def _show(
    interaction: discord.Interaction[Any], row: GameRow, click: Click | None, notice: str
) -> None:
    """Update the lobby message: in place for a click on it, else by editing it."""
    locale = guild_locale(interaction)
    closed = None if row.status == GameStatus.LOBBY else _closed_text(row, locale)
    if click is not None:
        await interaction.response.edit_message(**render.lobby(row, locale, closed).kwargs())
        return
    await say(interaction, notice)  # answer first: the edit below may wait on Discord
    await _refresh(interaction, row)


async def join(interaction: discord.Interaction[Any], click: Click | None = None) -> None:
    game = click.game if click else None
    row = await service(interaction).join(channel_id(interaction), player(interaction), game)
    await _show(interaction, row, click, "lobby.you_joined")


async def leave(interaction: discord.Interaction[Any], click: Click | None = None) -> None:
    game = click.game if click else None
    row = await service(interaction).leave(channel_id(interaction), interaction.user.id, game)
    await _show(interaction, row, click, "lobby.you_left")


async def start(interaction: discord.Interaction[Any], click: Click | None = None) -> None:
    game = click.game if click else None
    live = await service(interaction).start(channel_id(interaction), interaction.user.id, game)
    await _show(interaction, live.row, click, "lobby.you_started")


async def cancel(interaction: discord.Interaction[Any], click: Click | None = None) -> None:
    game = click.game if click else None
    row = await service(interaction).cancel(
        channel_id(interaction), interaction.user.id, moderator(interaction), game
    )
    await _show(interaction, row, click, "lobby.you_cancelled")


@handles("join", "leave", "start", "cancel")
async def on_lobby_button(interaction: discord.Interaction[Any], click: Click) -> None:
    action = {"join": join, "leave": leave, "start": start, "cancel": cancel}[click.verb]
    await action(interaction, click)


@handles("addbot")
async def on_add_computer(interaction: discord.Interaction[Any], click: Click) -> None:
    """Add computer: the host picks a difficulty in a private select."""
    row = await service(interaction).game(click.game)
    require_host(row, interaction.user.id)
    locale = interaction.locale
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom_id(row.id, 0, "botlevel"), placeholder=t("computer.pick", locale)
    )
    for level in DIFFICULTIES:
        select.add_option(
            label=t(f"computer.level.{level}", locale),
            description=t(f"computer.about.{level}", locale),
            value=level,
        )
    await reply(interaction, Reply(content=t("computer.pick", locale), items=[select]))


@handles("botlevel")
async def on_computer_level(interaction: discord.Interaction[Any], click: Click) -> None:
    level = click.values[0] if click.values else "medium"
    if level not in DIFFICULTIES:
        raise ServiceError("stale_button")
    row = await service(interaction).game(click.game)
    locale = guild_locale(interaction)
    taken = {seat.name for seat in row.seats}
    names = t("computer.names", locale).split(",")
    first = next((n for n in names if _computer_name(n, level, locale) not in taken), names[0])
    row = await service(interaction).add_computer(
        channel_id(interaction),
        interaction.user.id,
        _computer_name(first, level, locale),
        level,
        click.game,
    )
    text = t("computer.added", interaction.locale, name=_computer_name(first, level, locale))
    await interaction.response.edit_message(content=text, view=None)
    await _refresh(interaction, row)


def _computer_name(name: str, level: str, locale: Any) -> str:
    return t("computer.name", locale, name=name, level=t(f"computer.level.{level}", locale))


@handles("rmbot")
async def on_remove_computer(interaction: discord.Interaction[Any], click: Click) -> None:
    row = await service(interaction).remove_computer(
        channel_id(interaction), interaction.user.id, click.game
    )
    await _show(interaction, row, click, "lobby.you_left")


async def _refresh(interaction: discord.Interaction[Any], row: GameRow) -> None:
    """Redraw the lobby message after a change made elsewhere."""
    if row.lobby_message_id is None or interaction.channel is None:
        return
    locale = guild_locale(interaction)
    closed = None if row.status == GameStatus.LOBBY else _closed_text(row, locale)
    reply_ = render.lobby(row, locale, closed)
    with contextlib.suppress(discord.HTTPException):
        await interaction.channel.get_partial_message(row.lobby_message_id).edit(  # type: ignore[union-attr]
            **reply_.kwargs()
        )


@handles("again")
async def on_play_again(interaction: discord.Interaction[Any], click: Click) -> None:
    """Play again: a new lobby with the same players and settings."""
    old = await service(interaction).game(click.game)
    if not any(seat.user_id == interaction.user.id for seat in old.seats):
        raise ServiceError("not_in_game")
    seats = [player(interaction)] + [s for s in old.seats if s.user_id != interaction.user.id]
    row = await service(interaction).open_lobby(
        interaction.guild_id, channel_id(interaction), seats[0], dict(old.settings)
    )
    if len(seats) > 1:
        row = await service(interaction).storage.update_lobby(row.id, seats=seats)
    await _post_lobby(interaction, row)


class Lobby(commands.Cog):
    """Holds no state: the handlers above are registered by `handles`."""


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby())
