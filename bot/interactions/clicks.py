"""Every click answered, even one no component hears.

The bot hands each click to its component itself (`GameBot.on_interaction`),
as discord.py would hand it to a registered `DynamicItem`: the kind whose
template matches the custom_id clicked, if that id is still on the message as
Discord sends it now. discord.py's own way rebuilt a whole view from
`interaction.message` for every click (`ViewStore.schedule_dynamic_item_call`),
only to find the one item clicked in it; `heard` finds it in the message's
components directly, and `deliver` makes the component of its id.

A click no kind hears (discord.py would drop it without a word, and Discord
show "This interaction failed") is the click on a My hand that the game's end
took away, on a table a player's client shows in an older version than the one
since edited in, on a button of an older version of the bot, or a made-up one;
`unheard` answers them privately, and never acts: where the click names a
game of this channel, the player sees where it stands
(`bot.interactions.components.stale`), or how it ended; anything else gets
"That button no longer works".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

import discord

from bot.i18n import t
from bot.interactions.components import (
    Click,
    guarded,
    payload,
    placed,
    reply,
    service_of,
    stale,
)
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


def heard(
    interaction: discord.Interaction, kinds: Sequence[DynamicKind]
) -> list[tuple[DynamicKind, re.Match[str]]]:
    """The kinds this click is for, each with its template's match of the
    custom_id: those whose template matches it, if the message clicked
    carries a component of that id and type (none otherwise), as discord.py
    tells them (`ViewStore.dispatch_dynamic_items`, then the item looked for
    in the view rebuilt from the message)."""
    data = payload(interaction)
    custom_id, kind = data.get("custom_id"), data.get("component_type")
    message = interaction.message
    if message is None or not isinstance(custom_id, str):
        return []
    found = []
    for each in _candidates(tuple(kinds), custom_id):
        match = _template(each).fullmatch(custom_id)
        if match is not None:
            found.append((each, match))
    if not found or not _carries(message.components, custom_id, kind):
        return []
    return found


def _carries(components: Iterable[discord.Component], custom_id: str, kind: object) -> bool:
    """Whether a component of this id and type is among `components` or
    their children (an action row's), at any depth."""
    stack = list(components)
    while stack:
        component = stack.pop()
        if getattr(component, "custom_id", None) == custom_id and component.type.value == kind:
            return True
        stack.extend(getattr(component, "children", ()))
    return False


async def deliver(
    interaction: discord.Interaction, kind: DynamicKind, match: re.Match[str]
) -> None:
    """Hand the click to its component: made from its custom_id
    (`DynamicItem.from_custom_id`, given the item clicked as the id and type
    Discord names it: the component reads only its id), then called back.
    A component that cannot be made is an error of the bot's: logged, and
    the player told (`guarded`), where discord.py left the click unanswered."""
    data = payload(interaction)
    custom_id = str(data.get("custom_id"))
    item: Item
    if data.get("component_type") == discord.ComponentType.button.value:
        item = discord.ui.Button(custom_id=custom_id)
    else:
        item = discord.ui.Select(custom_id=custom_id)
    try:
        component = await kind.from_custom_id(interaction, item, match)
    except Exception as error:
        await guarded(interaction, _raise(error))
        return
    await component.callback(interaction)


async def _raise(error: Exception) -> None:
    raise error


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
