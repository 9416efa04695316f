"""High Card on Discord: its table, its hand and plays in words, its narration
of each reveal; the rest is the host's defaults. Nothing in the host names it:
`GAME_PACKAGES=tests.highcard` finds it."""

from __future__ import annotations

import discord

from bot.i18n import N_, by_last_part, t
from bot.kit.reply import Reply
from bot.plugin.contract import Plugin, Presentation, SeatScore, Show, Step, Table
from engine.events import Event as HCEvent
from engine.interface import JSON, Action, Settings

from ..engine import GAME, Over, Play, PlayerView, PublicView, Revealed
from .web import WEB

HCTable = Table[PublicView, HCEvent]


class HighCardPresentation(Presentation[PublicView, PlayerView, HCEvent, Revealed]):
    rules = GAME
    prefix = "hc"
    refusals = by_last_part(N_("hc.error.not_held"))  # whose turn, and the end: the host's

    def pace(self, settings: Settings) -> float:
        return 0.5 if settings.get("pace") == "steady" else 0.1

    def table(self, table: HCTable) -> Reply:
        view = table.view
        embed = discord.Embed(title=t("hc.table.title", round=view.round))
        lines = [
            t("hc.table.line", name=name, points=view.points[s], cards=view.hand_sizes[s])
            + (" ▼" if view.face_down[s] else "")
            for s, name in enumerate(table.names)
        ]
        embed.description = "\n".join(lines)
        if view.last:
            embed.add_field(name=t("hc.table.last"), value=" ".join(map(str, view.last)))
        return Reply(embed=embed)

    def hand(self, view: PlayerView) -> str:
        return " ".join(f"[{c}]" for c in view.hand) or t("hc.hand.empty")

    def label(self, action: Action) -> str:
        assert isinstance(action, Play)
        return t("hc.hand.option", card=action.card)

    def narrate(self, model: Revealed | None, event: HCEvent) -> tuple[Revealed | None, Step]:
        """HC-3: each reveal is a message of its own, the reveal its model."""
        if isinstance(event, Revealed):
            return event, Step(Show.POST, paced=True)
        if isinstance(event, Over):
            return model, Step(Show.FINAL)
        return model, Step()

    def load_narration(self, data: JSON) -> Revealed:
        return Revealed(data["round"], tuple(data["cards"]), data["winner"])

    def narration(self, table: HCTable, model: Revealed, decision: bool) -> Reply:
        played = zip(table.names, model.cards, strict=True)
        cards = ", ".join(f"{name}: {card}" for name, card in played)
        if model.winner is None:
            return Reply(content=t("hc.reveal.tie", round=model.round, cards=cards))
        name = table.names[model.winner]
        return Reply(content=t("hc.reveal.won", round=model.round, cards=cards, name=name))

    def result(self, table: HCTable) -> list[SeatScore]:
        """HC-4: each seat's points, the final ranking's order."""
        return [SeatScore(points) for points in table.view.points]


PLUGIN = Plugin(HighCardPresentation(), web=WEB)
