"""Standings, for every game: a player's stats, the server's leaderboard,
its last finished games (each exportable), and leaving the statistics. What
a result is comes from `bot.stats` and the game's presentation; nothing here
names a game."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal

import discord

from .components import Component, gone, reply, say, send, service_of, update
from .games import presentation
from .i18n import N_, by_last_part, join_and, t, tn, use_locale
from .lobby import level_name
from .reply import RED, Reply, button, custom_id, select
from .running import record_file
from .service import ServiceError
from .stats import MIN_GAMES, computer_level, period_key, player_stats
from .storage import GameStatus

Period = Literal["all", "month", "week"]
PERIOD = by_last_part(
    N_("leaderboard.period.all"), N_("leaderboard.period.month"), N_("leaderboard.period.week")
)
#: Finished games `history` lists.
HISTORY = 10


def _guild(interaction: discord.Interaction[Any]) -> int:
    return interaction.guild_id or 0


async def _server_locale(interaction: discord.Interaction[Any]) -> str:
    """Public messages speak the server's language for games, else its locale."""
    svc = service_of(interaction)
    return await svc.public_locale(interaction.guild_id, interaction.guild_locale)


def player_name(player: str, name: str) -> str:
    level = computer_level(player)
    if level is not None:
        return t("leaderboard.computer", level=level_name(level))
    return discord.utils.escape_markdown(name)


# --- /<game> stats ------------------------------------------------------------------


async def stats(
    interaction: discord.Interaction[Any], game: str, member: discord.abc.User | None
) -> None:
    """A player's games, wins, average score, best game, favourite, and the
    computers they beat, per variant of this game (ephemeral)."""
    who = member or interaction.user
    found = await player_stats(
        service_of(interaction).storage, _guild(interaction), game, str(who.id)
    )
    if not found.variants:
        await say(interaction, t("stats.none", name=who.display_name))
        return
    shown = presentation(game)
    embed = discord.Embed(title=t("stats.title", name=who.display_name), colour=shown.colour({}))
    for variant in found.variants:
        lines = [
            t(
                "stats.line",
                games=variant.games,
                wins=variant.wins,
                rate=f"{variant.win_rate:.0%}",
                average=f"{variant.average:.1f}",
                score=shown.score_name(),
            ),
            t("stats.best", score=variant.best.score, game=variant.best.game_id),
        ]
        if variant.favourite is not None:
            key, count = variant.favourite
            made = shown.made_name(variant.variant, key)
            lines.append(tn("stats.favourite", count, made=made))
        embed.add_field(
            name=shown.variant_name(variant.variant), value="\n".join(lines), inline=False
        )
    if found.beaten:
        beaten = [
            t("stats.beaten_level", level=level_name(level), count=count)
            for level, count in sorted(found.beaten.items())
        ]
        embed.add_field(name=t("stats.beaten"), value=join_and(beaten), inline=False)
    await reply(interaction, Reply(embed=embed))


# --- /<game> leaderboard -------------------------------------------------------------


async def leaderboard(interaction: discord.Interaction[Any], game: str, period: str) -> None:
    """The server's players (computers too) by rating, with their wins (public)."""
    key = period_key(period, datetime.now(UTC))
    rows = await service_of(interaction).storage.leaderboard(
        _guild(interaction), game, key, min_games=MIN_GAMES, limit=10
    )
    shown = presentation(game)
    with use_locale(await _server_locale(interaction)):
        title = t("leaderboard.title", period=t(PERIOD[period]))
        if rows:
            lines = [
                t(
                    "leaderboard.line",
                    place=place,
                    name=player_name(row.player, row.name),
                    rating=f"{row.ordinal:.1f}",
                    wins=row.wins,
                    games=row.games,
                )
                for place, row in enumerate(rows, 1)
            ]
            text = "\n".join(lines)
        else:
            text = tn("leaderboard.empty", MIN_GAMES)
        embed = discord.Embed(title=title, description=text, colour=shown.colour({}))
        embed.set_footer(text=tn("leaderboard.footer", MIN_GAMES))
    await reply(interaction, Reply(embed=embed), ephemeral=False)


# --- /<game> history ---------------------------------------------------------------


async def history(interaction: discord.Interaction[Any], game: str) -> None:
    """The server's last finished games, and a menu to export any one's record."""
    storage = service_of(interaction).storage
    rows = await storage.finished_games(_guild(interaction), limit=HISTORY)
    if not rows:
        await say(interaction, t("history.none"))
        return
    places = await storage.places([row.id for row in rows])
    lines = []
    for row in rows:
        shown = presentation(row.game)
        names = [discord.utils.escape_markdown(seat.name) for seat in row.seats]
        first = [names[seat] for seat, place in sorted(places[row.id].items()) if place == 1]
        when = int(row.finished_at.timestamp()) if row.finished_at else 0
        lines.append(
            t(
                "history.line",
                game=row.id,
                variant=shown.variant_name(shown.variant(row.settings)),
                when=f"<t:{when}:R>",
                players=join_and(names),
                winners=join_and(first) or t("summary.none"),
            )
        )
    embed = discord.Embed(title=t("history.title"), description="\n".join(lines))
    options = [(f"#{row.id}", str(row.id), False) for row in rows]
    menu = select(
        custom_id(presentation(game).prefix, 0, 0, "history"),
        options,
        placeholder=t("history.export"),
    )
    await reply(interaction, Reply(embed=embed, items=[menu]))


class HistoryExportSelect(Component, verb="history"):
    """A game picked in `history`: its record, for `python -m engine replay`."""

    of_game = False
    private = True

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        if not self.click.values or not self.click.values[0].isdigit():
            raise gone()
        row = await service_of(interaction).storage.game(int(self.click.values[0]))
        if row is None or (row.guild_id or 0) != _guild(interaction):
            raise ServiceError("unknown_game")
        if row.status != GameStatus.FINISHED or row.record is None:
            raise ServiceError("export_running")
        file = record_file(row)
        await send(interaction, content=t("export.done", game=row.id), file=file, ephemeral=True)


# --- /<game> forget ----------------------------------------------------------------


async def forget(interaction: discord.Interaction[Any], game: str) -> None:
    """Leave the statistics, after a confirmation."""
    prefix = presentation(game).prefix
    items: list[Any] = [
        button(t("forget.confirm"), custom_id(prefix, 0, 0, "forget", "yes"), RED),
        button(t("forget.keep"), custom_id(prefix, 0, 0, "forget", "no")),
    ]
    await reply(interaction, Reply(content=t("forget.question"), items=items))


class ForgetButton(Component, verb="forget"):
    of_game = False
    private = True

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        if self.click.arg not in ("yes", "no"):
            raise gone()  # no such button was drawn
        if self.click.arg != "yes":
            await update(interaction, content=t("forget.kept"), view=None)
            return
        count = await service_of(interaction).storage.forget_player(interaction.user.id)
        await update(interaction, content=tn("forget.done", count), view=None)


ITEMS: tuple[type[Component], ...] = (HistoryExportSelect, ForgetButton)
