"""The longest input Discord allows, typed into Mamma Mia!'s own `play`
(issue #30, point 3): an ingredient no hand holds, refused in a few words
that repeat its beginning; autocomplete with the longest typed text. The
host's side (every option of every command bounded and answered) is
tests/host/test_bot_longest_input.py's."""

from __future__ import annotations

from bot.kit.limits import ECHO, TYPED

from tests.mammamia.driver import Players

#: What a player might type, over and over: mentions, markdown, emoji.
NASTY = "<@123456789012345678> **bold** `code` ||spoiler|| __u__ ~~s~~ 🍕 <t:1700000000:R> "


async def test_a_refusal_repeats_what_was_typed_shortened(discord_server, bots):
    """The case the issue found: an ingredient no hand holds, as long as
    Discord allows, refused in a few words that repeat its beginning."""
    server = discord_server
    await bots.start()
    ana, ben = server.users[:2]
    mm = Players(server, bots, [ana, ben], seed=3)
    await mm.open("classic")
    user = mm.user_of(mm.live.state.current)
    typed = (NASTY * 10)[:TYPED]
    options = {"ingredient": typed, "count": 15, "draw": "supply", "order": typed}
    r = await server.slash(user, None, "mammamia", "play", options=options)
    text = r.message.content
    assert r.response.ephemeral and len(text) < ECHO + 100, text
    assert typed[:10] in text and typed not in text
    assert text.count("`") % 2 == 0 and text.count("**") % 2 == 0, "no markdown left open"


async def test_autocomplete_with_the_longest_typed_text(discord_server, bots):
    server = discord_server
    await bots.start()
    ana, ben = server.users[:2]
    mm = Players(server, bots, [ana, ben], seed=3)
    await mm.open("classic")
    user = mm.user_of(mm.live.state.current)
    for focused in ("ingredient", "order"):
        choices = await server.autocomplete(
            user,
            None,
            "mammamia",
            "play",
            options={"ingredient": "x" * TYPED, "order": "x" * TYPED},
            focused=focused,
        )
        assert choices == []  # nothing matches; the fake checked the answer's limits
