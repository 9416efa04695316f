"""The table message of a game: the one public message that shows the table and
names whoever must act.

When the turn passes to a person and the table is the newest message, it is
edited in place to name them, without a mention: the mention is owed only
if they have not acted when the clock's ping falls due (`PING_AFTER`), and
then the table comes down to the bottom of the channel as a new message
that mentions them, and the old one goes. So it does at once when other
messages buried it, when a reveal or a result came below it, for a player
who plays by post, for a reminder, and on `/<game> table`. Otherwise (a
person going on with their own turn, a computer's move, a change that asks
nobody new) it is edited in place, without a mention. Which moment is new
is settled when the action is committed (`intent`, stored with it), so a
restart never mentions twice and never forgets to.

A post whose id was not stored before the process stopped is found again on
resume (`adopt`): every table carries the game's ids in its components, so
the bot reads the channel's newest messages, keeps the newest table of the
game and deletes any other — whatever the outage, a game has one table.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import re
from dataclasses import dataclass

import discord
import orjson

from bot.i18n import N_, by_last_part, t
from bot.kit.reply import BLUE, Button, Reply, button, custom_id
from bot.live.live import Live
from bot.live.moments import Moment
from bot.live.presence import Presence
from bot.plugin.contract import AnyPresentation, Table
from bot.plugin.registry import presentation
from bot.publishing.launch import open_table_button
from bot.publishing.routes import Outlet
from engine.interface import Event, View

log = logging.getLogger(__name__)

#: The table's mention notifies the persons it names, never a role or everyone.
MENTION_USERS = discord.AllowedMentions(users=True, everyone=False, roles=False)


def mention_only(users: tuple[int, ...]) -> discord.AllowedMentions:
    """The table names everyone asked; it notifies only these persons (those
    the game now waits for and did not a step before)."""
    return discord.AllowedMentions(
        users=[discord.Object(u) for u in users], everyone=False, roles=False
    )


#: How many of a channel's newest messages `adopt` reads (one request).
ADOPT_WINDOW = 50

#: Why the bot moved for a person (`Presence.auto["why"]`), in the table's words.
AUTO = by_last_part(N_("table.auto.timeout"), N_("table.auto.away"), N_("table.auto.kicked"))


def table_reply(live: Live, table: Table[View, Event], presence: Presence, moment: Moment) -> Reply:
    """The table as it stands, its first line naming whoever must act."""
    shown: AnyPresentation = live.shown
    reply = shown.table(table)
    mention = " ".join(f"<@{user}>" for user in moment.users)
    if mention:  # only the bot acts: the table's own line says whose move it is
        text = shown.ping(table, mention)
        due = presence.armed.due if presence.armed is not None else None
        if moment.reminder and due is not None:
            text = t("ping.reminder", due=str(int(due))) + " " + text
        reply.content = text
    presence_notes(reply, presence, live.version, live.names())
    if not live.over and live.row.status == "running":
        if shown.holds_hands:  # the host draws the hands (`bot.interactions.own_hand`)
            hand = custom_id(shown.prefix, live.id, live.version, "hand")
            reply.items.append(button(t("own_hand.button"), hand, BLUE))
        reply.items.append(watch_button(live.row.game, live.id))
        activity = open_table_button(shown.prefix, live.id)  # the Activity, if served
        if activity is not None:
            reply.items.append(activity)
    return reply


def digest(reply: Reply) -> str:
    """A short fingerprint of what a message would show, pictures by their
    keys (drawn or not: where an embed shows an attachment is left out)."""
    embed: dict[str, object] | None = None
    if reply.embed is not None:
        embed = dict(reply.embed.to_dict())
        for place in ("image", "thumbnail"):
            shown_at = embed.get(place)
            url = shown_at.get("url") if isinstance(shown_at, dict) else None
            if isinstance(url, str) and url.startswith("attachment://"):
                del embed[place]
    shown = {
        "content": reply.content,
        "embed": embed,
        "components": reply.view().to_components(),
        "pictures": [p.key for p in reply.pictures],
    }
    # orjson: the table's fingerprint is taken at every sync (stdlib json's
    # encoder was a fifth of it); a stored one of an earlier text differs
    # once, and costs one edit.
    text = orjson.dumps(shown, option=orjson.OPT_SORT_KEYS, default=str)
    return hashlib.sha256(text).hexdigest()[:16]


def presence_notes(reply: Reply, presence: Presence, version: int, names: list[str]) -> None:
    """The table's word on timers: time left, a move the bot made for someone,
    and who is away or kicked."""
    embed = reply.embed
    if embed is None:
        return
    armed = presence.armed_for(version)
    if armed is not None and armed.shown is not None:
        embed.add_field(name=t("table.time_left"), value=f"<t:{int(armed.shown)}:R>", inline=True)
    auto = presence.auto_at(version)
    if auto is not None:
        seat = auto.seat
        name = names[seat] if 0 <= seat < len(names) else t("name.unknown")
        why = AUTO[auto.why]  # not inside t(): pybabel extract would take "why" for an id
        note = t(why, name=name)
        embed.description = f"{note}\n{embed.description or ''}"
    absent = [
        t("table.kicked", name=names[s]) if presence.kicked[s] else t("table.away", name=names[s])
        for s in range(len(names))
        if presence.kicked[s] or presence.away[s]
    ]
    if absent:
        embed.add_field(name=t("table.absent"), value="\n".join(absent), inline=False)


def watch_button(game: str, game_id: int) -> Button:
    """Watch: anyone who is not playing sees the public table, privately."""
    watch = custom_id(presentation(game).prefix, game_id, 0, "watch")
    return button(t("table.button.watch"), watch)


def table_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str:
    """A link that opens the channel at the table message."""
    where = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return where if message_id is None else f"{where}/{message_id}"


#: What marks each kind of a game's posts, by the verb (and argument) of one of
#: its controls: the table's Watch, a narration's Rules, the result's Play again.
TABLE, NARRATION, FINAL = "table", "narration", "final"
MARKS = {TABLE: r"0:watch", NARRATION: r"0:rules:n", FINAL: r"[0-9]+:again"}


@dataclass(frozen=True)
class Found:
    """A game's posts of one kind the bot made since a given message: their
    ids, oldest first, and the newest game version each one's controls name."""

    kind: str
    posts: dict[int, int]

    @property
    def newest(self) -> int | None:
        return max(self.posts) if self.posts else None


async def posts_since(
    outlet: Outlet, prefix: str, game: int, since: int | None, bot_id: int | None
) -> dict[str, Found]:
    """The game's tables, narrations and results the bot posted in its channel
    after the message `since` (one request: the channel's newest messages)."""
    marks = {
        kind: re.compile(rf"^{re.escape(prefix)}:{game}:{mark}$") for kind, mark in MARKS.items()
    }
    version_of = re.compile(rf"^{re.escape(prefix)}:{game}:([0-9]+):")
    after = discord.Object(since) if since is not None else None
    found = {kind: Found(kind, {}) for kind in MARKS}
    try:
        async for message in outlet.channel.history(limit=ADOPT_WINDOW, after=after):
            if bot_id is not None and message.author.id != bot_id:
                continue
            ids = [
                getattr(item, "custom_id", None)
                for row in message.components
                for item in getattr(row, "children", [row])
            ]
            versions = [int(m[1]) for i in ids if i and (m := version_of.match(i))]
            for kind, mark in marks.items():
                if any(i is not None and mark.match(i) for i in ids):
                    found[kind].posts[message.id] = max(versions, default=0)
    except discord.HTTPException:
        log.warning("could not read channel %s to find game %s's posts", outlet.channel.id, game)
    return found


async def keep_newest(outlet: Outlet, found: Found, stored: int | None) -> int | None:
    """Keep the newest of `found` (or `stored` if none), delete the others."""
    newest = found.newest
    if newest is None:
        return stored
    for other in [*found.posts, stored]:
        if other is not None and other != newest:
            with contextlib.suppress(discord.HTTPException):
                await outlet.delete(other)
    return newest
