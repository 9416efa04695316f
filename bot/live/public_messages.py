"""What a game's public messages show, stored with the game (its `narration`
column): the game's narration model, which messages carry the narration,
the table and the final result, what the table last said, whom it last
mentioned, and the table post under way.

The narration model is folded to the game's version when an action is
committed (`bot.flow.service`), in the same write, so publishing writes nothing
of its own for a move: the publisher shows what is stored, and the ids of
the messages it posts travel to the database with the next write. A post
whose id never got there is found again on resume by the ids in its
components (`bot.publishing.table_post.adopt`), however long the bot was down.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.kit.frozen import replaced
from engine.value import JSON


@dataclass(frozen=True, slots=True)
class Ping:
    """The moment the table last named (`Presentation.moment`), whether its
    reminder was said, and the people that moment waited for (None: stored by
    an earlier version of the bot, which did not say)."""

    key: str | None = None
    reminded: bool = False
    users: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Intent:
    """A table post owed for `version` at moment `key`: whether it mentions
    anyone, whether it owes them a direct message, and whom (`users`; None:
    every person asked, as an earlier version of the bot stored it).
    `later`: the turn passed to them and the table may stay where it is;
    the post with the mention is owed only if they have not acted when the
    clock's ping falls due (`bot.flow.due.DueMoves.ping`)."""

    version: int
    key: str | None
    mentions: bool
    dm: bool = False
    users: tuple[int, ...] | None = None
    later: bool = False


@dataclass(frozen=True, slots=True)
class Published:
    # Stored with each action (`bot.flow.service`): the game's narration model (its
    # JSON form) as of `model_version`, the version whose events began the
    # current narration message (a new one is owed until `narration_for`
    # equals it), whether the final result is owed, the table post owed.
    model: JSON | None = None
    model_version: int = 0
    narration_from: int = 0
    final_due: bool = False
    # Kept by the publisher, stored with the next action.
    narration_id: int | None = None  # the narration message (a reveal, told line by line)
    narration_for: int = 0  # the `narration_from` it was posted for
    narration_pictures: tuple[str, ...] = ()  # the attachments it shows
    buttons: bool = False  # it carries the pending decision's buttons
    final_id: int | None = None  # the final result
    ended: bool = False  # ended early: said so on the table
    table: str | None = None  # a digest of what the table says
    table_pictures: tuple[str, ...] = ()
    ping: Ping = field(default_factory=Ping)
    intent: Intent | None = None
    repost: bool = False  # the table goes to the bottom of the channel again

    def to_json(self) -> JSON:
        data: JSON = {
            "model": self.model,
            "model_version": self.model_version,
            "narration_from": self.narration_from,
            "final_due": self.final_due,
            "narration_id": self.narration_id,
            "narration_for": self.narration_for,
            "narration_pictures": list(self.narration_pictures),
            "buttons": self.buttons,
            "final_message_id": self.final_id,
            "ended": self.ended,
            "table": self.table,
            "table_pictures": list(self.table_pictures),
            "ping": _ping_json(self.ping),
            "repost": self.repost,
        }
        if self.intent is not None:
            i = self.intent
            data["intent"] = {
                "version": i.version,
                "key": i.key,
                "mentions": i.mentions,
                "dm": i.dm,
            }
            if i.users is not None:
                data["intent"]["users"] = list(i.users)
            if i.later:
                data["intent"]["later"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Published:
        """The stored record, of this version of the bot or an earlier one
        (which stored the model as "reveal", its progress as "version", the
        narration's message and pictures as "reveal_message_id" and
        "reveal_pictures", and a table post under way as "intents")."""
        if not data:
            return cls()
        ping = data.get("ping") or {}
        intent = data.get("intent")
        if intent is None and (data.get("intents") or {}).get("table"):
            old = data["intents"]  # an earlier version's post under way: finish it
            intent = {"version": data.get("version", 0), "key": ping.get("key"), "mentions": False}
            intent["dm"] = bool(old.get("dm"))
        model = data["model"] if "model" in data else data.get("reveal")
        return cls(
            model=model,
            model_version=data.get("model_version", data.get("version", 0)),
            narration_from=data.get("narration_from", 0),
            final_due=bool(data.get("final_due")),
            narration_id=data.get("narration_id", data.get("reveal_message_id")),
            narration_for=data.get("narration_for", 0),
            narration_pictures=tuple(
                data.get("narration_pictures", data.get("reveal_pictures")) or ()
            ),
            buttons=bool(data.get("buttons")),
            final_id=data.get("final_message_id"),
            ended=bool(data.get("ended")),
            table=data.get("table"),
            table_pictures=tuple(data.get("table_pictures") or ()),
            ping=Ping(ping.get("key"), bool(ping.get("reminded")), _users(ping.get("users"))),
            intent=(
                Intent(
                    intent["version"],
                    intent.get("key"),
                    bool(intent.get("mentions")),
                    bool(intent.get("dm")),
                    _users(intent.get("users")),
                    bool(intent.get("later")),
                )
                if intent
                else None
            ),
            repost=bool(data.get("repost") or data.get("repost_table")),
        )

    def but(self, **changes: Any) -> Published:
        """This with `changes`; itself when they change nothing (the
        publisher says what its messages show at every sync, mostly the same)."""
        for name, value in changes.items():
            now = getattr(self, name)
            if now is not value and now != value:
                return replaced(self, **changes)
        return self


def _ping_json(ping: Ping) -> JSON:
    data: dict[str, Any] = {"key": ping.key, "reminded": ping.reminded}
    if ping.users is not None:
        data["users"] = list(ping.users)
    return data


def _users(stored: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if stored is None else tuple(int(u) for u in stored)
