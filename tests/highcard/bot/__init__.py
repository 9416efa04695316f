"""High Card on Discord: its table, its hand and play select, its narration of each
reveal. Nothing in the host names it: `GAME_PACKAGES=tests.highcard` finds it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.i18n import N_, by_last_part, join_and, t, tn
from bot.interactions.components import Component, edit, reply, service_of
from bot.kit.reply import BLUE, Reply, button, custom_id, select
from bot.live.live import Live
from bot.live.refusals import seat_for
from bot.plugin.contract import Plugin, Presentation, SeatScore, Show, Step, Table
from engine.events import Event as HCEvent
from engine.interface import JSON

from ..engine import GAME, Over, Play, PlayerView, PublicView, Revealed, State
from .web import WEB

PREFIX = "hc"
REFUSALS = by_last_part(
    N_("hc.error.not_your_turn"), N_("hc.error.not_held"), N_("hc.error.game_over")
)
HCTable = Table[PublicView, HCEvent]


def hand_reply(live: Live, seat: int, notice: str | None = None) -> Reply:
    assert isinstance(live.state, State)
    view = GAME.player_view(live.state, seat)
    cards = " ".join(f"[{c}]" for c in view.hand) or t("hc.hand.empty")
    embed = discord.Embed(
        title=t("hc.hand.title"), description="\n".join(filter(None, (notice, cards)))
    )
    items: list[Any] = []
    if seat in view.to_act:
        options = [(t("hc.hand.option", card=c), str(c), False) for c in sorted(set(view.hand))]
        cid = custom_id(PREFIX, live.id, live.version, "play")
        items.append(select(cid, options, placeholder=t("hc.hand.pick")))
    return Reply(embed=embed, items=items)


class HandButton(Component, prefix=PREFIX, verb="hand"):
    async def act(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        live = await service.games.live(self.click.game)
        await service.back(live, interaction.user.id)  # an away player is back
        await reply(interaction, hand_reply(live, seat_for(live, interaction.user.id)))


class PlaySelect(Component, prefix=PREFIX, verb="play"):
    """HC-2: the card picked is played face down."""

    current = seated = True

    async def act(self, interaction: discord.Interaction) -> None:
        card = int(self.click.values[0]) if self.click.values else 0
        play, user = (lambda s: Play(s, card)), interaction.user.id
        service = service_of(interaction)
        done = await service.act(self.click.game, user, play, self.click.version, interaction)
        await edit(interaction, hand_reply(done.live, done.seat, t("hc.played", card=card)))


class HighCardPresentation(Presentation[PublicView, PlayerView, HCEvent, Revealed]):
    rules = GAME
    prefix = PREFIX
    refusals = REFUSALS
    items = (HandButton, PlaySelect)

    def title(self) -> str:
        return t("highcard.title")

    def pace(self, settings: Mapping[str, Any]) -> float:
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
        items: list[Any] = []
        if view.to_act:
            hand = custom_id(PREFIX, table.game, view.version, "hand")
            items.append(button(t("hc.table.hand"), hand, BLUE))
        return Reply(embed=embed, items=items)

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

    def final(self, table: HCTable) -> Reply:
        view = table.view
        assert view.ranking is not None

        def named(seats: tuple[int, ...]) -> str:
            return join_and([table.names[s] for s in seats])

        lines = [
            t("hc.final.line", place=n, names=named(seats), points=view.points[seats[0]])
            for n, seats in enumerate(view.ranking, 1)
        ]
        title = tn("hc.final.title", len(view.ranking[0]), names=named(view.ranking[0]))
        return Reply(embed=discord.Embed(title=title, description="\n".join(lines)))

    def result(self, table: HCTable) -> list[SeatScore]:
        return [SeatScore(points) for points in table.view.points]

    def rules_text(self, settings: Mapping[str, Any], view: PlayerView | None) -> Reply:
        return Reply(embed=discord.Embed(title=t("highcard.title"), description=t("hc.rules")))


PLUGIN = Plugin(HighCardPresentation(), web=WEB)
