"""Discord's documented limits on what a bot may send, checked on every payload.

Each check returns a list of ``Problem``; the server turns them into a 400 response
(code 50035 Invalid Form Body, like Discord) and into recorded violations.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .models import (
    ACTION_ROW,
    BUTTON,
    FLAG_COMPONENTS_V2,
    LABEL,
    SELECT_TYPES,
    TEXT_INPUT,
    walk_components,
)

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_FOOTER = 2048
MAX_AUTHOR_NAME = 256
MAX_EMBED_TOTAL = 6000
MAX_ACTION_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_SELECT_OPTIONS = 25
MAX_BUTTON_LABEL = 80
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_CUSTOM_ID = 100
MAX_V2_COMPONENTS = 40
MAX_CHOICES = 25
MAX_MODAL_TITLE = 45
MAX_MODAL_COMPONENTS = 5
MAX_TEXT_INPUT_LABEL = 45
MAX_ATTACHMENT_DESCRIPTION = 1024


@dataclass(frozen=True)
class Problem:
    rule: str
    path: str
    message: str


def _too_long(rule: str, path: str, value: Any, limit: int, what: str = "length") -> list[Problem]:
    if isinstance(value, str) and len(value) > limit:
        return [Problem(rule, path, f"{what} {len(value)} > {limit}")]
    return []


def check_message(payload: dict[str, Any]) -> list[Problem]:
    """Limits on a message create/edit body (only the fields present are checked)."""
    problems = _too_long("content_length", "content", payload.get("content"), MAX_CONTENT)
    if payload.get("embeds"):
        problems += check_embeds(payload["embeds"])
    if payload.get("components"):
        v2 = bool((payload.get("flags") or 0) & FLAG_COMPONENTS_V2)
        problems += check_components(payload["components"], v2=v2)
    for i, attachment in enumerate(payload.get("attachments") or []):
        problems += _too_long(
            "attachment_description",
            f"attachments.{i}.description",
            attachment.get("description"),
            MAX_ATTACHMENT_DESCRIPTION,
        )
    return problems


def check_not_empty(
    content: str, embeds: list[Any], components: list[Any], attachments: list[Any]
) -> list[Problem]:
    if content or embeds or components or attachments:
        return []
    return [Problem("empty_message", "content", "cannot send an empty message (50006)")]


def check_embeds(embeds: list[dict[str, Any]]) -> list[Problem]:
    problems: list[Problem] = []
    if len(embeds) > MAX_EMBEDS:
        problems.append(Problem("embed_count", "embeds", f"{len(embeds)} embeds > {MAX_EMBEDS}"))
    total = 0
    for i, embed in enumerate(embeds):
        path = f"embeds.{i}"
        title = embed.get("title") or ""
        description = embed.get("description") or ""
        footer = (embed.get("footer") or {}).get("text") or ""
        author = (embed.get("author") or {}).get("name") or ""
        fields = embed.get("fields") or []
        problems += _too_long("embed_title", f"{path}.title", title, MAX_EMBED_TITLE)
        problems += _too_long(
            "embed_description", f"{path}.description", description, MAX_EMBED_DESCRIPTION
        )
        problems += _too_long("embed_footer", f"{path}.footer.text", footer, MAX_FOOTER)
        problems += _too_long("embed_author", f"{path}.author.name", author, MAX_AUTHOR_NAME)
        if len(fields) > MAX_EMBED_FIELDS:
            problems.append(
                Problem("embed_fields", f"{path}.fields", f"{len(fields)} > {MAX_EMBED_FIELDS}")
            )
        total += len(title) + len(description) + len(footer) + len(author)
        for j, fld in enumerate(fields):
            name, value = fld.get("name") or "", fld.get("value") or ""
            problems += _too_long(
                "embed_field_name", f"{path}.fields.{j}.name", name, MAX_FIELD_NAME
            )
            problems += _too_long(
                "embed_field_value", f"{path}.fields.{j}.value", value, MAX_FIELD_VALUE
            )
            total += len(name) + len(value)
    if total > MAX_EMBED_TOTAL:
        problems.append(
            Problem("embed_total", "embeds", f"{total} characters in embeds > {MAX_EMBED_TOTAL}")
        )
    return problems


def check_components(components: list[dict[str, Any]], *, v2: bool = False) -> list[Problem]:
    problems: list[Problem] = []
    if v2:
        count = sum(1 for _ in walk_components(components))
        if count > MAX_V2_COMPONENTS:
            problems.append(
                Problem("component_count", "components", f"{count} > {MAX_V2_COMPONENTS}")
            )
    else:
        if len(components) > MAX_ACTION_ROWS:
            problems.append(
                Problem("action_rows", "components", f"{len(components)} > {MAX_ACTION_ROWS}")
            )
        for i, row in enumerate(components):
            problems += _check_row(row, f"components.{i}")
    problems += _check_items(walk_components(components), "components")
    return problems


def _check_row(row: dict[str, Any], path: str) -> list[Problem]:
    if row.get("type") != ACTION_ROW:
        return [Problem("component_layout", path, "top-level components must be action rows")]
    children = row.get("components") or []
    buttons = [c for c in children if c.get("type") == BUTTON]
    selects = [c for c in children if c.get("type") in SELECT_TYPES]
    problems: list[Problem] = []
    if not children:
        problems.append(Problem("component_layout", path, "empty action row"))
    if len(buttons) > MAX_ROW_BUTTONS:
        problems.append(
            Problem("buttons_per_row", path, f"{len(buttons)} buttons > {MAX_ROW_BUTTONS}")
        )
    if selects and len(children) > 1:
        problems.append(Problem("component_layout", path, "a select must be alone in its row"))
    return problems


def _check_items(items: Iterable[dict[str, Any]], path: str) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[str] = set()
    for item in items:
        kind = item.get("type")
        custom_id = item.get("custom_id")
        where = f"{path}[{custom_id or kind}]"
        if custom_id is not None:
            problems += _too_long("custom_id_length", where, custom_id, MAX_CUSTOM_ID)
            if custom_id in seen:
                problems.append(Problem("custom_id_duplicate", where, f"{custom_id!r} repeated"))
            seen.add(custom_id)
        if kind == BUTTON:
            problems += _too_long("label_length", where, item.get("label"), MAX_BUTTON_LABEL)
            is_link = item.get("style") == 5
            is_premium = item.get("style") == 6
            if not is_link and not is_premium and not custom_id:
                problems.append(Problem("button_custom_id", where, "button needs a custom_id"))
            if is_link and not item.get("url"):
                problems.append(Problem("button_url", where, "link button needs a url"))
        elif kind in SELECT_TYPES:
            problems += _check_select(item, where)
    return problems


def _check_select(item: dict[str, Any], where: str) -> list[Problem]:
    problems = _too_long("placeholder_length", where, item.get("placeholder"), MAX_PLACEHOLDER)
    options = item.get("options") or []
    if item.get("type") == 3:
        if not options:
            problems.append(Problem("select_options", where, "a string select needs options"))
        if len(options) > MAX_SELECT_OPTIONS:
            problems.append(
                Problem("select_options", where, f"{len(options)} options > {MAX_SELECT_OPTIONS}")
            )
    values: set[str] = set()
    for option in options:
        for key in ("label", "value", "description"):
            problems += _too_long("label_length", f"{where}.{key}", option.get(key), 100)
        if option.get("value") in values:
            problems.append(Problem("select_options", where, f"duplicate value {option['value']}"))
        values.add(option.get("value"))
    max_values = item.get("max_values", 1)
    if max_values > MAX_SELECT_OPTIONS or (options and max_values > len(options)):
        problems.append(Problem("select_options", where, f"max_values {max_values} too large"))
    return problems


def check_choices(choices: list[dict[str, Any]]) -> list[Problem]:
    problems: list[Problem] = []
    if len(choices) > MAX_CHOICES:
        problems.append(Problem("choices_count", "choices", f"{len(choices)} > {MAX_CHOICES}"))
    for i, choice in enumerate(choices):
        name = choice.get("name") or ""
        if not 1 <= len(name) <= 100:
            problems.append(Problem("choice_name", f"choices.{i}.name", "must be 1-100 chars"))
        problems += _too_long("choice_value", f"choices.{i}.value", choice.get("value"), 100)
    return problems


def check_modal(data: dict[str, Any]) -> list[Problem]:
    problems = _too_long("modal_title", "title", data.get("title"), MAX_MODAL_TITLE)
    problems += _too_long("custom_id_length", "custom_id", data.get("custom_id"), MAX_CUSTOM_ID)
    components = data.get("components") or []
    if not 1 <= len(components) <= MAX_MODAL_COMPONENTS:
        problems.append(
            Problem("modal_components", "components", f"{len(components)} components (1-5)")
        )
    seen: set[str] = set()
    for item in walk_components(components):
        custom_id = item.get("custom_id")
        if custom_id is not None:
            problems += _too_long("custom_id_length", "components", custom_id, MAX_CUSTOM_ID)
            if custom_id in seen:
                problems.append(Problem("custom_id_duplicate", "components", repr(custom_id)))
            seen.add(custom_id)
        if item.get("type") == TEXT_INPUT:
            problems += _too_long(
                "label_length", "components", item.get("label"), MAX_TEXT_INPUT_LABEL
            )
        if item.get("type") == LABEL:
            problems += _too_long(
                "label_length", "components", item.get("label"), MAX_TEXT_INPUT_LABEL
            )
    return problems


def error_body(problems: list[Problem]) -> dict[str, Any]:
    """Discord's 50035 Invalid Form Body shape, which discord.py flattens into its message."""
    errors: dict[str, Any] = {}
    for problem in problems:
        node = errors
        for key in problem.path.replace("[", ".").replace("]", "").split("."):
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append(
            {"code": problem.rule.upper(), "message": problem.message}
        )
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}
