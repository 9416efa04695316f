"""The message catalog: every user-visible string, by id, in five languages.

Each language is a gettext catalog, `locales/<lang>/LC_MESSAGES/messages.po`:
the host's here, and each game's in its own package (`bot/games/<game>/locales`),
read together with Babel when the bot starts (no compile step: `make run` and `make
test` use the `.po` files as they are). Message ids are dotted keys
(`lobby.the_host`) and the English text lives in `en`'s catalog like any other
language's, so a call site stays a literal that `pybabel extract` finds:

    t("error.not_your_turn", name=name)            one message
    tn("hand.count", len(cards))                   a plural message, `{count}` = n
    join_and(names), join_or(kinds)                 "A, B and C" / "A or B"
    number(3.5, 1), percent(0.5)                   "3,5", "50 %" where the language writes so

A number given to a message is written as its language writes numbers
(Babel's CLDR data: "1,234", "1 234"); an identifier that only looks like a
number (a game's number, a timestamp) is given as text, `str(game)`, so it
is never grouped.

An id chosen at run time (a card's kind, a refusal's code) is still written
out once as a literal, marked with `N_` (`Nn_` if plural), in a table next to
where it is used:

    KIND = by_last_part(N_("kind.olive"), N_("kind.salami"), ...)
    t(KIND[name])

Slash-command strings are ids too, marked `L_` where the command is declared
(`bot.i18n.translator`), so the extracted template is every message there is.

The language is not a parameter: it is the current locale, a context variable
set once per interaction (the user's language) or per published game (the
game's language) with `use_locale(...)`, so each asyncio task sees its own.
Any locale we do not translate falls back to English, message by message.
"""

from __future__ import annotations

import functools
import gettext
import inspect
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping
from contextvars import ContextVar, Token
from pathlib import Path
from types import TracebackType
from typing import Literal, ParamSpec, TypeVar, overload

from babel.core import Locale
from babel.lists import format_list
from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

__all__ = [
    "DEFAULT_LOCALE",
    "EXTRACT_KEYWORDS",
    "LANGUAGES",
    "LANGUAGE_CHOICES",
    "LANGUAGE_NAMES",
    "LOCALES",
    "LOCALE_DIR",
    "N_",
    "Catalog",
    "Nn_",
    "by_last_part",
    "current_locale",
    "default_catalog",
    "join_and",
    "join_dots",
    "join_groups",
    "join_or",
    "labelled",
    "locale_of",
    "number",
    "percent",
    "sentences",
    "set_locale",
    "t",
    "tn",
    "use_locale",
]


def N_(key: str) -> str:  # the gettext name for "mark an id, translate later"
    """Marks a literal id for `pybabel extract` where it is looked up later, e.g.
    in a table `{"olive": N_("kind.olive")}` read with `t(KIND[name])`."""
    return key


#: Our languages, the one list of them (the catalogs loaded, the commands'
#: language choices, the tests of every locale): each as Discord spells it
#: (`interaction.locale`), English first, with its name in its own words
#: (what a language picker shows, never translated) and the message id of its
#: choice in a command (whose value is the code in lower case, as Discord's
#: option values are).
LANGUAGES: Mapping[str, tuple[str, str]] = {
    "en": ("English", N_("command.choice.en")),
    "ru": ("Русский", N_("command.choice.ru")),
    "ja": ("日本語", N_("command.choice.ja")),
    "zh-TW": ("繁體中文", N_("command.choice.zh-tw")),
    "fr": ("Français", N_("command.choice.fr")),
}
LOCALES: tuple[str, ...] = tuple(LANGUAGES)
DEFAULT_LOCALE = "en"
LANGUAGE_NAMES: Mapping[str, str] = {code: name for code, (name, _) in LANGUAGES.items()}
#: A command's language choices: value (the code in lower case) -> message id.
LANGUAGE_CHOICES: Mapping[str, str] = {code.lower(): key for code, (_, key) in LANGUAGES.items()}
LOCALE_DIR = Path(__file__).resolve().parent / "locales"
DOMAIN = "messages"
# `pybabel extract` keywords that find every id (see babel.cfg and `make i18n-extract`):
# `tn:1,1` makes the one key both msgid and msgid_plural, as in the catalogs.
EXTRACT_KEYWORDS: Mapping[str, tuple[int, ...]] = {
    "t": (1,),
    "tn": (1, 1),
    "N_": (1,),
    "Nn_": (1, 1),
    "L_": (1,),
}

Template = str | tuple[str, ...]


def _normalise(locale: object) -> str:
    """`"zh_TW"`, `"zh-tw"` and `discord.Locale.taiwan_chinese` all become `"zh-tw"`."""
    return str(locale).replace("_", "-").lower()


def _po_name(locale: str) -> str:
    """The catalog folder of a locale: gettext spells `zh-TW` as `zh_TW`."""
    return locale.replace("-", "_")


@functools.cache
def _babel_locale(locale: str) -> Locale:
    """The CLDR locale for list patterns; `zh_TW` alone would be Simplified.
    Parsed once per language: Babel parses a name anew at every call, and
    an answer joins a dozen lists."""
    return Locale.parse("zh_Hant_TW" if locale == "zh-TW" else _po_name(locale))


class Messages:
    """One language: its templates and its plural rule."""

    def __init__(
        self, locale: str, templates: Mapping[str, Template], plural: Callable[[int], int]
    ) -> None:
        self.locale = locale
        self.templates = dict(templates)
        self.plural = plural

    @classmethod
    def from_po(cls, locale: str, catalog: PoCatalog) -> Messages:
        templates: dict[str, Template] = {}
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            key = message.id[0] if isinstance(message.id, tuple | list) else message.id
            string = message.string
            if isinstance(string, tuple | list):
                if all(string):
                    templates[key] = tuple(string)
            elif string:
                templates[key] = string
        return cls(locale, templates, gettext.c2py(catalog.plural_expr))

    def plural_index(self, n: int) -> int:
        return self.plural(abs(n))


class Catalog:
    """Message templates for several locales, with per-message fallback to English."""

    def __init__(self, languages: Iterable[Messages], default_locale: str = DEFAULT_LOCALE) -> None:
        self._languages = {_normalise(m.locale): m for m in languages}
        self.default_locale = _normalise(default_locale)
        self._chains: dict[tuple[object | None, bool], list[Messages]] = {}
        # (key, locale) -> its singular template: every answer renders dozens.
        self._singular: dict[tuple[str, object | None], str] = {}
        # A message with no parameters, finished: a hand's titles and field
        # names are said again at every answer.
        self._plain: dict[tuple[str, object | None], str] = {}
        # A message with parameters, finished, by its id, locale and
        # parameters (`_said`): a table says its title and three players'
        # lines again at every move, as it said them the move before.
        self._said: dict[tuple[object, ...], str] = {}
        if self.default_locale not in self._languages:
            raise ValueError(f"the catalog has no {default_locale!r} messages")

    @classmethod
    def load(
        cls, directories: Iterable[Path] = (LOCALE_DIR,), locales: Iterable[str] = LOCALES
    ) -> Catalog:
        """Read `<directory>/<lang>/LC_MESSAGES/messages.po` for each locale, in
        each directory (the host's, then each game's), as one catalog. A
        message id belongs to one catalog only: ValueError if two define it."""
        folders = list(directories)
        languages = []
        for locale in locales:
            templates: dict[str, Template] = {}
            plural = None
            for directory in folders:
                path = directory / _po_name(locale) / "LC_MESSAGES" / f"{DOMAIN}.po"
                if not path.exists() and directory != folders[0]:
                    continue  # a game not (yet) translated: English stands in
                with path.open("rb") as file:
                    po = read_po(file, locale=_po_name(locale), domain=DOMAIN)
                messages = Messages.from_po(locale, po)
                twice = templates.keys() & messages.templates.keys()
                if twice:
                    raise ValueError(f"{path}: ids defined in another catalog: {sorted(twice)}")
                templates.update(messages.templates)
                plural = plural or messages.plural
            assert plural is not None
            languages.append(Messages(locale, templates, plural))
        return cls(languages)

    @property
    def locales(self) -> list[str]:
        """The locales loaded, as spelled in their catalogs (`"zh-TW"`)."""
        return [m.locale for m in self._languages.values()]

    def messages(self, locale: object) -> Mapping[str, Template]:
        """All templates of exactly one locale (empty when it has none)."""
        language = self._languages.get(_normalise(locale))
        return language.templates if language is not None else {}

    def resolve(self, locale: object | None) -> str:
        """The loaded locale that serves `locale`: itself, its language, or English."""
        return self._chain(locale)[0].locale

    def lookup(self, key: str, locale: object) -> str | None:
        """The singular template in `locale` or its language, without English fallback.

        For Discord's command localisations: a locale we do not translate gets no
        entry, so Discord shows the command's default text itself.
        """
        for language in self._chain(locale, with_default=False):
            template = language.templates.get(key)
            if isinstance(template, str):
                return template
        return None

    def template(self, key: str, locale: object | None = None, n: int | None = None) -> str:
        """The template for `key` (for `n` things if given); `KeyError` if English lacks it."""
        for language in self._chain(locale):
            template = language.templates.get(key)
            if template is None:
                continue
            if isinstance(template, str):
                if n is not None:
                    raise TypeError(f"{key!r} is not a plural message: use t(), not tn()")
                return template
            if n is None:
                raise TypeError(f"{key!r} is a plural message: use tn(key, n)")
            return template[min(language.plural_index(n), len(template) - 1)]
        raise KeyError(f"no message {key!r} in the {self.default_locale!r} catalog")

    def get(self, key: str, /, locale: object | None = None, **params: object) -> str:
        """The message for `key` in `locale`, formatted with `params`.

        A placeholder without a parameter raises `KeyError`. A plural message is
        accepted too, for ids chosen at run time (a refusal's, by its code): its number is
        the `count` parameter, else the only whole number among the parameters,
        else 1. A literal call site uses `tn`; a test checks that it does.
        """
        if not params:
            plain = self._plain.get((key, locale))
            if plain is not None:
                return plain
            return self._word(key, locale, params)
        said = _said(key, locale, params)
        if said is None:
            return self._word(key, locale, params)
        text = self._said.get(said)
        if text is None:
            text = self._word(key, locale, params)
            self._keep_said(said, text)
        return text

    def _word(self, key: str, locale: object | None, params: dict[str, object]) -> str:
        """`get`'s message, worded now."""
        singular = self._singular.get((key, locale))
        if singular is None:
            if self.is_plural(key):
                n = _number_in(params)
                text = self.template(key, locale, n).format(**self._numbers(params, locale))
                return self._finish(text, locale)
            singular = self._singular[key, locale] = self.template(key, locale)
        text = self._finish(singular.format(**self._numbers(params, locale)), locale)
        if not params:
            self._plain[key, locale] = text
        return text

    def is_plural(self, key: str) -> bool:
        """Whether English has `key` as a plural message."""
        return isinstance(self._languages[self.default_locale].templates.get(key), tuple)

    def nget(self, key: str, n: int, /, locale: object | None = None, **params: object) -> str:
        """The plural message for `n` things; `{count}` is `n` unless given."""
        params.setdefault("count", n)
        said = _said(key, locale, params, n)
        text = self._said.get(said) if said is not None else None
        if text is None:
            text = self.template(key, locale, n).format(**self._numbers(params, locale))
            text = self._finish(text, locale)
            if said is not None:
                self._keep_said(said, text)
        return text

    def _keep_said(self, said: tuple[object, ...], text: str) -> None:
        if len(self._said) >= SAID_KEPT:  # bounded: names and numbers come and go
            self._said.clear()
        self._said[said] = text

    def _numbers(self, params: dict[str, object], locale: object | None) -> dict[str, object]:
        """`params` with each number written as the language writes it."""
        # Every answer renders dozens of messages: a plain loop, no generator.
        for value in params.values():
            if type(value) is int or type(value) is float:  # not bool, an int's subclass
                break
        else:
            return params
        where = self._chain(locale)[0].locale
        return {name: _written(value, where) for name, value in params.items()}

    def _finish(self, text: str, locale: object | None) -> str:
        """What a language does to words once they meet: French elides
        ("de Ana" → "d'Ana") where a name or a word starting with a vowel
        comes after a small word."""
        if self._chain(locale)[0].locale == "fr":
            return _ELISION.sub(_elide, text)
        return text

    def _chain(self, locale: object | None, *, with_default: bool = True) -> list[Messages]:
        """Languages to try, best first, each loaded (worked out once per locale:
        every message a reply renders asks)."""
        known = self._chains.get((locale, with_default))
        if known is None:
            known = self._chains[locale, with_default] = self._work_out_chain(locale, with_default)
        return known

    def _work_out_chain(self, locale: object | None, with_default: bool) -> list[Messages]:
        names: list[str] = []
        if locale is not None:
            exact = _normalise(locale)
            names += [exact, exact.split("-", 1)[0]]
        if with_default:
            names.append(self.default_locale)
        chain: list[Messages] = []
        for name in names:
            language = self._languages.get(name)
            if language is not None and language not in chain:
                chain.append(language)
        return chain


#: French small words that lose their vowel before a vowel ("de Ana" → "d'Ana"),
#: markdown emphasis between them allowed ("de **Ana**" → "d'**Ana**").
#: Never after a hyphen: "Complétez-la avec", "jouez-le avec" keep their pronoun
#: whole (an imperative's pronoun does not elide).
_ELISION = re.compile(
    r"(?<![-\w])(de|De|le|Le|la|La|je|Je|me|te|se|ne|que|Que) ((?:\*\*|\*|__|_)?)"
    r"(?=[AEIOUÂÊÎÔÛÉÈÀÆŒaeiouâêîôûéèàæœ])"
)


def _elide(match: re.Match[str]) -> str:
    word, emphasis = match.group(1), match.group(2)
    return f"{word[:-1]}'{emphasis}"


#: Messages with parameters kept worded (`Catalog._said`), at most.
SAID_KEPT = 8192


def _said(
    key: str, locale: object | None, params: dict[str, object], n: int | None = None
) -> tuple[object, ...] | None:
    """What a message with `params` is kept by: None when a parameter is not
    plain text or a whole number (a float or a bool would be kept with the
    int equal to it, and is written otherwise)."""
    for value in params.values():
        kind = type(value)
        if kind is not str and kind is not int:
            return None
    return (key, locale, n, *params.items())


def _written(value: object, locale: str) -> object:
    """A number as `locale` (a loaded locale's name) writes it; anything else as it is."""
    if type(value) is int:
        return _whole(value, locale)
    if type(value) is float:
        return format_decimal(value, locale=_babel_locale(locale))
    return value


def _number_in(params: Mapping[str, object]) -> int:
    count = params.get("count")
    if isinstance(count, int):
        return count
    numbers = [v for v in params.values() if isinstance(v, int) and not isinstance(v, bool)]
    return numbers[0] if len(numbers) == 1 else 1


#: Where the games' catalogs are: the registry's answer (`bot.plugin`, which
#: this layer, below it, may not import, hands it over with `find_catalogs`).
_game_catalogs: list[Callable[[], Iterable[Path]]] = []


def find_catalogs(source: Callable[[], Iterable[Path]]) -> None:
    """The games' catalog folders are `source()`'s, read with the first message."""
    _game_catalogs[:] = [source]
    default_catalog.cache_clear()


@functools.cache
def default_catalog() -> Catalog:
    """The host's catalog and every game's, read once."""
    games = [folder for source in _game_catalogs for folder in source()]
    return Catalog.load([LOCALE_DIR, *games])


# -- which language --------------------------------------------------------

_BY_NAME = {_normalise(locale): locale for locale in LOCALES}

_current: ContextVar[str] = ContextVar("locale", default=DEFAULT_LOCALE)


def locale_of(value: object | None) -> str:
    """One of `LOCALES` for a Discord locale (`interaction.locale`, `guild.preferred_locale`),
    a stored setting or None: the exact locale, else its language (`en-GB` → `en`),
    else English (`de`, `zh-CN`)."""
    if value is None:
        return DEFAULT_LOCALE
    # discord.Locale is a str enum whose str() is its value, e.g. "zh-TW".
    name = _normalise(getattr(value, "value", value))
    return _BY_NAME.get(name) or _BY_NAME.get(name.split("-", 1)[0]) or DEFAULT_LOCALE


def current_locale() -> str:
    """The locale messages are rendered in here: this task's, else English."""
    return _current.get()


def set_locale(locale: object | None) -> Token[str]:
    """Make `locale` the current one for the rest of this task (or until reset).

    For a hook that runs at the start of an interaction's own task, e.g. a
    command tree's `interaction_check`; elsewhere prefer `use_locale`.
    """
    return _current.set(locale_of(locale))


P = ParamSpec("P")
R = TypeVar("R")


class use_locale:  # lower case: it reads like a function, `with use_locale(...)`
    """Render in `locale` inside a `with` block, or in a decorated function.

        with use_locale(interaction.locale):
            await interaction.response.send_message(t("lobby.you_joined"))

        @use_locale("fr")
        async def ...

    The previous locale comes back on exit; other tasks never see the change,
    because each asyncio task runs in a copy of the context.
    """

    def __init__(self, locale: object | None) -> None:
        self.locale = locale_of(locale)
        self._tokens: list[Token[str]] = []

    def __enter__(self) -> str:
        self._tokens.append(_current.set(self.locale))
        return self.locale

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        _current.reset(self._tokens.pop())

    @overload
    def __call__(self, func: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]: ...
    @overload
    def __call__(self, func: Callable[P, R]) -> Callable[P, R]: ...
    def __call__(self, func: Callable[P, R]) -> Callable[P, R] | Callable[P, Awaitable[R]]:
        locale = self.locale
        if inspect.iscoroutinefunction(func):
            waited: Callable[P, Awaitable[R]] = func

            @functools.wraps(func)
            async def run_async(*args: P.args, **kwargs: P.kwargs) -> R:
                with use_locale(locale):
                    return await waited(*args, **kwargs)

            return run_async

        @functools.wraps(func)
        def run(*args: P.args, **kwargs: P.kwargs) -> R:
            with use_locale(locale):
                return func(*args, **kwargs)

        return run


# -- messages in the current locale ----------------------------------------


def t(key: str, /, locale: object | None = None, **params: object) -> str:
    """The message `key` in the current locale (or `locale`), formatted with `params`."""
    return default_catalog().get(key, current_locale() if locale is None else locale, **params)


def tn(key: str, n: int, /, locale: object | None = None, **params: object) -> str:
    """The plural message `key` for `n` things (`{count}` is `n` unless given)."""
    where = current_locale() if locale is None else locale
    return default_catalog().nget(key, n, where, **params)


def Nn_(key: str) -> str:
    """`N_` for a plural message's id, which `pybabel extract` then records
    with its plural as it does for `tn`; `t(key, count=n)` renders it."""
    return key


def by_last_part(*keys: str) -> dict[str, str]:
    """A table of ids by their last part, each id written once:
    `by_last_part(N_("kind.olive"))` is `{"olive": "kind.olive"}`."""
    return {key.rpartition(".")[2]: key for key in keys}


def join_and(items: Iterable[str], locale: object | None = None) -> str:
    """`"A, B and C"` in the current locale's words and punctuation."""
    return _join(items, "standard", locale)


def join_or(items: Iterable[str], locale: object | None = None) -> str:
    """`"A, B or C"` in the current locale's words and punctuation."""
    return _join(items, "or", locale)


def labelled(label: str, value: object, locale: object | None = None) -> str:
    """`Supply: 12` as the language writes a value after its label (French
    puts a space before the colon, Japanese and Chinese a full-width one)."""
    return t("label.value", locale, label=label, amount=value)


def join_dots(items: Iterable[str], locale: object | None = None) -> str:
    """`A · B · C`: short items side by side ("A・B・C" in Japanese and Chinese)."""
    joined = ""
    for item in items:
        joined = t("list.dots", locale, a=joined, b=item) if joined else item
    return joined


def join_groups(items: Iterable[str], locale: object | None = None) -> str:
    """Items that hold lists of their own, one after another: "A, B; C, D"
    ("A、B　C、D" in Japanese, "A、B；C、D" in Chinese)."""
    joined = ""
    for item in items:
        joined = t("list.groups", locale, a=joined, b=item) if joined else item
    return joined


def sentences(*parts: str, locale: object | None = None) -> str:
    """Sentences one after another: with a space between them, but none in
    Japanese and Chinese, whose full stop (。) is itself the pause."""
    where = locale_of(current_locale() if locale is None else locale)
    return ("" if where in ("ja", "zh-TW") else " ").join(p for p in parts if p)


def number(value: float, digits: int | None = None, locale: object | None = None) -> str:
    """`value` as the current locale (or `locale`) writes numbers: "1,234" or
    "1 234"; with `digits`, that many after the decimal mark ("3.5", "3,5")."""
    where = locale_of(current_locale() if locale is None else locale)
    if digits is None and isinstance(value, int):
        return _whole(value, where)
    pattern = "#,##0" + ("." + "0" * digits if digits else "") if digits is not None else None
    shown = round(value, digits) if digits is not None else value
    return format_decimal(shown, format=pattern, locale=_babel_locale(where))


@functools.lru_cache(maxsize=4096)
def _whole(value: int, locale: str) -> str:
    """A whole number in `locale`: every message with a count asks, so kept."""
    return format_decimal(value, locale=_babel_locale(locale))


def percent(share: float, locale: object | None = None) -> str:
    """A share (0.5) as the current locale writes a percentage: "50%", "50 %"."""
    where = locale_of(current_locale() if locale is None else locale)
    return format_percent(share, locale=_babel_locale(where))


def _join(items: Iterable[str], style: Literal["standard", "or"], locale: object | None) -> str:
    where = locale_of(current_locale() if locale is None else locale)
    return _joined(tuple(items), style, where)


# Kept by language: a table joins its leftovers at every move, mostly as the move before.
@functools.lru_cache(maxsize=4096)
def _joined(items: tuple[str, ...], style: Literal["standard", "or"], where: str) -> str:
    return format_list(list(items), style=style, locale=_babel_locale(where))
