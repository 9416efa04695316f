"""Localised slash-command names and descriptions from the message catalog.

Install with `await bot.tree.set_translator(CatalogTranslator())`. Keys follow
the command tree, so a cog needs no extra bookkeeping:

    command.<qualified name, dots>.name / .description      commands and groups
    command.<command>.param.<parameter>.name / .description  options
    an explicit `locale_str(..., key="...")`                  anything, e.g. choices

e.g. `command.mammamia.play.description`, `command.mammamia.play.param.count.name`.
"""

from __future__ import annotations

from discord import Locale
from discord.app_commands import (
    Command,
    ContextMenu,
    Group,
    Parameter,
    TranslationContextLocation,
    TranslationContextTypes,
    Translator,
    locale_str,
)

from bot.i18n import Catalog, default_catalog


def command_key(context: TranslationContextTypes) -> str | None:
    """The catalog key for a string found at `context` in the command tree."""
    location, data = context.location, context.data
    match location:
        case TranslationContextLocation.command_name | TranslationContextLocation.group_name:
            return f"{_path(data)}.name"
        case TranslationContextLocation.command_description:
            return f"{_path(data)}.description"
        case TranslationContextLocation.group_description:
            return f"{_path(data)}.description"
        case TranslationContextLocation.parameter_name if isinstance(data, Parameter):
            return f"{_path(data.command)}.param.{data.name}.name"
        case TranslationContextLocation.parameter_description if isinstance(data, Parameter):
            return f"{_path(data.command)}.param.{data.name}.description"
    return None


def _path(command: object) -> str:
    if isinstance(command, Command | Group):
        name = command.qualified_name
    elif isinstance(command, ContextMenu):
        name = command.name
    else:
        name = str(command)
    return "command." + name.replace(" ", ".")


class CatalogTranslator(Translator):
    """Feeds Discord the catalog's translations of every command string."""

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog if catalog is not None else default_catalog()

    async def translate(
        self, string: locale_str, locale: Locale, context: TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key") or command_key(context)
        if key is None:
            return None
        # No English fallback: for an untranslated locale Discord shows the default text.
        return self.catalog.lookup(key, locale)
