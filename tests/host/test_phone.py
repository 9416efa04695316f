"""A message's lines on a phone (bot.kit.phone): 36 columns, wide characters two."""

from __future__ import annotations

import discord

from bot.kit import phone


def test_a_line_wraps_at_the_phones_width() -> None:
    assert phone.lines("a" * 36) == 1
    assert phone.lines("a" * 37) == 2
    assert phone.lines("") == 0 and phone.lines(None) == 0
    assert phone.lines("one\n\nthree") == 3, "an empty line is a line"


def test_wide_characters_and_emoji_take_two_columns() -> None:
    assert phone.lines("窯" * 18) == 1
    assert phone.lines("窯" * 19) == 2
    assert phone.columns("🍕a") == 3


def test_an_embed_counts_its_title_description_fields_and_footer() -> None:
    embed = discord.Embed(title="Round 1", description="a\nb")
    embed.add_field(name="Revealed", value="3 of 60", inline=True)
    embed.set_footer(text="x" * 40)
    assert phone.embed_lines(embed) == 1 + 2 + 2 + 2
    assert phone.embed_lines(embed, content="hello") == 8
