"""Every click answered, even one no component hears.

discord.py hands a click to a `DynamicItem` only if the custom_id clicked is
still on the message as Discord sends it now (`ViewStore.schedule_dynamic_item_call`
rebuilds the view from `interaction.message`); any other click it drops without
a word, and Discord shows "This interaction failed". That is the click on a My
hand that the game's end took away, on a table a player's client shows in an
older version than the one since edited in, on a button of an older version of
the bot, or a made-up one. `heard` tells those apart, exactly as discord.py
does; `unheard` answers them privately, and never acts: where the click names
a game of this channel, the player sees where it stands (`bot.interactions.components.stale`),
or how it ended; anything else gets "That button no longer works".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

import discord

from bot.i18n import t
from bot.interactions.components import Click, payload, placed, reply, service_of, stale
from bot.kit.reply import Item
from bot.live.refusals import ServiceError
from bot.publishing.lobby_post import lobby_message
from bot.storage import GameStatus

#: Any id of the bot's form, `<prefix>:<game>:<version>:<verb>[:<arg>]`, of
#: any verb, older ones included.
ID = re.compile(
    r"(?P<prefix>[a-z]+):(?P<game>[0-9]{1,20}):(?P<version>[0-9]{1,20}):(?P<verb>[^:]*)"
    r"(?::(?P<arg>.*))?",
    re.DOTALL,
)

DynamicKind = type[discord.ui.DynamicItem[Item]]


def heard(interaction: discord.Interaction, kinds: Sequence[DynamicKind]) -> bool:
    """Whether discord.py hands this click to one of `kinds`: one's template
    matches its custom_id, and the message clicked carries a component of
    that id and type."""
    data = payload(interaction)
    custom_id, kind = data.get("custom_id"), data.get("component_type")
    message = interaction.message
    if message is None or not isinstance(custom_id, str):
        return False
    if not any(_template(k).fullmatch(custom_id) for k in _candidates(tuple(kinds), custom_id)):
        return False
    return any(
        getattr(c, "custom_id", None) == custom_id and c.type.value == kind
        for c in _walk(message.components)
    )


def _candidates(kinds: tuple[DynamicKind, ...], custom_id: str) -> Sequence[DynamicKind]:
    """The kinds whose template may match `custom_id`: a component kind's
    template names its verb, the id's fourth part, so only the kinds of
    that verb, and any kind with no verb; all of them for an id not of the
    bot's form. (Every click asked each of some forty templates.)"""
    match = ID.fullmatch(custom_id)
    if match is None:
        return kinds
    by_verb, others = _by_verb(kinds)
    return [*by_verb.get(match["verb"], ()), *others]


@lru_cache(maxsize=8)
def _by_verb(
    kinds: tuple[DynamicKind, ...],
) -> tuple[dict[str, list[DynamicKind]], list[DynamicKind]]:
    by_verb: dict[str, list[DynamicKind]] = {}
    others: list[DynamicKind] = []
    for kind in kinds:
        verb = getattr(kind, "verb", None)
        if isinstance(verb, str):
            by_verb.setdefault(verb, []).append(kind)
        else:
            others.append(kind)
    return by_verb, others


def _template(kind: DynamicKind) -> re.Pattern[str]:
    """The compiled template discord.py matches custom_ids with (set by
    `DynamicItem.__init_subclass__`)."""
    template: re.Pattern[str] = getattr(kind, "__discord_ui_compiled_template__")  # noqa: B009
    return template


def _walk(components: Iterable[discord.Component]) -> Iterator[discord.Component]:
    for component in components:
        yield component
        yield from _walk(getattr(component, "children", ()))


async def unheard(interaction: discord.Interaction) -> None:
    """The answer to a click no component heard: nothing is done."""
    match = ID.fullmatch(str(payload(interaction).get("custom_id") or ""))
    if match is None:
        raise ServiceError("stale_button")
    click = Click(
        match["prefix"], int(match["game"]), int(match["version"]), match["verb"], match["arg"], ()
    )
    row = await placed(interaction, click)
    if row.status == GameStatus.LOBBY:
        message = lobby_message(row)
        message.content = t("stale.lobby")
        message.items = []  # its buttons are the lobby message's, which they redraw
        await reply(interaction, message)
        return
    try:
        live = await service_of(interaction).games.look(row.id)
    except ServiceError:  # no record: a lobby closed before the game began
        await reply(interaction, lobby_message(row, t("stale.closed")))
        return
    await stale(interaction, live)
