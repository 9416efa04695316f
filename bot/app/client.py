"""The bot process: a `commands.Bot` that owns the storage, the service and the cogs."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from datetime import timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.config import Config, storage_target
from bot.clocks.timers import Timers
from bot.flow.due import DueMoves
from bot.flow.service import GameService
from bot.i18n.translator import CatalogTranslator
from bot.interactions import clicks, components, lobby, standings
from bot.interactions import table_commands as running
from bot.interactions.components import guarded
from bot.interactions.overload import LoopWatch
from bot.kit import metrics
from bot.kit.clock import Clock
from bot.live.deadlines import COMPUTER_PAUSE
from bot.pictures import worker as pictures
from bot.plugin.registry import presentations
from bot.publishing.publisher import Publisher
from bot.publishing.routes import BOT_RATE, Budget
from bot.storage import Storage, open_storage

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
            # Every REST call counted by route class (bot.kit.metrics).
            http_trace=metrics.http_trace(),
            **shard_options(config),
        )
        self.config = config
        self._storage = storage
        self._owns_storage = storage is None
        # The game service and its publisher; built in setup_hook, used by the cogs.
        self.service: GameService | None = None
        self.publisher: Publisher | None = None
        self.narration_pace = narration_pace  # seconds per paced narration step; None: each game's
        self.clock = clock or Clock()  # tests move a ManualClock by hand
        self.timers: Timers | None = None
        self.computer_pause = computer_pause
        self._warming: asyncio.Task[None] | None = None
        self.web: Any = None  # the Activity's web server (bot.web), when configured
        self.metrics: metrics.Served | None = None  # served when METRICS_PORT is set
        self.loop_watch = LoopWatch()
        # Every kind of component added (`add_dynamic_items`): a click none of
        # them hears is answered by `on_interaction`.
        self.kinds: list[clicks.DynamicKind] = []

    @property
    def storage(self) -> Storage:
        if self._storage is None:
            raise RuntimeError("storage is opened in setup_hook; the bot has not logged in yet")
        return self._storage

    async def setup_hook(self) -> None:
        if self._storage is None:
            target = storage_target(self.config)
            self._storage = await open_storage(target, now=self.clock.utcnow)
            where = "PostgreSQL" if self.config.database_url else self.config.db_path
            log.info("Opened the database (%s)", where)
        self.service = await self.build_service()
        metrics.live_games(self.service.games.count)
        if self.config.metrics_port is not None:
            self.metrics = metrics.Served(self.config.metrics_port, self.config.metrics_host)
        shards = self.config.shards
        # The global-limited calls of the whole bot, shared out by shards.
        budget = Budget(BOT_RATE * shards.share)
        self.publisher = Publisher(self, self.service.games, self.narration_pace, budget)
        self.timers = Timers(self.storage, self.clock, DueMoves(self.service), shards)
        self.service.publisher, self.service.timers = self.publisher, self.timers
        self.timers.shown = self.publisher.shown
        self.publisher.on_shown = self.timers.looked_for
        self.timers.busy_elsewhere = lambda: components.handling > 0
        self.add_dynamic_items(*lobby.ITEMS, *running.ITEMS, *standings.ITEMS)
        self.tree.error(self.on_app_command_error)
        await self.tree.set_translator(CatalogTranslator())
        for name, shown in presentations().items():  # every game plugs in here by itself
            self.add_dynamic_items(*shown.items)
            log.info("Found %s (/%s)", name, shown.command)
        await self.load_extension("cogs.games")  # one command group per game
        await self.sync_commands()
        self.loop_watch.start()  # a warning line whenever the loop falls behind
        # The picture worker warms up meanwhile (bot.pictures.worker).
        self._warming = asyncio.create_task(pictures.start(), name="pictures-start")
        await self.resume_games()
        await self.serve_activity()

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
        super().add_dynamic_items(*items)
        self.kinds.extend(items)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every click answered: one discord.py hands to no component (its id
        is not on the message clicked, or is none of the bot's) gets its
        private answer here (`bot.interactions.clicks`)."""
        if interaction.type != discord.InteractionType.component:
            return
        if not clicks.heard(interaction, self.kinds):
            await guarded(interaction, clicks.unheard(interaction))

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
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Whatever went wrong, the player gets an answer, never "This interaction failed"."""
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
        self.loop_watch.stop()
        if self.timers is not None:
            self.timers.stop()
        if self.publisher is not None:
            self.publisher.stop()
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


async def _raise(error: BaseException) -> None:
    raise error


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The bot running a range of Discord's shards (SHARD_COUNT, SHARD_IDS):
    one of several processes sharing one PostgreSQL."""


def shard_options(config: Config) -> dict[str, Any]:
    shards = config.shards
    if shards.ids is None:
        return {}
    return {"shard_count": shards.count, "shard_ids": list(shards.ids)}


def create_bot(config: Config, **options: Any) -> GameBot:
    """The bot this configuration asks for: sharded when SHARD_COUNT is set."""
    if config.shards.sharded:
        return ShardedGameBot(config, **options)
    return GameBot(config, **options)
