"""bot.i18n: the gettext catalogs, plurals and lists, the locale context, command localisation."""

from __future__ import annotations

import asyncio
import importlib
import inspect
import re
import string
from functools import cache
from pathlib import Path
from typing import Any

import discord
import pytest
from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.pofile import read_po
from discord import app_commands
from discord.app_commands import TranslationContext, TranslationContextLocation, locale_str

from bot import i18n
from bot.i18n import (
    EXTRACT_KEYWORDS,
    LANGUAGE_CHOICES,
    LOCALE_DIR,
    LOCALES,
    N_,
    Catalog,
    Messages,
    Nn_,
    by_last_part,
    current_locale,
    default_catalog,
    join_and,
    join_or,
    locale_of,
    set_locale,
    t,
    tn,
    use_locale,
)
from bot.i18n.translator import L_, CatalogTranslator, command_key
from bot.plugin.registry import catalog_dirs, presentations
from cogs.games import message_ids

from payloads import localised, translated_groups

PROJECT_ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = [locale for locale in LOCALES if locale != "en"]
KEY = re.compile(r"[a-z0-9_]+(\.[a-z0-9_-]+)+")
# Discord's rule for command and option names, in every script (no upper case where it exists).
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
PLURAL_FORMS = {"en": 2, "ru": 3, "ja": 1, "zh-TW": 1, "fr": 2}


#: The host's catalogs, then each game's (`bot/games/<game>/locales`).
CATALOG_DIRS = [LOCALE_DIR, *catalog_dirs()]


def read_po_file(folder: Path, locale: str) -> PoCatalog:
    path = folder / locale.replace("-", "_") / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as file:
        return read_po(file, locale=locale.replace("-", "_"))


def read_catalog(locale: str) -> PoCatalog:
    """Every catalog of one language (the host's and each game's) as one."""
    merged: PoCatalog | None = None
    for folder in CATALOG_DIRS:
        part = read_po_file(folder, locale)
        if merged is None:
            merged = part
            continue
        for message in part:
            if message.id:
                merged[message.id] = message
    assert merged is not None
    return merged


def forms(string_: str | tuple[str, ...] | list[str] | None) -> list[str]:
    """A message's text as a list: one item, or one per plural form."""
    if string_ is None:
        return []
    return [string_] if isinstance(string_, str) else list(string_)


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


ENGLISH = read_catalog("en")


def english_ids() -> list[str]:
    return sorted(m.id if isinstance(m.id, str) else m.id[0] for m in ENGLISH if m.id)


# -- the shipped catalogs -------------------------------------------------


def test_five_languages_are_shipped_and_load() -> None:
    catalog = default_catalog()
    assert catalog.locales == list(LOCALES) and len(LOCALES) == 5
    for locale in LOCALES:
        assert len(catalog.messages(locale)) == len(english_ids()), locale


@pytest.mark.parametrize("locale", LOCALES)
def test_plural_forms_header_matches_the_language(locale: str) -> None:
    assert read_catalog(locale).num_plurals == PLURAL_FORMS[locale]


def test_english_ids_are_dotted_keys_and_plurals_name_themselves() -> None:
    for message in ENGLISH:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            key, plural = message.id
            assert plural == key, f"{key}: msgid_plural must repeat the key (tn:1,1)"
        else:
            key = message.id
        assert KEY.fullmatch(key), f"bad id {key!r}"


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_every_catalog_has_every_english_message_with_every_plural_form(locale: str) -> None:
    catalog = read_catalog(locale)
    problems = []
    for english in ENGLISH:
        if not english.id:
            continue
        message = catalog.get(english.id)
        if message is None:
            problems.append(f"{english.id}: missing")
        elif message.fuzzy:
            problems.append(f"{message.id}: fuzzy")
        elif english.pluralizable != message.pluralizable:
            problems.append(f"{english.id}: plural in one catalog only")
        elif message.pluralizable and len(forms(message.string)) != catalog.num_plurals:
            count = len(forms(message.string))
            problems.append(f"{english.id}: {count} of {catalog.num_plurals} forms")
        elif not all(form.strip() for form in forms(message.string)):
            problems.append(f"{english.id}: empty")
    extra = {m.id for m in catalog if m.id} - {m.id for m in ENGLISH if m.id}
    problems += [f"{key}: not in English" for key in sorted(map(str, extra))]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_placeholder_of_the_english_text_is_in_each_translation(locale: str) -> None:
    catalog = read_catalog(locale)
    problems = []
    for english in ENGLISH:
        if not english.id:
            continue
        wanted = set().union(*(placeholders(form) for form in forms(english.string)))
        message = catalog.get(english.id)
        assert message is not None, english.id
        for index, form in enumerate(forms(message.string)):
            fields = placeholders(form)  # also: the template parses (no stray braces)
            assert all(field.isidentifier() for field in fields), f"{english.id}: {fields}"
            if fields != wanted:
                problems.append(f"{english.id}[{index}]: {sorted(fields)} != {sorted(wanted)}")
    assert not problems, "\n".join(problems)


# Messages a language may share with English: game names, and words both languages use.
SAME_AS_ENGLISH = {
    "fr": {"command.choice.1m", "command.choice.2m", "command.choice.5m", "computer.names",
           "command.table.name", "final.pizzas",
           "amount.olive", "kind.olive", "kind.salami", "pi.level.normal", "reveal.tally"},
}  # fmt: skip
#: Any game's `pass` command keeps its name in Chinese: the rulebook's own 「PASS」.
SAME_AS_ENGLISH_KEYS = {"zh-TW": re.compile(r"command\.[a-z]+\.pass\.name")}
# A language picker names each language in its own words, in every catalog.
LANGUAGE_CHOICE_IDS = set(LANGUAGE_CHOICES.values())


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_translations_are_not_left_in_english(locale: str) -> None:
    catalog = read_catalog(locale)
    copied = [
        key
        for m in catalog
        if m.id
        and (key := m.id if isinstance(m.id, str) else m.id[0])
        and not key.startswith(("order.", "variant."))
        and key not in SAME_AS_ENGLISH.get(locale, set()) | LANGUAGE_CHOICE_IDS
        and not (locale in SAME_AS_ENGLISH_KEYS and SAME_AS_ENGLISH_KEYS[locale].fullmatch(key))
        and forms(m.string) == forms(ENGLISH[m.id].string)
        and re.search(r"[A-Za-z]{2}", words(forms(m.string)[0]))
    ]
    assert not copied, copied


def words(template: str) -> str:
    """The template's own words: no placeholders, no game names."""
    return re.sub(r"\{\w+\}|Mamma Mia!?( Plus)?", "", template)


# -- what the code asks for -------------------------------------------------


def extracted(folder: Path, method_map: list[tuple[str, str]] | None = None) -> dict[str, bool]:
    """`pybabel extract` with the project's keywords: id -> used as a plural."""
    found: dict[str, bool] = {}
    for _, _, message, _, _ in extract_from_dir(
        str(folder),
        method_map=method_map or [("**.py", "python")],
        keywords=dict(EXTRACT_KEYWORDS),
    ):
        key = message[0] if isinstance(message, tuple) else message
        found[key] = isinstance(message, tuple)
    return found


@cache
def used_by_the_code() -> dict[str, bool]:
    """What `make i18n-extract` finds (babel.cfg's files, the project's
    keywords), the same in each game's folder outside them (the tests' own
    game), and the words of each game's generated `new` options."""
    with (PROJECT_ROOT / "babel.cfg").open(encoding="utf-8") as file:
        method_map, _ = parse_mapping_cfg(file)
    used = extracted(PROJECT_ROOT, method_map)
    assert "lobby.the_host" in used and "kind.olive" in used  # the scan itself works
    for shown in presentations().values():
        folder = Path(importlib.import_module(type(shown).__module__).__file__ or "").parent
        if not folder.is_relative_to(PROJECT_ROOT / "bot"):
            used |= extracted(folder)
    for key in generated_ids():
        used.setdefault(key, False)
    return used


def generated_ids() -> set[str]:
    """Message ids the host builds from each game's settings (`cogs.games`)."""
    return {key for shown in presentations().values() for key in message_ids(shown)}


def test_extraction_keywords_find_t_tn_n_and_nn_(tmp_path: Path) -> None:
    (tmp_path / "sample.py").write_text(
        't("lobby.the_host")\n'
        'tn("hand.count", 3, locale)\n'
        'KINDS = {"olive": N_("kind.olive")}\n'
        'REFUSALS = {"lobby_full": Nn_("error.lobby_full")}\n'
        '@app_commands.command(name=L_("command.kick.name"))\n'
        't(f"kind.{name}")\n'
        "t(KIND[name])\n",
        encoding="utf-8",
    )
    assert extracted(tmp_path) == {
        "lobby.the_host": False,
        "hand.count": True,
        "kind.olive": False,
        "error.lobby_full": True,
        "command.kick.name": False,
    }


def test_the_makefile_extracts_with_the_same_keywords() -> None:
    makefile = (PROJECT_ROOT / "Makefile").read_text(encoding="utf-8")
    keywords = parse_keywords(re.findall(r"-k (\S+)", makefile))
    assert {name: spec or (1,) for name, spec in keywords.items()} == EXTRACT_KEYWORDS


def test_every_id_the_code_uses_is_in_english_with_the_right_plurality() -> None:
    english = {
        (m.id if isinstance(m.id, str) else m.id[0]): m.pluralizable for m in ENGLISH if m.id
    }
    used = used_by_the_code()
    missing = sorted(key for key in used if key not in english)
    assert not missing, f"ids used but not in en: {missing}"
    wrong = sorted(key for key, plural in used.items() if english[key] != plural)
    assert not wrong, f"t()/N_() for a plural message or tn()/Nn_() for a singular: {wrong}"


def test_each_catalog_holds_its_own_messages() -> None:
    """A game's words are in its own catalog (`bot/games/<game>/locales`), the
    host's in the host's, no id in two: adding a game edits no host catalog."""
    owner: dict[str, Path] = {}
    for folder in CATALOG_DIRS:
        for message in read_po_file(folder, "en"):
            if not message.id:
                continue
            key = message.id if isinstance(message.id, str) else message.id[0]
            assert key not in owner, f"{key} is in {owner.get(key)} and {folder}"
            owner[key] = folder
    games = PROJECT_ROOT / "bot" / "games"
    host_code = {
        *extracted(PROJECT_ROOT / "cogs"),
        *(
            key
            for path in (PROJECT_ROOT / "bot").rglob("*.py")
            if games not in path.parents
            for key in extracted_file(path)
        ),
    }
    for shown in presentations().values():
        folder = Path(importlib.import_module(type(shown).__module__).__file__ or "").parent
        own = set(extracted(folder)) | message_ids(shown)
        in_catalog = {k for k, f in owner.items() if f == folder / "locales"}
        assert in_catalog == own - host_code, shown.command


def extracted_file(path: Path) -> set[str]:
    return set(extracted(path.parent, [(path.name, "python")]))


def test_pybabel_extract_finds_every_message_of_the_catalog() -> None:
    """Issue #11: no id is built at run time (`t(f"kind.{k}")`), so the extracted
    template lists every message a translator must translate; an id chosen at
    run time is a literal in a table, marked `N_`/`Nn_`. Unused messages go."""
    used = used_by_the_code()  # scanned once, by the tests that need it, not at collection
    unseen = [key for key in english_ids() if key not in used]
    assert not unseen, f"ids pybabel extract does not find: {unseen}"


def test_by_last_part_keys_each_id_by_its_last_part() -> None:
    assert by_last_part(N_("kind.olive"), Nn_("lobby.timer.24h")) == {
        "olive": "kind.olive",
        "24h": "lobby.timer.24h",
    }


# -- t, tn and the lists ------------------------------------------------------


def test_t_renders_in_the_current_locale() -> None:
    assert t("error.not_your_turn", name="Ann") == "It is Ann's turn."
    with use_locale("fr"):
        assert t("error.not_your_turn", name="Ann") == "C'est à Ann de jouer."
        assert t("error.not_your_turn", "ja", name="Ann") == "今はAnnの手番です。"  # explicit wins
    assert t("lobby.title", discord.Locale.german, game="Pizza Island") == "Pizza Island — new game"


def test_the_rulebooks_words_for_the_games_things() -> None:
    """The oven, orders and ingredients as each language's rulebook names them."""
    assert t("table.oven", "ja") == "窯" and t("hand.orders", "ja") == "レシピ"
    assert t("hand.ingredients", "zh-TW") == "材料卡" and t("hand.orders", "zh-TW") == "訂單卡"
    assert t("hand.ingredients", "fr") == "Garnitures" and t("hand.orders", "fr") == "Commandes"
    assert t("table.oven", "ru") == "Печь" and t("hand.orders", "ru") == "Заказы"


@pytest.mark.parametrize(
    ("n", "text"),
    [(1, "1 карта"), (2, "2 карты"), (5, "5 карт"), (11, "11 карт"), (21, "21 карта"),
     (22, "22 карты"), (25, "25 карт"), (111, "111 карт")],
)  # fmt: skip
def test_russian_has_three_plural_forms(n: int, text: str) -> None:
    assert tn("hand.count", n, "ru") == text


@pytest.mark.parametrize(("n", "text"), [(0, "0 carte"), (1, "1 carte"), (2, "2 cartes")])
def test_french_zero_is_singular(n: int, text: str) -> None:
    assert tn("hand.count", n, "fr") == text


def test_english_plurals_and_one_form_languages() -> None:
    assert [tn("hand.count", n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert tn("table.oven_value", 1, top="🫒 olive") == "1 card, top: 🫒 olive"
    assert tn("summary.player", 1, name="Cleo") == "Cleo: 1 pizza"
    assert tn("decide.short", 1) == "1 more ingredient"
    assert [tn("hand.count", n, "ja") for n in (1, 5)] == ["1枚", "5枚"]
    assert tn("hand.count", 1, "zh-TW") == "1 張"


def test_tn_placeholder_other_than_count() -> None:
    assert tn("error.lobby_full", 1, max=1) == "The table is full (1 player)."
    assert tn("error.lobby_full", 6, "ru", max=6) == "Мест больше нет (не больше 6 игроков)."


def test_a_shared_win_names_every_winner_in_the_plural() -> None:
    names = ["Ann", "Bob", "Cleo"]
    assert tn("final.title", 1, names=join_and(names[:1])) == "Game over — Ann wins!"
    assert tn("final.title", 3, names=join_and(names)) == "Game over — Ann, Bob, and Cleo win!"
    with use_locale("fr"):
        assert tn("table.over", 2, names=join_and(names[:2])) == (
            "🏆 Partie terminée : Ann et Bob gagnent."
        )
    with use_locale("ru"):
        assert tn("table.over", 2, names=join_and(names[:2])) == (
            "🏆 Игра окончена: побеждают Ann и Bob."
        )


@pytest.mark.parametrize(
    ("locale", "three", "two_or"),
    [
        ("en", "A, B, and C", "A or B"),
        ("ru", "A, B и C", "A или B"),
        ("ja", "A、B、C", "AまたはB"),
        ("zh-TW", "A、B和C", "A或B"),
        ("fr", "A, B et C", "A ou B"),
    ],
)
def test_lists_in_each_language(locale: str, three: str, two_or: str) -> None:
    with use_locale(locale):
        assert join_and(["A", "B", "C"]) == three
        assert join_or(["A", "B"]) == two_or
    assert join_and(["A"]) == "A" and join_and([]) == ""


def test_t_takes_a_plural_message_by_its_number_for_ids_chosen_at_run_time() -> None:
    """`t(f"error.{code}", **params)` cannot know which refusals are plural."""
    assert t("hand.count", count=2) == "2 cards"
    assert t("error.lobby_full", "ru", max=6) == "Мест больше нет (не больше 6 игроков)."
    assert t("final.title", names="Ann") == "Game over — Ann wins!"  # no number: one


def test_tn_refuses_a_singular_message() -> None:
    with pytest.raises(TypeError, match="not a plural"):
        tn("lobby.the_host", 2)


def test_unknown_id_and_missing_parameter_are_errors() -> None:
    with pytest.raises(KeyError, match=r"no\.such"):
        t("no.such.key")
    with pytest.raises(KeyError, match="name"):
        t("error.not_your_turn", "ru")


def test_n_marks_without_translating() -> None:
    assert N_("kind.olive") == "kind.olive"


# -- which locale -------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "locale"),
    [
        (discord.Locale.american_english, "en"),
        (discord.Locale.british_english, "en"),
        (discord.Locale.russian, "ru"),
        (discord.Locale.japanese, "ja"),
        (discord.Locale.taiwan_chinese, "zh-TW"),
        (discord.Locale.french, "fr"),
        ("zh_TW", "zh-TW"),
        ("FR", "fr"),
        ("fr-CA", "fr"),
        (discord.Locale.chinese, "en"),  # Simplified is not Traditional: English
        (discord.Locale.german, "en"),
        ("pt-BR", "en"),
        (None, "en"),
    ],
)
def test_locale_of_maps_discord_locales_to_ours_or_english(value: object, locale: str) -> None:
    assert locale_of(value) == locale


def test_a_missing_message_falls_back_to_english_message_by_message() -> None:
    catalog = Catalog(
        [
            Messages("en", {"greet": "Hello {name}", "bye": "Bye"}, lambda n: int(n != 1)),
            Messages("fr", {"greet": "Bonjour {name}"}, lambda n: int(n > 1)),
        ]
    )
    assert catalog.get("greet", "fr-CA", name="Zoé") == "Bonjour Zoé"
    assert catalog.get("bye", "fr") == "Bye"
    assert catalog.get("bye", "de") == "Bye"
    assert catalog.lookup("bye", "fr") is None  # for Discord: no entry, not English
    assert catalog.resolve("fr-CA") == "fr" and catalog.resolve("de") == "en"
    with pytest.raises(ValueError):
        Catalog([Messages("fr", {}, lambda n: 0)])


def plural(n: int) -> int:
    """English's plural rule."""
    return int(n != 1)


def test_a_message_kept_worded_is_worded_as_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    """Messages with parameters are kept worded by their id, language and
    parameters (a table says most of its lines again at every move): the
    same words as worded anew, a number never taken for a bool or a float
    equal to it, and at most `SAID_KEPT` of them."""
    catalog = Catalog(
        [
            Messages("en", {"n": "{x} left", "cards": ("{count} card", "{count} cards")}, plural),
            Messages("fr", {"n": "{x} restant(s)"}, lambda n: int(n > 1)),
        ]
    )
    for _ in range(2):  # worded, then kept
        assert catalog.get("n", "en", x=1234) == "1,234 left"
        assert catalog.get("n", "fr", x=1234) == "1\u202f234 restant(s)"
        assert catalog.get("n", "en", x=1) == "1 left"
        assert catalog.get("n", "en", x=True) == "True left"
        assert catalog.get("n", "en", x=1.5) == "1.5 left"
        assert catalog.get("n", "en", x="1") == "1 left"
        assert catalog.nget("cards", 1, "en") == "1 card"
        assert catalog.nget("cards", 2, "en") == "2 cards"
        assert catalog.get("cards", "en", count=2) == "2 cards"
    monkeypatch.setattr(i18n, "SAID_KEPT", 10)
    for n in range(25):
        assert catalog.get("n", "en", x=str(n)) == f"{n} left"
        assert len(catalog._said) <= 10


def test_use_locale_nests_and_restores() -> None:
    assert current_locale() == "en"
    with use_locale("ru"):
        with use_locale(discord.Locale.japanese) as inner:
            assert inner == current_locale() == "ja"
        assert current_locale() == "ru"
    assert current_locale() == "en"


async def test_each_task_keeps_its_own_locale() -> None:
    """Two games published at once: each task renders in its own language."""
    both_set = asyncio.Event()
    ready: list[str] = []

    async def publish(locale: str) -> list[str]:
        with use_locale(locale):
            ready.append(locale)
            if len(ready) == 2:
                both_set.set()
            await both_set.wait()  # the other task has set its locale by now
            first = t("table.oven")
            await asyncio.sleep(0)
            return [first, tn("hand.count", 2)]

    ru, fr = await asyncio.gather(publish("ru"), publish("fr"))
    assert ru == ["Печь", "2 карты"]
    assert fr == ["Tas de pizza", "2 cartes"]
    assert current_locale() == "en"


async def test_set_locale_in_a_task_does_not_leak_out() -> None:
    async def handler() -> str:
        set_locale(discord.Locale.taiwan_chinese)  # as an interaction_check would
        return t("table.oven")

    assert await asyncio.create_task(handler()) == "製作披薩區"
    assert current_locale() == "en"


async def test_use_locale_decorates_coroutines_and_functions() -> None:
    @use_locale("ja")
    async def render_async() -> str:
        await asyncio.sleep(0)
        return t("table.oven")

    @use_locale("fr")
    def render() -> str:
        return t("table.oven")

    assert await render_async() == "窯"
    assert render() == "Tas de pizza"
    assert inspect.iscoroutinefunction(render_async)
    assert current_locale() == "en"


# -- slash-command localisation ---------------------------------------------


def make_group() -> tuple[app_commands.Group, app_commands.Command]:  # type: ignore[type-arg]
    group = app_commands.Group(name="highcard", description=L_("command.highcard.description"))

    @group.command(
        name=L_("command.highcard.new.name"), description=L_("command.highcard.new.description")
    )
    @app_commands.rename(count=L_("command.param.count.name"))
    @app_commands.describe(count=L_("command.param.count.description"))
    async def play(interaction: discord.Interaction, count: int) -> None:
        """Never called."""

    return group, play


def test_a_command_string_is_an_id_with_the_catalogs_english() -> None:
    text = L_("command.highcard.new.description")
    assert text.message == "Open a game of High Card in this channel"
    assert text.extras == {"key": "command.highcard.new.description"}
    with pytest.raises(KeyError):
        L_("command.nothing.description")


def test_command_key_is_the_strings_id_or_a_choices_value() -> None:
    group, play = make_group()
    param = app_commands.Parameter(play._params["count"], play)
    where = TranslationContextLocation
    cases: list[tuple[Any, Any, locale_str | None, str | None]] = [
        (where.group_name, group, locale_str("highcard"), None),  # /highcard keeps its name
        (where.group_description, group, group._locale_description, "command.highcard.description"),
        (where.command_name, play, play._locale_name, "command.highcard.new.name"),
        (
            where.parameter_description,
            param,
            param.locale_description,
            "command.param.count.description",
        ),
        (
            where.choice_name,
            app_commands.Choice(name="2 minutes", value="2m"),
            locale_str("2 minutes"),
            "command.choice.2m",
        ),
        (
            where.choice_name,
            app_commands.Choice(name=L_("command.highcard.choice.pace.brisk"), value="brisk"),
            L_("command.highcard.choice.pace.brisk"),
            "command.highcard.choice.pace.brisk",
        ),
        (where.choice_name, app_commands.Choice(name="x", value="x"), locale_str("x"), None),
        (where.other, None, locale_str("Olive", key="kind.olive"), "kind.olive"),
    ]
    for location, data, text, key in cases:
        assert text is not None
        context: Any = TranslationContext(location, data)
        assert command_key(text, context) == key, (location, data)


async def test_translator_serves_the_catalogs_without_english_fallback() -> None:
    group, play = make_group()
    translator = CatalogTranslator()
    context: Any = TranslationContext(TranslationContextLocation.command_description, play)
    text = L_("command.highcard.new.description")
    assert await translator.translate(text, discord.Locale.french, context) == (
        "Ouvrir une table pour une partie de Carte haute dans ce salon"
    )
    assert await translator.translate(text, discord.Locale.german, context) is None
    name: Any = TranslationContext(TranslationContextLocation.group_name, group)
    for locale in (discord.Locale.russian, discord.Locale.japanese):
        assert await translator.translate(locale_str("highcard"), locale, name) is None
    param = app_commands.Parameter(play._params["count"], play)
    param_name: Any = TranslationContext(TranslationContextLocation.parameter_name, param)
    count = param.locale_name
    assert count is not None
    assert await translator.translate(count, discord.Locale.japanese, param_name) == "枚数"
    explicit = locale_str("Olive", key="kind.olive")
    other: Any = TranslationContext(TranslationContextLocation.other, None)
    assert await translator.translate(explicit, discord.Locale.taiwan_chinese, other) == "橄欖"


@pytest.mark.parametrize("locale", [discord.Locale(code) for code in LOCALES if code != "en"])
async def test_every_real_command_option_and_choice_is_localised(locale: discord.Locale) -> None:
    """Walk the bot's real command tree as Discord sync does, and find nothing untranslated."""
    untranslated: list[str] = []
    for payload in (await translated_groups()).values():
        assert "name_localizations" not in payload or not payload["name_localizations"]
        for command in payload["options"]:
            for field in ("name", "description"):
                if locale.value not in command.get(f"{field}_localizations", {}):
                    untranslated.append(f"{command['name']}.{field}")
            for option in command.get("options", []):
                for field in ("name", "description"):
                    if locale.value not in option.get(f"{field}_localizations", {}):
                        untranslated.append(f"{command['name']}.{option['name']}.{field}")
                for choice in option.get("choices", []):
                    if locale.value not in choice.get("name_localizations", {}):
                        untranslated.append(f"{command['name']}.{option['name']}={choice['value']}")
    assert not untranslated, untranslated


@pytest.mark.parametrize("locale", ["en-US", *(code for code in LOCALES if code != "en")])
async def test_command_strings_fit_discord_limits(locale: str) -> None:
    """Names are Discord's lower-case names, unique in their group or command;
    descriptions and choices 1-100 characters: else Discord refuses the whole sync."""
    for group, payload in (await translated_groups()).items():
        commands_ = [localised("name", c, locale) for c in payload["options"]]
        assert len(set(commands_)) == len(commands_), f"two commands of /{group}, one name"
        for command in payload["options"]:
            where = f"/{group} {command['name']}"
            options = [localised("name", o, locale) for o in command.get("options", [])]
            assert len(set(options)) == len(options), f"{where}: two options, one name"
            strings = [("name", command)] + [("name", o) for o in command.get("options", [])]
            for name in (localised(field, what, locale) for field, what in strings):
                assert COMMAND_NAME.match(name) and name == name.lower(), f"{where}: {name!r}"
            described = [command, *command.get("options", [])]
            texts = [localised("description", what, locale) for what in described]
            for option in command.get("options", []):
                texts += [localised("name", c, locale) for c in option.get("choices", [])]
            for text in texts:
                assert 1 <= len(text) <= 100, f"{where}: {text!r}"


async def test_a_games_cog_rewords_a_shared_command() -> None:
    """One command of the host, each game's own words where it says (its
    `reworded`), the host's elsewhere; and `/stats`'s player is not `/kick`'s.
    A game's own words for them are checked in its tests."""
    payloads = {
        name: {c["name"]: c for c in payload["options"]}
        for name, payload in (await translated_groups()).items()
    }
    shared = "command.join.description"
    said = set()
    for shown in presentations().values():
        join = payloads[shown.command]["join"]
        key = shown.reworded.get(shared, shared)
        assert join["description"] == L_(shared).message, shown.command  # Discord's default
        assert localised("description", join, "ja") == t(key, "ja"), shown.command
        said.add(localised("description", join, "en-US"))
    assert t(shared, "en") in said and len(said) > 1, "the host's words, and a game's own"
    for game in payloads.values():
        [whose] = game["stats"]["options"]
        [taken] = game["kick"]["options"]
        assert whose["description"] == "Whose statistics (default: yours)"
        assert localised("description", whose, "fr") != localised("description", taken, "fr")
