"""What every game shares around a running game: the table posted again, the
rules in short, watching, leaving, kicking, ending early, exporting a record,
and direct-message notifications. Each flow asks the game service and shows
the answer; what a table or the rules say is the game's presentation's."""

from __future__ import annotations

import io
import json

import discord

from bot.flow.lobbies import default_settings, require_host
from bot.i18n import t, use_locale
from bot.interactions.components import (
    Component,
    channel_id,
    edit,
    gone,
    moderator,
    reply,
    say,
    send,
    service_of,
    update,
)
from bot.kit.reply import RED, Item, Reply, button, custom_id
from bot.live.refusals import ServiceError
from bot.plugin.registry import presentation
from bot.publishing.publisher import Publisher
from bot.publishing.table_post import watch_button
from bot.storage import GameRow, GameStatus


def publisher_of(interaction: discord.Interaction) -> Publisher:
    """The publisher of the bot that received `interaction` (`bot.app.client`)."""
    publisher = getattr(interaction.client, "publisher", None)
    assert isinstance(publisher, Publisher), "a client with no publisher"
    return publisher


async def table(interaction: discord.Interaction) -> None:
    """`/<game> table`: the table message again, at the bottom of the channel."""
    live = await service_of(interaction).games.running(channel_id(interaction))
    await publisher_of(interaction).repost_table(live)
    await say(interaction, t("table.reposted"))


async def rules(interaction: discord.Interaction, game: str, game_id: int | None = None) -> None:
    """The rules in short for this game's settings, and the caller's own cards."""
    svc = service_of(interaction)
    row = await (svc.game(game_id) if game_id else svc.lobbies.here(channel_id(interaction)))
    if game_id is None and row is not None and row.game != game:
        row = None  # the rules asked for, not those of another game played here
    shown = presentation(row.game if row is not None else game)
    settings = row.settings if row is not None else default_settings(shown.rules.name)
    view = None
    if row is not None and row.record is not None:
        live = await svc.games.live(row.id)
        seat = live.seat_of(interaction.user.id)
        if seat is not None:
            view = live.player_view(seat)
    await reply(interaction, shown.rules_text(settings, view))


async def watch(interaction: discord.Interaction, game_id: int) -> None:
    """A spectator's view: exactly what the public table shows, privately and
    refreshed on demand; never a hand (it is drawn from the public view only)."""
    svc = service_of(interaction)
    live = await svc.games.live(game_id)
    if live.seat_of(interaction.user.id) is not None:
        raise ServiceError("watch_player")
    message = svc.table_reply(live)
    message.items = [watch_button(live.row.game, live.id)] if not live.over else []
    message.content = t("watch.note")
    if interaction.response.is_done() or not _on_own_watch(interaction):
        await reply(interaction, message)
    else:  # Refresh on the spectator's own view: redraw it in place
        await edit(interaction, message)


def _on_own_watch(interaction: discord.Interaction) -> bool:
    message = interaction.message
    return bool(message is not None and message.flags.ephemeral)


class WatchButton(Component, verb="watch"):
    async def act(self, interaction: discord.Interaction) -> None:
        await watch(interaction, self.click.game)


class RulesButton(Component, verb="rules"):
    async def act(self, interaction: discord.Interaction) -> None:
        await rules(interaction, "", self.click.game)


async def end(interaction: discord.Interaction) -> None:
    """End the game here, after a confirmation (host or Manage Messages); a
    lobby is simply cancelled."""
    row = await service_of(interaction).lobbies.here(channel_id(interaction))
    if row is None:
        raise ServiceError("no_game")
    require_host(row, interaction.user.id, moderator(interaction))
    await _confirm(interaction, row, "end", (t("end.question"), t("end.confirm"), t("end.keep")))


async def _confirm(
    interaction: discord.Interaction, row: GameRow, what: str, texts: tuple[str, str, str]
) -> None:
    """An ephemeral yes/no before something that cannot be undone: the
    question, and the words of its two buttons."""
    question, yes, no = texts
    prefix = presentation(row.game).prefix
    items: list[Item] = [
        button(yes, custom_id(prefix, row.id, 0, "confirm", f"{what}.yes"), RED),
        button(no, custom_id(prefix, row.id, 0, "confirm", f"{what}.no")),
    ]
    await reply(interaction, Reply(content=question, items=items))


class ConfirmButton(Component, verb="confirm"):
    private = True

    async def act(self, interaction: discord.Interaction) -> None:
        what, _, answer = (self.click.arg or "").partition(".")
        if answer not in ("yes", "no"):
            raise gone()  # no such button was drawn
        if what == "end":
            await self._end(interaction, answer == "yes")
        elif what == "leave":
            await self._leave(interaction, answer == "yes")
        else:
            raise gone()

    async def _end(self, interaction: discord.Interaction, yes: bool) -> None:
        if not yes:
            await update(interaction, content=t("end.kept"), view=None)
            return
        svc = service_of(interaction)
        row = await svc.end(self.click.game, interaction.user.id, moderator(interaction))
        await update(interaction, content=t("end.done"), view=None)
        if interaction.channel is not None:
            with use_locale(row.settings.get("language")):
                text = t("end.announce", name=interaction.user.display_name)
            await interaction.channel.send(content=text)  # type: ignore[union-attr]

    async def _leave(self, interaction: discord.Interaction, yes: bool) -> None:
        if not yes:
            await update(interaction, content=t("leave.stayed"), view=None)
            return
        await service_of(interaction).leave_game(self.click.game, interaction.user.id)
        await update(interaction, content=t("leave.done"), view=None)


async def kick(interaction: discord.Interaction, member: discord.abc.User) -> None:
    svc = service_of(interaction)
    live = await svc.games.running(channel_id(interaction))
    await svc.kick(live.id, interaction.user.id, member.id, moderator(interaction))
    await say(interaction, t("kick.done", name=member.display_name))


async def leave(interaction: discord.Interaction) -> None:
    """Leave the lobby at once; leave a running game after a confirmation."""
    from bot.interactions import lobby  # the lobby's flows, which import this module's neighbours

    row = await service_of(interaction).lobbies.here(channel_id(interaction))
    if row is None or row.status == GameStatus.LOBBY:
        await lobby.leave(interaction)
        return
    texts = (t("leave.question"), t("leave.confirm"), t("leave.stay"))
    await _confirm(interaction, row, "leave", texts)


async def notify(interaction: discord.Interaction, on: bool) -> None:
    """Play-by-post: a direct message on each of the user's turns and decisions,
    in every game (a preference of the user's, not of a game)."""
    await service_of(interaction).choices.notify(interaction.user.id, on)
    await say(interaction, t("notify.on") if on else t("notify.off"))


async def export(interaction: discord.Interaction, game_id: int | None) -> None:
    """The record of a finished game as JSON, for `python -m engine replay`."""
    row = await service_of(interaction).finished_record(channel_id(interaction), game_id)
    with use_locale(row.settings.get("language")):
        text = t("export.done", game=str(row.id))
    await send(interaction, ephemeral=False, content=text, file=record_file(row))


def record_file(row: GameRow) -> discord.File:
    """A finished game's record, said in its alt text for who cannot see the file."""
    data = json.dumps(row.record, indent=2).encode()
    alt = t("export.alt", game=str(row.id), title=presentation(row.game).title())
    return discord.File(
        io.BytesIO(data), filename=f"{row.game}-record-{row.id}.json", description=alt
    )


ITEMS: tuple[type[Component], ...] = (WatchButton, RulesButton, ConfirmButton)
