"""Publishing: the public consequences of stored actions, for every game.

One worker per game turns the stored state into public messages, in order:
first the game's narration of its public events at the game's pace (its
progress stored after every step, so a restart resumes it where it stopped),
then, once the narration has caught up, the table message (which names
whoever must act, posted anew at the bottom with a mention when a person's
turn or decision comes) and the buttons of a pending public decision. What each
message says is the game's presentation's (`bot.games`); it only ever sees
the public view and public events.

Nothing is posted twice, even when the process dies between posting a message
and storing its id, provided it is back within Discord's nonce window (a few
minutes). Every post is sent with a nonce that Discord enforces
(`enforce_nonce`, which discord.py sets whenever a nonce is given): the same
nonce again within a few minutes returns the message already posted instead
of a new one. The nonce is a function of the game, the kind of post and its
place (`post_nonce`), and it is stored before the post is sent:
- a narration post (oven reveal, final result) is placed by the narration's
  stored progress, which moves on in the same write as the message's id, so
  after a restart the narration replays the step with the same nonce;
- the table stores its nonce as an intent in the narration (`intents`),
  with the moment it mentions, whether it mentions, the table it replaces
  and the DMs it owes, before sending; the intent is dropped once the id is
  stored, the old table deleted and the DMs sent. After a restart a pending
  intent is finished (`_settle`): sent again unless its id was stored, the
  message it brings back adopted as the table, then the rest done.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hashlib
import json
import logging
from typing import Any

import discord

from .games import AnyPresentation, Show, Table, presentation
from .i18n import N_, by_last_part, t, use_locale
from .presence import Presence
from .reply import GREEN, Reply, button, custom_id
from .running import watch_button
from .service import GameService, Live
from .storage import GameRow, GameStatus
from .timers import Timers

log = logging.getLogger(__name__)

#: Discord's code for a direct message the user's privacy settings refuse.
CANNOT_DM = 50007

#: The table's mention notifies the persons it names, never a role or everyone.
MENTION_USERS = discord.AllowedMentions(users=True, everyone=False, roles=False)

#: A moment of the game as the table names it: its key (`Presentation.moment`),
#: the (user, name) of each seat asked (user None: played by the bot, not
#: mentioned), and the table's first line (None when nobody is mentioned).
Moment = tuple[str | None, list[tuple[int | None, str]], str | None]

#: Why the bot moved for a person (`Presence.auto["why"]`), in the table's words.
AUTO = by_last_part(N_("table.auto.timeout"), N_("table.auto.away"), N_("table.auto.kicked"))


class Publisher:
    def __init__(
        self, client: discord.Client, service: GameService, pace: float | None = None
    ) -> None:
        self.client = client
        self.service = service
        self.pace = pace  # seconds per paced narration step for every game; None: each game's
        self._dirty: dict[int, asyncio.Event] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._repost: set[int] = set()  # games whose table goes to the bottom again
        self.timers: Timers | None = None  # armed once the public messages show a move
        service.listeners.append(self.notify)

    # --- scheduling ---------------------------------------------------------------

    def notify(self, live: Live) -> None:
        """Something changed in this game: bring its public messages up to date."""
        game = live.id
        dirty = self._dirty.get(game)
        if dirty is None:
            dirty = self._dirty[game] = asyncio.Event()
        dirty.set()
        task = self._tasks.get(game)
        if task is None or task.done():
            self._tasks[game] = asyncio.create_task(self._worker(game), name=f"publish-{game}")

    async def _worker(self, game: int) -> None:
        dirty = self._dirty[game]
        delay = 1.0
        try:
            while dirty.is_set():
                dirty.clear()
                try:
                    await self.sync(game)
                    delay = 1.0
                except Exception:
                    # Discord may be down or a permission gone: try again, more slowly
                    # each time, so the game (and its deadlines) does not freeze.
                    log.exception("publishing game %s failed; trying again in %s s", game, delay)
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, 300.0)
                    dirty.set()
        finally:
            if not dirty.is_set():  # nothing more to do: let the game's bookkeeping go
                self._dirty.pop(game, None)
                self._tasks.pop(game, None)

    async def idle(self) -> None:
        """Wait until every game's public messages are up to date (for tests and shutdown)."""
        while any(not task.done() for task in self._tasks.values()):
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    def busy(self) -> bool:
        """Whether a game's public messages are still being brought up to date."""
        return any(not task.done() for task in self._tasks.values())

    def stop(self) -> None:
        for task in self._tasks.values():
            task.cancel()

    # --- one game -------------------------------------------------------------------

    async def sync(self, game: int) -> None:
        # Resumed games are published once the gateway has sent the guilds: their
        # channels are then in the cache, not fetched one GET per game.
        await self.client.wait_until_ready()
        live = await self.service.live(game)
        channel = await self._channel(live.row.channel_id)
        if channel is None:
            return
        shown = presentation(live.row.game)
        with use_locale(game_locale(live.row, channel)):
            await self._sync(live, shown, channel)

    async def _sync(self, live: Live, shown: AnyPresentation, channel: Any) -> None:
        # A deep copy: what is stored must only move on once a step was shown.
        narration = copy.deepcopy(live.row.narration)
        narration = await self._narrate(live, shown, channel, narration)
        if live.row.status == GameStatus.CANCELLED:
            await self._ended(live, shown, channel, narration)
            self.service.forget(live.id)
            return
        if self.timers is not None and live.row.status == GameStatus.RUNNING:
            await self.timers.arm(live)  # the clock starts when the players can see the move
        await self._table(live, shown, channel, narration)
        await self._decision(live, shown, channel, narration)
        if narration != live.row.narration:
            await self.service.set_narration(live, narration)
        if live.row.status == GameStatus.FINISHED and narration.get("final_message_id"):
            self.service.forget(live.id)  # all said: the game need not stay in memory

    async def _channel(self, channel_id: int) -> Any:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("channel %s is gone", channel_id)
                return None
        return channel

    # --- the narration -------------------------------------------------------------

    async def _narrate(
        self, live: Live, shown: AnyPresentation, channel: Any, narration: dict[str, Any]
    ) -> dict[str, Any]:
        version, index = narration.get("version", 0), narration.get("event", 0)
        pause = shown.pace(live.row.settings) if self.pace is None else self.pace
        while version <= live.version:
            events = live.events.get(version, [])
            while index < len(events):
                event = events[index]
                index += 1
                if event.to is not None:
                    continue
                stored = narration.get("reveal")
                model, step = shown.narrate(shown.load_narration(stored) if stored else None, event)
                if step.show is Show.POST and narration.get("buttons"):
                    # The old narration message keeps no buttons of a decision
                    # long taken once a new one takes over.
                    await self._edit_narration(live, shown, channel, narration, False)
                if model is not None:
                    narration["reveal"] = model.to_json()
                if step.repost_table:
                    narration["repost_table"] = True
                if step.show is Show.NOTHING:
                    continue
                await self._show(live, shown, channel, narration, step.show, (version, index))
                narration.update(version=version, event=index)
                await self.service.set_narration(live, narration)
                if step.paced and pause:
                    await asyncio.sleep(pause)
            version, index = version + 1, 0
        narration.update(version=version, event=0)
        return narration

    async def _show(
        self,
        live: Live,
        shown: AnyPresentation,
        channel: Any,
        narration: dict[str, Any],
        what: Show,
        place: tuple[int, int],
    ) -> None:
        """Show one narrated step. A post's nonce is its event's place in the
        record: until the step is stored as shown, a restart replays it with the
        same nonce and Discord returns the message already posted."""
        if what is Show.FINAL:
            table = live.table()
            final = with_summary(live, shown.final(table), shown.summary(table))
            reply = await self._drawn(channel, final)
            message = await channel.send(nonce=post_nonce(live.id, "final"), **reply.kwargs())
            narration["final_message_id"] = message.id
        elif what is Show.POST:
            model = shown.load_narration(narration["reveal"])
            reply = shown.narration(live.table(), model, False)
            reply = await self._drawn(channel, reply)
            nonce = post_nonce(live.id, "reveal", *place)
            message = await channel.send(nonce=nonce, **reply.kwargs())
            narration["reveal_message_id"] = message.id
            narration["reveal_pictures"] = reply.shown()
            narration.pop("decision_version", None)
        else:
            await self._edit_narration(live, shown, channel, narration, False)

    async def _edit_narration(
        self,
        live: Live,
        shown: AnyPresentation,
        channel: Any,
        narration: dict[str, Any],
        decision: bool,
    ) -> None:
        model = shown.load_narration(narration["reveal"])
        reply = shown.narration(live.table(), model, decision)
        reply = await self._drawn(channel, reply)
        if not decision:  # this redraw drops the buttons: show them again when due
            narration.pop("decision_version", None)
            narration.pop("buttons", None)
        message_id = narration.get("reveal_message_id")
        if message_id is not None and await self._edit(
            channel, message_id, reply, narration, "reveal_pictures"
        ):
            return
        # Gone (deleted by someone): posted again, once, in the narration's next write.
        nonce = post_nonce(live.id, "reveal-again", message_id or 0)
        message = await channel.send(nonce=nonce, **reply.kwargs())
        narration["reveal_message_id"] = message.id
        narration["reveal_pictures"] = reply.shown()

    async def _drawn(self, channel: Any, reply: Reply) -> Reply:
        """The reply with its pictures drawn in a worker thread, unless the
        server turned pictures off."""
        if reply.pictures:
            guild = getattr(channel, "guild", None)
            await reply.draw(await self.service.pictures(guild.id if guild else None))
        return reply

    async def _edit(
        self, channel: Any, message_id: int, reply: Reply, narration: dict[str, Any], key: str
    ) -> bool:
        """Edit a public message; False if it is gone. Pictures it already shows
        (their names stored under `key`) are not uploaded again: a narrated
        step often changes the words and not the picture, and uploads are
        what cost."""
        names, files = reply.shown(), reply.files
        reply.keep_pictures(set(narration.get(key) or ()))
        try:
            await channel.get_partial_message(message_id).edit(**reply.kwargs(edit=True))
        except discord.NotFound:
            reply.files = files
            return False
        if files is not None:
            narration[key] = names
        return True

    # --- the table, the ping, the decision --------------------------------------------

    async def _table(
        self, live: Live, shown: AnyPresentation, channel: Any, narration: dict[str, Any]
    ) -> None:
        """The table message, which also says whose move it is.

        When a person must act at a new moment (a turn, a decision, a reminder),
        the table comes down to the bottom of the channel as a new message that
        mentions them, and the old one goes: two REST calls, and the table is
        where the players are looking. Otherwise (a computer's move, a change
        that asks nobody new) it is edited in place, without a mention."""
        # The moment as it is now, kept through the awaits below: the game may
        # move on meanwhile (a computer's move), and the next sync shows that.
        version = live.version
        table = live.table()
        now, reminder = self._moment(live, shown, table)
        key, users, text = now
        reply = shown.table(table)
        reply.content = text
        presence_notes(reply, live.presence(), version, live.names())
        if live.row.status == GameStatus.RUNNING:
            reply.items.append(watch_button(live.row.game, live.id))
        reply = await self._drawn(channel, reply)
        await self._settle(live, channel, narration, reply, now)
        shows = digest(reply)
        old = live.row.table_message_id
        # A new moment mentions, and so does its reminder, once; a clock re-armed
        # by a kick or a player back (the reminder gone) is still the same moment.
        said = narration.get("ping") or {}
        new = said.get("key") != key or (reminder and not said.get("reminded"))
        mentions = new and any(user for user, _ in users)
        narration["ping"] = {"key": key, "reminded": reminder}
        asked = narration.pop("repost_table", False) or live.id in self._repost
        self._repost.discard(live.id)
        if old is not None and not (mentions or asked):
            if narration.get("table") == shows:
                return  # it already says this (after a restart, say): an edit would change nothing
            narration["table"] = shows
            if await self._edit(channel, old, reply, narration, "table_pictures"):
                return
        narration["table"] = shows
        # Stored with the intent: the moment, so that a restart adopts this post
        # rather than mention again; whether it mentions and whom to write to;
        # and the table it replaces, which goes once the new one is up (the
        # channel is never without a table to click).
        intents = narration.setdefault("intents", {})
        intents.update(replaced=old, mentions=mentions)
        if mentions and not reminder:
            intents["dm"] = [version, key]
        nonce = await self._intend(live, narration, "table", version, key, old or 0)
        message = await channel.send(
            nonce=nonce,
            allowed_mentions=MENTION_USERS if mentions else discord.AllowedMentions.none(),
            **reply.kwargs(),
        )
        narration["table_pictures"] = reply.shown()
        await self.service.set_messages(live, table_message_id=message.id)
        await self._posted(live, channel, narration, message.id, old, now)

    async def _settle(
        self,
        live: Live,
        channel: Any,
        narration: dict[str, Any],
        reply: Reply,
        now: Moment,
    ) -> None:
        """Finish a table post the process stopped in the middle of (its intent
        still stored): send it again with its nonce, which brings back the
        message if it got there, and adopt it; then what follows a post."""
        await self._forget_ping(live, channel, narration)
        intents = narration.get("intents") or {}
        pending = intents.get("table")
        if pending is None:
            return
        before = live.row.table_message_id
        replaced = intents.get("replaced", before)  # earlier versions stored no "replaced"
        if "replaced" in intents and before is not None and before != replaced:
            message_id = before  # posted and its id stored: only what follows is left
        else:
            # Mentions only if the post never got there and still names this moment.
            moment = (narration.get("ping") or {}).get("key")
            notify = bool(intents.get("mentions")) and moment == now[0]
            adopted = await channel.send(
                nonce=pending,
                allowed_mentions=MENTION_USERS if notify else discord.AllowedMentions.none(),
                **reply.kwargs(),
            )
            narration["table_pictures"] = [a.filename for a in adopted.attachments]
            narration["table"] = None  # what it says is the intent's: edited if need be
            if adopted.id != before:
                await self.service.set_messages(live, table_message_id=adopted.id)
            message_id = adopted.id
        await self._posted(live, channel, narration, message_id, replaced, now)

    async def _posted(
        self,
        live: Live,
        channel: Any,
        narration: dict[str, Any],
        message_id: int,
        replaced: int | None,
        now: Moment,
    ) -> None:
        """After a table post whose id is stored: the table it replaces goes,
        the persons it names who asked for DMs get one (each with a nonce:
        written once), and only then is the intent dropped."""
        if replaced is not None and replaced != message_id:
            await self._delete(channel, replaced)
        intents = narration.setdefault("intents", {})
        dm = intents.get("dm")
        key, users, text = now
        if dm and key is not None and dm[1] == key and text is not None:
            guild = getattr(channel, "guild", None)
            link = table_link(guild.id if guild else None, channel.id, message_id)
            for user, _ in users:
                if user is not None:
                    await self._direct(live, user, (dm[0], key), text, link)
        for part in ("table", "replaced", "mentions", "dm"):
            intents.pop(part, None)
        await self.service.set_narration(live, narration)

    def _moment(
        self, live: Live, shown: AnyPresentation, table: Table[Any, Any]
    ) -> tuple[Moment, bool]:
        """Who must act now, as the table says it (the key is one per turn or
        decision), and whether the turn timer's reminder is due."""
        key = shown.moment(table.view)
        if key is None:
            return (None, [], None), False
        presence = live.presence()
        armed = presence.armed or {}
        reminder = bool(armed.get("version") == live.version and armed.get("reminded"))
        # A question put to several seats at once mentions every person asked;
        # a seat the bot plays (a computer, or for a player who left or is away)
        # is not mentioned, and the table's first line is only for persons.
        seats = list(live.rules.asked(live.state)) or [live.rules.to_act(live.state)[0]]
        users = [
            (
                None if presence.kicked[s] or presence.away[s] else live.row.seats[s].user_id,
                live.names()[s],
            )
            for s in seats
        ]
        mention = " ".join(f"<@{u}>" for u, _ in users if u)
        if not mention:  # only the bot acts: the table's own line says whose move it is
            return (key, users, None), reminder
        text = shown.ping(table, mention)
        if reminder:
            text = t("ping.reminder", due=int(armed["due"])) + " " + text
        return (key, users, text), reminder

    async def _forget_ping(self, live: Live, channel: Any, narration: dict[str, Any]) -> None:
        """Games stored by earlier versions of the bot pinged in a message of
        its own: that message goes (and one sent whose id was never stored)."""
        pending = narration.setdefault("intents", {}).pop("ping", None)
        if pending is not None:
            await self._withdraw(channel, pending, keep=live.row.ping_message_id)
        if live.row.ping_message_id is not None:
            await self._delete(channel, live.row.ping_message_id)
            await self.service.set_messages(live, ping_message_id=None)
        if pending is not None:
            await self.service.set_narration(live, narration)

    async def _intend(
        self, live: Live, narration: dict[str, Any], kind: str, *place: object
    ) -> str:
        """Store the nonce of a post about to be sent (called once the narration
        has caught up, so the working narration may be stored as it is)."""
        nonce = post_nonce(live.id, kind, *place)
        narration.setdefault("intents", {})[kind] = nonce
        await self.service.set_narration(live, narration)
        return nonce

    async def _delete(self, channel: Any, message_id: int | None) -> None:
        """Delete a message if it is still there (deleting twice is harmless)."""
        if message_id is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(message_id).delete()

    async def _withdraw(self, channel: Any, nonce: str, keep: int | None) -> None:
        """Delete a post whose id was never stored. Its nonce finds it: Discord
        returns the message posted with it (or, if it never got there, posts this
        placeholder, deleted at once)."""
        with contextlib.suppress(discord.HTTPException):
            found = await channel.send(
                content="…", nonce=nonce, allowed_mentions=discord.AllowedMentions.none()
            )
            if found.id != keep:
                await found.delete()

    async def lobby_closed(self, row: GameRow) -> None:
        """An idle lobby closed itself: its message says so, without buttons."""
        if row.lobby_message_id is None:
            return
        channel = await self._channel(row.channel_id)
        if channel is None:
            return
        from .lobby import lobby_message  # the lobby's own rendering

        with use_locale(game_locale(row, channel)):
            reply = lobby_message(row, t("lobby.idle_closed"))
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(row.lobby_message_id).edit(**reply.kwargs())

    async def repost_table(self, live: Live) -> None:
        """`/<game> table`: the table message again, at the bottom of the channel.
        Kept here, not in the stored narration, which only the worker writes."""
        self._repost.add(live.id)
        self.notify(live)

    async def _direct(
        self, live: Live, user_id: int, moment: tuple[int, str], ping: str, link: str
    ) -> None:
        """Play-by-post: a direct message to a player who asked for one
        (`notify on`) when a turn or decision waits for them, linking to the table.

        When Discord refuses it (the player's DMs are closed, 50007) the bot
        remembers and stops trying, and the player is told once, privately, the
        next time they use the bot (`bot.components.owed_notice`); the mention
        on the table stays their notice meanwhile."""
        storage = self.service.storage
        preferences = await storage.preferences(user_id)
        if not preferences.get("notify") or preferences.get("dm_refused"):
            return
        try:
            dm = await self.client.create_dm(discord.Object(user_id))
            await dm.send(
                content=t("notify.dm", ping=ping, link=link),
                nonce=post_nonce(live.id, "dm", *moment),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.Forbidden as refused:
            if refused.code != CANNOT_DM:
                raise
            await storage.set_preferences(user_id, dm_refused=live.row.game, dm_refused_told=None)
        except discord.HTTPException:  # the ping in the channel is out: not worth a retry
            log.warning("direct message to %s about game %s failed", user_id, live.id)

    async def _decision(
        self, live: Live, shown: AnyPresentation, channel: Any, narration: dict[str, Any]
    ) -> None:
        """The buttons of a pending public decision, on the narration, once
        narrated; and no buttons once nothing is pending (the last decision of a
        game may be followed by no narrated change that would redraw it)."""
        if "reveal" not in narration or narration.get("decision_version") == live.version:
            return
        if shown.has_decision(live.rules.public_view(live.state)):
            await self._edit_narration(live, shown, channel, narration, True)
            narration["buttons"] = True
        elif narration.pop("buttons", False):
            await self._edit_narration(live, shown, channel, narration, False)
        narration["decision_version"] = live.version

    async def _ended(
        self, live: Live, shown: AnyPresentation, channel: Any, narration: dict[str, Any]
    ) -> None:
        """A game ended early: the table says so, in place of whose move it was."""
        if narration.get("ended"):
            return
        reply = shown.table(live.table())
        reply.items = []
        reply.content = t("table.ended_early")
        await self._settle(live, channel, narration, reply, (None, [], None))
        if live.row.table_message_id is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(live.row.table_message_id).edit(**reply.kwargs())
        narration["ended"] = True
        await self.service.set_narration(live, narration)


def with_summary(live: Live, reply: Reply, lines: list[str]) -> Reply:
    """The final ranking with the game's summary beside it (what each player
    did, as the table showed it), and Play again."""
    if reply.embed is not None and lines:
        text = "\n".join(lines)
        if len(text) > 1024:  # an embed field's limit
            text = text[:1023] + "…"
        reply.embed.add_field(name=t("summary.title"), value=text, inline=False)
    again = custom_id(live.shown.prefix, live.id, live.version, "again")
    reply.items.append(button(t("final.button.again"), again, GREEN))
    return reply


def post_nonce(game: int, kind: str, *place: object) -> str:
    """The nonce of one public post: the same game, kind and place give the same
    nonce, in a new process too. 24 hex digits (Discord allows 25 characters)."""
    text = ":".join(str(part) for part in (game, kind, *place))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def table_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str:
    """A link that opens the channel at the table message."""
    where = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return where if message_id is None else f"{where}/{message_id}"


def digest(reply: Reply) -> str:
    """A short fingerprint of what a message would show."""
    shown = {
        "content": reply.content,
        "embed": reply.embed.to_dict() if reply.embed is not None else None,
        "components": reply.view().to_components(),
    }
    text = json.dumps(shown, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def game_locale(row: GameRow, channel: Any) -> Any:
    """Public messages speak the game's language: chosen at `new`, else the server's."""
    chosen = row.settings.get("language")
    if chosen:
        return chosen
    guild = getattr(channel, "guild", None)
    return getattr(guild, "preferred_locale", None)


def presence_notes(reply: Reply, presence: Presence, version: int, names: list[str]) -> None:
    """The table's word on timers: time left, a move the bot made for someone,
    and who is away or kicked."""
    embed = reply.embed
    if embed is None:
        return
    armed = presence.armed or {}
    if armed.get("version") == version and armed.get("due") is not None:
        embed.add_field(name=t("table.time_left"), value=f"<t:{int(armed['due'])}:R>", inline=True)
    auto = presence.auto
    if auto and auto.get("version") == version:
        seat = auto["seat"]
        name = names[seat] if 0 <= seat < len(names) else t("name.unknown")
        why = AUTO[auto["why"]]  # not inside t(): pybabel extract would take "why" for an id
        note = t(why, name=name)
        embed.description = f"{note}\n{embed.description or ''}"
    absent = [
        t("table.kicked", name=names[s]) if presence.kicked[s] else t("table.away", name=names[s])
        for s in range(len(names))
        if presence.kicked[s] or presence.away[s]
    ]
    if absent:
        embed.add_field(name=t("table.absent"), value="\n".join(absent), inline=False)
