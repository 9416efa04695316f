"""Localised slash-command names, descriptions, options and choices from the catalogs.

Install with `await bot.tree.set_translator(CatalogTranslator())`. Message ids
follow the command tree, so a cog needs no extra bookkeeping:

    command.<group>.<command>.name / .description      a command (or sub-group)
    command.<group>.description                        a group's description
    command.<group>.<command>.param.<option>.name      an option of one command ...
    command.param.<option>.name / .description         ... or of every command that has it
    command.choice.<value>                             a choice, by its value
    locale_str("...", key="...")                       anything, explicitly

A top-level group keeps its name in every language (`/mammamia`, `/pizzaisland`):
it is the bot's name on the server, and what players type to find it.
"""

from __future__ import annotations

from discord import Locale
from discord.app_commands import (
    Choice,
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


def command_keys(context: TranslationContextTypes) -> tuple[str, ...]:
    """The message ids that may hold the string found at `context`, best first."""
    location, data = context.location, context.data
    match location:
        case TranslationContextLocation.group_name if isinstance(data, Group):
            return () if data.parent is None else (f"{_path(data)}.name",)
        case TranslationContextLocation.command_name if isinstance(data, Command | ContextMenu):
            return (f"{_path(data)}.name",)
        case (
            TranslationContextLocation.command_description
            | TranslationContextLocation.group_description
        ) if isinstance(data, Command | Group):
            return (f"{_path(data)}.description",)
        case TranslationContextLocation.parameter_name if isinstance(data, Parameter):
            return _option_keys(data, "name")
        case TranslationContextLocation.parameter_description if isinstance(data, Parameter):
            return _option_keys(data, "description")
        case TranslationContextLocation.choice_name if isinstance(data, Choice):
            return (f"command.choice.{data.value}",)
    return ()


def _option_keys(parameter: Parameter, what: str) -> tuple[str, str]:
    return (
        f"{_path(parameter.command)}.param.{parameter.name}.{what}",
        f"command.param.{parameter.name}.{what}",
    )


def _path(command: Command | Group | ContextMenu) -> str:  # type: ignore[type-arg]
    name = command.qualified_name if isinstance(command, Command | Group) else command.name
    return "command." + name.replace(" ", ".")


class CatalogTranslator(Translator):
    """Feeds Discord the catalogs' translations of every command string."""

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.catalog = catalog if catalog is not None else default_catalog()

    async def translate(
        self, string: locale_str, locale: Locale, context: TranslationContextTypes
    ) -> str | None:
        explicit = string.extras.get("key")
        keys = (explicit,) if isinstance(explicit, str) else command_keys(context)
        for key in keys:
            # No English fallback: for an untranslated locale Discord shows the default text.
            text = self.catalog.lookup(key, locale)
            if text is not None:
                return text
        return None
