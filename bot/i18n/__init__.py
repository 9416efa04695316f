"""The message catalog: every user-visible string, by key, per locale.

Each locale is one flat JSON file in this directory (`en.json`, `fr.json`,
`pt-BR.json`, ...) mapping dotted keys to `str.format` templates. A lookup
tries the exact Discord locale, then its language part, then English, so a
partial translation still shows every message. English is the reference: a
key missing there is a bug and raises `KeyError`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

__all__ = ["DEFAULT_LOCALE", "Catalog", "current_locale", "default_catalog", "t", "use_locale"]

#: The locale of the work at hand: set once per interaction (the user's) or per
#: published game (the game's), read by `t`; render code never passes it on.
_LOCALE: ContextVar[object | None] = ContextVar("locale", default=None)


@contextmanager
def use_locale(locale: object | None) -> Iterator[None]:
    token = _LOCALE.set(locale)
    try:
        yield
    finally:
        _LOCALE.reset(token)


def current_locale() -> object | None:
    return _LOCALE.get()


DEFAULT_LOCALE = "en"
CATALOG_DIR = Path(__file__).resolve().parent


def _normalise(locale: object) -> str:
    """`"en_US"`, `"en-us"` and `discord.Locale.american_english` all become `"en-us"`."""
    return str(locale).replace("_", "-").lower()


class Catalog:
    """Message templates for several locales, with per-key fallback to English."""

    def __init__(
        self, messages: Mapping[str, Mapping[str, str]], default_locale: str = DEFAULT_LOCALE
    ) -> None:
        self._messages = {_normalise(loc): dict(msgs) for loc, msgs in messages.items()}
        self.default_locale = _normalise(default_locale)
        if self.default_locale not in self._messages:
            raise ValueError(f"the catalog has no {default_locale!r} messages")

    @classmethod
    def load(cls, directory: Path = CATALOG_DIR) -> Catalog:
        """Read every `<locale>.json` in `directory`."""
        messages: dict[str, dict[str, str]] = {}
        for path in sorted(directory.glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            bad = [key for key, value in data.items() if not isinstance(value, str)]
            if bad:
                raise ValueError(f"{path.name}: values must be strings: {', '.join(bad)}")
            messages[path.stem] = data
        return cls(messages)

    @property
    def locales(self) -> list[str]:
        """The normalised locales that have a file, e.g. `["en", "pt-br"]`."""
        return sorted(self._messages)

    def messages(self, locale: object) -> Mapping[str, str]:
        """All templates of exactly one locale (empty when it has no file)."""
        return self._messages.get(_normalise(locale), {})

    def lookup(self, key: str, locale: object) -> str | None:
        """The template for `locale` or its language, without the English fallback.

        For Discord's command localisations: a locale we do not translate must get
        no entry, so Discord falls back to the command's default text itself.
        """
        for candidate in self._chain(locale, with_default=False):
            template = self._messages[candidate].get(key)
            if template is not None:
                return template
        return None

    def template(self, key: str, locale: object | None = None) -> str:
        """The template for `key` in the best locale available; `KeyError` if none has it."""
        for candidate in self._chain(locale, with_default=True):
            template = self._messages[candidate].get(key)
            if template is not None:
                return template
        raise KeyError(f"no message {key!r} in the {self.default_locale!r} catalog")

    def get(self, key: str, /, locale: object | None = None, **params: object) -> str:
        """The message for `key`, formatted with `params`.

        `locale` is a Discord locale (`interaction.locale`, `"fr"`, `"en-US"`) or
        None for English. A placeholder without a parameter raises `KeyError`.
        """
        return self.template(key, locale).format(**params)

    def _chain(self, locale: object | None, *, with_default: bool) -> list[str]:
        """Locales to try, best first, each present in the catalog."""
        chain: list[str] = []
        if locale is not None:
            exact = _normalise(locale)
            chain += [exact, exact.split("-", 1)[0]]
        if with_default:
            chain.append(self.default_locale)
        seen: list[str] = []
        for candidate in chain:
            if candidate in self._messages and candidate not in seen:
                seen.append(candidate)
        return seen


@cache
def default_catalog() -> Catalog:
    """The catalog shipped with the bot, loaded once."""
    return Catalog.load()


def t(key: str, /, locale: object | None = None, **params: object) -> str:
    """The shipped catalog's message for `key` in `locale`, by default the
    current one (see `Catalog.get`)."""
    return default_catalog().get(key, _LOCALE.get() if locale is None else locale, **params)
