"""Where a game's public messages go: through a person's interaction while its
token lives, else through the channel, within the bot's budget.

Discord counts the channel routes (`POST/PATCH/DELETE /channels/…/messages`)
against the 50 requests a second one bot token gets across all its shards
and processes; an interaction's token routes (its follow-ups, and edits and
deletes of the messages made through it, for 15 minutes) are not counted. So
when a person's move changes the table, the new table is that person's
interaction's public follow-up, and the old table goes through the token
that made it, or that was answered on it by updating it, while that token
lives: a person's move then costs no call the global limit counts. A move
no interaction carries (a computer's, a timeout's) rides on the latest
person's token of its game while it lives; past that it uses the channel
routes, each call waiting for the bot's budget (`bot.kit.budget`, which every
request the global limit counts waits for, whoever sends it), and the
publisher coalesces what changed meanwhile into one update.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.kit.reply import Reply

log = logging.getLogger(__name__)

#: How long an interaction's token may be used, with a margin (Discord: 15 min).
TOKEN_LIFE = 14 * 60.0
#: A table reached by a token with less life than this left is reposted at
#: the next hand-over through the mover's token, while the old one can still
#: delete it (`bot.publishing.publisher.Publisher._may_stay`).
FRESH = TOKEN_LIFE / 2
#: The answers to a click that make its "original" the message clicked on.
UPDATES = (
    discord.InteractionResponseType.deferred_message_update,
    discord.InteractionResponseType.message_update,
)
#: How long a post waits for the interaction carrying it to be answered.
ANSWER_WAIT = 2.5

#: An interaction's extras key: the event `answered` sets.
ANSWERED = "answered"


def answered(interaction: discord.Interaction) -> None:
    """Whoever answers an interaction (bot.interactions.components) says so: a post
    waiting to follow up on it looks again."""
    event = interaction.extras.get(ANSWERED)
    if event is not None:
        event.set()


@dataclass
class Carrier:
    """A person's interaction that may carry public messages: its follow-ups,
    and the messages made through it (or the one its component is on)."""

    interaction: discord.Interaction
    until: float  # monotonic time its token stops being usable

    @property
    def alive(self) -> bool:
        return time.monotonic() < self.until

    def left(self) -> float:
        """Seconds its token may still be used."""
        return max(0.0, self.until - time.monotonic())

    async def answer_awaited(self) -> None:
        """Wait (a little) for its handler to answer it: it does at once, unless
        the bot is behind, and then the channel carries the post instead.
        Woken by each answer (`answered`), not by polling: a behind bot has
        hundreds of posts waiting at once, and the time waited is the clock's."""
        deadline = time.monotonic() + ANSWER_WAIT
        while not self.ready():
            left = deadline - time.monotonic()
            if left <= 0:
                return
            event = self.interaction.extras.setdefault(ANSWERED, asyncio.Event())
            event.clear()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(left):  # no task of its own, as wait_for makes
                    await event.wait()

    def ready(self) -> bool:
        """Answered (a follow-up needs the first answer) and not waiting to fill
        a "thinking" answer (whose first follow-up would replace it)."""
        extras = self.interaction.extras
        return self.alive and self.interaction.response.is_done() and not extras.get("thinking")


#: A channel a game is played in: one the bot posts in and edits its posts.
Channel = (
    discord.TextChannel
    | discord.VoiceChannel
    | discord.StageChannel
    | discord.Thread
    | discord.PartialMessageable
)
CHANNELS = (
    discord.TextChannel,
    discord.VoiceChannel,
    discord.StageChannel,
    discord.Thread,
    discord.PartialMessageable,
)


@dataclass
class Outlet:
    """One game's channel and the interactions that may carry its messages."""

    channel: Channel
    carrier: Carrier | None = None
    # message id -> the interactions whose token reaches it, and how
    # ("message": made through it; "original": its component is on it).
    reach: dict[int, list[tuple[Carrier, str]]] = field(default_factory=dict)

    def carried_by(self, interaction: discord.Interaction) -> None:
        """The latest person's interaction on this game: the next posts go
        through it; the message its component is on can be edited through it."""
        carrier = Carrier(interaction, time.monotonic() + TOKEN_LIFE - _age(interaction))
        self.carrier = carrier
        message = interaction.message
        if message is not None and not message.flags.ephemeral:
            self.reach.setdefault(message.id, []).insert(0, (carrier, "original"))

    def _token_for(self, message_id: int) -> tuple[Carrier, str] | None:
        for carrier, how in self.reach.get(message_id, ()):
            if not carrier.ready():
                continue
            # A click's "original" is the message clicked on only if it was
            # answered by updating that message (else it is the answer itself).
            if how == "original" and not _updated(carrier):
                continue
            return carrier, how
        return None

    def life(self, message_id: int) -> float:
        """Seconds left to the longest-lived token that can edit this message
        (0: only the channel can)."""
        lives = [
            carrier.left()
            for carrier, how in self.reach.get(message_id, ())
            if carrier.alive and (how != "original" or _updated(carrier))
        ]
        return max(lives, default=0.0)

    async def post(self, reply: Reply, mentions: discord.AllowedMentions, nonce: str) -> int:
        """Post a public message; its id. Through the carrier when it can."""
        carrier = self.carrier
        if carrier is not None and carrier.alive and not carrier.ready():
            await carrier.answer_awaited()
        if carrier is not None and carrier.ready():
            try:
                sent = await carrier.interaction.followup.send(
                    wait=True, ephemeral=False, allowed_mentions=mentions, **_send(reply)
                )
            except discord.HTTPException:
                log.info("a follow-up failed; the channel carries it instead")
            else:
                self.reach.setdefault(sent.id, []).insert(0, (carrier, "message"))
                return sent.id
        message = await self.channel.send(nonce=nonce, allowed_mentions=mentions, **reply.kwargs())
        return int(message.id)

    async def edit(self, message_id: int, reply: Reply) -> bool:
        """Edit a public message; False if it is gone."""
        kwargs = reply.kwargs(edit=True)
        route = self._token_for(message_id)
        try:
            if route is not None:
                carrier, how = route
                if how == "original":
                    await carrier.interaction.edit_original_response(**kwargs)
                else:
                    await carrier.interaction.followup.edit_message(message_id, **kwargs)
                return True
            await self.channel.get_partial_message(message_id).edit(**kwargs)
            return True
        except discord.NotFound:
            return False

    async def delete(self, message_id: int | None) -> None:
        """Delete a message if it is still there (deleting twice is harmless)."""
        if message_id is None:
            return
        route = self._token_for(message_id)
        with contextlib.suppress(discord.HTTPException):
            if route is not None:
                carrier, how = route
                if how == "message":
                    await carrier.interaction.followup.delete_message(message_id)
                else:  # the message a click was answered on, by updating it
                    await carrier.interaction.delete_original_response()
            else:
                await self.channel.get_partial_message(message_id).delete()
        self.reach.pop(message_id, None)

    def forget_dead(self) -> None:
        """Let interactions whose tokens have expired go."""
        for message_id in list(self.reach):
            alive = [(c, how) for c, how in self.reach[message_id] if c.alive]
            if alive:
                self.reach[message_id] = alive
            else:
                del self.reach[message_id]
        if self.carrier is not None and not self.carrier.alive:
            self.carrier = None


def _updated(carrier: Carrier) -> bool:
    """Whether a click was answered by updating the message it is on (its
    token's "original" is then that message, else the answer itself)."""
    return carrier.interaction.response.type in UPDATES


def _send(reply: Reply) -> dict[str, Any]:
    """A reply's keyword arguments for a follow-up (which takes no nonce and
    no `None` for what it leaves out)."""
    return {k: v for k, v in reply.kwargs().items() if v is not None}


def _age(interaction: discord.Interaction) -> float:
    return max(0.0, (discord.utils.utcnow() - interaction.created_at).total_seconds())
