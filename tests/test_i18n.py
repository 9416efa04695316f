"""bot.i18n: the message catalog files, locale fallback, command localisation."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext, TranslationContextLocation, locale_str

from bot.i18n import CATALOG_DIR, Catalog, default_catalog, t
from bot.i18n.translator import CatalogTranslator, command_key

PROJECT_ROOT = Path(__file__).resolve().parents[1]
LOCALE_FILES = sorted(CATALOG_DIR.glob("*.json"))
# Discord's rule for command and option names (lower case where the script has case).
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
# Literal keys in code: t("key"), catalog.get("key"), catalog().get("key"), key="key".
KEY_IN_CODE = re.compile(
    r"""(?:\bt\(|\bcatalog(?:\(\))?\.get\(|\bkey=)\s*["']([a-z0-9_]+(?:\.[a-z0-9_-]+)+)["']"""
)


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


@pytest.fixture
def catalog() -> Catalog:
    return Catalog(
        {
            "en": {"greet": "Hello {name}", "bye": "Bye", "turn": "Your turn"},
            "fr": {"greet": "Bonjour {name}", "bye": "Au revoir"},
            "pt-BR": {"greet": "Olá {name}"},
            "pt": {"greet": "Olá (pt) {name}", "bye": "Tchau"},
        }
    )


# -- the shipped files ----------------------------------------------------


def test_english_catalog_exists_and_is_sorted() -> None:
    path = CATALOG_DIR / "en.json"
    keys = list(json.loads(path.read_text(encoding="utf-8")))
    assert keys, "en.json is empty"
    assert keys == sorted(keys), "keep en.json sorted by key"


@pytest.mark.parametrize("path", LOCALE_FILES, ids=lambda path: path.name)
def test_templates_are_strings_with_named_placeholders(path: Path) -> None:
    messages = json.loads(path.read_text(encoding="utf-8"))
    for key, template in messages.items():
        assert re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_-]+)+", key), f"bad key {key!r}"
        assert isinstance(template, str) and template.strip(), f"{key}: empty"
        # Parses as a format string (no stray single braces) ...
        fields = placeholders(template)
        # ... and every placeholder is a plain keyword: no {}, {0}, {a.b} or {a[0]}.
        for field in fields:
            assert field.isidentifier(), f"{key}: placeholder {{{field}}} is not a name"


@pytest.mark.parametrize("path", LOCALE_FILES, ids=lambda path: path.name)
def test_translations_use_english_keys_and_placeholders(path: Path) -> None:
    english = json.loads((CATALOG_DIR / "en.json").read_text(encoding="utf-8"))
    messages = json.loads(path.read_text(encoding="utf-8"))
    assert set(messages) <= set(english), "keys that English does not have"
    for key, template in messages.items():
        assert placeholders(template) <= placeholders(english[key]), key


def test_command_strings_fit_discord_limits() -> None:
    for key, template in default_catalog().messages("en").items():
        if not key.startswith("command."):
            continue
        if key.endswith(".name"):
            assert COMMAND_NAME.match(template) and template == template.lower(), key
        elif key.endswith(".description"):
            assert 1 <= len(template) <= 100, key


def test_every_key_used_in_code_exists() -> None:
    english = default_catalog().messages("en")
    used: dict[str, Path] = {}
    for folder in ("bot", "cogs"):
        for path in (PROJECT_ROOT / folder).rglob("*.py"):
            for key in KEY_IN_CODE.findall(path.read_text(encoding="utf-8")):
                used.setdefault(key, path)
    assert "config.missing_token" in used  # the scan itself works
    missing = {key: str(path.relative_to(PROJECT_ROOT)) for key, path in used.items()}
    missing = {key: where for key, where in missing.items() if key not in english}
    assert not missing, f"keys used but not in en.json: {missing}"


def test_t_formats_from_the_shipped_catalog() -> None:
    assert t("error.not_your_turn", name="Ann") == "It is Ann's turn."
    assert t("error.not_your_turn", "fr", name="Ann") == "It is Ann's turn."  # no fr.json yet
    assert t("lobby.title", locale=discord.Locale.german) == "Mamma Mia! — new game"


# -- lookup and fallback --------------------------------------------------


def test_exact_locale_first(catalog: Catalog) -> None:
    assert catalog.get("greet", "pt-BR", name="Ana") == "Olá Ana"
    assert catalog.get("greet", discord.Locale.brazil_portuguese, name="Ana") == "Olá Ana"
    assert catalog.get("greet", "pt_br", name="Ana") == "Olá Ana"


def test_then_the_language(catalog: Catalog) -> None:
    assert catalog.get("bye", "pt-BR") == "Tchau"
    assert catalog.get("greet", "fr-CA", name="Zoé") == "Bonjour Zoé"


def test_then_english(catalog: Catalog) -> None:
    assert catalog.get("turn", "fr") == "Your turn"
    assert catalog.get("greet", "ja", name="Ken") == "Hello Ken"
    assert catalog.get("greet", None, name="Ken") == "Hello Ken"


def test_key_missing_in_english_is_an_error(catalog: Catalog) -> None:
    with pytest.raises(KeyError, match="nope"):
        catalog.get("nope", "fr")
    with pytest.raises(KeyError):
        t("no.such.key")


def test_missing_parameter_is_an_error(catalog: Catalog) -> None:
    with pytest.raises(KeyError, match="name"):
        catalog.get("greet", "en")


def test_lookup_has_no_english_fallback(catalog: Catalog) -> None:
    assert catalog.lookup("bye", "fr") == "Au revoir"
    assert catalog.lookup("turn", "fr") is None
    assert catalog.lookup("bye", "ja") is None
    assert catalog.lookup("turn", "en-US") == "Your turn"


def test_catalog_needs_english() -> None:
    with pytest.raises(ValueError):
        Catalog({"fr": {"bye": "Au revoir"}})


def test_load_rejects_non_string_values(tmp_path: Path) -> None:
    (tmp_path / "en.json").write_text('{"a.b": 3}', encoding="utf-8")
    with pytest.raises(ValueError, match=r"a\.b"):
        Catalog.load(tmp_path)


# -- slash-command localisation -------------------------------------------


def make_group() -> tuple[app_commands.Group, app_commands.Command]:  # type: ignore[type-arg]
    group = app_commands.Group(name="mammamia", description="Play")

    @group.command(name="play", description="Play cards")
    @app_commands.describe(count="How many")
    async def play(interaction: discord.Interaction, count: int) -> None:
        """Never called."""

    return group, play


def test_command_keys_follow_the_tree() -> None:
    group, play = make_group()
    param = app_commands.Parameter(play._params["count"], play)
    where = TranslationContextLocation
    cases = [
        (where.group_name, group, "command.mammamia.name"),
        (where.group_description, group, "command.mammamia.description"),
        (where.command_name, play, "command.mammamia.play.name"),
        (where.command_description, play, "command.mammamia.play.description"),
        (where.parameter_name, param, "command.mammamia.play.param.count.name"),
        (where.parameter_description, param, "command.mammamia.play.param.count.description"),
        (where.other, None, None),
    ]
    for location, data, key in cases:
        assert command_key(TranslationContext(location, data)) == key  # type: ignore[arg-type]


async def test_translator_reads_the_catalog_without_english_fallback() -> None:
    _, play = make_group()
    catalog = Catalog(
        {
            "en": {"command.mammamia.play.description": "Play cards", "ingredient.olive": "Olive"},
            "fr": {
                "command.mammamia.play.description": "Jouer des cartes",
                "ingredient.olive": "Olive (fr)",
            },
        }
    )
    translator = CatalogTranslator(catalog)
    context = TranslationContext(TranslationContextLocation.command_description, play)
    text = locale_str("Play cards")
    assert await translator.translate(text, discord.Locale.french, context) == "Jouer des cartes"
    assert await translator.translate(text, discord.Locale.japanese, context) is None

    choice = app_commands.Choice(name=locale_str("Olive", key="ingredient.olive"), value="olive")
    choice_context = TranslationContext(TranslationContextLocation.choice_name, choice)
    explicit = locale_str("Olive", key="ingredient.olive")
    assert (
        await translator.translate(explicit, discord.Locale.french, choice_context) == "Olive (fr)"
    )
    assert (
        await translator.translate(locale_str("Olive"), discord.Locale.french, choice_context)
        is None
    )
