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
import time
from collections.abc import Awaitable, Callable, Collection, Sequence

import discord

from bot.i18n import t
from bot.kit.reply import GREEN, Reply, button, custom_id
from bot.live.narration import stored_model
from bot.live.public_messages import Published
from bot.plugin.contract import AnyPresentation, Model, Show, Step, Table
from bot.publishing.routes import Outlet
from engine.interface import Event, View

log = logging.getLogger(__name__)

#: Seconds between two versions of one message: Discord's rate for a
#: message's edits. Steps that come faster are merged into one version.
EDIT_GAP = 1.0


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


#: A reply's pictures drawn, or not, as the server likes; none that the message
#: edited shows already (the names given).
Draw = Callable[[Reply, Collection[str]], Awaitable[Reply]]
Posted = Callable[[Published], Awaitable[None]]  # store the record once a message is posted


def marked(shown: AnyPresentation, table: Table[View, Event], reply: Reply) -> Reply:
    """A narration message with the game's Rules button: useful beside a
    reveal, and what tells it for the game's after a restart (`tables.MARKS`)."""
    rules = custom_id(shown.prefix, table.game, 0, "rules", "n")
    reply.items.append(button(t("table.button.rules"), rules))
    return reply


class Narrator:
    """Shows a game's narration steps in its channel, with pauses. A message
    posted is owed to the database (`posted`): a restart goes on in it."""

    def __init__(self, outlet: Outlet, draw: Draw, posted: Posted, gap: float = EDIT_GAP) -> None:
        self.outlet = outlet
        self.pictures = draw
        self.posted = posted
        self.gap = gap  # seconds between two versions of a message
        self._due: dict[int, float] = {}  # message id -> when its next version may be made

    async def show(
        self,
        shown: AnyPresentation,
        table: Table[View, Event],
        published: Published,
        steps: Sequence[tuple[Model | None, Step]],
        pause: float,
        place: int,
        decided: bool = False,
    ) -> Published:
        """Show `steps` (each with the model as it then stood); the record of
        what the narration messages show, afterwards. A message changes at
        most once a second (`EDIT_GAP`): a step that comes sooner, with
        another edit after it, shows with that one; the last one shows with
        the decision's buttons when `decided` (`decision` draws them next)."""
        last = len(steps) - 1
        for index, (model, step) in enumerate(steps):
            if step.show is Show.FINAL:
                published = await self.final(shown, table, published)
                continue
            assert model is not None, "a narration step to show comes with its model"
            if step.show is Show.POST:
                if published.buttons and published.narration_id is not None:
                    # The old message keeps no buttons of a decision long taken.
                    await self._edit(shown, table, published, model, False)
                published = published.but(narration_id=None, buttons=False)
                published = await self._draw(shown, table, published, model, False, place)
            else:
                follows = index < last and steps[index + 1][1].show is Show.EDIT
                merged = (follows and not self._ready(published)) or (index == last and decided)
                if not merged:
                    published = await self._draw(shown, table, published, model, False, place)
            if step.paced and pause:
                await asyncio.sleep(pause)
        return published

    def _ready(self, published: Published) -> bool:
        """Whether the narration message may change now (`EDIT_GAP`)."""
        message = published.narration_id
        return message is None or time.monotonic() >= self._due.get(message, 0.0)

    async def _spaced(self, message: int) -> None:
        """Wait until the message may change again."""
        wait = self._due.get(message, 0.0) - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)

    async def decision(
        self,
        shown: AnyPresentation,
        table: Table[View, Event],
        published: Published,
        pending: bool,
        place: int,
    ) -> Published:
        """The buttons of a pending public decision on the narration message,
        once narrated; none once nothing is pending."""
        if published.model is None or (not pending and not published.buttons):
            return published  # asked at each version: the model decoded only when drawn
        if published.narration_for != published.narration_from:
            return published  # its narration is not out yet: its first step posts it
        model = stored_model(shown, published)
        assert model is not None
        return await self._draw(shown, table, published, model, pending, place)

    async def final(
        self, shown: AnyPresentation, table: Table[View, Event], published: Published
    ) -> Published:
        if published.final_id is not None:
            return published
        final = shown.final(table)
        final = with_summary(shown.prefix, table.game, table.version, final, shown.summary(table))
        final = await self.pictures(final, ())
        nonce = post_nonce(table.game, "final")
        message = await self.outlet.post(final, discord.AllowedMentions.none(), nonce)
        published = published.but(final_id=message, final_due=False)
        await self.posted(published)
        return published

    async def _draw(
        self,
        shown: AnyPresentation,
        table: Table[View, Event],
        published: Published,
        model: Model,
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
        reply = marked(shown, table, shown.narration(table, model, decision))
        reply = await self.pictures(reply, ())
        nonce = post_nonce(table.game, "reveal", published.narration_from, place)
        message = await self.outlet.post(reply, discord.AllowedMentions.none(), nonce)
        self._due = {message: time.monotonic() + self.gap}  # the older messages are done
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
        table: Table[View, Event],
        published: Published,
        model: Model,
        decision: bool,
    ) -> Published | None:
        """Edit the narration message; None if it is gone. Pictures it already
        shows are not uploaded again (a step often changes the words only)."""
        assert published.narration_id is not None
        reply = marked(shown, table, shown.narration(table, model, decision))
        reply = await self.pictures(reply, published.narration_pictures)
        names = reply.shown()
        await self._spaced(published.narration_id)
        edited = await self.outlet.edit(published.narration_id, reply)
        # Counted from when Discord took it: the next version a second later.
        self._due[published.narration_id] = time.monotonic() + self.gap
        if not edited:
            return None
        return published.but(narration_pictures=tuple(names), buttons=decision)
