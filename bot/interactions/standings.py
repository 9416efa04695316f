"""Standings, for every game: a player's stats, the server's leaderboard,
its last finished games (each exportable), and leaving the statistics. What
a result is comes from `bot.flow.stats` and the game's presentation; nothing here
names a game."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

import discord

from bot.flow.stats import MIN_GAMES, computer_level, period_key, player_stats
from bot.i18n import N_, by_last_part, join_and, join_dots, number, percent, t, tn, use_locale
from bot.interactions.components import Component, gone, reply, say, send, service_of, update
from bot.interactions.table_commands import record_file
from bot.kit.reply import RED, Item, Reply, button, custom_id, select
from bot.live.refusals import ServiceError
from bot.plugin.registry import presentation
from bot.publishing.lobby_post import level_name
from bot.storage import GameResult, GameStatus, Rating

Period = Literal["all", "month", "week"]
PERIOD = by_last_part(
    N_("leaderboard.period.all"), N_("leaderboard.period.month"), N_("leaderboard.period.week")
)
#: Finished games `history` lists.
HISTORY = 10
#: Rating points per unit of OpenSkill's ordinal: whole numbers people read.
RATING_SCALE = 25


def _guild(interaction: discord.Interaction) -> int:
    return interaction.guild_id or 0


async def _server_locale(interaction: discord.Interaction) -> str:
    """Public messages speak the server's language for games, else its locale."""
    svc = service_of(interaction)
    return await svc.choices.public_locale(interaction.guild_id, interaction.guild_locale)


def player_name(player: str, name: str) -> str:
    level = computer_level(player)
    if level is not None:
        return t("leaderboard.computer", level=level_name(level))
    return discord.utils.escape_markdown(name)


def shown_rating(rating: Rating) -> int:
    """The rating as the leaderboard shows it: OpenSkill's cautious estimate
    (`Rating.ordinal`, μ − 3σ, 0 for a newcomer) in whole points, never below 0."""
    return max(0, round(rating.ordinal * RATING_SCALE))


# --- /<game> stats ------------------------------------------------------------------


async def stats(
    interaction: discord.Interaction, game: str, member: discord.abc.User | None
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
        games = tn("stats.games", variant.games)
        won = tn("stats.won", variant.wins, rate=percent(variant.win_rate))
        lines = [
            join_dots([games, won]),
            t("stats.average", score=shown.score_name(), average=number(variant.average, 1)),
            t(
                "stats.best",
                score=shown.score_name(),
                best=variant.best.score,
                game=str(variant.best.game_id),
            ),
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
            tn("stats.beaten_level", count, level=level_name(level))
            for level, count in sorted(found.beaten.items())
        ]
        embed.add_field(name=t("stats.beaten"), value=join_and(beaten), inline=False)
    await reply(interaction, Reply(embed=embed))


# --- /<game> leaderboard -------------------------------------------------------------


#: Players the leaderboard ranks, and rows read to find them past the computers.
BOARD, READ = 10, 40


async def leaderboard(interaction: discord.Interaction, game: str, period: str) -> None:
    """The server's people by rating, with their wins and games, and the
    computer players apart, for comparison (public, in the server's language)."""
    key = period_key(period, datetime.now(UTC))
    rows = await service_of(interaction).storage.leaderboard(
        _guild(interaction), game, key, min_games=MIN_GAMES, limit=READ
    )
    people = _reads_right([row for row in rows if computer_level(row.player) is None])[:BOARD]
    computers = _reads_right([row for row in rows if computer_level(row.player) is not None])
    shown = presentation(game)
    with use_locale(await _server_locale(interaction)):
        title = t("leaderboard.title", game=shown.title(), period=t(PERIOD[period]))
        lines = [
            _board_line(row, t("leaderboard.place", place=place))
            for place, row in enumerate(people, 1)
        ]
        text = "\n".join(lines) if lines else tn("leaderboard.empty", MIN_GAMES)
        why = _why_above(people)
        if why:
            text += "\n\n" + why
        embed = discord.Embed(title=title, description=text, colour=shown.colour({}))
        if computers:
            value = "\n".join(_board_line(row) for row in computers)
            embed.add_field(name=t("leaderboard.computers"), value=value, inline=False)
        embed.set_footer(text=tn("leaderboard.footer", MIN_GAMES))
    await reply(interaction, Reply(embed=embed), ephemeral=False)


def _board_line(row: Rating, mark: str | None = None) -> str:
    """`1. Ana — 412 · 3 wins of 5 games`: the rating people read, and beside
    it what it comes from; a computer's line has no place (it is there for
    comparison, and its name says it is a computer)."""
    words = {
        "name": player_name(row.player, row.name),
        "rating": shown_rating(row),
        "won": tn("leaderboard.wins", row.wins),
        "played": tn("leaderboard.games", row.games),
    }
    if mark is None:
        return t("leaderboard.computer_line", **words)
    return t("leaderboard.line", mark=mark, **words)


def _reads_right(rows: list[Rating]) -> list[Rating]:
    """By the rating shown, and where it is the same (whole points, never
    below 0), the one with more wins, then more games, first: "0 wins" above
    "1 win" at the same rating would read wrong."""
    return sorted(rows, key=lambda r: (-shown_rating(r), -r.wins, -r.games))


def _why_above(people: list[Rating]) -> str | None:
    """Why someone with fewer wins is above someone with more, where the
    board shows it: the rating counts every place, not only wins."""
    for i, above in enumerate(people):
        for below in people[i + 1 :]:
            if below.wins > above.wins and shown_rating(below) < shown_rating(above):
                return t(
                    "leaderboard.why",
                    above=player_name(above.player, above.name),
                    below=player_name(below.player, below.name),
                )
    return None


# --- /<game> history ---------------------------------------------------------------


async def history(interaction: discord.Interaction, game: str) -> None:
    """This game's last finished games on the server, each with its box or
    level, its players and its result, and a menu to export any one's record."""
    storage = service_of(interaction).storage
    results = await storage.recent_results(_guild(interaction), game, limit=HISTORY)
    shown = presentation(game)
    if not results:
        await say(interaction, t("history.none", game=shown.title()))
        return
    lines = [_history_line(_box(shown.title(), shown.variant_name(r.variant)), r) for r in results]
    embed = discord.Embed(
        title=t("history.title", game=shown.title()),
        description="\n".join(lines),
        colour=shown.colour({}),
    )
    embed.set_footer(text=t("history.scores", score=shown.score_name()))
    options = [(f"#{r.game_id}", str(r.game_id), False) for r in results]
    menu = select(
        custom_id(shown.prefix, 0, 0, "history"),
        options,
        placeholder=t("history.export"),
    )
    await reply(interaction, Reply(embed=embed, items=[menu]))


def _box(title: str, variant: str) -> str:
    """The game and its box or level, "<game> (<level>)"; a box whose name
    already holds the game's, alone: never the game's name twice."""
    if title in variant:
        return variant
    return t("history.box", title=title, variant=variant)


def _history_line(box: str, result: GameResult) -> str:
    """`#12 <game> (<box or level>) · 2 hours ago: 🏆 Ana 5 · 2. Bo 3 · 3. Cleo 1`"""
    seats = sorted(result.seats, key=lambda s: (s.place, s.seat))
    placed = [
        t(
            "history.seat",
            place="🏆" if seat.place == 1 else t("leaderboard.place", place=seat.place),
            name=player_name(seat.player, seat.name),
            points=seat.score,
        )
        for seat in seats
    ]
    return t(
        "history.line",
        game=str(result.game_id),
        box=box,
        when=f"<t:{int(result.finished_at.timestamp())}:R>",
        result=join_dots(placed),
    )


class HistoryExportSelect(Component, verb="history"):
    """A game picked in `history`: its record, for `python -m engine replay`."""

    of_game = False
    private = True

    async def act(self, interaction: discord.Interaction) -> None:
        if not self.click.values or not self.click.values[0].isdigit():
            raise gone()
        row = await service_of(interaction).storage.game(int(self.click.values[0]))
        if row is None or (row.guild_id or 0) != _guild(interaction):
            raise ServiceError("unknown_game")
        if row.status != GameStatus.FINISHED or row.record is None:
            raise ServiceError("export_running")
        file = record_file(row)
        text = t("export.done", game=str(row.id))
        await send(interaction, content=text, file=file, ephemeral=True)


# --- /<game> forget ----------------------------------------------------------------


async def forget(interaction: discord.Interaction, game: str) -> None:
    """Leave the statistics, after a confirmation."""
    prefix = presentation(game).prefix
    items: list[Item] = [
        button(t("forget.confirm"), custom_id(prefix, 0, 0, "forget", "yes"), RED),
        button(t("forget.keep"), custom_id(prefix, 0, 0, "forget", "no")),
    ]
    await reply(interaction, Reply(content=t("forget.question"), items=items))


class ForgetButton(Component, verb="forget"):
    of_game = False
    private = True

    async def act(self, interaction: discord.Interaction) -> None:
        if self.click.arg not in ("yes", "no"):
            raise gone()  # no such button was drawn
        if self.click.arg != "yes":
            await update(interaction, content=t("forget.kept"), view=None)
            return
        count = await service_of(interaction).storage.forget_player(interaction.user.id)
        await update(interaction, content=tn("forget.done", count), view=None)


ITEMS: tuple[type[Component], ...] = (HistoryExportSelect, ForgetButton)
