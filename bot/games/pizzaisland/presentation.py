"""Pizza Island on Discord: the table with every pizza, the turn's buttons,
private decisions, and the result of each game and of the match."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.games.pizzaisland import render, web
from bot.games.pizzaisland.commands import Commands
from bot.games.pizzaisland.controls import ITEMS
from bot.i18n import N_, Nn_, by_last_part, join_and, join_dots, number, t
from bot.kit.reply import Reply
from bot.plugin.contract import Plugin, Presentation, SeatScore, Show, Step, Table
from engine.interface import Settings
from engine.pizzaisland import GAME as RULES
from engine.pizzaisland import events as ev
from engine.pizzaisland.views import PlayerView, PublicView
from engine.value import JSON

#: The message of each refusal the engine raises (engine/pizzaisland), by its code.
REFUSALS = by_last_part(
    N_("pi.error.bad_first"),
    N_("pi.error.bad_order"),
    Nn_("pi.error.bad_ship"),
    N_("pi.error.card_needed"),
    N_("pi.error.decision_open"),
    N_("pi.error.deck_empty"),
    N_("pi.error.fork_misfit"),
    N_("pi.error.game_not_over"),
    N_("pi.error.game_over"),
    N_("pi.error.malformed"),
    N_("pi.error.match_over"),
    N_("pi.error.no_hero_decision"),
    N_("pi.error.no_ship"),
    N_("pi.error.no_such_seat"),
    N_("pi.error.no_such_slice"),
    N_("pi.error.no_third_choice"),
    N_("pi.error.not_in_ship"),
    N_("pi.error.not_playing"),
    N_("pi.error.not_seen"),
    N_("pi.error.not_your_pizza"),
    N_("pi.error.not_your_slice"),
    N_("pi.error.not_your_turn"),
    N_("pi.error.nothing_taken"),
    N_("pi.error.speedy_starts"),
    N_("pi.error.three_taken"),
    N_("pi.error.wrong_hero"),
)


#: What Pizza Island's presentation draws from: its public view and events.
PITable = Table[PublicView, ev.Event]


#: What each computer difficulty does, in this game's words.
LEVEL_ABOUT = by_last_part(N_("pi.computer.easy"), N_("pi.computer.medium"), N_("pi.computer.hard"))


class PizzaIslandPresentation(Presentation[PublicView, PlayerView, ev.Event, render.GameEnd]):
    rules = RULES
    prefix = render.PREFIX
    command = "pizzaisland"
    commands = Commands
    # A match (first to two wins, or three games on points), and cards taken, not dealt.
    reworded: Mapping[str, str] = {
        N_("command.join.description"): N_("command.pizzaisland.join.description"),
        N_("command.leave.description"): N_("command.pizzaisland.leave.description"),
        N_("command.start.description"): N_("command.pizzaisland.start.description"),
        N_("command.rules.description"): N_("command.pizzaisland.rules.description"),
        N_("command.export.description"): N_("command.pizzaisland.export.description"),
        N_("command.notify.description"): N_("command.pizzaisland.notify.description"),
        N_("command.end.description"): N_("command.pizzaisland.end.description"),
    }
    items = ITEMS

    def title(self) -> str:
        return t("pizzaisland.title")

    def colour(self, settings: Settings) -> discord.Colour:
        return render.COLOUR

    def settings_lines(self, settings: Settings) -> list[str]:
        return render.settings_lines(settings)

    def table(self, table: PITable) -> Reply:
        return render.table(table.game, table.view, table.names, table.newest_events())

    def moment(self, view: PublicView) -> str | None:
        acting = view.to_act
        if not acting or view.phase != "turn":
            return None
        pending = view.pending
        what = "decide" if pending is not None else "turn"
        return f"{view.game}:{acting[0]}:{what}"

    def ping(self, table: PITable, mention: str) -> str:
        if table.view.pending is not None:
            return t("pi.ping.decide", mention=mention)
        return t("pi.ping.turn", mention=mention)

    def narrate(
        self, model: render.GameEnd | None, event: ev.Event
    ) -> tuple[render.GameEnd | None, Step]:
        """A game's end is a message of its own, the match's end the final
        ranking; every other move is one line on the table itself."""
        if isinstance(event, ev.GameOver):
            return render.GameEnd.of(event), Step(Show.POST, repost_table=True)
        if isinstance(event, ev.MatchOver):
            return model, Step(Show.FINAL)
        return model, Step()

    def load_narration(self, data: JSON) -> render.GameEnd:
        return render.GameEnd.from_json(data)

    def narration(self, table: PITable, model: render.GameEnd, decision: bool) -> Reply:
        return render.game_result(table.game, model, table.names)

    def final(self, table: PITable) -> Reply:
        return render.final(table.game, table.view, table.names)

    def variant(self, settings: Settings) -> str:
        return str(settings.get("level") or "normal")

    def variant_name(self, variant: str) -> str:
        return t(render.LEVEL_KEYS[variant])

    def result(self, table: PITable) -> list[SeatScore]:
        """The match's points; what a player "made" is the heroes they used."""
        used = heroes_used(table)
        return [SeatScore(p.points, tuple(used[p.seat])) for p in table.view.players]

    def summary(self, table: PITable) -> list[str]:
        return summary_lines(table)

    def score_name(self) -> str:
        return t("stats.score.points")

    def made_name(self, variant: str, key: str) -> str:
        return render.hero_name(key)

    def level_about(self, level: str) -> str:
        return t(LEVEL_ABOUT[level])

    def refusal(self, code: str, params: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
        words = dict(params)
        for key in ("card", "give", "take"):
            if isinstance(words.get(key), str):
                words[key] = render.card_name(words[key])
        if "hero" in words:
            words["hero"] = render.hero_name(str(words["hero"]))
        if "colour" in words:
            words["colour"] = render.COLOUR_EMOJI.get(str(words["colour"]), words["colour"])
        return REFUSALS[code], words

    def rules_text(self, settings: Settings, view: PlayerView | None) -> Reply:
        level = settings.get("level") or "normal"
        embed = discord.Embed(
            title=t("pi.rules.title"), description=t("pi.rules.normal"), colour=render.COLOUR
        )
        if level == "easy":
            embed.add_field(name=t("pi.level.easy"), value=t("pi.rules.easy"), inline=False)
        if level == "advanced":
            embed.add_field(name=t("pi.level.advanced"), value=t("pi.rules.advanced"), inline=False)
        embed.add_field(name=t("pi.rules.heroes_title"), value=t("pi.rules.heroes"), inline=False)
        return Reply(embed=embed)


def heroes_used(table: PITable) -> list[list[str]]:
    used: list[list[str]] = [[] for _ in table.names]
    for event in table.events:
        if isinstance(event, ev.HeroApplied):
            used[event.seat].append(event.hero)
    return used


def summary_lines(table: PITable) -> list[str]:
    """Per player: slices placed in each game of the match, heroes used, and
    the achievements held at the end (PI-A3), all shown on the table as they happened."""
    seats = len(table.names)
    games: list[list[int]] = []
    for event in table.events:
        if isinstance(event, ev.GameStarted):
            games.append([0] * seats)
        elif isinstance(event, ev.Placed) and games:
            games[-1][event.seat] += 1
    used = heroes_used(table)
    none = t("summary.none")
    lines = [
        t(
            "summary.pi.line",
            name=name,
            slices=join_dots(number(g[seat]) for g in games) or number(0),
            heroes=join_and([render.hero_name(h) for h in used[seat]]) or none,
        )
        for seat, name in enumerate(table.names)
    ]
    held = render.achievements_text(table.view, table.names)
    return lines + ([held] if held else [])


PRESENTATION = PizzaIslandPresentation()
#: All the game gives the host (`bot.plugin.registry`).
PLUGIN = Plugin(PRESENTATION, web=web.WEB)
