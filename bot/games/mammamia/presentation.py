"""Mamma Mia! on Discord: how its views become messages, its controls, its words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.games.mammamia import narration, render, web
from bot.games.mammamia.commands import Commands
from bot.games.mammamia.controls import ITEMS
from bot.i18n import N_, Nn_, by_last_part, join_dots, join_or, number, t, tn
from bot.kit.reply import Reply
from bot.plugin.contract import Plugin, Presentation, SeatScore, Show, Step, Table
from engine.interface import Option, Settings, chosen
from engine.mammamia import GAME as RULES
from engine.mammamia import events as ev
from engine.mammamia import variant_of
from engine.mammamia.cards import BOXES
from engine.mammamia.views import PlayerView, PublicView
from engine.value import JSON

#: What Mamma Mia!'s presentation draws from: its public view and events.
MMTable = Table[PublicView, ev.Event]


PACE = narration.PACE
REVEAL_SPEED = Option("reveal_speed", tuple(PACE), "normal")


#: What each computer difficulty does, in this game's words.
LEVEL_ABOUT = by_last_part(N_("mm.computer.easy"), N_("mm.computer.medium"), N_("mm.computer.hard"))


class MammaMiaPresentation(Presentation[PublicView, PlayerView, ev.Event, narration.Reveal]):
    rules = RULES
    prefix = render.PREFIX
    command = render.COMMAND
    options = (REVEAL_SPEED,)
    commands = Commands
    items = ITEMS

    def title(self) -> str:
        return t("mammamia.title")

    def pace(self, settings: Settings) -> float:
        return PACE.get(chosen(settings, "reveal_speed", "normal"), PACE["normal"])

    def colour(self, settings: Settings) -> discord.Colour:
        return render.COLOURS[variant_of(settings)]

    def settings_lines(self, settings: Settings) -> list[str]:
        return render.settings_lines(settings)

    def table(self, table: MMTable) -> Reply:
        log = casual_log(table) if table.settings.get("memory") == "casual" else None
        return render.table(table.game, table.view, table.names, dict(table.settings), log)

    def moment(self, view: PublicView) -> str | None:
        acting = view.to_act
        if not acting:
            return None
        pending = view.pending
        if view.phase == "reveal" and pending is not None:
            return f"reveal:{acting[0]}:{pending.order}:{pending.stage}"
        return f"{view.phase}:{acting[0]}:{view.round}"

    def ping(self, table: MMTable, mention: str) -> str:
        return render.turn_ping(table.view, mention, table.names)

    def narrate(
        self, model: narration.Reveal | None, event: ev.Event
    ) -> tuple[narration.Reveal | None, Step]:
        if isinstance(event, ev.RevealStarted):
            return narration.start_model(event), Step(Show.POST)
        if isinstance(event, ev.GameOver):
            return model, Step(Show.FINAL)
        if model is None or not narration.update(model, event):
            return model, Step()
        shows, paced = narration.step(model, event)
        if not shows:
            return model, Step()
        return model, Step(Show.EDIT, paced, isinstance(event, ev.RoundStarted))

    def load_narration(self, data: JSON) -> narration.Reveal:
        return narration.Reveal.from_json(data)

    def narration(self, table: MMTable, model: narration.Reveal, decision: bool) -> Reply:
        variant = table.view.variant
        if not decision:
            return narration.reveal(table.game, model, variant, table.names)
        prompt, items = narration.decision_prompt(
            table.game,
            table.version,
            table.view,
            table.names,
            bool(table.view.help),
            table.answered,
        )
        return narration.reveal(table.game, model, variant, table.names, items, prompt)

    def has_decision(self, view: PublicView) -> bool:
        return view.phase == "reveal" and view.pending is not None

    def final(self, table: MMTable) -> Reply:
        return narration.final(table.game, table.view, table.names)

    def variant(self, settings: Settings) -> str:
        return variant_of(settings)

    def variant_name(self, variant: str) -> str:
        return render.variant_name(variant)

    def result(self, table: MMTable) -> list[SeatScore]:
        """MM-E1: the orders each player delivered; favourites by the order's name
        (a player's colour changes from game to game, the recipe does not)."""
        variant = table.view.variant
        view = table.view
        assert view.scores is not None, "the game is over"
        return [
            SeatScore(score, tuple(render.order_card(variant, o).name for o in p.delivered or ()))
            for score, p in zip(view.scores, view.players, strict=True)
        ]

    def summary(self, table: MMTable) -> list[str]:
        return summary_lines(table)

    def score_name(self) -> str:
        return t("stats.score.orders")

    def made_name(self, variant: str, key: str) -> str:
        return render.order_name(key)

    def level_about(self, level: str) -> str:
        return t(LEVEL_ABOUT[level])

    def refusal(self, code: str, params: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
        return refusal_words(code, params)

    def rules_text(self, settings: Settings, view: PlayerView | None) -> Reply:
        variant = variant_of(settings)
        embed = discord.Embed(
            title=t("rules.title", variant=render.variant_name(variant)),
            description=t(RULES_TEXT[variant]),
            colour=render.COLOURS[variant],
        )
        if view is not None:
            colour = view.players[view.seat].colour
            lines = "\n".join(
                render.order_line(variant, c) for c in BOXES[variant].order_ids(colour)
            )
            embed.add_field(name=t("rules.your_orders"), value=lines[:1024], inline=False)
        return Reply(embed=embed)


RULES_TEXT = by_last_part(N_("rules.classic"), N_("rules.plus"))
#: The message of each refusal the engine raises (engine/mammamia), and of the
#: two its controls raise, by its code.
REFUSALS = by_last_part(
    Nn_("error.ask_count"),
    N_("error.cannot_ask"),
    Nn_("error.cannot_pay_bombastica"),
    N_("error.ask_mismatch"),
    N_("error.ask_rest_not_held"),
    N_("error.bad_count"),
    N_("error.cannot_help"),
    N_("error.cannot_pass"),
    N_("error.cannot_pay"),
    N_("error.choose_covered"),
    N_("error.choose_fewest"),
    N_("error.choose_one"),
    N_("error.choose_two"),
    N_("error.draw_needed"),
    N_("error.empty_pile"),
    N_("error.expected_choice"),
    N_("error.expected_help"),
    N_("error.expected_payment"),
    N_("error.expected_turn"),
    N_("error.game_over"),
    N_("error.help_off"),
    N_("error.help_plus_only"),
    N_("error.malformed"),
    N_("error.no_pass_in_plus"),
    N_("error.no_such_seat"),
    N_("error.not_held"),
    N_("error.not_your_decision"),
    N_("error.not_your_turn"),
    N_("error.order_not_held"),
    Nn_("error.pay_count"),
    N_("error.pay_mismatch"),
    N_("error.too_few"),
    N_("error.unknown_kind"),
    N_("error.valve_draw"),
)


def refusal_words(code: str, params: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """An engine refusal's message and its parameters in words: kinds, cards, orders, piles."""
    words = dict(params)
    if "choices" in words:
        words["choices"] = join_or([render.kind_name(k) for k in words["choices"]])
    kind = words.get("kind")
    for key in ("need", "held"):  # so many cards of `kind`, in words that agree
        if key in words and kind in render.KIND_EMOJI:
            words[key] = render.amount(kind, words[key])
    if "kind" in words:
        words["kind"] = render.kind(kind) if kind in render.KIND_EMOJI else kind
    for key in ("cards", "missing"):
        if key in words:
            words[key] = render.cards(words[key])
    if "order" in words:  # plus's box names every order of both boxes
        words["order"] = render.card_title("plus", words["order"])
    if "pile" in words:
        words["pile"] = t("pile.supply") if words["pile"] == "supply" else t("pile.order_pile")
    return REFUSALS[code], words


def summary_lines(table: MMTable) -> list[str]:
    """Per player: pizzas delivered in each round's reveal (in Plus only shown
    now, at the end: PL-R5), help given and received where the game had help
    (PL-H), orders back under the pile. All of it was public when it happened."""
    seats = len(table.names)
    rounds: list[list[int]] = []
    given, received, returned = [0] * seats, [0] * seats, [0] * seats
    for event in table.events:
        if isinstance(event, ev.RevealStarted):
            rounds.append([0] * seats)
        elif isinstance(event, ev.Made) and rounds:
            rounds[-1][event.seat] += 1
        elif isinstance(event, ev.Helped):
            given[event.seat] += 1
            received[event.owner] += 1
        elif isinstance(event, ev.Returned):
            returned[event.seat] += 1
    lines = []
    for seat, name in enumerate(table.names):
        made = join_dots(number(r[seat]) for r in rounds) or number(0)
        parts = [t("summary.mm.rounds", rounds=made)]
        if table.view.help:
            parts += [
                tn("summary.mm.given", given[seat]),
                tn("summary.mm.received", received[seat]),
            ]
        parts.append(tn("summary.mm.returned", returned[seat]))
        lines.append(t("summary.mm.line", name=name, parts=join_dots(parts)))
    return lines


def casual_log(table: MMTable) -> list[str]:
    """Casual memory (MM-V2): this round's plays, newest last."""
    lines: list[str] = []
    for event in reversed(table.events):
        if isinstance(event, ev.RoundStarted | ev.GameStart):
            break
        if isinstance(event, ev.Played):
            who, played = table.names[event.seat], render.amount(event.ingredient, event.count)
            if event.order:
                lines.insert(0, t("log.play_order", name=who, cards=played))
            else:
                lines.insert(0, t("log.play", name=who, cards=played))
        elif isinstance(event, ev.Passed):
            lines.insert(0, t("log.pass", name=table.names[event.seat]))
        elif isinstance(event, ev.Skipped):
            lines.insert(0, t("log.skip", name=table.names[event.seat]))
    return lines


PRESENTATION = MammaMiaPresentation()
#: All the game gives the host (`bot.plugin.registry`).
PLUGIN = Plugin(PRESENTATION, web=web.WEB)
