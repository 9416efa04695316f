"""Publishing: the public consequences of stored actions, for every game.

One worker per game turns the stored state into public messages, in order:
first the game's narration of its public events at the game's pace (its
progress stored after every step, so a restart resumes it where it stopped),
then, once the narration has caught up, the table message, the ping of
whoever must act and the buttons of a pending public decision. What each
message says is the game's presentation's (`bot.games`); it only ever sees
the public view and public events.
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

from .games import Presentation, Show, Table, presentation
from .i18n import t, use_locale
from .presence import Presence
from .reply import Reply
from .service import GameService, Live
from .storage import GameRow, GameStatus
from .timers import Timers

log = logging.getLogger(__name__)

#: Seconds between narrated steps, per `reveal_speed`.
PACE = {"slow": 2.5, "normal": 1.2, "fast": 0.5}


class Publisher:
    def __init__(
        self, client: discord.Client, service: GameService, pace: dict[str, float] | None = None
    ) -> None:
        self.client = client
        self.service = service
        self.pace = dict(PACE if pace is None else pace)
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

    async def _sync(self, live: Live, shown: Presentation, channel: Any) -> None:
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
        await self._ping(live, shown, channel, narration)
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

    def _table_of(self, live: Live) -> Table:
        view = live.rules.public_view(live.state)
        return Table(live.id, view, live.names(), live.row.settings, live.events)

    # --- the narration -------------------------------------------------------------

    async def _narrate(
        self, live: Live, shown: Presentation, channel: Any, narration: dict[str, Any]
    ) -> dict[str, Any]:
        version, index = narration.get("version", 0), narration.get("event", 0)
        pause = self.pace.get(live.row.settings.get("reveal_speed", "normal"), 1.0)
        while version <= live.version:
            events = live.events.get(version, [])
            while index < len(events):
                event = events[index]
                index += 1
                if event.to is not None:
                    continue
                model, step = shown.narrate(narration.get("reveal"), event)
                if model is not None:
                    narration["reveal"] = model
                if step.repost_table:
                    narration["repost_table"] = True
                if step.show is Show.NOTHING:
                    continue
                await self._show(live, shown, channel, narration, step.show)
                narration.update(version=version, event=index)
                await self.service.set_narration(live, narration)
                if step.paced and pause:
                    await asyncio.sleep(pause)
            version, index = version + 1, 0
        narration.update(version=version, event=0)
        return narration

    async def _show(
        self, live: Live, shown: Presentation, channel: Any, narration: dict[str, Any], what: Show
    ) -> None:
        if what is Show.FINAL:
            message = await channel.send(**shown.final(self._table_of(live)).kwargs())
            narration["final_message_id"] = message.id
        elif what is Show.POST:
            reply = shown.narration(self._table_of(live), narration["reveal"], False)
            message = await channel.send(**reply.kwargs())
            narration["reveal_message_id"] = message.id
            narration.pop("decision_version", None)
        else:
            await self._edit_narration(live, shown, channel, narration, False)

    async def _edit_narration(
        self,
        live: Live,
        shown: Presentation,
        channel: Any,
        narration: dict[str, Any],
        decision: bool,
    ) -> None:
        reply = shown.narration(self._table_of(live), narration["reveal"], decision)
        if not decision:  # this redraw drops the buttons: show them again when due
            narration.pop("decision_version", None)
        message_id = narration.get("reveal_message_id")
        if message_id is not None:
            try:
                await channel.get_partial_message(message_id).edit(**reply.kwargs())
                return
            except discord.NotFound:
                pass
        message = await channel.send(**reply.kwargs())
        narration["reveal_message_id"] = message.id

    # --- the table, the ping, the decision --------------------------------------------

    async def _table(
        self, live: Live, shown: Presentation, channel: Any, narration: dict[str, Any]
    ) -> None:
        reply = shown.table(self._table_of(live))
        presence_notes(reply, live.presence(), live.version, live.names())
        shows = digest(reply)
        old = live.row.table_message_id
        repost = narration.pop("repost_table", False) or live.id in self._repost
        self._repost.discard(live.id)
        if old is not None and not repost and narration.get("table") == shows:
            return  # it already says this (after a restart, say): an edit would change nothing
        if old is not None and repost:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(old).delete()
            old = None
        narration["table"] = shows
        if old is not None:
            try:
                await channel.get_partial_message(old).edit(**reply.kwargs())
                return
            except discord.NotFound:
                pass
        message = await channel.send(**reply.kwargs())
        await self.service.set_messages(live, table_message_id=message.id)

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

    async def _ping(
        self, live: Live, shown: Presentation, channel: Any, narration: dict[str, Any]
    ) -> None:
        """A short ping for whoever must act; deleted when their turn or decision ends."""
        table = self._table_of(live)
        key = shown.moment(table.view)
        armed = live.presence().armed or {}
        reminder = armed.get("version") == live.version and armed.get("reminded")
        if key is not None and reminder:
            key += ":reminded"
        ping = narration.get("ping") or {}
        if ping.get("key") == key:
            return
        old = ping_message_id(live.row, narration)
        if old is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(old).delete()
        message_id = None
        if key is not None:
            seat = live.rules.to_act(live.state)[0]
            user = live.row.seats[seat].user_id
            mention = f"<@{user}>" if user else live.names()[seat]
            text = shown.ping(table, mention)
            if reminder:
                text = t("ping.reminder", due=int(armed["due"])) + " " + text
            message = await channel.send(
                content=text,
                allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
            )
            message_id = message.id
        # Kept in the narration, which this sync stores once at its end anyway:
        # one write per published move instead of two.
        narration["ping"] = {"key": key, "id": message_id}

    async def _decision(
        self, live: Live, shown: Presentation, channel: Any, narration: dict[str, Any]
    ) -> None:
        """The buttons of a pending public decision, on the narration, once narrated."""
        if "reveal" not in narration or narration.get("decision_version") == live.version:
            return
        if shown.has_decision(live.rules.public_view(live.state)):
            await self._edit_narration(live, shown, channel, narration, True)
        narration["decision_version"] = live.version

    async def _ended(
        self, live: Live, shown: Presentation, channel: Any, narration: dict[str, Any]
    ) -> None:
        """A game ended early: the table says so, and the ping goes."""
        if narration.get("ended"):
            return
        ping = ping_message_id(live.row, narration)
        if ping is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(ping).delete()
            narration["ping"] = {"key": None, "id": None}
        if live.row.table_message_id is not None:
            reply = shown.table(self._table_of(live))
            reply.items = []
            reply.content = t("table.ended_early")
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(live.row.table_message_id).edit(**reply.kwargs())
        narration["ended"] = True
        await self.service.set_narration(live, narration)


def ping_message_id(row: GameRow, narration: dict[str, Any] | None = None) -> int | None:
    """The ping on the channel now: kept in the narration; games stored by
    earlier versions of the bot have it in their ping_message_id."""
    ping = (row.narration if narration is None else narration).get("ping") or {}
    found: int | None = ping.get("id", row.ping_message_id)
    return found


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
        note = t(f"table.auto.{auto['why']}", name=name)
        embed.description = f"{note}\n{embed.description or ''}"
    absent = [
        t("table.kicked" if presence.kicked[s] else "table.away", name=names[s])
        for s in range(len(names))
        if presence.kicked[s] or presence.away[s]
    ]
    if absent:
        embed.add_field(name=t("table.absent"), value="\n".join(absent), inline=False)
