"""What players read in a language on the loopback Discord, whatever the
game: the English catalog's words left in it, the slips a language must not
make, and Discord's limits on a message."""

from __future__ import annotations

import re

from bot.i18n import default_catalog

from messages import version_texts

ENGLISH_FRAGMENT = re.compile(r"[A-Za-z][A-Za-z' ]{12,}[A-Za-z]")


def english_fragments(locale: str) -> set[str]:
    """Runs of English words in the English catalog that the other language
    does not share (names, numbers and placeholders aside)."""
    catalog = default_catalog()
    english, other = catalog.messages("en"), catalog.messages(locale)
    found: set[str] = set()
    for key, text in english.items():
        if key.startswith("command.") or other.get(key) == text:
            continue
        for template in text if isinstance(text, tuple) else (text,):
            for part in re.split(r"\{[^}]*\}", template):
                found |= {m.group(0).strip() for m in ENGLISH_FRAGMENT.finditer(part)}
    return {f for f in found if len(f) >= 14}


def all_texts(server, users) -> list[str]:
    texts: list[str] = []
    messages = list(server.public_messages(server.channel))
    for user in users:
        messages += server.ephemerals_for(user)
    for message in messages:
        texts += version_texts(message)
        for attachment in message.attachments:  # every picture's alt text, in the language too
            assert attachment.description, attachment.filename
            texts.append(attachment.description)
        for old in [message, *message.history]:
            components = old.components if hasattr(old, "components") else old.get("components")
            texts.append(str(components or ""))
    return texts


def within_limits(server) -> None:
    for message in server.messages.values():
        assert len(message.content or "") <= 2000
        for embed in message.embeds:
            size = len(embed.get("title") or "") + len(embed.get("description") or "")
            size += sum(
                len(f.get("name", "")) + len(f.get("value", "")) for f in embed.get("fields") or []
            )
            size += len((embed.get("footer") or {}).get("text", ""))
            assert size <= 6000
        for button in message.buttons():
            assert len(button.get("label") or "") <= 80


#: Words a language must not show: Russian "Моя рука" and "Ваша рука" are
#: calques of "my hand" (a player has "Мои карты"), and a count agrees with
#: its noun ("4 ананаса", never "4 × ананас" or "1 грибы"); French never
#: leaves "de" before a vowel ("d'Ana") and never elides after a hyphen
#: ("Complétez-la avec", not "Complétez-l'avec"); Japanese and Chinese put
#: no space after a full stop and no Latin comma between their words, and
#: Japanese calls 🫑 ピーマン. No language counts cards with "n × kind".
WRONG = {
    "ru": re.compile(r"Моя рука|Ваша рука|Вашу руку|\d+ × |\b1 (грибы|оливки|креветки)\b"),
    "fr": re.compile(r"(?<![-\w])(de|que|le|la) (\*\*)?[AEIOUÉaeioué]|-l'|\d+ × "),
    "ja": re.compile(
        r"。 |[\u3040-\u30ff\u4e00-\u9fff], [^\s]|, [\u3040-\u30ff\u4e00-\u9fff]|ペパロニ|× \d"
    ),
    "zh-TW": re.compile(r"。 |[\u4e00-\u9fff], |, [\u4e00-\u9fff]|還缺 還缺|\d+ × "),
}


def language_slips(locale: str, texts: list[str]) -> list[str]:
    wrong = WRONG.get(locale)
    return [found_around(wrong, text) for text in texts if wrong is not None and wrong.search(text)]


def found_around(wrong: re.Pattern[str], text: str) -> str:
    """The slip with a little of what is around it."""
    match = wrong.search(text)
    assert match is not None
    return text[max(0, match.start() - 60) : match.end() + 60]


def speaks_only(server, users, locale: str) -> None:
    """Every message the users saw is in `locale` only, with no slip, and
    within Discord's limits."""
    fragments = english_fragments(locale)
    assert len(fragments) > 50  # the check has teeth
    texts = all_texts(server, users)
    for text in texts:
        leaked = [f for f in fragments if f in text]
        assert not leaked, (leaked, text[:300])
    assert not language_slips(locale, texts)
    within_limits(server)
