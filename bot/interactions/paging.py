"""A select's options in pages when there are more than Discord's 25 (none
is left out): each page shows 24 and, last, an option that turns to the
next page, whose value `turned` reads back."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t

#: Options of one select: Discord's limit.
MOST = 25
#: Options on a page beside the one that turns it.
PAGE = MOST - 1
MORE = "page:"

Option = tuple[str, str, bool]  # label, value, preselected (`bot.kit.reply.select`)


def page_of(options: Sequence[Option], page: int = 0) -> list[Option]:
    """The options of page `page` (counted from 0, wrapping round), with the
    option that turns to the next page when there is more than one."""
    if len(options) <= MOST:
        return list(options)
    pages = -(-len(options) // PAGE)
    page %= pages
    following = (page + 1) % pages
    more = t("pick.more", page=following + 1, pages=pages)
    return [*options[page * PAGE : (page + 1) * PAGE], (more, f"{MORE}{following}", False)]


def turned(value: str) -> int | None:
    """The page a chosen value turns to, or None for a real choice."""
    if value.startswith(MORE) and value[len(MORE) :].isdigit():
        return int(value[len(MORE) :])
    return None
