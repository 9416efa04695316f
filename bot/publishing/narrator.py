"""The narration of a game's public events: the game folds each event into its
narration model (`Presentation.narrate`) and says what the narration message
does with it (`Step`): nothing, a new message, an edit (paced or not), the
final result.

`fold` is done twice for each action, the same way: once when it is
committed (`bot.flow.service`), to store the model the action leads to with the
action itself, and to know how long the narration will take before the
players can act (their clock starts after it); and once by the publisher,
which shows each step with the game's pace (`show`).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.i18n import t
from bot.kit.reply import GREEN, Reply, button, custom_id
from bot.live.narration import stored_model
from bot.live.public_messages import Published
from bot.plugin.contract import AnyPresentation, Show, Step, Table
from bot.publishing.routes import Outlet

log = logging.getLogger(__name__)


def post_nonce(game: int, kind: str, *place: object) -> str:
    """The nonce of one public post: the same game, kind and place give the same
    nonce, in a new process too. 24 hex digits (Discord allows 25 characters)."""
    text = ":".join(str(part) for part in (game, kind, *place))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def with_summary(prefix: str, game: int, version: int, reply: Reply, lines: list[str]) -> Reply:
    """The final ranking with the game's summary beside it (what each player
    did, as the table showed it), and Play again."""
    if reply.embed is not None and lines:
        text = "\n".join(lines)
        if len(text) > 1024:  # an embed field's limit
            text = text[:1023] + "…"
        reply.embed.add_field(name=t("summary.title"), value=text, inline=False)
    again = custom_id(prefix, game, version, "again")
    reply.items.append(button(t("final.button.again"), again, GREEN))
    return reply


Draw = Callable[[Reply], Awaitable[Reply]]  # a reply's pictures drawn, or not, as the server likes
Posted = Callable[[Published], Awaitable[None]]  # store the record once a message is posted


def marked(shown: AnyPresentation, table: Table[Any, Any], reply: Reply) -> Reply:
    """A narration message with the game's Rules button: useful beside a
    reveal, and what tells it for the game's after a restart (`tables.MARKS`)."""
    rules = custom_id(shown.prefix, table.game, 0, "rules", "n")
    reply.items.append(button(t("table.button.rules"), rules))
    return reply


class Narrator:
    """Shows a game's narration steps in its channel, with pauses. A message
    posted is stored at once (`posted`): a restart goes on in it."""

    def __init__(self, outlet: Outlet, draw: Draw, posted: Posted) -> None:
        self.outlet = outlet
        self.pictures = draw
        self.posted = posted

    async def show(
        self,
        shown: AnyPresentation,
        table: Table[Any, Any],
        published: Published,
        steps: Sequence[tuple[Any, Step]],
        pause: float,
        place: int,
    ) -> Published:
        """Show `steps` (each with the model as it then stood); the record of
        what the narration messages show, afterwards."""
        for model, step in steps:
            if step.show is Show.FINAL:
                published = await self.final(shown, table, published)
                continue
            if step.show is Show.POST:
                if published.buttons and published.narration_id is not None:
                    # The old message keeps no buttons of a decision long taken.
                    await self._edit(shown, table, published, model, False)
                published = published.but(narration_id=None, buttons=False)
            published = await self._draw(shown, table, published, model, False, place)
            if step.paced and pause:
                await asyncio.sleep(pause)
        return published

    async def decision(
        self,
        shown: AnyPresentation,
        table: Table[Any, Any],
        published: Published,
        pending: bool,
        place: int,
    ) -> Published:
        """The buttons of a pending public decision on the narration message,
        once narrated; none once nothing is pending."""
        model = stored_model(shown, published)
        if model is None or (not pending and not published.buttons):
            return published
        return await self._draw(shown, table, published, model, pending, place)

    async def final(
        self, shown: AnyPresentation, table: Table[Any, Any], published: Published
    ) -> Published:
        if published.final_id is not None:
            return published
        final = shown.final(table)
        final = with_summary(shown.prefix, table.game, table.version, final, shown.summary(table))
        final = await self.pictures(final)
        nonce = post_nonce(table.game, "final")
        message = await self.outlet.post(final, discord.AllowedMentions.none(), nonce)
        published = published.but(final_id=message, final_due=False)
        await self.posted(published)
        return published

    async def _draw(
        self,
        shown: AnyPresentation,
        table: Table[Any, Any],
        published: Published,
        model: Any,
        decision: bool,
        place: int,
    ) -> Published:
        """The narration message as `model` stands: edited, or posted if none
        is up for the current narration yet."""
        current = published.narration_for == published.narration_from
        if published.narration_id is not None and current:
            done = await self._edit(shown, table, published, model, decision)
            if done is not None:
                return done
        reply = await self.pictures(marked(shown, table, shown.narration(table, model, decision)))
        nonce = post_nonce(table.game, "reveal", published.narration_from, place)
        message = await self.outlet.post(reply, discord.AllowedMentions.none(), nonce)
        published = published.but(
            narration_id=message,
            narration_for=published.narration_from,
            narration_pictures=tuple(reply.shown()),
            buttons=decision,
        )
        await self.posted(published)
        return published

    async def _edit(
        self,
        shown: AnyPresentation,
        table: Table[Any, Any],
        published: Published,
        model: Any,
        decision: bool,
    ) -> Published | None:
        """Edit the narration message; None if it is gone. Pictures it already
        shows are not uploaded again (a step often changes the words only)."""
        assert published.narration_id is not None
        reply = await self.pictures(marked(shown, table, shown.narration(table, model, decision)))
        names = reply.shown()
        reply.keep_pictures(set(published.narration_pictures))
        if not await self.outlet.edit(published.narration_id, reply):
            return None
        return published.but(narration_pictures=tuple(names), buttons=decision)
