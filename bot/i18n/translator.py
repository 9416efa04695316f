"""Localised slash-command names, descriptions, options and choices from the catalogs.

Install with `await bot.tree.set_translator(CatalogTranslator())`. Every
command string in a cog is a literal message id, so `pybabel extract` lists
it, and its English text comes from the catalog like any other language's:

    @app_commands.command(name=L_("command.kick.name"), description=L_("command.kick.description"))
    @app_commands.rename(player=L_("command.param.player.name"))
    @app_commands.describe(player=L_("command.param.player.description"))

A command every game's group shares may be worded for one game: its cog's
`reworded` maps the shared id to the game's own (`command.pizzaisland.join.description`).
A choice made from a `Literal` type is found by its value in `CHOICES`.
A top-level group keeps its name in every language (`/mammamia`, `/pizzaisland`):
it is the bot's name on the server, and what players type to find it.
"""

from __future__ import annotations

from collections.abc import Mapping

from discord import Locale
from discord.app_commands import (
    Choice,
    Parameter,
    TranslationContextTypes,
    Translator,
    locale_str,
)

from bot.i18n import DEFAULT_LOCALE, N_, Catalog, by_last_part, default_catalog

# Every choice of every command, by its value (the `Literal` types of the cogs).
CHOICES = by_last_part(
    *(N_("command.choice.classic"), N_("command.choice.plus")),
    *(N_("command.choice.strict"), N_("command.choice.casual")),
    *(N_("command.choice.slow"), N_("command.choice.normal"), N_("command.choice.fast")),
    *(N_("command.choice.off"), N_("command.choice.on")),
    *(N_("command.choice.1m"), N_("command.choice.2m"), N_("command.choice.5m")),
    *(N_("command.choice.1h"), N_("command.choice.24h")),
    *(N_("command.choice.supply"), N_("command.choice.orders")),
    *(N_("command.choice.easy"), N_("command.choice.advanced")),
    *(N_("command.choice.wins"), N_("command.choice.points")),
    *(N_("command.choice.all"), N_("command.choice.month"), N_("command.choice.week")),
    *(N_("command.choice.en"), N_("command.choice.ru"), N_("command.choice.ja")),
    *(N_("command.choice.zh-tw"), N_("command.choice.fr")),
)


def L_(key: str) -> locale_str:
    """The command string with message id `key`, its English text from the catalog."""
    english = default_catalog().lookup(key, DEFAULT_LOCALE)
    if english is None:
        raise KeyError(f"no command string {key!r} in the English catalog")
    return locale_str(english, key=key)


def command_key(string: locale_str, context: TranslationContextTypes) -> str | None:
    """The message id of the string Discord asks for at `context`, if it has one."""
    data = context.data
    if isinstance(data, Choice):
        return CHOICES.get(str(data.value))
    key = string.extras.get("key")
    if not isinstance(key, str):
        return None
    command = data.command if isinstance(data, Parameter) else data
    reworded = getattr(getattr(command, "binding", None), "reworded", None)
    return reworded.get(key, key) if isinstance(reworded, Mapping) else key


class CatalogTranslator(Translator):
    """Feeds Discord the catalogs' translations of every command string."""

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog if catalog is not None else default_catalog()

    async def translate(
        self, string: locale_str, locale: Locale, context: TranslationContextTypes
    ) -> str | None:
        key = command_key(string, context)
        # No English fallback: for an untranslated locale Discord shows the default text.
        return None if key is None else self.catalog.lookup(key, locale)
