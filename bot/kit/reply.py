"""One message to send or edit, and the small builders every game's rendering
shares. Components are sent in a stopped view: clicks reach the bot through
the dynamic items (`bot.interactions.components`), which survive restarts.

A presentation stays synchronous: it asks for a picture (`Picture`: a drawing
function and its hashable input) and the host draws it off the event loop
(`draw`) before sending, or drops it when the server turned pictures off; the
words stay complete either way."""

from __future__ import annotations

import hashlib
import io
import logging
from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

import discord

from bot.kit.limits import ALT_TEXT, fit, fit_items, fitted, shorten
from bot.pictures.worker import render

log = logging.getLogger(__name__)

#: A message's components as the bot builds them (discord.py's are generic
#: over the view that holds them).
Item = discord.ui.Item[discord.ui.View]
Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]

GREEN = discord.ButtonStyle.success
BLUE = discord.ButtonStyle.primary
RED = discord.ButtonStyle.danger
GREY = discord.ButtonStyle.secondary


@dataclass(frozen=True)
class Picture:
    """A picture a presentation asks for: `draw(*args)` gives its PNG bytes.
    The first of a message's pictures is its embed's image; any others are
    shown as attachments beside it. Equal requests give equal bytes (the
    drawing functions are cached by their input), so `key` tells whether a
    message already shows this picture. `alt` says what it shows in words,
    in the reader's language: the attachment's description, which screen
    readers read (from the same facts as the picture: public ones for a
    public picture)."""

    filename: str
    draw: Callable[..., bytes]
    args: tuple[Hashable, ...]
    alt: str = ""

    # Worked out once per picture asked for (a repr and a hash of everything
    # it shows): a kept answer's pictures are named again at every copy.
    @cached_property
    def key(self) -> str:
        """Stable across processes (unlike `hash`): stored with a message."""
        text = repr((self.filename, self.draw.__module__, self.draw.__qualname__, self.args))
        return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()

    @cached_property
    def name(self) -> str:
        """The attachment's name, `reveal-<key>.png`: what a message shows can be
        told from its attachments' names, so an identical picture is not sent again."""
        stem, dot, ext = self.filename.rpartition(".")
        return f"{stem}-{self.key[:10]}{dot}{ext}" if dot else f"{self.filename}-{self.key[:10]}"


class _Built:
    """A view built from a reply's items, and the items' identities."""

    __slots__ = ("items", "view")

    def __init__(self) -> None:
        self.items: tuple[int, ...] = ()
        self.view: discord.ui.View | None = None


@dataclass
class Reply:
    """Text, an embed, components; pictures asked for, and files once drawn.

    `files` None leaves an edited message's attachments as they are; a list
    replaces them (an empty one removes them)."""

    content: str | None = None
    embed: discord.Embed | None = None
    items: list[Item] = field(default_factory=list)
    pictures: list[Picture] = field(default_factory=list)
    files: list[tuple[str, bytes]] | None = None
    alts: dict[str, str] = field(default_factory=dict)  # each file's alt text, by its name
    # The view built from `items` (and which items it was built from), one
    # place shared by an answer and its copies (`copy`).
    _built: _Built = field(default_factory=_Built, init=False, repr=False, compare=False)

    def view(self) -> discord.ui.View:
        """The items in rows as Discord takes them (`bot.kit.limits`); one that
        fits in no row (a sixth) is left out, and logged. Built once for
        the same items, whichever copy asks first: a kept answer's copies
        (`bot.live.answer_cache`, a seat's hand between its moves) and a
        table's fingerprint and its post share one view (a stopped view is
        only read when sent)."""
        built = self._built
        made = tuple(map(id, self.items))
        if built.view is not None and built.items == made:
            return built.view
        view = discord.ui.View(timeout=None)
        for item in fit_items(self.items):
            try:
                view.add_item(item)
            except ValueError:
                log.warning("no room for %r in a message: left out", item)
        view.stop()
        fitted.add(view)
        built.items, built.view = made, view
        return view

    def copy(self) -> Reply:
        """Another answer of the same: its content, embed, items and files its
        own to change (drawing a picture sets the embed's image); the
        components themselves, and the view built of them, shared."""
        copied = Reply(
            self.content,
            self.embed.copy() if self.embed is not None else None,
            list(self.items),
            list(self.pictures),
            self.files,
            dict(self.alts),
        )
        copied._built = self._built
        return copied

    def kwargs(self, edit: bool = False) -> dict[str, Any]:
        """Keyword arguments for a send (`files=`), or for an edit
        (`attachments=`, which replaces the message's files), within
        Discord's limits (`bot.kit.limits.fit`)."""
        kwargs: dict[str, Any] = {"content": self.content, "embed": self.embed, "view": self.view()}
        if self.files is not None and (edit or self.files):
            files = [
                discord.File(io.BytesIO(data), filename=name, description=self._alt(name))
                for name, data in self.files
            ]
            kwargs["attachments" if edit else "files"] = files
        return fit(kwargs)

    def _alt(self, name: str) -> str | None:
        alt = self.alts.get(name)
        return shorten(alt, ALT_TEXT) if alt else None

    def shown(self) -> list[str]:
        """The names of the attachments this reply shows once drawn (kept on
        the message, or carried)."""
        if self.files is None:
            return [picture.name for picture in self.pictures]
        return [name for name, _ in self.files]

    async def draw(self, on: bool = True, shown: Collection[str] = ()) -> Reply:
        """Draw the pictures asked for, in a worker process, and attach them
        (the first as the embed's image); with `on` False, drop them. If the
        message edited already shows these very pictures (`shown`: its
        attachments' names, which carry each picture's key), they are neither
        drawn nor uploaded again: the edit leaves its attachments alone."""
        if not self.pictures:
            return self
        if not on:  # an edit takes away a picture shown before pictures were turned off
            self.pictures, self.files = [], []
            if (
                self.embed is not None and self.embed.image.url
            ):  # a kept answer's (bot.live.answer_cache)
                self.embed.set_image(url=None)
            return self
        names = [picture.name for picture in self.pictures]
        if self.embed is not None:
            self.embed.set_image(url=f"attachment://{names[0]}")
        if shown and set(shown) == set(names):
            self.files = None
            return self
        files = []
        for picture in self.pictures:
            files.append((picture.name, await render(picture.draw, *picture.args, key=picture.key)))
            self.alts[picture.name] = picture.alt
        self.files = files
        return self


def custom_id(prefix: str, game: int, version: int, verb: str, arg: str | None = None) -> str:
    """`<prefix>:<game>:<version>:<verb>[:<arg>]` (docs/architecture.md, Component ids)."""
    return f"{prefix}:{game}:{version}:{verb}" + (f":{arg}" if arg is not None else "")


def button(
    label: str,
    cid: str,
    style: discord.ButtonStyle = GREY,
    emoji: str | None = None,
    row: int | None = None,
    disabled: bool = False,
) -> Button:
    return discord.ui.Button(
        label=label, custom_id=cid, style=style, emoji=emoji, row=row, disabled=disabled
    )


def select(
    cid: str,
    options: Sequence[tuple[str, str, bool] | tuple[str, str, bool, str | None]],
    row: int | None = None,
    placeholder: str = "",
) -> Select:
    """A select of (label, value, preselected[, description]) options; those
    past Discord's 25 are left out when it is sent (`bot.kit.limits`). A
    description is the option's second line, whole on a phone where a long
    label is cut."""
    return select_of(cid, [option(*each) for each in options], row, placeholder)


def select_of(
    cid: str, options: list[discord.SelectOption], row: int | None = None, placeholder: str = ""
) -> Select:
    """`select` of options made already (`option`): the list becomes the select's."""
    menu: Select = discord.ui.Select(custom_id=cid, row=row, placeholder=placeholder or None)
    menu.options = options
    return menu


@lru_cache(maxsize=4096)
def option(
    label: str, value: str, default: bool, description: str | None = None
) -> discord.SelectOption:
    """One option, made once: discord.py checks each option as it is made, and
    a hand's menus offer the same few dozen again at every click. A select
    only reads its options, so one object serves every message."""
    return discord.SelectOption(label=label, value=value, default=default, description=description)


def drop_none(kwargs: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in kwargs.items() if v is not None}
