"""Interactions a test user starts, what the bot answered, and slash-command option shaping."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import payloads
from .models import (
    FLAG_EPHEMERAL,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeRole,
    FakeUser,
    Violation,
)

# Interaction types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Interaction callback types.
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9
LAUNCH_ACTIVITY = 12

ALLOWED_CALLBACKS: dict[int, set[int]] = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL, LAUNCH_ACTIVITY},
    MESSAGE_COMPONENT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
        MODAL,
        LAUNCH_ACTIVITY,
    },
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
    },
}

# Application command option types.
SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING = 3
INTEGER = 4
BOOLEAN = 5
USER = 6
CHANNEL = 7
ROLE = 8
MENTIONABLE = 9
NUMBER = 10


@dataclass
class CallbackResponse:
    """The bot's initial response (``POST /interactions/{id}/{token}/callback``)."""

    type: int
    data: dict[str, Any]
    elapsed: float
    """Seconds from dispatching INTERACTION_CREATE to receiving this callback."""
    message: FakeMessage | None = None

    @property
    def ephemeral(self) -> bool:
        return bool((self.data.get("flags") or 0) & FLAG_EPHEMERAL)

    @property
    def content(self) -> str | None:
        return self.data.get("content")

    @property
    def deferred(self) -> bool:
        return self.type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE)


@dataclass(eq=False)
class InteractionResult:
    """One interaction a test user started; filled in as the bot answers."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    guild: FakeGuild
    payload: dict[str, Any]
    created_at: float
    """Fake-clock time (``FakeClock.monotonic``); the token expires 15 minutes later."""
    source_message: FakeMessage | None = None
    dispatched_at: float = 0.0
    response: CallbackResponse | None = None
    uploaded: int = 0
    """Bytes of the files the initial response uploaded (pictures, say)."""
    original: FakeMessage | None = None
    """The message the initial response created (or, for updates, the source message)."""
    followups: list[FakeMessage] = field(default_factory=list)
    activity_instance: str | None = None
    """The Activity instance a launch response (type 12) opened the user into."""
    violations: list[Violation] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once the callback arrived, was rejected, or the deadline passed."""

    @property
    def message(self) -> FakeMessage | None:
        """The answer's message: after a deferred update that answered with a
        follow-up, the follow-up; else the original response (or source)."""
        if self.response is not None and self.response.type == DEFERRED_UPDATE_MESSAGE:
            return self.followups[0] if self.followups else self.original
        return self.original

    @property
    def messages(self) -> list[FakeMessage]:
        return ([self.original] if self.original else []) + self.followups

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices the bot returned (``[]`` if it did not answer with choices)."""
        if self.response is None or self.response.type != AUTOCOMPLETE_RESULT:
            return []
        return list(self.response.data.get("choices") or [])

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened (custom_id, title, components), if it answered with one."""
        if self.response is None or self.response.type != MODAL:
            return None
        return self.response.data

    async def wait_for_original(self, timeout: float = 2.0) -> FakeMessage:
        """Wait until the original response exists and is no longer "thinking"."""
        async with asyncio.timeout(timeout):
            while self.original is None or self.original.loading:
                await asyncio.sleep(0.005)
        return self.original

    async def wait_for_followups(self, count: int = 1, timeout: float = 2.0) -> list[FakeMessage]:
        async with asyncio.timeout(timeout):
            while len(self.followups) < count:
                await asyncio.sleep(0.005)
        return self.followups

    def __repr__(self) -> str:
        kind = self.response.type if self.response else None
        return f"<InteractionResult id={self.id} type={self.type} user={self.user.name} cb={kind}>"


# -- slash command resolution ------------------------------------------------


def find_command(commands: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    for command in commands:
        if command.get("name") == name and command.get("type", 1) == 1:
            return command
    return None


def build_command_options(
    command: dict[str, Any],
    path: tuple[str, ...],
    values: Mapping[str, Any],
    guild: FakeGuild,
    *,
    focused: str | None = None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Interaction ``data.options`` and ``data.resolved`` for ``/command path... values``.

    Checks what the Discord client itself would refuse (unknown or missing options,
    values outside choices or bounds) and raises ValueError for those: a test bug.
    """
    definitions: list[dict[str, Any]] = command.get("options") or []
    nesting: list[dict[str, Any]] = []
    for name in path:
        sub = next(
            (
                o
                for o in definitions
                if o.get("name") == name and o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)
            ),
            None,
        )
        if sub is None:
            known = [o["name"] for o in definitions if o.get("type") in (1, 2)]
            raise ValueError(f"/{command['name']} has no subcommand {name!r}; known: {known}")
        nesting.append(sub)
        definitions = sub.get("options") or []
    if definitions and definitions[0].get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
        raise ValueError(f"/{command['name']} {' '.join(path)} needs a subcommand")

    resolved: dict[str, Any] = {}
    leaf = _leaf_options(definitions, values, guild, resolved, focused)
    options = leaf
    for sub in reversed(nesting):
        options = [{"type": sub["type"], "name": sub["name"], "options": options}]
    return options, resolved


def _leaf_options(
    definitions: list[dict[str, Any]],
    values: Mapping[str, Any],
    guild: FakeGuild,
    resolved: dict[str, Any],
    focused: str | None,
) -> list[dict[str, Any]]:
    by_name = {o["name"]: o for o in definitions}
    unknown = set(values) - set(by_name)
    if unknown:
        raise ValueError(f"unknown options {sorted(unknown)}; the command has {sorted(by_name)}")
    if focused is not None:
        if focused not in by_name:
            raise ValueError(f"cannot focus unknown option {focused!r}")
        if not by_name[focused].get("autocomplete"):
            raise ValueError(f"option {focused!r} has no autocomplete")
    out: list[dict[str, Any]] = []
    for definition in definitions:
        name = definition["name"]
        if name == focused:
            out.append(
                {
                    "type": definition["type"],
                    "name": name,
                    "value": str(values.get(name, "")),
                    "focused": True,
                }
            )
            continue
        if name not in values:
            if definition.get("required") and focused is None:
                raise ValueError(f"required option {name!r} is missing")
            continue
        value = _option_value(definition, values[name], guild, resolved)
        out.append({"type": definition["type"], "name": name, "value": value})
    return out


def _option_value(
    definition: dict[str, Any], value: Any, guild: FakeGuild, resolved: dict[str, Any]
) -> Any:
    kind = definition["type"]
    name = definition["name"]
    if kind == STRING:
        if not isinstance(value, str):
            raise ValueError(f"option {name!r} is a string, got {value!r}")
        lo, hi = definition.get("min_length", 0), definition.get("max_length", 6000)
        if not lo <= len(value) <= hi:
            raise ValueError(f"option {name!r} length must be within {lo}..{hi}")
    elif kind == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"option {name!r} is an integer, got {value!r}")
    elif kind == NUMBER:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"option {name!r} is a number, got {value!r}")
        value = float(value)
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise ValueError(f"option {name!r} is a boolean, got {value!r}")
    elif kind in (USER, MENTIONABLE) and isinstance(value, FakeUser):
        resolved.setdefault("users", {})[str(value.id)] = payloads.user(value)
        member = payloads.member(value, guild, with_permissions=True)
        del member["user"]
        resolved.setdefault("members", {})[str(value.id)] = member
        return str(value.id)
    elif kind in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
        resolved.setdefault("roles", {})[str(value.id)] = payloads.role(value)
        return str(value.id)
    elif kind == CHANNEL and isinstance(value, FakeChannel):
        data = payloads.channel(value)
        data["permissions"] = str((1 << 53) - 1)
        resolved.setdefault("channels", {})[str(value.id)] = data
        return str(value.id)
    else:
        raise ValueError(f"option {name!r} (type {kind}) cannot take {value!r}")
    if kind in (INTEGER, NUMBER):
        lo, hi = definition.get("min_value"), definition.get("max_value")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise ValueError(f"option {name!r} must be within {lo}..{hi}, got {value}")
    choices = definition.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise ValueError(f"option {name!r} must be one of {[c['value'] for c in choices]}")
    return value
