"""The bot process: a `commands.Bot` that owns the storage, the service and the cogs."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import health
from bot.app.config import OLD_DEFAULT_DB_PATH, Config, storage_target
from bot.clocks.timers import Timers
from bot.flow.due import DueMoves
from bot.flow.service import GameService
from bot.i18n.translator import CatalogTranslator
from bot.interactions import clicks, components, lobby, own_hand, standings
from bot.interactions import table_commands as running
from bot.interactions.components import guarded
from bot.interactions.overload import LoopWatch
from bot.kit import budget as budgets
from bot.kit import metrics
from bot.kit.clock import Clock
from bot.live.deadlines import COMPUTER_PAUSE
from bot.live.refusals import ServiceError
from bot.pictures import worker as pictures
from bot.plugin.registry import presentations
from bot.publishing.publisher import Publisher
from bot.storage import Storage, open_storage

if TYPE_CHECKING:
    from bot.web.app import ActivityServer

log = logging.getLogger(__name__)


def commands_digest(application_id: int | None, payload: list[dict[str, Any]]) -> str:
    """A stable hash of what a sync would send: same commands, same digest.

    The application id is part of it, so switching the token to another
    application syncs again.
    """
    ordered = sorted(payload, key=lambda command: (command.get("type", 1), command["name"]))
    text = json.dumps(
        {"application_id": application_id, "commands": ordered},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def newest_noted(client: discord.Client, parse: Callable[[Any], None]) -> Callable[[Any], None]:
    """The channel's newest message, as each interaction's channel tells it,
    kept on the cached channel (`last_message_id`): with no message events
    (see the intents), it is how the publisher knows other messages came
    under a game's table (`bot.publishing.publisher`)."""

    def parse_interaction(data: Any) -> None:
        newest = (data.get("channel") or {}).get("last_message_id")
        # Through the interaction's server: `client.get_channel` would look in
        # every server the bot is in, at every interaction.
        guild = client.get_guild(int(data.get("guild_id") or 0)) if newest else None
        channel = guild.get_channel_or_thread(int(data.get("channel_id") or 0)) if guild else None
        if newest and channel is not None and hasattr(channel, "last_message_id"):
            channel.last_message_id = int(newest)
        parse(data)

    return parse_interaction


class GameBot(commands.Bot):
    """The bot: every game found by `bot.games`, on one storage and one service."""

    def __init__(
        self,
        config: Config,
        storage: Storage | None = None,
        narration_pace: float | None = None,
        clock: Clock | None = None,
        computer_pause: float = COMPUTER_PAUSE,
    ) -> None:
        # The game never uses voice; without this every start warns about voice libraries.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        # Every request Discord's global limit counts, whoever sends it, waits
        # for the bot's budget, shared out by shards (bot.kit.budget).
        self.budget = budgets.share(config.shards.share)
        self.rest = metrics.Rest(self.budget)
        super().__init__(
            # Slash commands only; a prefix is required but only a mention can match it.
            command_prefix=commands.when_mentioned,
            help_command=None,
            # Servers and their channels only: everything else arrives in the
            # interactions. Message events would be the bot's own table edits and
            # pings coming back, parsed for nothing (a tenth of its time under load).
            intents=discord.Intents(guilds=True),
            max_messages=None,  # no message cache: messages are edited by id, never looked up
            # Player names end up in messages; they must never ping @everyone or a role.
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            # Every REST call counted by route class (bot.kit.metrics), and
            # those the global limit counts held to the budget: the log-in's
            # through a trace hook, the rest through a middleware (setup_hook).
            http_trace=self.rest.trace(),
            **shard_options(config),
        )
        self.config = config
        self._storage = storage
        self._owns_storage = storage is None
        parsers = self._connection.parsers
        parsers["INTERACTION_CREATE"] = newest_noted(self, parsers["INTERACTION_CREATE"])
        # The game service and its publisher; built in setup_hook, used by the cogs.
        self.service: GameService | None = None
        self.publisher: Publisher | None = None
        self.narration_pace = narration_pace  # seconds per paced narration step; None: each game's
        self.clock = clock or Clock()  # tests move a ManualClock by hand
        self.timers: Timers | None = None
        self.computer_pause = computer_pause
        self._warming: asyncio.Task[None] | None = None
        self.web: ActivityServer | None = None  # the Activity's server, when configured
        self.metrics: metrics.Served | None = None  # served when METRICS_PORT is set
        self.loop_watch = LoopWatch()
        self.gateway = health.Gateway(self, config.shards.ids)
        # Set once a stop began: new interactions are answered that the bot restarts.
        self.stopping = False
        # Channels Discord said were deleted: nothing is opened or played there.
        self.deleted_channels: set[int] = set()
        self._closing: asyncio.Future[None] | None = None
        # Every kind of component added (`add_dynamic_items`): `on_interaction`
        # hands each click to its kind, and answers one none of them hears.
        self.kinds: list[clicks.DynamicKind] = []

    @property
    def storage(self) -> Storage:
        if self._storage is None:
            raise RuntimeError("storage is opened in setup_hook; the bot has not logged in yet")
        return self._storage

    async def setup_hook(self) -> None:
        # Logged in: the middleware counts and holds the REST calls from here
        # on, on discord.py's one session (its webhooks' too), the trace off.
        self.rest.take_over(self.http._HTTPClient__session)  # type: ignore[attr-defined]
        if self._storage is None:
            target = storage_target(self.config)
            self._storage = await open_storage(target, now=self.clock.utcnow)
            where = "PostgreSQL" if self.config.database_url else self.config.db_path
            log.info("Opened the database (%s)", where)
            old = OLD_DEFAULT_DB_PATH.absolute()
            if not self.config.database_url and old.exists() and old != self.config.db_path:
                log.warning(
                    "%s is where earlier versions kept the database when DATABASE_PATH was "
                    "not set; to go on with it, set DATABASE_PATH=%s",
                    old,
                    old,
                )
        self.service = await self.build_service()
        metrics.live_games(self.service.games.count)
        metrics.READINGS.latencies = self.gateway.latencies
        metrics.READINGS.budget = lambda: (self.budget.limit, self.budget.used())
        if self.config.metrics_port is not None:
            self.metrics = metrics.Served(
                self.health, self.config.metrics_port, self.config.metrics_host
            )
            await self.metrics.start()
        shards = self.config.shards
        self.publisher = Publisher(self, self.service.games, self.narration_pace)
        self.timers = Timers(self.storage, self.clock, DueMoves(self.service), shards)
        self.service.publisher, self.service.timers = self.publisher, self.timers
        self.timers.shown = self.publisher.shown
        self.publisher.on_channel_gone = self.channel_gone
        self.publisher.on_shown = self.timers.looked_for
        self.timers.busy_elsewhere = lambda: components.handling > 0
        self.add_dynamic_items(*lobby.ITEMS, *running.ITEMS, *standings.ITEMS)
        self.tree.error(self.on_app_command_error)
        await self.tree.set_translator(CatalogTranslator())
        for name, shown in presentations().items():  # every game plugs in here by itself
            self.add_dynamic_items(*shown.items, *own_hand.controls(shown))
            log.info("Found %s (/%s)", name, shown.command)
        await self.load_extension("cogs.games")  # one command group per game
        await self.sync_commands()
        self.loop_watch.start()  # a warning line whenever the loop falls behind
        # The picture worker warms up meanwhile (bot.pictures.worker).
        self._warming = asyncio.create_task(pictures.start(), name="pictures-start")
        await self.resume_games()
        await self.serve_activity()

    async def health(self) -> tuple[bool, dict[str, object]]:
        """`/health`: the gateway connected, the database answering (bot.app.health)."""
        return await health.check(self.gateway, self._storage)

    async def serve_activity(self) -> None:
        """The Activity (the table inside Discord), only when ACTIVITY_PORT is set."""
        from bot.publishing import launch

        launch.enabled = self.config.activity is not None
        if self.config.activity is None:
            return
        from bot.interactions.opener import OpenTableButton
        from bot.web.app import ActivityServer

        self.add_dynamic_items(OpenTableButton)
        assert self.service is not None
        self.web = ActivityServer(self, self.service, self.clock, self.config.activity)
        await self.web.start()

    def add_dynamic_items(self, *items: clicks.DynamicKind) -> None:
        """Kinds of component the bot hands clicks to (`on_interaction`),
        not given to discord.py: its way rebuilt a view from the message at
        every click, only to find the item clicked (`bot.interactions.clicks`)."""
        for item in items:
            if not issubclass(item, discord.ui.DynamicItem):
                raise TypeError(f"{item!r} is not a kind of component (a DynamicItem)")
        self.kinds.extend(items)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every click answered: handed to the component whose id it is, if
        it is on the message clicked; one no component hears (its id is not
        on the message, or is none of the bot's) gets its private answer
        (`bot.interactions.clicks`)."""
        if interaction.type != discord.InteractionType.component:
            return
        heard = clicks.heard(interaction, self.kinds)
        if not heard:
            await guarded(interaction, clicks.unheard(interaction))
        for kind, match in heard:
            await clicks.deliver(interaction, kind, match)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.channel_gone(channel.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.channel_gone(payload.thread_id)

    async def channel_gone(self, channel_id: int) -> None:
        """Discord deleted a channel (or the bot found it gone at a restart):
        its lobby or game is closed, and nothing new is opened there."""
        self.deleted_channels.add(channel_id)
        if self.publisher is not None:
            self.publisher.channel_gone(channel_id)
        if self.service is not None:
            row = await self.service.channel_deleted(channel_id)
            if row is not None:
                log.info("Closed game %s: its channel %s was deleted", row.id, channel_id)

    async def build_service(self) -> GameService:
        """Construct the game service from `self.storage`; cogs reach it as `bot.flow.service`."""
        return GameService(
            self.storage,
            shards=self.config.shards,
            clock=self.clock,
            computer_pause=self.computer_pause,
            pace=self.narration_pace,
        )

    async def resume_games(self) -> None:
        """After a restart: every unfinished game is loaded, an interrupted narration
        narration goes on where it stopped, and the table messages are refreshed."""
        assert self.service is not None and self.publisher is not None
        since = self.clock.utcnow() - timedelta(days=1)
        for live in await self.service.load_all(since):
            self.publisher.publish(live)
            log.info("Resumed game %s at version %s", live.id, live.version)
        assert self.timers is not None
        self.timers.start()  # deadlines stored before the restart are due as they were

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Whatever went wrong, the player gets an answer, never "This interaction failed"."""
        if isinstance(error, UNKNOWN_COMMAND):
            # A client showing commands the bot no longer has (or never had):
            # the player's mistake to explain, not the bot's to log.
            data: Any = interaction.data or {}
            log.info("an unknown command (/%s): %s", data.get("name"), error)
            await guarded(interaction, _raise(ServiceError("unknown_command")))
            return
        log.error("command %s failed", interaction.command, exc_info=error)
        await guarded(interaction, _raise(error))

    async def sync_commands(self, *, force: bool = False) -> bool:
        """Send the command tree to Discord if it changed since the last sync.

        Global commands take a while to reach every client, and syncing is
        rate limited, so an unchanged tree is not sent again. With a dev guild,
        the global commands are copied to it and synced there only (instant).
        Returns whether a sync happened.
        """
        guild = None
        scope = "global"
        if self.config.dev_guild_id is not None:
            guild = discord.Object(id=self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            scope = f"guild:{guild.id}"
        key = f"commands_hash:{scope}"

        digest = commands_digest(self.application_id, await self._command_payload(guild))
        if not force and await self.storage.get_meta(key) == digest:
            log.info("Application commands unchanged (%s); not syncing", scope)
            return False
        try:
            synced = await self.tree.sync(guild=guild)
        except discord.Forbidden:
            log.exception(
                "Syncing commands to %s was refused: invite the bot with the "
                "applications.commands scope (see README, Inviting the bot)",
                scope,
            )
            return False
        except discord.HTTPException:
            log.exception("Syncing commands to %s failed; will retry at next start", scope)
            return False
        await self.storage.set_meta(key, digest)
        log.info("Synced %d application commands (%s)", len(synced), scope)
        return True

    async def _command_payload(self, guild: discord.abc.Snowflake | None) -> list[dict[str, Any]]:
        """Exactly what `CommandTree.sync(guild=guild)` would send, translations included."""
        tree: app_commands.CommandTree[Any] = self.tree
        translator = tree.translator
        payload = []
        for command in tree.get_commands(guild=guild):
            if translator is not None:
                payload.append(await command.get_translated_payload(tree, translator))
            else:
                payload.append(command.to_dict(tree))
        return payload

    async def close(self) -> None:
        """Stop, in the order that loses nothing (SIGTERM and SIGINT end here,
        bot.__main__): new interactions are answered that the bot is
        restarting; those in flight are answered (deferred past 2 s, as ever)
        and their moves committed; the timers finish the move they are making
        and stop; the publisher stops (what it had left to post is posted by
        the next start, as after any stop); then the Activity's and the
        metrics' servers, the gateway and Discord's HTTP session, and last
        the database, after the write under way. Once, however often asked."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._stop())
        await asyncio.shield(self._closing)

    async def _stop(self) -> None:
        self.stopping = True
        await _within(DRAIN_SECONDS, _handled(), "interactions in flight")
        self.loop_watch.stop()
        if self.timers is not None:
            await _within(TIMERS_SECONDS, self.timers.stop(), "the timers' move")
        if self.publisher is not None:
            await self.publisher.stop()
        if self.web is not None:
            await self.web.stop()
        if self.metrics is not None:
            await self.metrics.stop()
            self.metrics = None
        try:
            await super().close()
        finally:
            if self._owns_storage and self._storage is not None:
                await self._storage.close()
                self._storage = None


#: Seconds a stop waits for the interactions in flight to be handled (each is
#: answered or deferred within 2 s), and for the timers' move under way.
DRAIN_SECONDS = 5.0
TIMERS_SECONDS = 2.0


async def _handled() -> None:
    while components.handling > 0:
        await asyncio.sleep(0.01)


async def _within(seconds: float, work: Awaitable[None], what: str) -> None:
    try:
        async with asyncio.timeout(seconds):
            await work
    except TimeoutError:
        log.warning("Stopping: gave up waiting for %s after %g s", what, seconds)


#: What discord.py raises for a command (or subcommand) the bot does not have,
#: or whose options are not the ones it declared.
UNKNOWN_COMMAND = (app_commands.CommandNotFound, app_commands.CommandSignatureMismatch)


async def _raise(error: BaseException) -> None:
    raise error


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The bot running a range of Discord's shards (SHARD_COUNT, SHARD_IDS):
    one of several processes sharing one PostgreSQL."""


class BotOptions(TypedDict, total=False):
    """What tests and benchmarks may set on a bot besides its configuration."""

    storage: Storage | None
    narration_pace: float | None
    clock: Clock | None
    computer_pause: float


def shard_options(config: Config) -> dict[str, Any]:
    shards = config.shards
    if shards.ids is None:
        return {}
    return {"shard_count": shards.count, "shard_ids": list(shards.ids)}


def create_bot(config: Config, **options: Unpack[BotOptions]) -> GameBot:
    """The bot this configuration asks for: sharded when SHARD_COUNT is set."""
    if config.shards.sharded:
        return ShardedGameBot(config, **options)
    return GameBot(config, **options)
