"""Publishing: the public consequences of stored actions.

One worker per game turns the stored state into public messages, in order:
first the oven reveal narrated card by card at the game's speed (its progress
stored after every step, so a restart resumes it where it stopped), then, once
the narration has caught up, the table message, the turn ping and the buttons
of a pending decision. It only ever reads the public view and public events.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
from typing import Any

import discord

import engine

from . import render, render_reveal
from .i18n import t
from .service import GameService, Live
from .storage import GameStatus
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
        self._dirty.setdefault(game, asyncio.Event()).set()
        task = self._tasks.get(game)
        if task is None or task.done():
            self._tasks[game] = asyncio.create_task(self._worker(game), name=f"publish-{game}")

    async def _worker(self, game: int) -> None:
        dirty = self._dirty[game]
        delay = 1.0
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

    async def idle(self) -> None:
        """Wait until every game's public messages are up to date (for tests and shutdown)."""
        while any(not task.done() for task in self._tasks.values()):
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    def stop(self) -> None:
        for task in self._tasks.values():
            task.cancel()

    # --- one game -------------------------------------------------------------------

    async def sync(self, game: int) -> None:
        live = await self.service.live(game)
        channel = await self._channel(live.row.channel_id)
        if channel is None:
            return
        locale = _guild_locale(channel)
        # A deep copy: what is stored must only move on once a step was shown.
        narration = copy.deepcopy(live.row.narration)
        narration = await self._narrate(live, channel, narration, locale)
        if live.row.status == GameStatus.CANCELLED:
            await self._ended(live, channel, narration, locale)
            self.service.forget(live.id)
            return
        if self.timers is not None and live.row.status == GameStatus.RUNNING:
            await self.timers.arm(live)  # the clock starts when the players can see the move
        await self._table(live, channel, narration, locale)
        await self._ping(live, channel, narration, locale)
        await self._decision(live, channel, narration, locale)
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

    # --- the reveal narration ---------------------------------------------------------

    async def _narrate(
        self, live: Live, channel: Any, narration: dict[str, Any], locale: Any
    ) -> dict[str, Any]:
        version, index = narration.get("version", 0), narration.get("event", 0)
        pause = self.pace.get(live.row.settings.get("reveal_speed", "normal"), 1.0)
        while version <= live.version:
            events = live.events.get(version, [])
            while index < len(events):
                event = events[index]
                index += 1
                if not event.public:
                    continue
                shown = await self._narrate_event(live, channel, narration, event, locale)
                if shown:
                    narration.update(version=version, event=index)
                    await self.service.set_narration(live, narration)
                    if event.type in render_reveal.PACED and pause:
                        await asyncio.sleep(pause)
            version, index = version + 1, 0
        narration.update(version=version, event=0)
        return narration

    async def _narrate_event(
        self, live: Live, channel: Any, narration: dict[str, Any], event: engine.Event, locale: Any
    ) -> bool:
        """Show one public event; True if a message changed."""
        if event.type == "reveal_start":
            narration["reveal"] = render_reveal.start_model(event)
            reply = self._reveal_reply(live, narration["reveal"], locale)
            message = await channel.send(**reply.kwargs())
            narration["reveal_message_id"] = message.id
            return True
        model = narration.get("reveal")
        if event.type == "game_over":
            view = engine.public_view(live.state)
            reply = render_reveal.final(live.id, view, live.names(), locale)
            message = await channel.send(**reply.kwargs())
            narration["final_message_id"] = message.id
            return True
        if model is None:
            return False
        render_reveal.update(model, event)
        if event.type == "round_start":
            narration["repost_table"] = True
        if event.type in render_reveal.PACED or event.type in ("round_end", "round_start"):
            await self._edit_reveal(live, channel, narration, locale)
            return True
        return False

    def _reveal_reply(
        self,
        live: Live,
        model: dict[str, Any],
        locale: Any,
        decision: list[discord.ui.Item[Any]] | None = None,
        prompt: str | None = None,
    ) -> render.Reply:
        return render_reveal.reveal(
            live.id, model, live.state.variant, live.names(), locale, decision, prompt
        )

    async def _edit_reveal(
        self,
        live: Live,
        channel: Any,
        narration: dict[str, Any],
        locale: Any,
        decision: list[discord.ui.Item[Any]] | None = None,
        prompt: str | None = None,
    ) -> None:
        reply = self._reveal_reply(live, narration["reveal"], locale, decision, prompt)
        if decision is None:  # this redraw drops the buttons: show them again when due
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
        self, live: Live, channel: Any, narration: dict[str, Any], locale: Any
    ) -> None:
        view = engine.public_view(live.state)
        log_lines = (
            casual_log(live, locale) if live.row.settings.get("memory") == "casual" else None
        )
        mentions = [f"<@{s.user_id}>" if s.user_id else s.name for s in live.row.seats]
        reply = render.table(
            live.id, view, live.names(), live.row.settings, locale, log_lines, mentions
        )
        render.presence_notes(reply, live.presence(), live.version, live.names(), locale)
        old = live.row.table_message_id
        repost = narration.pop("repost_table", False) or live.id in self._repost
        self._repost.discard(live.id)
        if old is not None and repost:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(old).delete()
            old = None
        if old is not None:
            try:
                await channel.get_partial_message(old).edit(**reply.kwargs())
                return
            except discord.NotFound:
                pass
        message = await channel.send(**reply.kwargs())
        await self.service.set_messages(live, table_message_id=message.id)

    async def lobby_closed(self, row: Any) -> None:
        """An idle lobby closed itself: its message says so, without buttons."""
        if row.lobby_message_id is None:
            return
        channel = await self._channel(row.channel_id)
        if channel is None:
            return
        locale = _guild_locale(channel)
        reply = render.lobby(row, locale, t("lobby.idle_closed", locale))
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(row.lobby_message_id).edit(**reply.kwargs())

    async def repost_table(self, live: Live) -> None:
        """`/mammamia table`: the table message again, at the bottom of the channel.
        Kept here, not in the stored narration, which only the worker writes."""
        self._repost.add(live.id)
        self.notify(live)

    async def _ping(self, live: Live, channel: Any, narration: dict[str, Any], locale: Any) -> None:
        """A short ping for whoever must act; deleted when their turn or decision ends."""
        state = live.state
        acting = state.to_act()
        key = f"{state.phase}:{acting[0]}:{state.round}" if acting else None
        if state.phase == "reveal" and state.pending is not None:
            key = f"reveal:{acting[0]}:{state.pending.order}:{state.pending.stage}"
        armed = live.presence().armed or {}
        reminder = armed.get("version") == state.version and armed.get("reminded")
        if key is not None and reminder:
            key += ":reminded"
        ping = narration.get("ping") or {}
        if ping.get("key") == key:
            return
        old = live.row.ping_message_id
        if old is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(old).delete()
        message_id = None
        if key is not None:
            view = engine.public_view(state)
            user = live.row.seats[acting[0]].user_id
            text = render.turn_ping(view, user, live.names(), locale)
            if reminder:
                text = t("ping.reminder", locale, due=int(armed["due"])) + " " + text
            message = await channel.send(
                content=text,
                allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
            )
            message_id = message.id
        await self.service.set_messages(live, ping_message_id=message_id)
        narration["ping"] = {"key": key}

    async def _decision(
        self, live: Live, channel: Any, narration: dict[str, Any], locale: Any
    ) -> None:
        """The buttons of a pending decision, on the reveal message, once narrated."""
        state = live.state
        if "reveal" not in narration or narration.get("decision_version") == state.version:
            return
        if state.phase == "reveal" and state.pending is not None:
            view = engine.public_view(state)
            prompt, items = render_reveal.decision_prompt(
                live.id, state.version, view, live.names(), state.help, locale
            )
            await self._edit_reveal(live, channel, narration, locale, items, prompt)
        narration["decision_version"] = state.version

    async def _ended(
        self, live: Live, channel: Any, narration: dict[str, Any], locale: Any
    ) -> None:
        """A game ended early: the table says so, and the ping goes."""
        if narration.get("ended"):
            return
        if live.row.ping_message_id is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(live.row.ping_message_id).delete()
            await self.service.set_messages(live, ping_message_id=None)
        if live.row.table_message_id is not None:
            view = engine.public_view(live.state)
            reply = render.table(live.id, view, live.names(), live.row.settings, locale)
            reply.items = []
            reply.content = t("table.ended_early", locale)
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(live.row.table_message_id).edit(**reply.kwargs())
        narration["ended"] = True
        await self.service.set_narration(live, narration)


def casual_log(live: Live, locale: Any) -> list[str]:
    """Casual memory (MM-V2): this round's plays, newest last."""
    names = live.names()
    lines: list[str] = []
    for version in range(live.version, -1, -1):
        for event in reversed(live.events.get(version, [])):
            if event.type in ("round_start", "game_start"):
                return lines
            if event.type == "play":
                data = event.data
                key = "log.play_order" if data["order"] else "log.play"
                lines.insert(
                    0,
                    t(
                        key,
                        locale,
                        name=names[data["seat"]],
                        count=data["count"],
                        kind=render.kind(data["ingredient"], locale),
                    ),
                )
            elif event.type in ("pass", "skip"):
                lines.insert(0, t(f"log.{event.type}", locale, name=names[event.data["seat"]]))
    return lines


def _guild_locale(channel: Any) -> Any:
    guild = getattr(channel, "guild", None)
    return getattr(guild, "preferred_locale", None)
