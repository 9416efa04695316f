"""The hand the host draws for a game that says a seat's cards in words
(`Presentation.hand`), so that a game with a simple hand writes no control
of its own: the table's My cards button (`<prefix>:<game>:<version>:hand`,
added by `bot.publishing.table_post`) opens the seat's own cards privately,
with a select of the seat's legal actions in the game's words
(`Presentation.label`); choosing one (`…:play`, its value the action's JSON
without the seat) plays it for the chooser's seat and redraws the hand. A
game that draws a hand of its own writes its own controls.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import cache

import discord

from bot.i18n import t
from bot.interactions.components import Component, edit, reply, service_of
from bot.kit.reply import Item, Reply, custom_id, select
from bot.live.live import Live
from bot.live.refusals import ServiceError, seat_for
from bot.plugin.contract import AnyPresentation
from bot.plugin.registry import presentation
from bot.storage import GameStatus
from engine.interface import Action


def value_of(action: Action) -> str:
    """An action as a select's value: its JSON, less the seat (the chooser's)."""
    data = {k: v for k, v in action.to_json().items() if k != "seat"}
    return json.dumps(data, separators=(",", ":"))


def hand_reply(live: Live, seat: int, notice: str | None = None) -> Reply:
    """The seat's own cards, and while it has a move a select of them."""
    shown = presentation(live.row.game)
    cards = shown.hand(live.rules.player_view(live.state, seat))
    embed = discord.Embed(
        title=t("own_hand.title"),
        description="\n".join(filter(None, (notice, cards))),
        colour=shown.colour(live.row.settings),
    )
    items: list[Item] = []
    if live.row.status == GameStatus.RUNNING:
        legal = live.rules.legal_actions(live.state, seat)
        if legal:
            options = [(shown.label(a), value_of(a), False) for a in legal]
            cid = custom_id(shown.prefix, live.id, live.version, "play")
            items.append(select(cid, options, placeholder=t("own_hand.pick")))
    return Reply(embed=embed, items=items)


class HandButton(Component):
    """My cards on the table: the hand as it is now."""

    async def act(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        live = await service.games.live(self.click.game)
        await service.back(live, interaction.user.id)  # an away player is back
        await reply(interaction, hand_reply(live, seat_for(live, interaction.user.id)))


class PlaySelect(Component):
    """The action chosen is played, for the seat whose move it is."""

    current = seated = True

    async def act(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        live = await service.games.live(self.click.game)
        chosen = self.click.values[0] if self.click.values else ""

        def make(seat: int) -> Action:
            try:
                data = json.loads(chosen)
                made: Action = live.rules.action_from_json({**data, "seat": seat})
                return made
            except Exception as malformed:  # a forged value: refused as a stale click
                raise ServiceError("stale_button") from malformed

        user, version = interaction.user.id, self.click.version
        done = await service.act(self.click.game, user, make, version, interaction)
        words = t("own_hand.played", action=presentation(live.row.game).label(make(done.seat)))
        await edit(interaction, hand_reply(done.live, done.seat, words))


@cache
def controls(shown: AnyPresentation) -> Sequence[type[Component]]:
    """The host's hand controls for this game, if it lets the host draw its
    hand (`Presentation.holds_hands`): its own kinds, under its prefix."""
    if not shown.holds_hands:
        return ()

    class Hand(HandButton, prefix=re.escape(shown.prefix), verb="hand"):
        pass

    class Play(PlaySelect, prefix=re.escape(shown.prefix), verb="play"):
        pass

    return (Hand, Play)
