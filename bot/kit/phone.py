"""What a message reads like on a phone: lines of `COLUMNS` characters.

A message a whole table follows (a reveal told step by step) should read at
a glance on the smallest screen it is read on: at most `LINES` lines of
`COLUMNS` columns, East Asian wide characters and emoji taking two.
"""

from __future__ import annotations

import math
import unicodedata

import discord

#: A phone's line, in columns (narrow characters).
COLUMNS = 36
#: Lines a message followed live may take on a phone.
LINES = 20


def columns(text: str) -> int:
    """Columns a line takes: East Asian wide characters and emoji take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def lines(text: str | None) -> int:
    """Lines a text takes on a phone, each of its lines wrapped at `COLUMNS`."""
    if not text:
        return 0
    return sum(max(1, math.ceil(columns(line) / COLUMNS)) for line in text.split("\n"))


def embed_lines(embed: discord.Embed, content: str | None = None) -> int:
    """Lines a message with this embed takes on a phone: its content, the
    embed's title, description, each field's name and value (a phone stacks
    inline fields) and footer."""
    total = lines(content) + lines(embed.title) + lines(embed.description)
    for f in embed.fields:
        total += lines(f.name) + lines(f.value)
    return total + lines(embed.footer.text)
