"""JSON shapes exactly as Discord's API v10 sends them (the fields discord.py reads)."""

from __future__ import annotations

import datetime
from typing import Any

from .models import (
    GUILD_VOICE,
    Attachment,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeRole,
    FakeUser,
)


def iso(timestamp: float) -> str:
    return datetime.datetime.fromtimestamp(timestamp, datetime.UTC).isoformat()


def user(u: FakeUser) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(u.id),
        "username": u.name,
        "discriminator": "0",
        "global_name": u.global_name,
        "avatar": u.avatar,
        "public_flags": 0,
    }
    if u.bot:
        data["bot"] = True
    return data


def member(u: FakeUser, guild: FakeGuild, *, with_permissions: bool = False) -> dict[str, Any]:
    data: dict[str, Any] = {
        "user": user(u),
        "roles": [str(r) for r in u.role_ids if r in guild.roles],
        "nick": u.nick,
        "avatar": None,
        "joined_at": u.joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if with_permissions:
        data["permissions"] = str(guild.permissions_for(u))
    return data


def role(r: FakeRole) -> dict[str, Any]:
    return {
        "id": str(r.id),
        "name": r.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": r.position,
        "permissions": str(r.permissions),
        "managed": r.managed,
        "mentionable": False,
        "flags": 0,
    }


def channel(c: FakeChannel, *, message_count: int = 0) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(c.id),
        "type": c.type,
        "guild_id": str(c.guild_id),
        "name": c.name,
        "position": c.position,
        "permission_overwrites": [],
        "parent_id": str(c.parent_id) if c.parent_id else None,
        "nsfw": False,
        "topic": None,
        "rate_limit_per_user": 0,
        "last_message_id": None,
        "flags": 0,
    }
    if c.type == GUILD_VOICE:  # its text chat as well: messages, buttons, Activities
        data |= {"bitrate": 64000, "user_limit": 0, "rtc_region": None}
    if c.is_thread:
        data |= {
            "owner_id": str(c.owner_id),
            "message_count": message_count,
            "total_message_sent": message_count,
            "member_count": 1,
            "thread_metadata": {
                "archived": c.archived,
                "auto_archive_duration": c.auto_archive_duration,
                "archive_timestamp": c.created_at,
                "locked": c.locked,
                "invitable": True,
                "create_timestamp": c.created_at,
            },
        }
    return data


def dm_channel(c: FakeChannel, recipient: FakeUser) -> dict[str, Any]:
    """A DM channel as ``POST /users/@me/channels`` returns it."""
    return {
        "id": str(c.id),
        "type": c.type,
        "last_message_id": None,
        "flags": 0,
        "recipients": [user(recipient)],
    }


def guild(
    g: FakeGuild, members: list[FakeUser], *, bot: FakeUser, joined_at: str
) -> dict[str, Any]:
    """A GUILD_CREATE payload; ``members`` is what the bot's intents allow it to see."""
    return {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(g.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "preferred_locale": g.locale,
        "features": [],
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "vanity_url_code": None,
        "max_members": 500000,
        "roles": [role(r) for r in g.roles.values()],
        "emojis": [],
        "stickers": [],
        "channels": [channel(c) for c in g.text_channels()],
        "threads": [channel(c) for c in g.threads() if not c.archived],
        "members": [member(m, g) for m in members],
        "member_count": len(g.member_ids) + 1,
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "large": False,
        "unavailable": False,
        "joined_at": joined_at,
        "lazy": True,
        "application_id": None,
    }


def attachment(a: Attachment, base_url: str, channel_id: int) -> dict[str, Any]:
    url = f"{base_url}/attachments/{channel_id}/{a.id}/{a.filename}"
    data: dict[str, Any] = {
        "id": str(a.id),
        "filename": a.filename,
        "size": a.size,
        "url": url,
        "proxy_url": url,
        "content_type": a.content_type,
    }
    if a.description:
        data["description"] = a.description
    return data


def message(m: FakeMessage, base_url: str, mentions: list[FakeUser]) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(m.id),
        "channel_id": str(m.channel_id),
        "author": user(m.author),
        "content": m.content,
        "timestamp": m.timestamp,
        "edited_timestamp": m.edited_timestamp,
        "tts": False,
        "mention_everyone": False,
        "mentions": [user(u) for u in mentions],
        "mention_roles": [],
        "attachments": [attachment(a, base_url, m.channel_id) for a in m.attachments],
        "embeds": m.embeds,
        "components": m.components,
        "pinned": False,
        "type": m.type,
        "flags": m.flags,
    }
    if m.guild_id is not None:
        data["guild_id"] = str(m.guild_id)
    if m.webhook_id is not None:
        data["webhook_id"] = str(m.webhook_id)
    if m.application_id is not None:
        data["application_id"] = str(m.application_id)
    if m.interaction_id is not None:
        data["interaction_metadata"] = {
            "id": str(m.interaction_id),
            "type": m.interaction_type,
            "user": user(m.interaction_user) if m.interaction_user else None,
            "authorizing_integration_owners": {"0": str(m.guild_id)} if m.guild_id else {},
        }
    return data
