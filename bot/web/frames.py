"""What a client sends, read without trusting it: a body or a websocket
frame is JSON no deeper than the protocol ever nests (a few levels), or it
is malformed. Depth is measured before parsing, so a body nested fifty
thousand deep costs a scan that stops at the limit, never a RecursionError
in the parser or anything that walks what it returned.
"""

from __future__ import annotations

import json
import re
from typing import Any

#: The deepest a client's JSON may nest: an action's JSON sits three levels
#: down in an `act` frame, a lobby's options two.
MAX_DEPTH = 8

#: The largest integer a client may name (a game, a version): storage's ids
#: are signed 64-bit, and SQLite raises OverflowError past them.
MAX_INT = 2**63 - 1

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


class Malformed(ValueError):
    """Not a message this server reads."""


def depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep `text`'s brackets nest (strings aside), up to `limit` + 1."""
    level = most = 0
    for bracket in _BRACKETS.finditer(_STRINGS.sub("", text)):
        level += 1 if bracket.group() in "[{" else -1
        if level > most:
            most = level
            if most > limit:
                break
    return most


def parse(data: str | bytes, limit: int = MAX_DEPTH) -> dict[str, Any]:
    """A client's JSON object; Malformed if it is not one, or nests too deep."""
    try:
        text = data.decode() if isinstance(data, bytes) else data
    except UnicodeDecodeError as bad:
        raise Malformed("encoding") from bad
    if depth(text, limit) > limit:
        raise Malformed("too deep")
    try:
        found = json.loads(text)
    except (ValueError, RecursionError) as bad:  # ValueError: also an int of too many digits
        raise Malformed("json") from bad
    if not isinstance(found, dict):
        raise Malformed("not an object")
    return found


def whole(value: object, low: int = 0, high: int = MAX_INT) -> int | None:
    """`value` if it is a JSON integer within [low, high], else None."""
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    return None


def text(value: object, most: int = 200) -> str | None:
    """`value` if it is a string of at most `most` characters, else None."""
    if isinstance(value, str) and len(value) <= most:
        return value
    return None
