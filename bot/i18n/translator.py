"""Localised slash-command names, descriptions, options and choices from the catalogs.

Install with `await bot.tree.set_translator(CatalogTranslator())`. Every
command string in a cog is a literal message id, so `pybabel extract` lists
it, and its English text comes from the catalog like any other language's:

    @app_commands.command(name=L_("command.kick.name"), description=L_("command.kick.description"))
    @app_commands.rename(player=L_("command.param.player.name"))
    @app_commands.describe(player=L_("command.param.player.description"))

A command every game's group shares may be worded for one game: its cog's
`reworded` maps the shared id to the game's own (`command.<group>.join.description`).
A choice declared with its own id (`Choice(name=L_(...))`) is translated by
that id; one made from a host `Literal` type is found by its value in `CHOICES`.
A top-level group keeps its name in every language (`/<group>`):
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

from bot.i18n import DEFAULT_LOCALE, LANGUAGE_CHOICES, N_, Catalog, by_last_part, default_catalog

# The choices of the host's own options, by value (the `Literal` types of
# `cogs.host`, and the turn timers and languages of every `new`). A game's
# choices carry their own message ids (`Choice(name=L_(...))`), so one value
# ("normal") may mean different things in different options.
CHOICES = {
    **by_last_part(
        *(N_("command.choice.off"), N_("command.choice.on")),
        *(N_("command.choice.1m"), N_("command.choice.2m"), N_("command.choice.5m")),
        *(N_("command.choice.1h"), N_("command.choice.24h")),
        *(N_("command.choice.all"), N_("command.choice.month"), N_("command.choice.week")),
    ),
    **LANGUAGE_CHOICES,
}


def L_(key: str) -> locale_str:
    """The command string with message id `key`, its English text from the catalog."""
    english = default_catalog().lookup(key, DEFAULT_LOCALE)
    if english is None:
        raise KeyError(f"no command string {key!r} in the English catalog")
    return locale_str(english, key=key)


def command_key(string: locale_str, context: TranslationContextTypes) -> str | None:
    """The message id of the string Discord asks for at `context`, if it has one."""
    data = context.data
    key = string.extras.get("key")
    if isinstance(data, Choice):
        return key if isinstance(key, str) else CHOICES.get(str(data.value))
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
