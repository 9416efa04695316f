"""One message to send or edit, and the small builders every game's rendering
shares. Components are sent in a stopped view: clicks reach the bot through
the dynamic items (`bot.components`), which survive restarts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

GREEN = discord.ButtonStyle.success
BLUE = discord.ButtonStyle.primary
RED = discord.ButtonStyle.danger
GREY = discord.ButtonStyle.secondary


@dataclass
class Reply:
    """Text, an embed, components."""

    content: str | None = None
    embed: discord.Embed | None = None
    items: list[discord.ui.Item[Any]] = field(default_factory=list)

    def view(self) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        for item in self.items:
            view.add_item(item)
        view.stop()
        return view

    def kwargs(self) -> dict[str, Any]:
        return {"content": self.content, "embed": self.embed, "view": self.view()}


def custom_id(prefix: str, game: int, version: int, verb: str, arg: str | None = None) -> str:
    """`<prefix>:<game>:<version>:<verb>[:<arg>]` (ARCHITECTURE.md, Identifiers)."""
    return f"{prefix}:{game}:{version}:{verb}" + (f":{arg}" if arg is not None else "")


def button(
    label: str,
    cid: str,
    style: discord.ButtonStyle = GREY,
    emoji: str | None = None,
    row: int | None = None,
    disabled: bool = False,
) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=label[:80], custom_id=cid, style=style, emoji=emoji, row=row, disabled=disabled
    )


def select(
    cid: str, options: list[tuple[str, str, bool]], row: int | None = None, placeholder: str = ""
) -> discord.ui.Select[Any]:
    """A select of (label, value, preselected) options, at most 25."""
    menu: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=cid, row=row, placeholder=placeholder[:150] or None
    )
    for label, value, default in options[:25]:
        menu.add_option(label=label[:100], value=value, default=default)
    return menu


def drop_none(kwargs: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in kwargs.items() if v is not None}
