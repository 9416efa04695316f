"""Discord's limits on what one message may carry, and the one place a message
is fitted to them before it is sent (`fit`): Discord refuses a whole message
(HTTP 400, code 50035) for one character too many, so the bot shortens a text
that is too long, at its last line or word, and never leaves a mention, an
emoji or a markdown mark cut in half.

Every answer and every post goes through here (`bot.kit.reply.Reply.kwargs`,
`bot.interactions.components.send` and `update`); text a player typed is shortened before
it is echoed (`echo`), so a refusal reads well long before a limit is near.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

import discord

log = logging.getLogger(__name__)

CONTENT = 2000
EMBEDS = 10
TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
EMBED_TOTAL = 6000  # title, description, fields, footer and author of all a message's embeds
ROWS = 5
COMPONENTS = 25  # 5 rows of at most 5 buttons, or of one select each
LABEL = 80  # a button's
OPTIONS = 25
OPTION_TEXT = 100  # a select option's label, description and value
PLACEHOLDER = 150
CUSTOM_ID = 100
CHOICE_NAME = 100  # an autocomplete choice's
ALT_TEXT = 1024  # an attachment's description: its alt text

#: The longest text a player may type into an option of ours (Discord's
#: `max_length`): any kind, order, card or pile id, in any language, fits.
TYPED = 100
#: How much of what a player typed an answer repeats.
ECHO = 60

ELLIPSIS = "…"
#: Markdown marks that come in pairs: a text cut between the two loses the
#: first, or Discord shows it as it is. Longest first (``` before `).
PAIRED = ("```", "**", "__", "~~", "||", "`")


def shorten(text: str, limit: int) -> str:
    """`text` if it fits in `limit` characters; else its beginning, up to its
    last line or word break that keeps at least half, with no `<…>` (mention,
    emoji, timestamp) or paired markdown mark cut open, and an ellipsis."""
    if len(text) <= limit:
        return text
    room = max(limit - len(ELLIPSIS), 0)
    cut = text[:room]
    for separator in ("\n", " "):
        at = cut.rfind(separator)
        if at >= room // 2:
            cut = cut[:at]
            break
    cut = _whole(cut)
    return (cut.rstrip() + ELLIPSIS)[:limit]


def _whole(cut: str) -> str:
    """`cut` without a trailing half of something Discord reads as a whole."""
    opened = cut.rfind("<")
    if opened > cut.rfind(">"):  # <@123…, <t:17…, <:emoji:12…
        cut = cut[:opened]
    rest = cut
    for mark in PAIRED:
        if rest.count(mark) % 2:
            rest = rest[: rest.rfind(mark)]
        rest = rest.replace(mark, "\0" * len(mark))  # ``` is not read again as `
    return cut[: len(rest)]


def echo(value: object) -> object:
    """What a player typed, short enough to repeat in an answer; anything
    else as it is."""
    return shorten(value, ECHO) if isinstance(value, str) else value


# --- embeds ---------------------------------------------------------------------


def _field_text(embed: discord.Embed) -> list[tuple[str, str, bool]]:
    return [(f.name or "", f.value or "", bool(f.inline)) for f in embed.fields]


def _size(embed: discord.Embed) -> int:
    """The characters of `embed` that count towards Discord's total."""
    return len(embed)  # discord.py counts title, description, fields, footer and author


def fit_embed(embed: discord.Embed, budget: int = EMBED_TOTAL) -> discord.Embed:
    """`embed` within every limit of one embed, in `budget` characters in all;
    changed in place only where it is over (the same embed fits the same way)."""
    if _fits(embed, budget):
        return embed
    if embed.title and len(embed.title) > TITLE:
        embed.title = shorten(embed.title, TITLE)
    if embed.description and len(embed.description) > DESCRIPTION:
        embed.description = shorten(embed.description, DESCRIPTION)
    if embed.footer.text and len(embed.footer.text) > FOOTER:
        embed.set_footer(text=shorten(embed.footer.text, FOOTER), icon_url=embed.footer.icon_url)
    if embed.author.name and len(embed.author.name) > AUTHOR:
        author = embed.author
        embed.set_author(
            name=shorten(author.name or "", AUTHOR), url=author.url, icon_url=author.icon_url
        )
    while len(embed.fields) > FIELDS:
        embed.remove_field(FIELDS)
    for index, (name, value, inline) in enumerate(_field_text(embed)):
        if len(name) > FIELD_NAME or len(value) > FIELD_VALUE:
            embed.set_field_at(
                index,
                name=shorten(name, FIELD_NAME),
                value=shorten(value, FIELD_VALUE),
                inline=inline,
            )
    _within(embed, budget)
    return embed


def _fits(embed: discord.Embed, budget: int) -> bool:
    """Whether `embed` is within every limit already (most are: checked
    first, from its fields as they are, making no proxy of each)."""
    size, description = _size(embed), len(embed.description or "")
    if size > budget or description > DESCRIPTION:
        return False
    if size - description <= TITLE:
        return True  # all but the description together within the shortest limit
    data = embed.to_dict()
    fields = data.get("fields", ())
    return (
        len(embed.title or "") <= TITLE
        and len(fields) <= FIELDS
        and all(len(f["name"]) <= FIELD_NAME and len(f["value"]) <= FIELD_VALUE for f in fields)
        and len(data.get("footer", {}).get("text") or "") <= FOOTER
        and len(data.get("author", {}).get("name") or "") <= AUTHOR
    )


def _within(embed: discord.Embed, budget: int) -> None:
    """Shorten the longest text of `embed` until the whole fits in `budget`."""
    over = _size(embed) - budget
    while over > 0:
        texts = _texts(embed)
        longest = max(texts, key=lambda text: len(text[0]))
        text, change = longest
        if len(text) <= len(ELLIPSIS):
            break  # nothing left to shorten
        change(shorten(text, max(len(text) - over, len(ELLIPSIS))))
        over = _size(embed) - budget


def _texts(embed: discord.Embed) -> list[tuple[str, Callable[[str], object]]]:
    """Each text of `embed` that counts towards its total, and how to replace it."""
    footer, author = embed.footer, embed.author

    def title(text: str) -> None:
        embed.title = text

    def description(text: str) -> None:
        embed.description = text

    texts: list[tuple[str, Callable[[str], object]]] = [
        (embed.title or "", title),
        (embed.description or "", description),
        (footer.text or "", lambda text: embed.set_footer(text=text, icon_url=footer.icon_url)),
        (
            author.name or "",
            lambda text: embed.set_author(name=text, url=author.url, icon_url=author.icon_url),
        ),
    ]
    for index, (name, value, _) in enumerate(_field_text(embed)):
        texts.append((name, partial(_set_field, embed, index, "name")))
        texts.append((value, partial(_set_field, embed, index, "value")))
    return [(text, change) for text, change in texts if text]


def _set_field(embed: discord.Embed, index: int, part: str, text: str) -> None:
    """Field `index`'s name or value (`part`) replaced by `text`."""
    name, value, inline = _field_text(embed)[index]
    if part == "name":
        name = text
    else:
        value = text
    embed.set_field_at(index, name=name, value=value, inline=inline)


def fit_embeds(embeds: Sequence[discord.Embed]) -> list[discord.Embed]:
    """A message's embeds, at most 10, sharing the total's characters in order."""
    fitted, left = [], EMBED_TOTAL
    for embed in list(embeds)[:EMBEDS]:
        fitted.append(fit_embed(embed, max(left, 0)))
        left -= _size(embed)
    return fitted


# --- components -------------------------------------------------------------------


def fit_items(
    items: Iterable[discord.ui.Item[discord.ui.View]],
) -> list[discord.ui.Item[discord.ui.View]]:
    """Buttons and selects as Discord takes them: labels, placeholders and
    options shortened, at most 25 options a select and 25 components a
    message. A component Discord would refuse whole (an id or an option's
    value too long to shorten without changing what it does) is left out,
    and logged: the rest of the message still goes."""
    kept: list[discord.ui.Item[discord.ui.View]] = []
    for item in items:
        if len(kept) == COMPONENTS:
            log.warning("a message with more than %d components: the rest left out", COMPONENTS)
            break
        custom_id = getattr(item, "custom_id", None)
        if isinstance(custom_id, str) and len(custom_id) > CUSTOM_ID:
            log.warning("component %r is longer than %d characters: left out", custom_id, CUSTOM_ID)
            continue
        if isinstance(item, discord.ui.Button):
            if item.label and len(item.label) > LABEL:
                item.label = shorten(item.label, LABEL)
        elif isinstance(item, discord.ui.Select) and not _fit_select(item):
            continue
        kept.append(item)
    return kept


def _fit_select(menu: discord.ui.Select[discord.ui.View]) -> bool:
    """Whether `menu`, fitted in place, still has an option to offer."""
    if menu.placeholder and len(menu.placeholder) > PLACEHOLDER:
        menu.placeholder = shorten(menu.placeholder, PLACEHOLDER)
    options = menu.options
    if len(options) > OPTIONS or any(_over(option) for option in options):
        menu.options = [_fit_option(o) for o in options if len(o.value) <= OPTION_TEXT][:OPTIONS]
    if not menu.options:
        log.warning("select %r has no option Discord would take: left out", menu.custom_id)
        return False
    count = len(menu.options)
    if menu.max_values > count:  # min_values <= max_values
        menu.min_values, menu.max_values = min(menu.min_values, count), count
    return True


def _over(option: discord.SelectOption) -> bool:
    description = option.description
    return (
        len(option.label) > OPTION_TEXT
        or len(option.value) > OPTION_TEXT
        or (description is not None and len(description) > OPTION_TEXT)
    )


def _fit_option(option: discord.SelectOption) -> discord.SelectOption:
    """The option itself if it fits; else a shortened copy (options may be
    shared between messages: `bot.kit.reply.select` makes each once)."""
    if not _over(option):
        return option
    return discord.SelectOption(
        label=shorten(option.label, OPTION_TEXT),
        value=option.value,
        description=shorten(option.description, OPTION_TEXT) if option.description else None,
        emoji=option.emoji,
        default=option.default,
    )


#: Views built from fitted items (`bot.kit.reply.Reply.view`): not fitted again.
fitted: weakref.WeakSet[discord.ui.View] = weakref.WeakSet()


def fit_view(view: discord.ui.View) -> discord.ui.View:
    """A built view's items fitted in place; those Discord would refuse removed."""
    if view in fitted:
        return view
    children = list(view.children)
    kept = fit_items(children)
    for item in children:
        if not any(item is k for k in kept):
            view.remove_item(item)
    return view


# --- whole messages ---------------------------------------------------------------------


def fit(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of a send or an edit (`content`, `embed`,
    `embeds`, `view`), each within Discord's limits; the rest as they are."""
    content = kwargs.get("content")
    if isinstance(content, str) and len(content) > CONTENT:
        kwargs["content"] = shorten(content, CONTENT)
    embed = kwargs.get("embed")
    if isinstance(embed, discord.Embed):
        fit_embed(embed)
    embeds = kwargs.get("embeds")
    if embeds:
        kwargs["embeds"] = fit_embeds(embeds)
    view = kwargs.get("view")
    if isinstance(view, discord.ui.View):
        fit_view(view)
    return kwargs
