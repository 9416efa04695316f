"""A loopback fake Discord (REST + gateway) for end-to-end tests of discord.py bots."""

from .clock import FakeClock
from .interactions import CallbackResponse, InteractionResult
from .models import (
    Attachment,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeRole,
    FakeUser,
    RuleViolation,
    Violation,
)
from .patching import patch_discord
from .server import FakeDiscord

__all__ = [
    "Attachment",
    "CallbackResponse",
    "FakeChannel",
    "FakeClock",
    "FakeDiscord",
    "FakeGuild",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionResult",
    "RuleViolation",
    "Violation",
    "patch_discord",
]
