"""What every game shares: the lobby and its buttons, and the host's commands
(join, leave, start, table, rules, kick, export, end), which each game's
command group inherits from `HostCommands`."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Mapping
from typing import Any, ClassVar, Literal, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.components import (
    Component,
    edit,
    guarded,
    reply,
    say,
    send,
    service_of,
    update,
)
from bot.games import Table, presentation
from bot.i18n import LANGUAGE_NAMES, N_, by_last_part, locale_of, t, use_locale
from bot.i18n.translator import L_
from bot.lobby import lobby_message
from bot.publisher import watch_button
from bot.reply import RED, Reply, button, custom_id, drop_none, select
from bot.service import ServiceError, default_settings, require_host
from bot.storage import GameRow, GameStatus
from engine import game

from . import stats as stats_
from .common import (
    LEVEL_ABOUT,
    channel_id,
    game_here,
    level_name,
    moderator,
    player,
    publisher,
    service,
)

#: What the bot needs in a channel to host a game there, and its words for each.
NEEDED = by_last_part(
    N_("permission.view_channel"),
    N_("permission.send_messages"),
    N_("permission.embed_links"),
    N_("permission.read_message_history"),
)


# --- the lobby ------------------------------------------------------------------------


Language = Literal["en", "ru", "ja", "zh-tw", "fr"]
F = TypeVar("F")


def lobby_options(new: F) -> F:
    """Name and describe the options every game's `new` has: `turn_timer`, `language`."""
    named = app_commands.rename(
        turn_timer=L_("command.param.turn_timer.name"),
        language=L_("command.param.language.name"),
    )(new)
    return app_commands.describe(
        turn_timer=L_("command.param.turn_timer.description"),
        language=L_("command.param.language.description"),
    )(named)


async def new(
    interaction: discord.Interaction[Any], name: str, language: str | None = None, **options: Any
) -> None:
    """Open a lobby for the game `name` with the host's `options`, in `language`
    (else the server's default set with `language`, else the server's locale)."""
    missing = [p for p in NEEDED if not getattr(interaction.app_permissions, p)]
    if missing:
        names = ", ".join(t(NEEDED[p]) for p in missing)
        await say(interaction, t("error.missing_permissions", permissions=names))
        return
    rules = game(name)
    chosen = language or await server_language(interaction)
    settings = default_settings(rules, language=locale_of(chosen), **options)
    row = await service(interaction).open_lobby(
        rules, interaction.guild_id, channel_id(interaction), player(interaction), settings
    )
    await _post_lobby(interaction, row)


async def _post_lobby(interaction: discord.Interaction[Any], row: GameRow) -> None:
    with _public(interaction, row):
        message = lobby_message(row)
    sent = await send(interaction, ephemeral=False, **drop_none(message.kwargs()))
    sent = sent or await interaction.original_response()
    await service(interaction).storage.set_messages(row.id, lobby_message_id=sent.id)


async def server_language(interaction: discord.Interaction[Any]) -> str | None:
    """The server's default language for new games (`language`), if set."""
    if interaction.guild_id is None:
        return None
    return await service(interaction).storage.get_meta(f"language:{interaction.guild_id}")


async def set_language(interaction: discord.Interaction[Any], language: str) -> None:
    """`language`: the server's default language for new games (Manage Server)."""
    permissions = interaction.permissions
    if not (permissions.manage_guild or permissions.administrator):
        raise ServiceError("not_manager")
    await service(interaction).storage.set_meta(f"language:{interaction.guild_id}", language)
    await say(interaction, t("language.set", language=LANGUAGE_NAMES[locale_of(language)]))


async def set_pictures(interaction: discord.Interaction[Any], on: bool) -> None:
    """`settings pictures:on|off`: whether this server's messages carry pictures
    (Manage Server); off suits slow connections, and the text says it all either way."""
    permissions = interaction.permissions
    if not (permissions.manage_guild or permissions.administrator):
        raise ServiceError("not_manager")
    setting = "on" if on else "off"
    await service(interaction).storage.set_meta(f"pictures:{interaction.guild_id}", setting)
    await say(interaction, t("settings.pictures.on") if on else t("settings.pictures.off"))


def _public(interaction: discord.Interaction[Any], row: GameRow | None = None) -> Any:
    """Public messages speak the game's language, whoever clicked."""
    chosen = row.settings.get("language") if row is not None else None
    return use_locale(chosen or interaction.guild_locale)


def _closed_text(row: GameRow) -> str | None:
    if row.status == GameStatus.LOBBY:
        return None
    return t("lobby.started") if row.status == GameStatus.RUNNING else t("lobby.closed")


async def _show(
    interaction: discord.Interaction[Any], row: GameRow, clicked: bool, notice: str
) -> None:
    """Update the lobby message: in place for a click on it, else by editing it."""
    if clicked:
        with _public(interaction, row):
            message = lobby_message(row, _closed_text(row))
        await update(interaction, **message.kwargs())
        if row.lobby_message_id is None and interaction.message is not None:
            # The process stopped between posting the lobby and storing its id:
            # a click on it tells which message it is.
            await service(interaction).storage.set_messages(
                row.id, lobby_message_id=interaction.message.id
            )
        return
    await say(interaction, notice)  # answer first: the edit below may wait on Discord
    await _refresh(interaction, row)


async def _refresh(interaction: discord.Interaction[Any], row: GameRow) -> None:
    """Redraw the lobby message after a change made elsewhere."""
    if row.lobby_message_id is None or interaction.channel is None:
        return
    with _public(interaction, row):
        message = lobby_message(row, _closed_text(row))
    with contextlib.suppress(discord.HTTPException):
        await interaction.channel.get_partial_message(row.lobby_message_id).edit(  # type: ignore[union-attr]
            **message.kwargs()
        )


async def join(interaction: discord.Interaction[Any], game_id: int | None = None) -> None:
    row = await service(interaction).join(channel_id(interaction), player(interaction), game_id)
    await _show(interaction, row, game_id is not None, t("lobby.you_joined"))


async def leave_lobby(interaction: discord.Interaction[Any], game_id: int | None = None) -> None:
    row = await service(interaction).leave(channel_id(interaction), interaction.user.id, game_id)
    await _show(interaction, row, game_id is not None, t("lobby.you_left"))


async def start(interaction: discord.Interaction[Any], game_id: int | None = None) -> None:
    svc = service(interaction)
    live = await svc.start(channel_id(interaction), interaction.user.id, game_id)
    await _show(interaction, live.row, game_id is not None, t("lobby.you_started"))


async def cancel(interaction: discord.Interaction[Any], game_id: int | None = None) -> None:
    row = await service(interaction).cancel(
        channel_id(interaction), interaction.user.id, moderator(interaction), game_id
    )
    await _show(interaction, row, game_id is not None, t("lobby.you_cancelled"))


class JoinButton(Component, verb="join"):
    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await join(interaction, self.click.game)


class LeaveButton(Component, verb="leave"):
    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await leave_lobby(interaction, self.click.game)


class StartButton(Component, verb="start"):
    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await start(interaction, self.click.game)


class CancelButton(Component, verb="cancel"):
    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await cancel(interaction, self.click.game)


class AddComputerButton(Component, verb="addbot"):
    """Add computer: the host picks a difficulty in a private select."""

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        row = await service(interaction).game(self.click.game)
        require_host(row, interaction.user.id)
        levels = game(row.game).difficulties
        options = [(level_name(level), level, False) for level in levels]
        prefix = presentation(row.game).prefix
        menu = select(
            custom_id(prefix, row.id, 0, "botlevel"), options, placeholder=t("computer.pick")
        )
        for option, level in zip(menu.options, levels, strict=True):
            option.description = t(LEVEL_ABOUT[level])[:100]
        await reply(interaction, Reply(content=t("computer.pick"), items=[menu]))


class ComputerLevelSelect(Component, verb="botlevel"):
    async def act(self, interaction: discord.Interaction[Any]) -> None:
        svc = service(interaction)
        row = await svc.game(self.click.game)
        level = self.click.values[0] if self.click.values else ""
        if level not in game(row.game).difficulties:
            raise ServiceError("stale_button")
        taken = {seat.name for seat in row.seats}
        with _public(interaction, row):
            names = [_computer_name(n, level) for n in t("computer.names").split(",")]
        name = next((n for n in names if n not in taken), names[0])
        row = await svc.add_computer(
            channel_id(interaction), interaction.user.id, name, level, self.click.game
        )
        await update(interaction, content=t("computer.added", name=name), view=None)
        await _refresh(interaction, row)


def _computer_name(name: str, level: str) -> str:
    return t("computer.name", name=name, level=level_name(level))


class RemoveComputerButton(Component, verb="rmbot"):
    async def act(self, interaction: discord.Interaction[Any]) -> None:
        row = await service(interaction).remove_computer(
            channel_id(interaction), interaction.user.id, self.click.game
        )
        await _show(interaction, row, True, t("lobby.you_left"))


class PlayAgainButton(Component, verb="again"):
    """Play again: a new lobby with the same players and settings."""

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        svc = service(interaction)
        old = await svc.game(self.click.game)
        if not any(seat.user_id == interaction.user.id for seat in old.seats):
            raise ServiceError("not_in_game")
        me = player(interaction)
        seats = [me] + [s for s in old.seats if s.user_id != interaction.user.id]
        row = await svc.open_lobby(
            game(old.game), interaction.guild_id, channel_id(interaction), me, dict(old.settings)
        )
        if len(seats) > 1:
            row = await svc.storage.update_lobby(row.id, seats=seats)
        await _post_lobby(interaction, row)


# --- table upkeep ---------------------------------------------------------------------


async def table(interaction: discord.Interaction[Any]) -> None:
    live = await game_here(interaction)
    await publisher(interaction).repost_table(live)
    await say(interaction, t("table.reposted"))


async def rules(
    interaction: discord.Interaction[Any], name: str, game_id: int | None = None
) -> None:
    """The rules in short for this game's settings, and the caller's own cards."""
    svc = service(interaction)
    row = await (svc.game(game_id) if game_id else svc.storage.active_game(channel_id(interaction)))
    if row is not None:
        name = row.game
    rules_ = game(name)
    settings = row.settings if row is not None else default_settings(rules_)
    view = None
    if row is not None and row.record is not None:
        live = await svc.live(row.id)
        seat = live.seat_of(interaction.user.id)
        if seat is not None:
            view = rules_.player_view(live.state, seat)
    await reply(interaction, presentation(name).rules_text(settings, view))


async def watch(interaction: discord.Interaction[Any], game_id: int) -> None:
    """A spectator's view: exactly what the public table shows, privately and
    refreshed on demand; never a hand (it is drawn from the public view only)."""
    svc = service(interaction)
    live = await svc.live(game_id)
    if live.seat_of(interaction.user.id) is not None:
        raise ServiceError("watch_player")
    shown = presentation(live.row.game)
    view = live.rules.public_view(live.state)
    table = shown.table(Table(live.id, view, live.names(), live.row.settings, live.events))
    table.items = (
        [watch_button(shown.prefix, live.id)] if not live.rules.is_over(live.state) else []
    )
    table.content = t("watch.note")
    if interaction.response.is_done() or interaction.message is None or not _is_watch(interaction):
        await reply(interaction, table)
    else:  # Refresh on the spectator's own view: redraw it in place
        await edit(interaction, table)


def _is_watch(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return bool(message is not None and message.flags.ephemeral)


class WatchButton(Component, verb="watch"):
    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await watch(interaction, self.click.game)


class RulesButton(Component, verb="rules"):
    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await rules(interaction, "", self.click.game)


async def end(interaction: discord.Interaction[Any]) -> None:
    """End the game here, after a confirmation (host or Manage Messages); a
    lobby is simply cancelled."""
    row = await service(interaction).storage.active_game(channel_id(interaction))
    if row is None:
        raise ServiceError("no_game")
    require_host(row, interaction.user.id, moderator(interaction))
    await _confirm(interaction, row, "end", (t("end.question"), t("end.confirm"), t("end.keep")))


async def _confirm(
    interaction: discord.Interaction[Any], row: GameRow, what: str, texts: tuple[str, str, str]
) -> None:
    """An ephemeral yes/no before something that cannot be undone: the
    question, and the words of its two buttons."""
    question, yes, no = texts
    prefix = presentation(row.game).prefix
    items: list[Any] = [
        button(yes, custom_id(prefix, row.id, 0, "confirm", f"{what}.yes"), RED),
        button(no, custom_id(prefix, row.id, 0, "confirm", f"{what}.no")),
    ]
    await reply(interaction, Reply(content=question, items=items))


class ConfirmButton(Component, verb="confirm"):
    async def act(self, interaction: discord.Interaction[Any]) -> None:
        what, _, answer = (self.click.arg or "").partition(".")
        if what == "end":
            await self._end(interaction, answer == "yes")
        elif what == "leave":
            await self._leave(interaction, answer == "yes")
        else:
            raise ServiceError("stale_button")

    async def _end(self, interaction: discord.Interaction[Any], yes: bool) -> None:
        if not yes:
            await update(interaction, content=t("end.kept"), view=None)
            return
        svc = service(interaction)
        row = await svc.game(self.click.game)
        if row.status == GameStatus.LOBBY:
            await svc.cancel(row.channel_id, interaction.user.id, moderator(interaction), row.id)
        else:
            await svc.end(self.click.game, interaction.user.id, moderator(interaction))
        await update(interaction, content=t("end.done"), view=None)
        if interaction.channel is not None:
            with _public(interaction, row):
                text = t("end.announce", name=interaction.user.display_name)
            await interaction.channel.send(content=text)  # type: ignore[union-attr]

    async def _leave(self, interaction: discord.Interaction[Any], yes: bool) -> None:
        if not yes:
            await update(interaction, content=t("leave.stayed"), view=None)
            return
        await service(interaction).leave_game(self.click.game, interaction.user.id)
        await update(interaction, content=t("leave.done"), view=None)


async def kick(interaction: discord.Interaction[Any], member: discord.abc.User) -> None:
    live = await game_here(interaction)
    await service(interaction).kick(live.id, interaction.user.id, member.id, moderator(interaction))
    await say(interaction, t("kick.done", name=member.display_name))


async def leave(interaction: discord.Interaction[Any]) -> None:
    """Leave the lobby at once; leave a running game after a confirmation."""
    row = await service(interaction).storage.active_game(channel_id(interaction))
    if row is None or row.status == GameStatus.LOBBY:
        await leave_lobby(interaction)
        return
    texts = (t("leave.question"), t("leave.confirm"), t("leave.stay"))
    await _confirm(interaction, row, "leave", texts)


async def notify(interaction: discord.Interaction[Any], on: bool) -> None:
    """Play-by-post: a direct message on each of the user's turns and decisions,
    in every game (a preference of the user's, not of a game)."""
    await service(interaction).storage.set_preferences(
        interaction.user.id, notify=on or None, dm_refused=None, dm_refused_told=None
    )
    await say(interaction, t("notify.on") if on else t("notify.off"))


async def export(interaction: discord.Interaction[Any], game_id: int | None) -> None:
    """The record of a finished game as JSON, for `python -m engine replay`."""
    row = await service(interaction).finished_record(channel_id(interaction), game_id)
    data = json.dumps(row.record, indent=2).encode()
    file = discord.File(io.BytesIO(data), filename=f"{row.game}-record-{row.id}.json")
    with _public(interaction, row):
        text = t("export.done", game=row.id)
    await send(interaction, ephemeral=False, content=text, file=file)


#: The host's components, shared by every game (any id prefix).
ITEMS: tuple[type[Component], ...] = (
    JoinButton,
    LeaveButton,
    StartButton,
    CancelButton,
    AddComputerButton,
    ComputerLevelSelect,
    RemoveComputerButton,
    PlayAgainButton,
    RulesButton,
    ConfirmButton,
    WatchButton,
    *stats_.ITEMS,
)


# --- the commands every game's group has ----------------------------------------------


@app_commands.guild_only()
class HostCommands(commands.GroupCog, group_name="host"):
    """Commands that are the same for every game; a game's group subclasses
    this with its `game` name and adds `new` and its own commands."""

    game: ClassVar[str]
    #: A game's own words for a command every game has: the shared message id ->
    #: the game's id (the translator reads it from the command's cog).
    reworded: ClassVar[Mapping[str, str]] = {}

    @app_commands.command(name=L_("command.join.name"), description=L_("command.join.description"))
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, join(interaction))

    @app_commands.command(
        name=L_("command.leave.name"), description=L_("command.leave.description")
    )
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, leave(interaction))

    @app_commands.command(
        name=L_("command.start.name"), description=L_("command.start.description")
    )
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, start(interaction))

    @app_commands.command(
        name=L_("command.table.name"), description=L_("command.table.description")
    )
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, table(interaction))

    @app_commands.command(
        name=L_("command.rules.name"), description=L_("command.rules.description")
    )
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, rules(interaction, self.game))

    @app_commands.command(name=L_("command.kick.name"), description=L_("command.kick.description"))
    @app_commands.rename(player=L_("command.param.player.name"))
    @app_commands.describe(player=L_("command.param.player.description"))
    async def kick(self, interaction: discord.Interaction[Any], player: discord.User) -> None:
        await guarded(interaction, kick(interaction, player))

    @app_commands.command(
        name=L_("command.export.name"),
        description=L_("command.export.description"),
        extras={"answer": "public"},
    )
    @app_commands.rename(game=L_("command.param.game.name"))
    @app_commands.describe(game=L_("command.param.game.description"))
    async def export(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        await guarded(interaction, export(interaction, game))

    @app_commands.command(
        name=L_("command.notify.name"), description=L_("command.notify.description")
    )
    @app_commands.rename(setting=L_("command.param.setting.name"))
    @app_commands.describe(setting=L_("command.param.setting.description"))
    async def notify(
        self, interaction: discord.Interaction[Any], setting: Literal["on", "off"]
    ) -> None:
        await guarded(interaction, notify(interaction, setting == "on"))

    @app_commands.command(name=L_("command.end.name"), description=L_("command.end.description"))
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, end(interaction))

    @app_commands.command(
        name=L_("command.stats.name"), description=L_("command.stats.description")
    )
    @app_commands.rename(player=L_("command.param.player.name"))
    @app_commands.describe(player=L_("command.stats.param.player.description"))
    async def stats(
        self, interaction: discord.Interaction[Any], player: discord.User | None = None
    ) -> None:
        await guarded(interaction, stats_.stats(interaction, self.game, player))

    @app_commands.command(
        name=L_("command.leaderboard.name"),
        description=L_("command.leaderboard.description"),
        extras={"answer": "public"},
    )
    @app_commands.rename(period=L_("command.param.period.name"))
    @app_commands.describe(period=L_("command.param.period.description"))
    async def leaderboard(
        self, interaction: discord.Interaction[Any], period: stats_.Period = "all"
    ) -> None:
        await guarded(interaction, stats_.leaderboard(interaction, self.game, period))

    @app_commands.command(
        name=L_("command.history.name"), description=L_("command.history.description")
    )
    async def history(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, stats_.history(interaction, self.game))

    @app_commands.command(
        name=L_("command.forget.name"), description=L_("command.forget.description")
    )
    async def forget(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, stats_.forget(interaction, self.game))

    @app_commands.command(
        name=L_("command.language.name"), description=L_("command.language.description")
    )
    @app_commands.rename(language=L_("command.param.language.name"))
    @app_commands.describe(language=L_("command.param.language.description"))
    @app_commands.default_permissions(manage_guild=True)
    async def language(self, interaction: discord.Interaction[Any], language: Language) -> None:
        await guarded(interaction, set_language(interaction, language))

    @app_commands.command(
        name=L_("command.settings.name"), description=L_("command.settings.description")
    )
    @app_commands.rename(pictures=L_("command.param.pictures.name"))
    @app_commands.describe(pictures=L_("command.param.pictures.description"))
    @app_commands.default_permissions(manage_guild=True)
    async def settings(
        self, interaction: discord.Interaction[Any], pictures: Literal["on", "off"]
    ) -> None:
        await guarded(interaction, set_pictures(interaction, pictures == "on"))


__all__ = ["ITEMS", "HostCommands", "service_of"]
