"""Each game's command group as Discord's sync sends it, localised by the
bot's own translator: what a player's client shows of it."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import cogs
from bot.i18n.translator import CatalogTranslator


async def group_cogs() -> list[commands.GroupCog]:
    """The command groups each extension's `setup` adds, as the bot loads them: not
    every GroupCog class (`cogs.host.HostCommands` is a base, never registered)."""
    found: list[commands.GroupCog] = []

    class Loader:
        async def add_cog(self, cog: commands.Cog, **_: Any) -> None:
            if isinstance(cog, commands.GroupCog):
                found.append(cog)

    for module in pkgutil.iter_modules(cogs.__path__):
        setup = getattr(importlib.import_module(f"cogs.{module.name}"), "setup", None)
        if setup is not None:
            await setup(Loader())
    return found


async def translated_groups() -> dict[str, dict[str, Any]]:
    """Each real group's payload as Discord sync sends it (name -> payload)."""
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    translator = CatalogTranslator()
    found = await group_cogs()
    assert found, "no command group found in cogs/"
    payloads = {}
    for cog in found:
        group = cog.app_command
        assert group is not None
        payloads[group.name] = await group.get_translated_payload(tree, translator)
    return payloads


def localised(field: str, what: dict[str, Any], locale: str) -> str:
    """`what`'s `field` as a client in `locale` sees it (Discord's default text if none)."""
    return str(what.get(f"{field}_localizations", {}).get(locale, what[field]))
