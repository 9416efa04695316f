"""Publishing: a game's public messages brought up to the state stored for it.

One worker per game, in order: first the narration of what happened, at the
game's pace (`bot.publishing.narrator`), then the table, which names whoever must act
(`bot.publishing.table_post`), then the buttons of a pending public decision. What each
message says is the game's presentation's; it only ever sees the public
view and public events.

Publishing writes nothing of a move's own: what a move owes (its narration,
its table post, its mention) was stored with the move (`GameService.commit`),
and the ids of the messages posted for it travel to the database with the
next move. When a person's move caused the change, its messages go through
that person's interaction (`bot.publishing.routes`), which Discord's global rate limit
does not count. Nothing is posted twice: a restart finds a table post whose
id was never stored by the ids in its components (`tables.adopt`), and every
channel post carries a nonce as well.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, field, replace

import aiohttp
import discord

from bot.i18n import t, use_locale
from bot.kit import budget
from bot.kit.reply import Item, Reply
from bot.live.choices import Choices
from bot.live.deadlines import ended_early
from bot.live.games import LiveGames
from bot.live.live import Live
from bot.live.moments import moment_of
from bot.live.narration import Fold, fold, stored_model
from bot.live.public_messages import Intent, Published
from bot.plugin.contract import Model, Show, Step, Table
from bot.publishing.hands import Hands
from bot.publishing.lobby_post import lobby_message
from bot.publishing.narrator import EDIT_GAP, Narrator, post_nonce
from bot.publishing.routes import CHANNELS, FRESH, Channel, Outlet
from bot.publishing.table_post import (
    FINAL,
    MENTION_USERS,
    NARRATION,
    TABLE,
    digest,
    keep_newest,
    mention_only,
    posts_since,
    table_link,
    table_reply,
)
from bot.storage import GameRow, GameStatus
from engine.interface import Event, View

log = logging.getLogger(__name__)

#: Failures that say Discord could not be reached or answered with its own error.
UNREACHABLE = (discord.DiscordServerError, aiohttp.ClientError, OSError, TimeoutError)

#: Discord's code for a direct message the user's privacy settings refuse.
CANNOT_DM = 50007
#: Discord's code for a channel that does not exist (deleted).
UNKNOWN_CHANNEL = 10003
#: Games published for the first time by this process at once (a restart's catch-up).
FIRST_AT_ONCE = 4


@dataclass
class Stage:
    """A game's publishing in this process: where its messages go, and what
    of its narration the messages show (to animate the next steps)."""

    outlet: Outlet
    narrator: Narrator
    version: int = -1  # the version its messages show; -1: not yet, since this process began
    model: Model | None = None  # the narration model as shown
    # The version whose decision buttons are shown, and who had answered its question.
    decision: tuple[int, tuple[int, ...]] = (-1, ())
    waited: frozenset[int] = frozenset()  # the people the table last named, to ready hands
    repost: bool = False  # `/<game> table`: the table to the bottom of the channel
    place: int = 0  # narration posts made, for their nonces
    unsure: bool = False  # a table post failed: it may have got there all the same
    doomed: set[int] = field(default_factory=set)  # old tables still to delete


class Publisher:
    def __init__(
        self,
        client: discord.Client,
        games: LiveGames,
        pace: float | None = None,
    ) -> None:
        self.client = client
        self.games = games
        self.storage = games.storage
        self.choices = Choices(games.storage)
        self.pace = pace  # seconds a paced narration step takes for every game; None: each game's
        self._stages: dict[int, Stage] = {}
        # Games this process has published once (their clocks may run, `shown`),
        # and at most a few first publishings at a time: after a long outage a
        # thousand games catch up behind the live interactions, not all at once.
        self._shown: set[int] = set()
        self._first = asyncio.Semaphore(FIRST_AT_ONCE)
        self.on_shown: Callable[[], None] = lambda: None  # the timers look again
        # Channels Discord deleted, and who closes their games (the bot).
        self.gone: set[int] = set()
        self.on_channel_gone: Callable[[int], Awaitable[None]] = _nothing
        self._dirty: dict[int, asyncio.Event] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._pictures: dict[int, bool] = {}  # guild -> pictures on, for this sync
        # The person's interaction that last changed each game, to publish through.
        self._carriers: dict[int, discord.Interaction] = {}
        self.hands = Hands()  # the private hands people keep open, readied at their turn

    # --- scheduling ---------------------------------------------------------------

    def publish(self, live: Live, by: discord.Interaction | None = None) -> None:
        """Something changed in this game: bring its public messages up to
        date, through `by` (the person's interaction that changed it) if given."""
        game = live.id
        if by is not None:
            self._carriers[game] = by
        dirty = self._dirty.get(game)
        if dirty is None:
            dirty = self._dirty[game] = asyncio.Event()
        dirty.set()
        task = self._tasks.get(game)
        if task is None or task.done():
            self._tasks[game] = asyncio.create_task(self._worker(game), name=f"publish-{game}")

    async def _worker(self, game: int) -> None:
        budget.AHEAD.set(False)  # not ahead because the move that woke it was a person's
        dirty = self._dirty[game]
        delay = 1.0
        try:
            while dirty.is_set():
                dirty.clear()
                try:
                    await self.sync(game)
                    delay = 1.0
                except Exception as error:
                    # Discord may be down or a permission gone: try again, more slowly
                    # each time, so the game (and its deadlines) does not freeze. An
                    # outage is one line a try; anything else its traceback, once.
                    if isinstance(error, UNREACHABLE) or delay > 1.0:
                        log.warning(
                            "publishing game %s failed (%r); trying again in %s s",
                            game,
                            error,
                            delay,
                        )
                    else:
                        log.exception("publishing game %s failed; again in %s s", game, delay)
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

    async def stop(self) -> None:
        """Stop publishing: what is left is posted by the next start (each post
        idempotent, a post whose id was not stored found again)."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # --- one game -------------------------------------------------------------------

    def shown(self, game: int) -> bool:
        """Whether the game's public messages show it as it stands: its clock may
        run (a computer does not move before the players see the table, nor
        after a restart before its table is up)."""
        return game in self._shown and game not in self._dirty

    async def sync(self, game: int) -> None:
        # Resumed games are published once the gateway has sent the guilds: their
        # channels are then in the cache, not fetched one GET per game.
        await self.client.wait_until_ready()
        if game in self._stages:
            await self._sync_game(game)
            return
        async with self._first:
            with budget.ahead():  # not behind the clocks of games shown already
                await self._sync_game(game)
            await asyncio.sleep(0)  # the live interactions go first

    async def _sync_game(self, game: int) -> None:
        live = await self.games.live(game)
        if live.row.channel_id in self.gone:  # nothing can be shown there any more
            self._shown.add(game)
            self._forget(live)
            return
        stage = self._stages.get(game)
        if stage is None:
            channel = await self._channel(live.row.channel_id)
            if channel is None:
                self._shown.add(game)  # nothing to show: its clock runs all the same
                return
            outlet = Outlet(channel)

            async def draw(reply: Reply, shown: Collection[str] = ()) -> Reply:
                return await self._drawn(live, reply, shown)

            async def posted(published: Published) -> None:
                self._keep(live, published)
                self.games.owe_published(live)

            # A narration paced for every game (tests) spaces its edits no more.
            gap = EDIT_GAP if self.pace is None else min(EDIT_GAP, self.pace)
            stage = self._stages[game] = Stage(outlet, Narrator(outlet, draw, posted, gap))
        carrier = self._carriers.pop(game, None)
        if carrier is not None:  # a person's move: published through their interaction
            stage.outlet.carried_by(carrier)
        guild = getattr(stage.outlet.channel, "guild", None)
        self._pictures[game] = await self.choices.pictures(guild.id if guild else None)
        locale = live.row.settings.get("language") or getattr(guild, "preferred_locale", None)
        with use_locale(locale):
            await self._sync(live, stage)
        self._shown.add(game)
        self.on_shown()

    async def _sync(self, live: Live, stage: Stage) -> None:
        shown = live.shown
        if stage.version < 0:  # the first publishing of this game by this process
            await self._resume(live, stage)
        version = live.version
        steps = self._steps(live, stage)
        pause = shown.pace(live.row.settings) if self.pace is None else self.pace
        table = live.table()
        decided = shown.has_decision(table.view)  # the last step shows with its buttons
        published = await stage.narrator.show(
            shown, table, live.published, steps.steps, pause, stage.place, decided
        )
        stage.place += steps.posts
        if steps.steps:
            stage.decision = (-1, ())  # each step redrew the narration without the buttons
        self._keep(live, published)
        if live.row.status == GameStatus.CANCELLED:
            await self._ended(live, stage)
            self._forget(live)
            return
        await self._table(live, stage, version)
        await self._ready_hands(live, stage)
        now = live.version
        # The buttons only on the narration shown: if the game moved on while
        # the table was posted, its narration is the next sync's to show first
        # (drawing them now posted a reveal the next step posted again).
        answers = live.presence_seen().answers
        answered = tuple(sorted(answers.seats)) if answers and answers.version == now else ()
        if stage.decision != (now, answered) and now == version:
            table = replace(live.table(), answered=answered)
            pending = shown.has_decision(table.view)
            published = await stage.narrator.decision(
                shown, table, live.published, pending, stage.place
            )
            self._keep(live, published)
            stage.decision = (now, answered)
        if live.row.status == GameStatus.FINISHED and live.published.final_id is not None:
            await self.games.save_published(live)  # no move will carry it now
            self._forget(live)  # all said: the game need not stay in memory

    def _steps(self, live: Live, stage: Stage) -> Fold:
        """The narration steps to show, from what the messages show to the
        game's version; after a restart, the stored model once, at its end."""
        shown = live.shown
        published = live.published
        if stage.version < 0:
            stage.version = live.version
            model = stored_model(shown, published)
            behind = range(published.model_version + 1, live.version + 1)
            caught = fold(shown, model, [e for v in behind for e in live.events.get(v, [])])
            stage.model = caught.model
            result = Fold(stage.model, final=published.final_due or caught.final)
            owed = published.narration_for != published.narration_from or caught.posts
            if stage.model is not None and (owed or published.narration_id is not None):
                result.steps.append((stage.model, _redraw()))
            if result.final:
                result.steps.append((stage.model, _final()))
            return result
        events = [e for v in range(stage.version + 1, live.version + 1) for e in live.events[v]]
        stage.version = live.version
        result = fold(shown, stage.model, events)
        stage.model = result.model
        return result

    def _keep(self, live: Live, published: Published) -> None:
        """What the publisher now knows its messages show, beside what the game
        settled meanwhile (a move committed during a post)."""
        live.published = live.published.but(
            narration_id=published.narration_id,
            narration_for=published.narration_for,
            narration_pictures=published.narration_pictures,
            buttons=published.buttons,
            final_id=published.final_id,
            final_due=live.published.final_due and published.final_id is None,
        )

    async def _resume(self, live: Live, stage: Stage) -> None:
        """After a restart: a table post under way may have got there (its id
        never stored); games stored by much older versions had a ping message
        of their own."""
        if live.row.ping_message_id is not None:
            await stage.outlet.delete(live.row.ping_message_id)
            await self.storage.set_messages(live.id, ping_message_id=None)
        # What was owed when the game was loaded: only a post under way then
        # may be out unrecorded. One owed since, for a move this process made
        # (a timeout played before the table was first shown), is not out yet,
        # and needs no reading of the channel (one request the global limit
        # counts, a thousand after an outage).
        stored = live.loaded or live.published
        # (A mention left to the clock's ping is not under way: it is stored
        # as owed now, before it is posted.)
        owed = stored.intent is not None and not stored.intent.later
        owed = owed or stored.repost or stored.final_due
        owed = owed or stored.narration_for != stored.narration_from
        # No table stored: the first may be out, sent as the Start click's
        # follow-up, which has no nonce for Discord to catch a repeat by.
        owed = owed or live.table_id is None
        if owed and live.resumed:
            await self._adopt(live, stage)

    async def _adopt(self, live: Live, stage: Stage) -> None:
        """Posts that may have got there without the bot hearing of it (a
        restart, a failed request): found by the game's ids in their controls.
        The newest table is kept (its mention was said), any other deleted; an
        owed narration message or final result that is there is taken as it."""
        me = self.client.user.id if self.client.user is not None else None
        published = live.published
        since = min(
            (i for i in (live.table_id, published.narration_id) if i is not None), default=None
        )
        found = await posts_since(stage.outlet, live.shown.prefix, live.id, since, me)
        table_id = live.table_id
        table = found[TABLE]
        if table.newest is not None:
            live.table_id = await keep_newest(stage.outlet, table, live.table_id)
            intent = published.intent
            # The stored table itself, found again, is no post made since.
            posted = table.newest != table_id
            if intent is None or (posted and intent.version <= table.posts[table.newest]):
                # The post it owed got there: it is the table; its mention was said.
                # A repost asked for (`/… table`) is still owed if nothing came since.
                repost = published.repost and not posted
                live.published = live.published.but(intent=None, repost=repost, table=None)
                if intent is not None and intent.dm:
                    await self._dms(live, stage, table.newest, intent.key, intent.users)
            else:
                live.published = live.published.but(table=None)
        narration = found[NARRATION]
        owed = published.narration_for != published.narration_from
        if owed and narration.newest is not None and narration.newest != published.narration_id:
            live.published = live.published.but(
                narration_id=narration.newest, narration_for=published.narration_from
            )
        final = found[FINAL]
        if published.final_id is None and final.newest is not None:
            final_id = await keep_newest(stage.outlet, final, None)
            live.published = live.published.but(final_id=final_id, final_due=False)
        if live.published != published or live.table_id != table_id:
            await self.games.save_published(live)

    async def _channel(self, channel_id: int) -> Channel | None:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(channel_id)
            except discord.HTTPException as error:
                log.warning("channel %s is gone", channel_id)
                if error.code == UNKNOWN_CHANNEL:  # deleted while the bot was away
                    self.channel_gone(channel_id)
                    await self.on_channel_gone(channel_id)
                return None
        return channel if isinstance(channel, CHANNELS) else None

    def channel_gone(self, channel_id: int) -> None:
        """Discord deleted the channel: its games are shown no more."""
        self.gone.add(channel_id)

    async def _drawn(self, live: Live, reply: Reply, shown: Collection[str] = ()) -> Reply:
        """The reply with its pictures drawn in a worker process, unless the
        server turned pictures off; those the message edited already `shown`
        are neither drawn nor uploaded again."""
        if reply.pictures:
            await reply.draw(self._pictures.get(live.id, True), shown)
        return reply

    # --- the table ----------------------------------------------------------------------

    async def _table(self, live: Live, stage: Stage, version: int) -> None:
        """The table message: posted anew when a post is owed (a new moment that
        mentions, a repost), else edited in place if what it says changed."""
        outlet = stage.outlet
        await self._settle(live, stage)
        presence = live.presence_seen()
        table = live.table()
        moment = moment_of(live, table.view, presence)
        reply = table_reply(live, table, presence, moment)
        published = live.published
        owed = published.intent
        old = live.table_id
        later = owed is not None and owed.later  # the mention may wait for the clock's ping
        anew = (owed is not None and not later) or published.repost or stage.repost or old is None
        anew = anew or buried(stage.outlet.channel, old, published)
        later = later and owed is not None and owed.key == moment.key
        if later and not anew and owed is not None:
            anew = not await self._may_stay(live, stage, owed)
        if later and anew and owed is not None:
            # Posted now after all: stored as owed now first, so that a
            # restart before its id is stored looks for it (`_adopt`).
            owed = replace(owed, later=False)
            live.published = live.published.but(intent=owed)
            await self.games.save_published(live)
        below = anew or (old or 0) > (published.narration_id or 0)
        reply.items += carried_decision(live, table, published) if below else []
        shows = digest(reply)
        if not anew and old is not None:
            if published.table == shows:
                return  # it already says this (after a restart, say): an edit would change nothing
            reply = await self._drawn(live, reply, published.table_pictures)
            names = reply.shown()
            if await outlet.edit(old, reply):
                live.published = live.published.but(table=shows, table_pictures=tuple(names))
                if later:  # the hand-over's table, as a post's id: with the next write
                    self.games.owe_published(live)
                return
        reply = await self._drawn(live, reply)
        mentions = owed is not None and owed.mentions and owed.key == moment.key
        allowed = discord.AllowedMentions.none()
        if mentions and owed is not None:
            allowed = MENTION_USERS if owed.users is None else mention_only(owed.users)
        nonce = post_nonce(live.id, "table", version, moment.key, old or 0)
        try:
            message = await outlet.post(reply, allowed, nonce)
        except Exception:
            stage.unsure = True
            raise
        live.table_id = message
        stage.repost = False
        live.published = live.published.but(
            table=shows,
            table_pictures=tuple(reply.shown()),
            repost=False,
            intent=None if live.published.intent is owed else live.published.intent,
        )
        if owed is not None or old is None:
            # The post a move stored as owed (or the first table): what it
            # shows goes with the next write, of this game or another (a move
            # is one round trip); a restart before it adopts the post by its ids.
            self.games.owe_published(live)
        else:  # unplanned (a repost, a buried table, an edit that failed): stored now
            await self.games.save_published(live)
        if old is not None and old != message:
            stage.doomed.add(old)
            await outlet.delete(old)
            stage.doomed.discard(old)
        if mentions and owed is not None and owed.dm:
            await self._dms(live, stage, message, owed.key, owed.users)

    async def _may_stay(self, live: Live, stage: Stage, owed: Intent) -> bool:
        """Whether the table may stay where it is, edited, now that the turn
        passed to someone (their mention left to the clock's ping): it is
        the newest message of the game, nobody it names wants a direct
        message (play by post: their notice comes at once, as ever), and a
        token that lives on reaches it. One that has little life left is
        reposted through the mover's token, and the old deleted through its
        own while it still lives, so a table kept in place for long never
        falls back to the channel routes, which the global limit counts."""
        published = live.published
        table = live.table_id or 0
        if table < (published.narration_id or 0) or table < (published.final_id or 0):
            return False  # a reveal or a result came below it: a post is owed anyway
        for user in owed.users or ():
            if (await self.choices.preferences(user)).notices():
                return False
        outlet = stage.outlet
        left = outlet.life(table)
        carrier = outlet.carrier
        if left >= FRESH or carrier is None or not carrier.alive:
            return True
        return carrier.left() <= left  # the mover's token would not carry it further

    async def _ready_hands(self, live: Live, stage: Stage) -> None:
        """The people the game now waits for and did not a sync before: the
        hands they keep open become playable (`bot.publishing.hands`)."""
        moment = moment_of(live, live.public_view(), live.presence_seen())
        waited = frozenset(moment.users)
        fresh = waited - stage.waited
        stage.waited = waited
        seats = [s for s in map(live.seat_of, fresh) if s is not None]
        if seats:
            carrier = stage.outlet.carrier
            if carrier is not None and carrier.alive and not carrier.ready():
                await carrier.answer_awaited()  # the mover's own answer is drawn first

            async def draw(reply: Reply, shown: Collection[str] = ()) -> Reply:
                return await self._drawn(live, reply, shown)

            await self.hands.ready(live, seats, draw)

    async def _settle(self, live: Live, stage: Stage) -> None:
        """What an earlier failure left: a post Discord may have taken after
        all, and old tables whose deletion failed."""
        if stage.unsure:
            await self._adopt(live, stage)
            stage.unsure = False
        for doomed in list(stage.doomed):
            await stage.outlet.delete(doomed)
            stage.doomed.discard(doomed)

    async def _dms(
        self,
        live: Live,
        stage: Stage,
        message_id: int,
        key: str | None,
        users: tuple[int, ...] | None,
    ) -> None:
        """Play-by-post: a direct message to each person the table mentioned
        (`users`; None: every person it names) who asked for one (`notify
        on`), linking to the table."""
        presence = live.presence()
        table = live.table()
        moment = moment_of(live, table.view, presence)
        if moment.key != key or not moment.users:
            return
        named = moment.users if users is None else [u for u in moment.users if u in users]
        # Most people never ask for one: nothing more is worked out for them.
        wanting = [u for u in named if (await self.choices.preferences(u)).notices()]
        if not wanting:
            return
        mention = " ".join(f"<@{user}>" for user in moment.users)
        ping = live.shown.ping(table, mention)
        channel = stage.outlet.channel
        guild = getattr(channel, "guild", None)
        link = table_link(guild.id if guild else None, channel.id, message_id)
        for user in wanting:
            await self._direct(live, user, (live.version, key or ""), ping, link)

    async def _direct(
        self, live: Live, user_id: int, moment: tuple[int, str], ping: str, link: str
    ) -> None:
        """A direct message about a turn or decision waiting for this player.

        When Discord refuses it (the player's DMs are closed, 50007) the bot
        remembers and stops trying, and the player is told once, privately, the
        next time they use the bot (`bot.interactions.components.owed_notice`); the mention
        on the table stays their notice meanwhile."""
        storage = self.storage
        if not (await self.choices.preferences(user_id)).notices():
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

    async def _ended(self, live: Live, stage: Stage) -> None:
        """A game ended early: the table says so, in place of whose move it was."""
        if live.published.ended:
            return
        await self._settle(live, stage)
        reply = live.shown.table(live.table())
        reply.items = []
        reply.content = t(ended_early(live.presence()))
        reply = await self._drawn(live, reply)
        old = live.table_id
        if old is None or not await stage.outlet.edit(old, reply):
            message = await stage.outlet.post(
                reply, discord.AllowedMentions.none(), post_nonce(live.id, "ended")
            )
            live.table_id = message
        if live.published.buttons and live.published.narration_id is not None:
            model = stored_model(live.shown, live.published)
            if model is not None:
                done = live.shown.narration(live.table(), model, False)
                await stage.outlet.edit(live.published.narration_id, await self._drawn(live, done))
        live.published = live.published.but(ended=True, buttons=False, intent=None)
        await self.games.save_published(live)

    def _forget(self, live: Live) -> None:
        self._stages.pop(live.id, None)
        self.hands.forget(live.id)
        self._shown.discard(live.id)
        self.games.forget(live.id)

    # --- the lobby, and the table on demand ----------------------------------------------

    async def lobby_closed(self, row: GameRow) -> None:
        """An idle lobby closed itself: its message says so, without buttons."""
        if row.lobby_message_id is None:
            return
        channel = await self._channel(row.channel_id)
        if channel is None:
            return
        with use_locale(row.settings.get("language")):
            reply = lobby_message(row, t("lobby.idle_closed"))
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(row.lobby_message_id).edit(**reply.kwargs())

    async def repost_table(self, live: Live) -> None:
        """`/<game> table`: the table message again, at the bottom of the channel.
        Stored before the command says so: a restart before the post makes it."""
        stage = self._stages.get(live.id)
        if stage is not None:
            stage.repost = True
        live.published = live.published.but(repost=True)
        await self.games.save_published(live)
        self.publish(live)


#: Rows of a message that a decision's buttons may take on the table (its own take the first).
DECISION_ROWS = 4


def carried_decision(live: Live, table: Table[View, Event], published: Published) -> list[Item]:
    """The pending public decision's buttons, for a table below its narration
    message: what asks someone to decide is then on the newest message too.
    None if they would not all fit beside the table's own."""
    shown = live.shown
    if published.narration_id is None or not shown.has_decision(table.view):
        return []
    model = stored_model(shown, published)
    if model is None:
        return []
    items = shown.narration(table, model, True).items
    if len(items) > DECISION_ROWS * 5:
        return []  # the narration message above carries them all
    for index, item in enumerate(items):
        item.row = 1 + index // 5
    return items


def buried(channel: Channel, table: int | None, published: Published) -> bool:
    """Whether other messages came under the table (its game's own narration
    and result aside): as the latest interaction in the channel told
    (`bot.app.client.newest_noted`). Then the table comes down again."""
    newest = getattr(channel, "last_message_id", None)
    if table is None or newest is None or newest <= table:
        return False
    return newest not in (published.narration_id, published.final_id)


def _redraw() -> Step:
    return Step(Show.EDIT)


def _final() -> Step:
    return Step(Show.FINAL)


async def _nothing(channel_id: int) -> None:
    return None
