"""What the fake Discord remembers: users, guilds, channels, messages, rule violations."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 53) - 1

MEMBER_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
    | CREATE_PUBLIC_THREADS
)
BOT_PERMISSIONS = MEMBER_PERMISSIONS | MANAGE_MESSAGES | MANAGE_THREADS | MENTION_EVERYONE

# Message flags.
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Channel types.
GUILD_TEXT = 0
DM = 1
GUILD_VOICE = 2
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (10, PUBLIC_THREAD, PRIVATE_THREAD)

# Component types.
ACTION_ROW = 1
BUTTON = 2
SELECT_TYPES = (3, 5, 6, 7, 8)
TEXT_INPUT = 4
LABEL = 18


@dataclass(eq=False)
class FakeUser:
    """A Discord user who is also a member of the guild."""

    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = "2024-01-01T00:00:00+00:00"
    dms_closed: bool = False
    """The user's privacy settings refuse direct messages from the bot (50007)."""
    locale: str = "en-US"
    """The language of the user's Discord client (interactions' `locale`)."""
    avatar: str | None = None
    """The hash of the user's own avatar (None: Discord's default); the fake's
    CDN draws a picture for it (`FakeDiscord._serve_avatar`)."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        return self.nick or self.global_name or self.name

    def __repr__(self) -> str:
        return f"<FakeUser {self.name} id={self.id}>"


@dataclass(eq=False)
class FakeRole:
    id: int
    name: str
    permissions: int = 0
    position: int = 0
    managed: bool = False


@dataclass(eq=False)
class FakeChannel:
    """A text channel, a voice channel (its text chat) or a thread."""

    id: int
    name: str
    guild_id: int
    type: int = GUILD_TEXT
    position: int = 0
    parent_id: int | None = None
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    created_at: str = "2024-01-01T00:00:00+00:00"
    deleted: bool = False
    recipient_id: int | None = None
    """The other user of a DM channel (``guild_id`` is 0 for a DM)."""

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def __repr__(self) -> str:
        return f"<FakeChannel #{self.name} id={self.id} type={self.type}>"


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    member_ids: list[int] = field(default_factory=list)
    locale: str = "en-US"  # the server's preferred locale

    @property
    def everyone(self) -> FakeRole:
        return self.roles[self.id]

    def text_channels(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if not c.is_thread and not c.deleted]

    def threads(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.is_thread and not c.deleted]

    def permissions_for(self, user: FakeUser) -> int:
        if user.id == self.owner_id:
            return ALL_PERMISSIONS
        perms = self.everyone.permissions
        for role_id in user.role_ids:
            role = self.roles.get(role_id)
            if role is not None:
                perms |= role.permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms


@dataclass(eq=False)
class Attachment:
    """A file the bot uploaded (multipart ``files[n]``), with its bytes."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass
class Violation:
    """One broken Discord rule; ``rule`` is a short stable code such as ``content_length``."""

    rule: str
    detail: str
    route: str = ""
    interaction_id: int | None = None
    raised: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        where = f" [{self.route}]" if self.route else ""
        return f"{self.rule}: {self.detail}{where}"


class RuleViolation(AssertionError):
    """Raised into the test when the bot broke one of Discord's rules."""

    def __init__(self, violations: list[Violation], result: Any = None) -> None:
        self.violations = violations
        self.result = result
        lines = "\n".join(f"  - {v}" for v in violations)
        super().__init__(f"the bot broke Discord's rules:\n{lines}")


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first, including those nested in rows, sections, containers."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        if isinstance(component.get("accessory"), dict):
            yield component["accessory"]
        if isinstance(component.get("component"), dict):
            yield component["component"]


@dataclass(eq=False)
class FakeMessage:
    """A message as the fake stores it: the latest version plus the previous ones."""

    id: int
    channel_id: int
    guild_id: int | None
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = ""
    edited_timestamp: str | None = None
    visible_to: frozenset[int] | None = None
    """``None`` for a public message; the ids of the users who see an ephemeral one."""
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_id: int | None = None
    interaction_user: FakeUser | None = None
    interaction_type: int | None = None
    mention_ids: list[int] = field(default_factory=list)
    # Who the message notified when it was posted: mentions in its content that
    # its `allowed_mentions` let through (an edit never notifies anyone).
    notified: frozenset[int] = frozenset()
    nonce: str | None = None
    """The nonce the bot sent it with (Discord echoes it only in the create response)."""
    deleted: bool = False
    history: list[dict[str, Any]] = field(default_factory=list)
    """Earlier versions: dicts with content, embeds, components, flags, attachments,
    and `at`, when that version was made (seconds, fake clock)."""
    at: float = 0.0
    """When this version was made: posted or last edited (seconds, fake clock)."""

    # -- state -----------------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred "Bot is thinking..." placeholder."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def edit_count(self) -> int:
        return len(self.history)

    @property
    def public(self) -> bool:
        return self.visible_to is None

    def is_visible_to(self, user: FakeUser | int) -> bool:
        user_id = user if isinstance(user, int) else user.id
        return not self.deleted and (self.visible_to is None or user_id in self.visible_to)

    @property
    def text(self) -> str:
        """Content plus every embed's title, description, fields and footer, one per line."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            for fld in embed.get("fields", []):
                parts += [fld.get("name", ""), fld.get("value", "")]
            parts.append((embed.get("footer") or {}).get("text", ""))
        return "\n".join(p for p in parts if p)

    # -- components ------------------------------------------------------
    def all_components(self) -> list[dict[str, Any]]:
        return list(walk_components(self.components))

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") == BUTTON]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") in SELECT_TYPES]

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components() if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        for c in self.all_components():
            if c.get("custom_id") == custom_id:
                return c
        return None

    def find_button(
        self, label: str | None = None, *, custom_id: str | None = None, prefix: str | None = None
    ) -> dict[str, Any]:
        """The first button matching every given criterion; raises LookupError otherwise."""
        for button in self.buttons():
            cid = button.get("custom_id", "")
            if label is not None and button.get("label") != label:
                continue
            if custom_id is not None and cid != custom_id:
                continue
            if prefix is not None and not cid.startswith(prefix):
                continue
            return button
        found = [(b.get("label"), b.get("custom_id")) for b in self.buttons()]
        raise LookupError(
            f"no button label={label!r} custom_id={custom_id!r} prefix={prefix!r} "
            f"on message {self.id}; buttons: {found}"
        )

    def find_select(
        self, *, custom_id: str | None = None, prefix: str | None = None
    ) -> dict[str, Any]:
        for select in self.selects():
            cid = select.get("custom_id", "")
            if custom_id is not None and cid != custom_id:
                continue
            if prefix is not None and not cid.startswith(prefix):
                continue
            return select
        raise LookupError(f"no select custom_id={custom_id!r} prefix={prefix!r} on {self.id}")

    def snapshot(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "flags": self.flags,
            "attachments": [a.filename for a in self.attachments],
            "at": self.at,
        }

    def __repr__(self) -> str:
        who = "public" if self.visible_to is None else f"visible_to={sorted(self.visible_to)}"
        gone = " deleted" if self.deleted else ""
        return f"<FakeMessage id={self.id} {who}{gone} content={self.content[:40]!r}>"
