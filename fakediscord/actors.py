"""What a test can do as Discord users, and how it drives a discord.py client."""

# The mixin's methods take `self: FakeDiscord` (the class they are mixed into),
# which mypy reads as an unrelated self type:
# mypy: disable-error-code="misc"

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import payloads
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DEFERRED_CHANNEL_MESSAGE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionResult,
    build_command_options,
    find_command,
)
from .models import (
    BUTTON,
    LABEL,
    SELECT_TYPES,
    TEXT_INPUT,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeRole,
    FakeUser,
)

if TYPE_CHECKING:
    import discord

    from .gateway import GatewaySession
    from .server import FakeDiscord

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


class Actors:
    """Mixin of ``FakeDiscord``: users acting, and helpers to run the bot against the fake."""

    # -- slash commands --------------------------------------------------------------
    async def slash(
        self: FakeDiscord,
        user: FakeUser,
        channel: FakeChannel | None,
        command: str,
        *subcommands: str,
        options: Mapping[str, Any] | None = None,
    ) -> InteractionResult:
        """Run ``/command [group] [subcommand]`` with options, as Discord's client would.

        Resolved against the commands the bot synced. Returns once the bot's initial
        response arrived (``result.response``); follow-ups may still be on their way.
        """
        channel = channel or self.channel
        data = await self._command_data(channel, command, subcommands, options or {}, None)
        return await self._interact(APPLICATION_COMMAND, user, channel, data)

    async def autocomplete(
        self: FakeDiscord,
        user: FakeUser,
        channel: FakeChannel | None,
        command: str,
        *subcommands: str,
        options: Mapping[str, Any] | None = None,
        focused: str,
    ) -> list[dict[str, Any]]:
        """The choices the bot offers while ``user`` types ``options[focused]``."""
        channel = channel or self.channel
        data = await self._command_data(channel, command, subcommands, options or {}, focused)
        result = await self._interact(AUTOCOMPLETE, user, channel, data)
        return result.choices

    async def _command_data(
        self: FakeDiscord,
        channel: FakeChannel,
        name: str,
        path: Sequence[str],
        values: Mapping[str, Any],
        focused: str | None,
    ) -> dict[str, Any]:
        guild = self.guild_of(channel)
        command = find_command(self.commands_for(guild), name)
        deadline = time.monotonic() + self.command_sync_wait
        # Right after start-up the bot may still be syncing: wait until anything is synced.
        while command is None and not self._any_commands() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
            command = find_command(self.commands_for(guild), name)
        if command is None:
            synced = [c["name"] for c in self.commands_for(guild)]
            raise LookupError(f"/{name} was never synced by the bot; synced: {synced}")
        options, resolved = build_command_options(
            command, tuple(path), values, guild, focused=focused
        )
        data: dict[str, Any] = {
            "id": command["id"],
            "name": command["name"],
            "type": 1,
            "options": options,
        }
        if resolved:
            data["resolved"] = resolved
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        return data

    # -- components ----------------------------------------------------------------
    async def click(
        self: FakeDiscord,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        prefix: str | None = None,
    ) -> InteractionResult:
        """Click a button (found by custom_id, label and/or custom_id prefix)."""
        msg = self._clickable(user, message)
        button = msg.find_button(label, custom_id=custom_id, prefix=prefix)
        if button.get("disabled"):
            raise ValueError(f"button {button.get('label')!r} is disabled")
        if button.get("style") == 5 or "custom_id" not in button:
            raise ValueError("link buttons open a URL; they send no interaction")
        data: dict[str, Any] = {"custom_id": button["custom_id"], "component_type": BUTTON}
        if "id" in button:
            data["id"] = button["id"]
        return await self._interact(MESSAGE_COMPONENT, user, self._channel_of(msg), data, msg)

    async def select(
        self: FakeDiscord,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str,
        values: Sequence[Any],
    ) -> InteractionResult:
        """Pick ``values`` in a select; for user/role/channel selects pass fake objects."""
        msg = self._clickable(user, message)
        component = msg.component(custom_id)
        if component is None or component.get("type") not in SELECT_TYPES:
            raise LookupError(f"no select {custom_id!r} on message {msg.id}")
        data = self._select_data(component, values, self.guild_of(self._channel_of(msg)))
        return await self._interact(MESSAGE_COMPONENT, user, self._channel_of(msg), data, msg)

    async def press(
        self: FakeDiscord,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str,
        *,
        values: Sequence[str] | None = None,
        claimed_guild: FakeGuild | None = None,
    ) -> InteractionResult:
        """A click on ``custom_id`` from ``message`` that the message need not
        carry: what a client still showing an older version of an edited message
        sends (Discord delivers it; the message in the interaction is the current
        one), or a modified client. A select's pick when ``values`` are given.
        ``claimed_guild``: a forged payload naming that guild (and the user as
        its member) for the message's channel, which Discord never sends."""
        msg = self._clickable(user, message)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": BUTTON}
        if values is not None:
            data |= {"component_type": 3, "values": list(values)}
        channel = self._channel_of(msg)
        return await self._interact(MESSAGE_COMPONENT, user, channel, data, msg, claimed_guild)

    def _select_data(
        self: FakeDiscord, component: dict[str, Any], values: Sequence[Any], guild: Any
    ) -> dict[str, Any]:
        if component.get("disabled"):
            raise ValueError(f"select {component['custom_id']!r} is disabled")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(f"select {component['custom_id']!r} takes {low}..{high} values")
        data: dict[str, Any] = {
            "custom_id": component["custom_id"],
            "component_type": component["type"],
            "values": [],
        }
        if component["type"] == 3:
            allowed = [o["value"] for o in component.get("options", [])]
            unknown = [v for v in values if v not in allowed]
            if unknown:
                raise ValueError(f"{unknown} are not options of the select; options: {allowed}")
            data["values"] = list(values)
            return data
        resolved: dict[str, Any] = {}
        for value in values:
            data["values"].append(str(value.id))
            if isinstance(value, FakeUser):
                resolved.setdefault("users", {})[str(value.id)] = payloads.user(value)
                member = payloads.member(value, guild, with_permissions=True)
                del member["user"]
                resolved.setdefault("members", {})[str(value.id)] = member
            elif isinstance(value, FakeRole):
                resolved.setdefault("roles", {})[str(value.id)] = payloads.role(value)
            elif isinstance(value, FakeChannel):
                resolved.setdefault("channels", {})[str(value.id)] = payloads.channel(value)
        data["resolved"] = resolved
        return data

    def _clickable(self: FakeDiscord, user: FakeUser, message: FakeMessage | int) -> FakeMessage:
        msg = self.messages.get(message) if isinstance(message, int) else message
        if msg is None or msg.deleted:
            raise LookupError(f"message {message!r} does not exist (or was deleted)")
        if not msg.is_visible_to(user):
            raise PermissionError(f"{user.name} cannot see message {msg.id}")
        return msg

    def _channel_of(self: FakeDiscord, msg: FakeMessage) -> FakeChannel:
        channel = self.get_channel(msg.channel_id)
        if channel is None:
            raise LookupError(f"channel {msg.channel_id} is gone")
        return channel

    # -- modals --------------------------------------------------------------------
    async def submit_modal(
        self: FakeDiscord,
        user: FakeUser,
        opened_by: InteractionResult,
        custom_id: str | None = None,
        fields: Mapping[str, Any] | None = None,
    ) -> InteractionResult:
        """Submit the modal the bot opened in answer to ``opened_by``.

        ``fields`` maps text-input custom_ids to values (select custom_ids to lists).
        """
        modal = opened_by.modal
        if modal is None:
            raise ValueError(f"the bot answered {opened_by!r} without a modal")
        if user is not opened_by.user:
            raise PermissionError("only the user who opened a modal can submit it")
        if custom_id is not None and custom_id != modal["custom_id"]:
            raise ValueError(f"the open modal is {modal['custom_id']!r}, not {custom_id!r}")
        fields = dict(fields or {})
        components = [_fill_modal(c, fields) for c in modal.get("components", [])]
        if fields:
            raise ValueError(f"the modal has no fields {sorted(fields)}")
        data = {"custom_id": modal["custom_id"], "components": components}
        return await self._interact(
            MODAL_SUBMIT, user, opened_by.channel, data, opened_by.source_message
        )

    # -- plain messages ----------------------------------------------------------------
    async def say(
        self: FakeDiscord, user: FakeUser, content: str, channel: FakeChannel | None = None
    ) -> FakeMessage:
        """``user`` posts a message (delivered as MESSAGE_CREATE to bots with that intent)."""
        return await self.create_message(
            channel or self.channel, {"content": content}, [], author=user
        )

    # -- dispatching -----------------------------------------------------------------
    async def _interact(
        self: FakeDiscord,
        kind: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        source: FakeMessage | None = None,
        claimed_guild: FakeGuild | None = None,
    ) -> InteractionResult:
        guild = claimed_guild or self.guild_of(channel)
        session = self.session_for(guild.id)
        if session is None:
            raise RuntimeError("no bot is connected to the fake gateway (start_client first)")
        if user.id not in guild.member_ids:
            raise PermissionError(f"{user.name} is not a member of {guild.name}")
        rec = InteractionResult(
            id=self.ids.next(),
            token=self.new_token(),
            type=kind,
            user=user,
            channel=channel,
            guild=guild,
            payload={},
            created_at=self.clock.monotonic(),
            source_message=source,
        )
        rec.payload = self._interaction_payload(rec, data)
        self.interactions[rec.token] = rec
        self._waiting.append(rec)
        rec.dispatched_at = time.monotonic()
        await session.dispatch("INTERACTION_CREATE", rec.payload)
        try:
            await asyncio.wait_for(
                rec.answered.wait(), self.response_deadline + self.no_response_grace
            )
        except TimeoutError:
            rec.answered.set()
            self.violate(
                "no_response",
                f"no initial response within {self.response_deadline:g}s",
                "INTERACTION_CREATE",
                rec,
            )
        if rec.response is not None and rec.response.deferred and self.wait_deferred:
            await self._deferred_answer(rec, self.wait_deferred)
        self.raise_new_violations(rec)
        return rec

    async def _deferred_answer(self: FakeDiscord, rec: InteractionResult, timeout: float) -> None:
        """Until a deferred response's answer is there: "thinking…" replaced, or
        the clicked message edited, or a follow-up (none comes for a click that
        needs no words: then `timeout`)."""
        edits = rec.source_message.edit_count if rec.source_message else 0
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if rec.followups or (
                rec.original is not None
                and not rec.original.loading
                and rec.response is not None
                and rec.response.type == DEFERRED_CHANNEL_MESSAGE
            ):
                return
            if rec.source_message is not None and rec.source_message.edit_count > edits:
                return
            await asyncio.sleep(0.005)

    def _interaction_payload(
        self: FakeDiscord, rec: InteractionResult, data: dict[str, Any]
    ) -> dict[str, Any]:
        guild, channel = rec.guild, rec.channel
        payload: dict[str, Any] = {
            "id": str(rec.id),
            "application_id": str(self.application_id),
            "type": rec.type,
            "data": data,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
            "channel_id": str(channel.id),
            "channel": payloads.channel(channel)
            | {
                "permissions": str(guild.permissions_for(rec.user)),
                "last_message_id": self.last_message_id(channel),
            },
            "member": payloads.member(rec.user, guild, with_permissions=True),
            "token": rec.token,
            "version": 1,
            "app_permissions": str(guild.permissions_for(self.bot_user)),
            "locale": rec.user.locale,
            "guild_locale": guild.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if rec.source_message is not None:
            payload["message"] = self.message_payload(rec.source_message)
        return payload

    async def settle(self: FakeDiscord, quiet: float = 0.05, timeout: float = 5.0) -> None:
        """Wait until the bot has made no HTTP request for ``quiet`` seconds.

        Also waits for pending interaction responses, and for a rate limit the bot
        ran out of to reset (discord.py waits for it, quietly, before its next
        request). Raises RuleViolation for rules broken meanwhile, TimeoutError
        if the bot keeps talking for ``timeout`` seconds.
        """
        start = time.monotonic()
        while True:
            now = time.monotonic()
            pending = self.unanswered()
            quiet_since = max(self._last_activity, self.limits.busy_until())
            if not pending and self._inflight == 0 and now - quiet_since >= quiet:
                break
            if now - start > timeout and now >= self.limits.busy_until():
                raise TimeoutError(f"the bot was still busy after {timeout}s")
            await asyncio.sleep(0.005)
        self.raise_new_violations()

    # -- running a discord.py client against the fake --------------------------------
    async def start_client(
        self: FakeDiscord,
        client: discord.Client,
        *,
        timeout: float = 5.0,
        guild_ready_timeout: float = 0.05,
    ) -> None:
        """Log ``client`` in with the fake's token and wait until it is ready.

        ``guild_ready_timeout`` replaces discord.py's 2 s wait for more GUILD_CREATEs.
        """
        import discord.http

        if self.api_base != discord.http.Route.BASE:
            raise RuntimeError("discord.py is not pointed at this server: use patch_discord()")
        client._connection.guild_ready_timeout = guild_ready_timeout
        task = asyncio.create_task(client.start(self.token), name="fakediscord-client")
        running = RunningClient(client, task)
        self._clients[id(client)] = running
        deadline = time.monotonic() + timeout
        while not client.is_ready():
            if task.done():
                self._clients.pop(id(client), None)
                task.result()  # re-raises the login/connect failure
                raise RuntimeError("the client stopped before it was ready")
            if time.monotonic() > deadline:
                await self.stop_client(client)
                raise TimeoutError(f"client not ready after {timeout}s")
            await asyncio.sleep(0.005)
        running.session = self.active_session

    async def stop_client(self: FakeDiscord, client: discord.Client) -> None:
        """Close ``client`` and wait until the fake has seen its connection go."""
        running = self._clients.pop(id(client), None)
        await client.close()
        if running is None:
            return
        try:
            await asyncio.wait_for(running.task, 2.0)
        except (TimeoutError, asyncio.CancelledError):
            running.task.cancel()
        session = running.session
        async with asyncio.timeout(2.0):
            while session is not None and session in self.sessions:
                await asyncio.sleep(0.005)

    async def stop_all_clients(self: FakeDiscord) -> None:
        for running in list(self._clients.values()):
            await self.stop_client(running.client)


@dataclass
class RunningClient:
    client: discord.Client
    task: asyncio.Task[None]
    session: GatewaySession | None = None


def _fill_modal(component: dict[str, Any], fields: dict[str, Any]) -> dict[str, Any]:
    """The submitted shape of one modal component, taking values out of ``fields``."""
    kind = component.get("type")
    out: dict[str, Any] = {"type": kind}
    if "id" in component:
        out["id"] = component["id"]
    if kind == 1:
        out["components"] = [_fill_modal(c, fields) for c in component.get("components", [])]
    elif kind == LABEL:
        out["component"] = _fill_modal(component["component"], fields)
    elif kind == TEXT_INPUT:
        custom_id = component["custom_id"]
        value = fields.pop(custom_id, component.get("value") or "")
        if not isinstance(value, str):
            raise ValueError(f"text input {custom_id!r} takes a string")
        if component.get("required", True) and not value:
            raise ValueError(f"text input {custom_id!r} is required")
        low, high = component.get("min_length", 0), component.get("max_length", 4000)
        if value and not low <= len(value) <= high:
            raise ValueError(f"text input {custom_id!r} takes {low}..{high} characters")
        out |= {"custom_id": custom_id, "value": value}
    elif kind in SELECT_TYPES:
        custom_id = component["custom_id"]
        values = fields.pop(custom_id, [])
        out |= {"custom_id": custom_id, "values": [str(getattr(v, "id", v)) for v in values]}
    return out
