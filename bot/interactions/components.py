"""Buttons and selects, and the one way an answer or a refusal reaches a player.

Each kind of component is a `Component`: a discord.py `DynamicItem` with its
own template (`<prefix>:<game>:<version>:<verb>[:<arg>]`, docs/architecture.md),
rebuilt from its custom_id on every click, so it works after a restart. What
a click may do (the game's moment it was drawn for, whose seat may use it)
is checked once, in `Component`, and a click on a moment the game has left
gets one answer everywhere (`stale`).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import re
from collections.abc import Awaitable, Collection, Mapping
from dataclasses import dataclass
from types import TracebackType
from typing import Any, ClassVar, cast

import discord

from bot.flow.service import GameService
from bot.i18n import t, use_locale
from bot.interactions import command_checks as here
from bot.interactions.overload import deferred, note_late, too_late
from bot.kit import budget, metrics
from bot.kit.limits import echo, fit
from bot.kit.reply import Item, Reply, drop_none
from bot.live.live import Live
from bot.live.refusals import REFUSALS, ServiceError, slash
from bot.plugin.registry import presentation, presentations
from bot.publishing.routes import answered
from bot.storage import GameRow, GameStatus, Seat

log = logging.getLogger(__name__)

#: Interactions being handled right now (for a clean shutdown and for tests).
handling = 0


@dataclass(frozen=True)
class Click:
    prefix: str
    game: int
    version: int
    verb: str
    arg: str | None
    values: tuple[str, ...]


def payload(interaction: discord.Interaction) -> Mapping[str, object]:
    """What Discord sent with the interaction (`interaction.data`), read by key
    (none at all for an interaction that never came from Discord)."""
    data: Mapping[str, object] | None = getattr(interaction, "data", None)
    return data or {}


def service_of(interaction: discord.Interaction) -> GameService:
    """The game service of the bot that received `interaction` (`bot.app.client`)."""
    service = getattr(interaction.client, "service", None)
    assert isinstance(service, GameService), "a client with no game service"
    return service


def channel_id(interaction: discord.Interaction) -> int:
    if interaction.channel_id is None:
        raise ServiceError("no_channel")
    return interaction.channel_id


def player(interaction: discord.Interaction) -> Seat:
    """The user as a seat at the table, by the name this server shows."""
    user = interaction.user
    return Seat(user_id=user.id, name=user.display_name)


def moderator(interaction: discord.Interaction) -> bool:
    """Manage Messages in this channel makes a player a moderator of games here."""
    permissions = interaction.permissions
    return bool(permissions.manage_messages or permissions.administrator)


class Component(discord.ui.DynamicItem[Item], template=r"(?!)"):
    """One kind of button or select. Subclasses name their `verb` (and, for a
    game's own controls, its `prefix`) and implement `act`.

    What a click may do is checked here, once, before `act`: the game its
    id names must be one of this channel, of this kind, at a version it has
    reached (`placed`; else the button no longer works, and nothing of that
    game is shown); a component that acts on the game as it stood when it
    was drawn (`current`) is stale once the game moved on, and gets the one
    stale answer (`stale`), never an action; one that only the seats asked
    may use (`seated`) refuses anyone else with the engine's words for whose
    move it is. `self.live` is then the game, `self.seat` the user's seat
    (None for a spectator)."""

    verb: ClassVar[str]
    #: Acts on the game its id names (else on no game: its id says `:0:0:`).
    of_game: ClassVar[bool] = True
    #: Acts on the game's state as drawn: a click on an older version is stale.
    current: ClassVar[bool] = False
    #: Only a seat whose move or decision it is may use it.
    seated: ClassVar[bool] = False
    #: Acts on a game being played: once it has ended, the click is told how
    #: it ended (`over`) instead (as every `current` or `seated` kind is).
    playing: ClassVar[bool] = False
    #: Drawn on one player's own message only (a hand, a confirmation, a
    #: picker): the same id on a message others see does nothing.
    private: ClassVar[bool] = False

    def __init_subclass__(
        cls, *, verb: str | None = None, prefix: str = r"[a-z]+", **kwargs: Any
    ) -> None:
        if verb is None:  # an abstract kind of component, for subclasses to name
            super().__init_subclass__(template=r"(?!)", **kwargs)
            return
        cls.verb = verb
        template = (
            rf"(?P<prefix>{prefix}):(?P<game>[0-9]+):(?P<version>[0-9]+):{re.escape(verb)}"
            r"(?::(?P<arg>[^:]*))?$"
        )
        super().__init_subclass__(template=template, **kwargs)

    def __init__(self, item: Item, click: Click) -> None:
        super().__init__(item)
        self.click = click
        self._live: Live | None = None
        self.seat: int | None = None

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> Component:
        chosen = payload(interaction).get("values")
        values = tuple(str(v) for v in chosen) if isinstance(chosen, list) else ()
        click = Click(
            match["prefix"],
            int(match["game"]),
            int(match["version"]),
            cls.verb,
            match["arg"],
            values,
        )
        return cls(item, click)

    @property
    def live(self) -> Live:
        """The game the click is on (once checked; `current` or `seated` kinds)."""
        assert self._live is not None, "a component that reads its game is current or seated"
        return self._live

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._checked(interaction))

    async def _checked(self, interaction: discord.Interaction) -> None:
        svc = service_of(interaction)
        message = interaction.message
        if self.private and not (message is not None and message.flags.ephemeral):
            raise gone()  # never drawn on a shared message
        if self.of_game:
            row = await placed(interaction, self.click)
            if row.status != GameStatus.RUNNING and (self.playing or self.current or self.seated):
                await over(interaction, await svc.games.look(row.id))
                return
        elif self.click.game or self.click.version:
            raise gone()  # no such id was ever drawn
        if self.current or self.seated:
            live = self._live = await svc.games.live(self.click.game)
            self.seat = live.seat_of(interaction.user.id)
            if self.current and self.click.version != live.version:
                await stale(interaction, live)
                return
            if self.seated:
                svc.check_seat(live, interaction.user.id)
        try:
            await self.act(interaction)
        except ServiceError as error:
            if error.code != "stale" or self._live is None:
                raise
            await stale(interaction, self._live)  # moved on while this click was handled

    async def act(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


def gone() -> ServiceError:
    """The refusal of a click on a button the bot never drew, or draws no more."""
    return ServiceError("stale_button")


#: The largest game id storage holds (a signed 64-bit integer).
LAST_ID = 2**63 - 1


async def placed(interaction: discord.Interaction, click: Click) -> GameRow:
    """The game a click names, if the bot could have drawn that click: a game
    of this very channel, of the kind its prefix names, at a version it has
    reached. Anything else (another channel's game, another game's kind, a
    version to come, no such game) is a button that no longer works, and the
    click learns nothing of that game, not even its table."""
    row = (
        await service_of(interaction).games.find(click.game) if 0 < click.game <= LAST_ID else None
    )
    if (
        row is None
        or row.channel_id != interaction.channel_id
        or row.guild_id != interaction.guild_id  # the payload's guild is no proof
        or prefix_of(row.game) != click.prefix
        or click.version > row.version
    ):
        raise gone()
    return row


def prefix_of(game: str) -> str | None:
    """The prefix of a game's component ids; None for a game this bot no longer hosts."""
    try:
        return presentation(game).prefix
    except KeyError:
        return None


async def stale(interaction: discord.Interaction, live: Live) -> None:
    """The one answer to a click on a moment the game has left: nothing is
    done, and the player sees where the game stands now, privately; for a
    game that has ended, how it ended (`over`)."""
    if live.row.status != GameStatus.RUNNING:
        await over(interaction, live)
        return
    message = service_of(interaction).table_reply(live)
    message.content = t("error.stale")
    await reply(interaction, message)


async def over(interaction: discord.Interaction, live: Live) -> None:
    """A click on a game that has ended: said so, with its final table, or
    the table as it was left if it was ended early; nothing on it to click."""
    if live.row.status == GameStatus.FINISHED:
        message = live.shown.final(live.table())
        message.content = t("stale.over")
    else:
        message = service_of(interaction).table_reply(live)
        message.content = t("stale.ended")
    message.items = []
    await reply(interaction, message)


async def drawn(
    interaction: discord.Interaction, message: Reply, shown: Collection[str] = ()
) -> Reply:
    """`message` with its pictures drawn (off the event loop), or without
    them where the server turned pictures off; those the message edited
    already `shown` are neither drawn nor uploaded again."""
    if message.pictures:
        on = await service_of(interaction).choices.pictures(interaction.guild_id)
        await message.draw(on, shown)
    return message


async def reply(
    interaction: discord.Interaction, message: Reply, *, ephemeral: bool = True
) -> discord.Message | None:
    """Answer the interaction with `message`, or follow up if it was answered;
    the follow-up, if it was one (else the answer is the interaction's own)."""
    kwargs = drop_none((await drawn(interaction, message)).kwargs())  # within the limits
    return await _send(interaction, ephemeral, kwargs)


async def edit(interaction: discord.Interaction, message: Reply) -> None:
    """Answer a click by redrawing the message clicked on (its pictures
    replaced, unless it shows them already)."""
    clicked = interaction.message
    shown = [a.filename for a in clicked.attachments] if clicked is not None else []
    message = await drawn(interaction, message, shown)
    await _update(interaction, message.kwargs(edit=True))  # within the limits


# --- answering in time ------------------------------------------------------------

#: Seconds after Discord sent an interaction by which it is deferred if not yet
#: answered: Discord refuses a first answer after 3 s ("This interaction failed").
DEFER_AFTER = 2.0
#: An interaction this old when its handler starts found the event loop behind:
#: it is deferred before any work, since a deferral timed for `DEFER_AFTER`
#: would itself wait behind the backlog.
BEHIND = 1.0


def _lock(interaction: discord.Interaction) -> asyncio.Lock:
    lock = interaction.extras.get("answering")
    if lock is None:
        lock = interaction.extras["answering"] = asyncio.Lock()
    return cast(asyncio.Lock, lock)


class _answering:  # lower case: it reads like a function, `async with _answering(...)`
    """One answer at a time: the handler's, or the deferral racing it. The
    first answer is timed (bot.kit.metrics: from Discord sending it). A
    class, not a generator: every answer goes through it."""

    __slots__ = ("done", "interaction", "lock")

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self.lock = _lock(interaction)
        self.done = False

    async def __aenter__(self) -> None:
        await self.lock.acquire()
        self.done = self.interaction.response.is_done()

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        interaction = self.interaction
        try:
            answered(
                interaction
            )  # a table post may wait to follow up on it (bot.publishing.routes)
            if kind is None and not self.done and interaction.response.is_done():
                TIMED.get(interaction.type, TIMED[None]).observe(age(interaction))
        finally:
            self.lock.release()


#: The first answers' times, by the kind of interaction answered.
TIMED = {
    discord.InteractionType.application_command: metrics.INTERACTIONS.labels("command"),
    discord.InteractionType.component: metrics.INTERACTIONS.labels("component"),
    None: metrics.INTERACTIONS.labels("other"),
}


async def send(
    interaction: discord.Interaction, *, ephemeral: bool, **kwargs: Any
) -> discord.Message | None:
    """A message in answer: the first answer, the deferred one's, or a
    follow-up. The message, unless it was the first answer (then Discord
    returns none: `interaction.original_response()` fetches it). Within
    Discord's limits, whatever it was given (`bot.kit.limits.fit`)."""
    return await _send(interaction, ephemeral, fit(kwargs))


async def _send(
    interaction: discord.Interaction, ephemeral: bool, kwargs: dict[str, Any]
) -> discord.Message | None:
    """`send`, of what is within Discord's limits already (a `Reply`'s kwargs)."""
    async with _answering(interaction):
        if not interaction.response.is_done():
            await interaction.response.send_message(ephemeral=ephemeral, **kwargs)
            return None
        if interaction.extras.pop("thinking", False):  # the deferral said "thinking…"
            files = kwargs.pop("files", None) or ([kwargs.pop("file")] if "file" in kwargs else [])
            if files:  # an edit attaches, where a send uploads
                kwargs["attachments"] = files
            return await interaction.edit_original_response(**kwargs)
        return await interaction.followup.send(ephemeral=ephemeral, wait=True, **kwargs)


async def update(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Edit the message whose button or menu was used, as the answer
    (within Discord's limits, `bot.kit.limits.fit`)."""
    await _update(interaction, fit(kwargs))


async def _update(interaction: discord.Interaction, kwargs: dict[str, Any]) -> None:
    """`update`, with what is within Discord's limits already."""
    async with _answering(interaction):
        if interaction.response.is_done():  # deferred: the original is that message
            await interaction.edit_original_response(**kwargs)
        else:
            await interaction.response.edit_message(**kwargs)


async def acknowledge(interaction: discord.Interaction) -> None:
    """Answer a click that needs no words (the public messages show the rest)."""
    async with _answering(interaction):
        if not interaction.response.is_done():
            await interaction.response.defer()


def age(interaction: discord.Interaction) -> float:
    """Seconds since Discord sent `interaction`."""
    return (discord.utils.utcnow() - interaction.created_at).total_seconds()


class _DeferInTime:
    """If the handler has not answered `DEFER_AFTER` s after Discord sent the
    interaction (the bot is behind), defer it, so the answer may come later;
    the move itself was, or will be, committed either way. A timer of the
    event loop, not a task: nearly every interaction is answered in time,
    and a task per interaction (started, put to sleep, cancelled) cost
    more than its answer's words."""

    __slots__ = ("_task", "_timer", "age", "interaction")

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self._task: asyncio.Task[None] | None = None
        self.age = age(interaction)  # as the handler starts
        delay = max(0.0, DEFER_AFTER - self.age)
        self._timer = asyncio.get_running_loop().call_later(delay, self._fire)

    def _fire(self) -> None:
        self._task = asyncio.create_task(_defer(self.interaction), name="defer-in-time")

    def cancel(self) -> None:
        """The handler is done: no deferral, or none still under way."""
        self._timer.cancel()
        if self._task is not None:
            self._task.cancel()


async def _defer(interaction: discord.Interaction) -> None:
    """Defer `interaction` unless it is answered already."""
    async with _answering(interaction):
        if interaction.response.is_done():
            return
        try:
            if interaction.type == discord.InteractionType.component:
                await interaction.response.defer()  # the clicked message, edited later
            else:
                # A command whose answer is for the channel says so in its
                # extras, so a deferred answer stays public.
                command = interaction.command
                public = command is not None and command.extras.get("answer") == "public"
                await interaction.response.defer(ephemeral=not public, thinking=True)
                interaction.extras["thinking"] = True
        except discord.HTTPException as error:  # a task of its own: nobody to raise to
            if too_late(error):
                note_late(interaction)
            else:
                log.exception("could not defer interaction %s", interaction.id)
            return
    deferred.note()


async def say(interaction: discord.Interaction, text: str) -> None:
    """A short ephemeral answer, in words from the catalog (`t(...)`)."""
    await reply(interaction, Reply(content=text))


async def refuse(interaction: discord.Interaction, error: ServiceError) -> None:
    """A refusal in the player's words: a game's refusal in that game's words,
    the host's from the catalog. What the player typed is repeated shortened
    (`bot.kit.limits.echo`)."""
    given = {name: echo(value) for name, value in error.params.items()}
    given.setdefault("command", slash(game_of(interaction), "new"))
    if error.game is not None:
        key, params = presentation(error.game).refusal(error.code, given)
    else:
        key, params = REFUSALS[error.code], given
    await say(interaction, t(key, **params))


def game_of(interaction: discord.Interaction) -> str:
    """The game an interaction is about: its command's group's, or its
    component's by prefix; else the first game."""
    found = here.group_game(getattr(interaction, "command", None))
    if found is not None:
        return found
    games = presentations()
    prefix = str(payload(interaction).get("custom_id") or "").partition(":")[0]
    return next(
        (name for name, shown in games.items() if shown.prefix == prefix), next(iter(games))
    )


async def owed_notice(interaction: discord.Interaction) -> str | None:
    """What the bot could not tell this player by direct message, if anything.

    A player who asked for DMs (`notify on`) but whose DMs are closed learns it
    privately, as an ephemeral follow-up to whatever they do next, where they
    are looking (`tell`). Not on the public table: whether someone accepts DMs is
    theirs to know, not the table's. Read before the handler runs, so nothing
    touches the database after the player's answer unless a notice is owed."""
    if interaction.guild_id is None:
        return None
    try:
        preferences = await service_of(interaction).choices.preferences(interaction.user.id)
    except Exception:  # a notice is not worth failing the player's click for
        log.exception("could not read the preferences of %s", interaction.user.id)
        return None
    game = preferences.refusal_owed()
    if game is None:
        return None
    on = t("command.choice.on")
    return t("notify.refused", command=f"{slash(game, 'notify')} {on}")


async def tell(interaction: discord.Interaction, notice: str | None) -> None:
    """Say an owed notice once, after the answer (never in its place)."""
    if notice is None or not interaction.response.is_done():
        return
    # The player's next click may already be reading the notice as owed.
    if not await service_of(interaction).storage.claim_preference(
        interaction.user.id, "dm_refused_told"
    ):
        return
    with contextlib.suppress(discord.HTTPException):
        await interaction.followup.send(content=notice, ephemeral=True)


def misplaced(interaction: discord.Interaction) -> bool:
    """Whether the payload names a guild its channel is not in, as far as the
    bot knows its channels: the guild Discord names is trusted only with its
    own channel, so nobody acts as a member of one server in another's."""
    channel_id = interaction.channel_id
    if channel_id is None:
        return False
    client = interaction.client
    # Looked for in the payload's guild first: there, it is where it says
    # (`client.get_channel` looks in every server the bot is in, at every
    # interaction); else wherever it is.
    named = client.get_guild(interaction.guild_id) if interaction.guild_id is not None else None
    if named is not None and named.get_channel_or_thread(channel_id) is not None:
        return False
    guild = getattr(client.get_channel(channel_id), "guild", None)
    return guild is not None and guild.id != interaction.guild_id


def stopping(interaction: discord.Interaction) -> bool:
    """Whether the bot is stopping (bot.app.client: SIGTERM, SIGINT)."""
    return bool(getattr(interaction.client, "stopping", False))


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> bool:
    """Run a handler in the player's language so that no click or command ever
    ends in "This interaction failed": a refusal is said privately, an
    unexpected error is logged and the player told. True if it went through."""
    global handling
    handling += 1
    budget.AHEAD.set(True)  # a person waits: before the clocks' and catch-up's requests
    notice = None
    deadline = _DeferInTime(interaction)
    with use_locale(interaction.locale):
        try:
            if deadline.age >= BEHIND:
                await _defer(interaction)
            if stopping(interaction):  # answered, not started: the next start does it
                raise ServiceError("stopping")
            if interaction.guild_id is None or misplaced(interaction):
                raise ServiceError("no_channel")  # games are played in server channels
            if interaction.channel_id in getattr(interaction.client, "deleted_channels", ()):
                raise ServiceError("channel_deleted")
            await here.check(interaction, service_of(interaction))  # a command of another game?
            notice = await owed_notice(interaction)
            await work
            await tell(interaction, notice)
            return True
        except ServiceError as error:
            try:
                await refuse(interaction, error)
            except discord.NotFound as gone:
                if not too_late(gone):
                    raise
                note_late(interaction)
            await tell(interaction, notice)
        except Exception as error:
            if too_late(error):  # the bot is behind: counted, not a traceback
                note_late(interaction)
                return False
            if stopping(interaction):  # cut short by the stop (its session closed)
                log.warning("interaction %s cut short by the stop: %r", interaction.id, error)
                return False
            log.exception("interaction %s failed", interaction.id)
            try:
                await say(interaction, t("error.internal"))
            except discord.HTTPException:
                log.exception("could not tell the player about it either")
        finally:
            handling -= 1
            deadline.cancel()
            if inspect.iscoroutine(work):
                work.close()  # refused before it ran: it never will
        return False
