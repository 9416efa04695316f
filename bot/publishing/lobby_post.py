"""The lobby's public message: the game and its settings, who sits where,
and its buttons (none once it started or closed)."""

from __future__ import annotations

import discord

from bot.i18n import N_, by_last_part, t, use_locale
from bot.kit.reply import BLUE, GREEN, RED, Item, Reply, button, custom_id
from bot.plugin.registry import presentation
from bot.publishing.launch import open_table_button
from bot.storage import GameRow, GameStatus
from engine.interface import chosen

TIMER_KEYS = by_last_part(
    N_("lobby.timer.off"),
    N_("lobby.timer.1m"),
    N_("lobby.timer.2m"),
    N_("lobby.timer.5m"),
    N_("lobby.timer.1h"),
    N_("lobby.timer.24h"),
)
#: Computer difficulties in words, and what each does.
LEVEL = by_last_part(
    N_("computer.level.easy"), N_("computer.level.medium"), N_("computer.level.hard")
)


def level_name(level: str) -> str:
    return t(LEVEL[level])


def computer_name(name: str, level: str) -> str:
    return t("computer.name", name=name, level=level_name(level))


def new_computer_name(row: GameRow, level: str) -> str:
    """A computer player's name in the lobby's language, one not taken yet."""
    taken = {seat.name for seat in row.seats}
    with use_locale(row.settings.get("language")):
        names = [computer_name(n, level) for n in t("computer.names").split(",")]
    return next((n for n in names if n not in taken), names[0])


def lobby_message(row: GameRow, closed: str | None = None) -> Reply:
    """Names, not mentions, in the embed: a mention of an uncached user shows
    as a raw id on phones."""
    shown = presentation(row.game)
    most = shown.rules.seat_limits(row.settings)[1]
    embed = discord.Embed(
        title=t("lobby.title", game=shown.title()), colour=shown.colour(row.settings)
    )
    lines = shown.settings_lines(row.settings)
    lines.append(t(TIMER_KEYS.get(chosen(row.settings, "turn_timer", "2m"), TIMER_KEYS["2m"])))
    embed.description = "\n".join(lines)
    host = next((s.name for s in row.seats if s.user_id == row.host_id), t("lobby.the_host"))
    seats = "\n".join(f"{i + 1}. {seat.name}" for i, seat in enumerate(row.seats))
    embed.add_field(name=t("lobby.host_title"), value=host, inline=True)
    embed.add_field(
        name=t("lobby.seats", count=len(row.seats), max=most),
        value=seats or t("lobby.empty"),
        inline=True,
    )
    embed.set_footer(text=t("footer.game", game=str(row.id)))
    if closed is not None:
        embed.add_field(name="\u200b", value=closed, inline=False)
        return Reply(embed=embed)
    p, g = shown.prefix, row.id
    items: list[Item] = [
        button(t("lobby.button.join"), custom_id(p, g, 0, "join"), GREEN),
        button(t("lobby.button.leave"), custom_id(p, g, 0, "leave")),
        button(t("lobby.button.start"), custom_id(p, g, 0, "start"), BLUE),
        button(t("lobby.button.cancel"), custom_id(p, g, 0, "cancel"), RED),
        button(t("lobby.button.add_computer"), custom_id(p, g, 0, "addbot"), row=1),
        button(t("lobby.button.remove_computer"), custom_id(p, g, 0, "rmbot"), row=1),
    ]
    table = open_table_button(p, g, row=1)  # only when the bot serves the Activity
    if table is not None:
        items.append(table)
    return Reply(embed=embed, items=items)


def closed_text(row: GameRow) -> str | None:
    if row.status == GameStatus.LOBBY:
        return None
    return t("lobby.started") if row.status == GameStatus.RUNNING else t("lobby.closed")
