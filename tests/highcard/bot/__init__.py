"""High Card on Discord: its table, its hand and play select, its narration of
each reveal, its words (its own catalog, `locales/`) and its command group.
Nothing in the host names it: `GAME_PACKAGES=tests.highcard` makes the host
find it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, by_last_part, join_and, t, tn
from bot.i18n.translator import L_
from bot.interactions.components import Component, channel_id, edit, guarded, reply, service_of
from bot.kit.reply import BLUE, Reply, button, custom_id, select
from bot.live.live import Live
from bot.live.refusals import seat_for
from bot.plugin.contract import Presentation, SeatScore, Show, Step, Table
from engine.interface import JSON, Option
from engine.value import Value

from ..engine import GAME, Over, Play, PlayerView, PublicView, Revealed, State
from ..engine import Event as HCEvent

PREFIX = "hc"
COLOUR = discord.Colour.from_rgb(60, 120, 200)
REFUSALS = by_last_part(
    N_("hc.error.not_your_turn"), N_("hc.error.not_held"), N_("hc.error.game_over")
)
HCTable = Table[PublicView, HCEvent]


def state_of(live: Live) -> State:
    assert isinstance(live.state, State)
    return live.state


def hand_reply(live: Live, seat: int, notice: str | None = None) -> Reply:
    view = GAME.player_view(state_of(live), seat)
    cards = " ".join(f"[{c}]" for c in view.hand) or t("hc.hand.empty")
    embed = discord.Embed(title=t("hc.hand.title"), description=cards, colour=COLOUR)
    if notice:
        embed.description = f"{notice}\n{cards}"
    items: list[Any] = []
    if seat in view.to_act:
        options = [(t("hc.hand.option", card=c), str(c), False) for c in sorted(set(view.hand))]
        cid = custom_id(PREFIX, live.id, live.version, "play")
        items.append(select(cid, options, placeholder=t("hc.hand.pick")))
    return Reply(embed=embed, items=items)


class HandButton(Component, prefix=PREFIX, verb="hand"):
    async def act(self, interaction: discord.Interaction[Any]) -> None:
        live = await service_of(interaction).games.live(self.click.game)
        await reply(interaction, hand_reply(live, seat_for(live, interaction.user.id)))


class PlaySelect(Component, prefix=PREFIX, verb="play"):
    """HC-2: the card picked is played face down."""

    current = seated = True

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        card = int(self.click.values[0]) if self.click.values else 0
        svc = service_of(interaction)
        outcome = await svc.act(
            self.click.game, interaction.user.id, lambda s: Play(s, card), self.click.version
        )
        seat = outcome.seat
        await edit(interaction, hand_reply(outcome.live, seat, t("hc.played", card=card)))


class Commands(commands.Cog):
    """`/highcard hand`: the hand again, with the play select."""

    @app_commands.command(
        name=L_("command.highcard.hand.name"), description=L_("command.highcard.hand.description")
    )
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        async def show() -> None:
            live = await service_of(interaction).games.running(channel_id(interaction))
            await reply(interaction, hand_reply(live, seat_for(live, interaction.user.id)))

        await guarded(interaction, show())


@dataclass(frozen=True, slots=True, kw_only=True)
class Reveal(Value):
    """The narration of one reveal."""

    round: int
    cards: tuple[int, ...]
    winner: int | None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Reveal:
        return cls(round=data["round"], cards=tuple(data["cards"]), winner=data["winner"])


def _names(names: Sequence[str], seats: Sequence[int]) -> str:
    return join_and([names[s] for s in seats])


class HighCardPresentation:
    rules = GAME
    prefix = PREFIX
    command = "highcard"
    options: tuple[Option, ...] = ()
    commands = Commands
    reworded: Mapping[str, str] = {}
    items = (HandButton, PlaySelect)

    def title(self) -> str:
        return t("highcard.title")

    def pace(self, settings: Mapping[str, Any]) -> float:
        return 0.5 if settings.get("pace") == "steady" else 0.1

    def colour(self, settings: Mapping[str, Any]) -> discord.Colour:
        return COLOUR

    def settings_lines(self, settings: Mapping[str, Any]) -> list[str]:
        return [t("hc.lobby.rounds")]

    def table(self, table: HCTable) -> Reply:
        view = table.view
        embed = discord.Embed(title=t("hc.table.title", round=view.round), colour=COLOUR)
        lines = [
            t("hc.table.line", name=name, points=view.points[s], cards=view.hand_sizes[s])
            + (" ▼" if view.face_down[s] else "")
            for s, name in enumerate(table.names)
        ]
        embed.description = "\n".join(lines)
        if view.last:
            embed.add_field(name=t("hc.table.last"), value=" ".join(map(str, view.last)))
        items: list[Any] = []
        if view.ranking is None:
            hand = custom_id(PREFIX, table.game, view.version, "hand")
            items.append(button(t("hc.table.hand"), hand, BLUE))
        return Reply(embed=embed, items=items)

    def moment(self, view: PublicView) -> str | None:
        return f"{view.round}:{view.to_act[0]}" if view.to_act else None

    def ping(self, table: HCTable, mention: str) -> str:
        return t("hc.ping", mention=mention)

    def narrate(self, model: Reveal | None, event: HCEvent) -> tuple[Reveal | None, Step]:
        if isinstance(event, Revealed):  # HC-3
            return Reveal(round=event.round, cards=event.cards, winner=event.winner), Step(
                Show.POST, paced=True
            )
        if isinstance(event, Over):
            return model, Step(Show.FINAL)
        return model, Step()

    def load_narration(self, data: JSON) -> Reveal:
        return Reveal.from_json(data)

    def narration(self, table: HCTable, model: Reveal, decision: bool) -> Reply:
        played = zip(table.names, model.cards, strict=True)
        cards = ", ".join(f"{name}: {card}" for name, card in played)
        if model.winner is None:
            return Reply(content=t("hc.reveal.tie", round=model.round, cards=cards))
        name = table.names[model.winner]
        return Reply(content=t("hc.reveal.won", round=model.round, cards=cards, name=name))

    def has_decision(self, view: PublicView) -> bool:
        return False

    def final(self, table: HCTable) -> Reply:
        view = table.view
        assert view.ranking is not None
        lines = [
            t(
                "hc.final.line",
                place=place,
                names=_names(table.names, seats),
                points=view.points[seats[0]],
            )
            for place, seats in enumerate(view.ranking, 1)
        ]
        winners = view.ranking[0]
        title = tn("hc.final.title", len(winners), names=_names(table.names, winners))
        return Reply(embed=discord.Embed(title=title, description="\n".join(lines), colour=COLOUR))

    def variant(self, settings: Mapping[str, Any]) -> str:
        return "standard"

    def variant_name(self, variant: str) -> str:
        return t("highcard.title")

    def result(self, table: HCTable) -> list[SeatScore]:
        return [SeatScore(points) for points in table.view.points]

    def summary(self, table: HCTable) -> list[str]:
        won = [0] * len(table.names)
        for event in table.events:
            if isinstance(event, Revealed) and event.winner is not None:
                won[event.winner] += 1
        return [tn("hc.summary", won[s], name=name) for s, name in enumerate(table.names)]

    def score_name(self) -> str:
        return t("hc.score")

    def level_about(self, level: str) -> str:
        return t("hc.computer")

    def made_name(self, variant: str, key: str) -> str:
        return key

    def refusal(self, code: str, params: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
        return REFUSALS[code], dict(params)

    def rules_text(self, settings: Mapping[str, Any], view: PlayerView | None) -> Reply:
        return Reply(embed=discord.Embed(title=t("highcard.title"), description=t("hc.rules")))


PRESENTATION: Presentation[PublicView, PlayerView, HCEvent, Reveal] = HighCardPresentation()
