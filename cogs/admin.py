"""Table upkeep: /mammamia table, rules and end."""

from __future__ import annotations

import io
import json
from typing import Any

import discord
from discord.ext import commands

from bot import render
from bot.i18n import t
from bot.render import Reply, custom_id
from bot.service import ServiceError, require_host
from bot.ui import Click, handles, reply, say
from engine.cards import BOXES

from . import lobby
from .common import channel_id, game_here, moderator, publisher, service


async def table(interaction: discord.Interaction[Any]) -> None:
    live = await game_here(interaction)
    await publisher(interaction).repost_table(live)
    await say(interaction, "table.reposted")


async def rules(interaction: discord.Interaction[Any], click: Click | None = None) -> None:
    """The rules in short for this game's variant, and the caller's order cards."""
    locale = interaction.locale
    svc = service(interaction)
    row = await (
        svc.game(click.game) if click else svc.storage.active_game(channel_id(interaction))
    )
    variant = row.settings["variant"] if row else "classic"
    embed = discord.Embed(
        title=t("rules.title", locale, variant=t(f"variant.{variant}", locale)),
        description=t(f"rules.{variant}", locale),
        colour=render.COLOURS[variant],
    )
    if row is not None and row.record is not None:
        live = await svc.live(row.id)
        seat = live.seat_of(interaction.user.id)
        if seat is not None:
            colour = live.state.colours[seat]
            cards = BOXES[variant].order_ids(colour)
            lines = "\n".join(render.order_line(variant, c, locale) for c in cards)
            embed.add_field(name=t("rules.your_orders", locale), value=lines[:1024], inline=False)
    await reply(interaction, Reply(embed=embed))


@handles("rules")
async def on_rules_button(interaction: discord.Interaction[Any], click: Click) -> None:
    await rules(interaction, click)


async def end(interaction: discord.Interaction[Any]) -> None:
    """End the game here, after a confirmation (host or Manage Messages); a
    lobby is simply cancelled."""
    svc = service(interaction)
    row = await svc.storage.active_game(channel_id(interaction))
    if row is None:
        raise ServiceError("no_game")
    require_host(row, interaction.user.id, moderator(interaction))
    await _confirm(interaction, row.id, "end", ("end.question", "end.confirm", "end.keep"))


async def _confirm(
    interaction: discord.Interaction[Any], game: int, verb: str, keys: tuple[str, str, str]
) -> None:
    """An ephemeral yes/no before something that cannot be undone; the answer
    comes back as the verbs `<verb>yes` and `<verb>no`."""
    question, yes, no = (t(key, interaction.locale) for key in keys)
    items = [
        render.button(yes, custom_id(game, 0, f"{verb}yes"), discord.ButtonStyle.danger),
        render.button(no, custom_id(game, 0, f"{verb}no")),
    ]
    await reply(interaction, Reply(content=question, items=items))


@handles("endyes", "endno")
async def on_end_confirm(interaction: discord.Interaction[Any], click: Click) -> None:
    locale = interaction.locale
    if click.verb == "endno":
        await interaction.response.edit_message(content=t("end.kept", locale), view=None)
        return
    svc = service(interaction)
    row = await svc.game(click.game)
    if row.status.value == "lobby":
        await svc.cancel(row.channel_id, interaction.user.id, moderator(interaction), row.id)
    else:
        await svc.end(click.game, interaction.user.id, moderator(interaction))
    await interaction.response.edit_message(content=t("end.done", locale), view=None)
    channel = interaction.channel
    if channel is not None:
        await channel.send(  # type: ignore[union-attr]
            content=t("end.announce", interaction.guild_locale, name=interaction.user.display_name)
        )


async def kick(interaction: discord.Interaction[Any], player: discord.abc.User) -> None:
    live = await game_here(interaction)
    await service(interaction).kick(live.id, interaction.user.id, player.id, moderator(interaction))
    await say(interaction, "kick.done", name=player.display_name)


async def leave(interaction: discord.Interaction[Any]) -> None:
    """Leave the lobby at once; leave a running game after a confirmation."""
    row = await service(interaction).storage.active_game(channel_id(interaction))
    if row is None or row.status.value == "lobby":
        await lobby.leave(interaction)
        return
    await _confirm(interaction, row.id, "leave", ("leave.question", "leave.confirm", "leave.stay"))


@handles("leaveyes", "leaveno")
async def on_leave_confirm(interaction: discord.Interaction[Any], click: Click) -> None:
    locale = interaction.locale
    if click.verb == "leaveno":
        await interaction.response.edit_message(content=t("leave.stayed", locale), view=None)
        return
    await service(interaction).leave_game(click.game, interaction.user.id)
    await interaction.response.edit_message(content=t("leave.done", locale), view=None)


async def export(interaction: discord.Interaction[Any], game: int | None) -> None:
    """The record of a finished game as `mammamia-record/1` JSON, for `python -m engine replay`."""
    row = await service(interaction).finished_record(channel_id(interaction), game)
    data = json.dumps(row.record, indent=2).encode()
    file = discord.File(io.BytesIO(data), filename=f"mammamia-record-{row.id}.json")
    text = t("export.done", interaction.guild_locale, game=row.id)
    await interaction.response.send_message(content=text, file=file)


class Admin(commands.Cog):
    """Holds no state: the handlers above are registered by `handles`."""


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Admin())
