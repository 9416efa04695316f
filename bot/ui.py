"""Components and replies: the one dynamic item behind every button and
select, and the one way a refusal reaches a player.

Every component's custom_id is `mm:<game>:<version>:<verb>[:<arg>]`; the
dynamic item parses it (so components work after a restart) and hands the
click to the handler a cog registered for that verb.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from .i18n import t
from .render import KIND_EMOJI, Reply, cards, kind, order_title
from .service import ServiceError

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Click:
    game: int
    version: int
    verb: str
    arg: str | None
    values: tuple[str, ...]


Handler = Callable[[discord.Interaction[Any], Click], Awaitable[None]]
HANDLERS: dict[str, Handler] = {}


def handles(*verbs: str) -> Callable[[Handler], Handler]:
    """Register a cog function as the handler of these component verbs."""

    def register(handler: Handler) -> Handler:
        for verb in verbs:
            HANDLERS[verb] = handler
        return handler

    return register


class GameComponent(
    discord.ui.DynamicItem[discord.ui.Item[Any]],
    template=r"mm:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<verb>[a-z]+)(?::(?P<arg>[^:]*))?",
):
    """Any button or select of ours, rebuilt from its custom_id on each click."""

    def __init__(self, item: discord.ui.Item[Any], click: Click) -> None:
        super().__init__(item)
        self.click = click

    @classmethod
    async def from_custom_id(  # type: ignore[override]
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> GameComponent:
        values = tuple((interaction.data or {}).get("values", ()))  # type: ignore[union-attr]
        click = Click(
            int(match["game"]), int(match["version"]), match["verb"], match["arg"], values
        )
        return cls(item, click)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handler = HANDLERS.get(self.click.verb)
        if handler is None:
            await say(interaction, "error.stale_button")
            return
        await guarded(interaction, handler(interaction, self.click))


def locale_of(interaction: discord.Interaction[Any]) -> Any:
    return interaction.locale


async def reply(
    interaction: discord.Interaction[Any], message: Reply, *, ephemeral: bool = True
) -> None:
    """Answer the interaction with `message`, or follow up if it was answered."""
    kwargs = message.kwargs()
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=ephemeral, **drop_none(kwargs))
    else:
        await interaction.response.send_message(ephemeral=ephemeral, **drop_none(kwargs))


def drop_none(kwargs: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in kwargs.items() if v is not None}


async def say(interaction: discord.Interaction[Any], key: str, **params: Any) -> None:
    """A short ephemeral answer from the catalog."""
    await reply(interaction, Reply(content=t(key, locale_of(interaction), **params)))


async def refuse_error(interaction: discord.Interaction[Any], error: ServiceError) -> None:
    """A refusal in the player's words: the engine's or the service's reason,
    with kinds and cards spelled out in the player's language."""
    locale = locale_of(interaction)
    params = dict(error.params)
    if "choices" in params:
        params["choices"] = " / ".join(t(f"kind.{k}", locale) for k in params["choices"])
    if params.get("kind") in KIND_EMOJI:
        params["kind"] = kind(params["kind"], locale)
    for key in ("cards", "missing"):
        if key in params:
            params[key] = cards(params[key], locale)
    if "order" in params:  # plus's box names every order of both boxes
        params["order"] = order_title("plus", params["order"], locale)
    if "pile" in params:
        params["pile"] = t(f"pile.{params['pile'].replace(' ', '_')}", locale)
    await say(interaction, f"error.{error.code}", **params)


async def guarded(interaction: discord.Interaction[Any], work: Awaitable[None]) -> None:
    """Run a handler so that no click or command ever ends in "This interaction
    failed": an unexpected error is logged and the player told, ephemerally."""
    try:
        await work
    except ServiceError as error:
        await refuse_error(interaction, error)
    except Exception:
        log.exception("interaction %s failed", interaction.id)
        try:
            await say(interaction, "error.internal")
        except discord.HTTPException:
            log.exception("could not tell the player about it either")
