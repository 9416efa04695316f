"""The private hands people keep open: ready when their turn comes.

A game's controls say which private message shows a player's hand, and
through which interaction's token the bot can edit it (`keep`): the answer
to their last click or command there, and what it shows. When the game
starts waiting for that player again, the publisher asks for the hand as it
should be now (`ready`): if the hand they keep already shows it (a Mamma
Mia! hand shows the turns of its owner's next turn while others play), no
call is made; else it is redrawn through that token, so the hand they
already have becomes playable with no tap. Discord lets a token edit its
messages for 15 minutes, and past that the player opens the hand with one
tap as before. Only the player's own token reaches the message, and only
they see it: nothing of a hand goes public. Kept in memory only: after a
restart the tokens are the old process's to forget.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import discord

from bot.kit.reply import Reply
from bot.publishing.routes import TOKEN_LIFE
from bot.publishing.table_post import digest

log = logging.getLogger(__name__)

#: A hand as it stands for the game now, or None when it has nothing to play.
Redraw = Callable[[Any], Reply | None]


@dataclass
class Kept:
    interaction: discord.Interaction
    message_id: int | None  # None: the interaction's own answer ("original")
    version: int  # the game version it shows
    redraw: Redraw
    until: float  # monotonic time its token stops being usable
    shown: Reply | str  # what it shows: the reply it was drawn from, or its digest
    pictures: frozenset[str] = frozenset()  # the attachments it shows

    def shows(self) -> str:
        """A digest of what the hand shows (worked out once, when first asked)."""
        if isinstance(self.shown, Reply):
            self.shown = digest(self.shown)
        return self.shown


class Hands:
    """Each seated person's kept hand, by (game, seat)."""

    def __init__(self) -> None:
        self._kept: dict[tuple[int, int], Kept] = {}

    def keep(
        self,
        game: int,
        seat: int,
        version: int,
        interaction: discord.Interaction,
        redraw: Redraw,
        shown: Reply,
        message_id: int | None = None,
        pictures: Iterable[str] = (),
    ) -> None:
        """The player's hand is the private message `message_id` made through
        `interaction` (None: its answer), showing `shown`, the game at `version`."""
        age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        until = time.monotonic() + TOKEN_LIFE - max(0.0, age)
        self._kept[(game, seat)] = Kept(
            interaction, message_id, version, redraw, until, shown, frozenset(pictures)
        )

    def forget(self, game: int) -> None:
        for key in [k for k in self._kept if k[0] == game]:
            del self._kept[key]

    async def ready(self, live: Any, seats: Iterable[int], draw: Any) -> int:
        """Redraw the kept hands of these seats for the game as it is now,
        those that do not show it already (`draw` draws a reply's pictures
        as the server likes); how many were redrawn."""
        done = 0
        for seat in seats:
            kept = self._kept.get((live.id, seat))
            if kept is None or kept.version == live.version:
                continue
            if time.monotonic() >= kept.until:
                del self._kept[(live.id, seat)]
                continue
            reply = kept.redraw(live)
            if reply is None:
                continue
            shows = digest(reply)
            if shows == kept.shows():  # it shows this already: nothing to send
                kept.version = live.version
                continue
            # Pictures the hand shows already are neither drawn nor sent again.
            reply = await draw(reply.copy(), kept.pictures)
            names = reply.shown()
            try:
                if kept.message_id is None:
                    await kept.interaction.edit_original_response(**reply.kwargs(edit=True))
                else:
                    await kept.interaction.followup.edit_message(
                        kept.message_id, **reply.kwargs(edit=True)
                    )
            except discord.HTTPException:  # dismissed, or the token is gone: one tap then
                log.info("a kept hand of game %s could not be made ready", live.id)
                self._kept.pop((live.id, seat), None)
                continue
            kept.version = live.version
            kept.shown = shows
            if names:
                kept.pictures = frozenset(names)
            done += 1
        return done
