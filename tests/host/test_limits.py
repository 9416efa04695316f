"""Discord's limits, kept in one place (`bot.kit.limits`): whatever a presentation
draws, what the bot sends fits, and a text is cut where it reads well."""

from __future__ import annotations

import discord
import pytest

from bot.kit import limits
from bot.kit.limits import ELLIPSIS, fit, fit_embed, fit_items, shorten
from bot.kit.reply import Reply, button, select

from fakediscord import rules


def test_a_text_that_fits_is_left_alone() -> None:
    text = "x" * 2000
    assert shorten(text, 2000) is text


def test_a_long_text_ends_at_its_last_line_or_word() -> None:
    lines = "\n".join(f"line {i} of the table" for i in range(200))
    cut = shorten(lines, 100)
    assert len(cut) <= 100 and cut.endswith(ELLIPSIS)
    assert cut[:-1].endswith("of the table"), "a whole line"
    words = " ".join(f"word{i}" for i in range(100))
    cut = shorten(words, 50)
    assert cut[:-1].split()[-1] in words.split(), "a whole word"


def test_one_long_word_is_cut_inside_it() -> None:
    assert shorten("x" * 6000, 80) == "x" * 79 + ELLIPSIS


@pytest.mark.parametrize(
    "text",
    [
        "a" * 90 + "<@123456789012345678> and more",
        "a" * 90 + "<t:1700000000:R> and more",
        "a" * 90 + "<:pizza:123456789012345678> and more",
    ],
)
def test_a_mention_emoji_or_timestamp_is_never_cut_open(text: str) -> None:
    cut = shorten(text, 100)
    assert "<" not in cut, cut


@pytest.mark.parametrize("mark", ["**", "__", "~~", "||", "`", "```"])
def test_a_markdown_pair_is_never_left_open(mark: str) -> None:
    text = "a" * 60 + mark + "b" * 60 + mark
    cut = shorten(text, 100)
    assert cut.count(mark) % 2 == 0, cut
    assert len(cut) <= 100


def test_what_a_player_typed_is_echoed_short() -> None:
    assert len(str(limits.echo("x" * 6000))) <= limits.ECHO
    assert limits.echo(7) == 7


def _payload(reply: Reply) -> dict[str, object]:
    """What discord.py would send for `reply`: its message body."""
    kwargs = reply.kwargs()
    body: dict[str, object] = {"content": kwargs.get("content") or ""}
    if kwargs.get("embed") is not None:
        body["embeds"] = [kwargs["embed"].to_dict()]
    body["components"] = kwargs["view"].to_components()
    return body


def test_an_embed_over_every_limit_is_sent_within_them() -> None:
    embed = discord.Embed(title="T" * 300, description="word " * 2000)
    for i in range(30):
        embed.add_field(name=f"N{i} " * 100, value="value " * 400)
    embed.set_footer(text="f " * 2000)
    embed.set_author(name="a " * 200)
    body = _payload(Reply(content="c " * 3000, embed=embed))
    assert rules.check_message(body) == []
    data = body["embeds"][0]  # type: ignore[index]
    assert len(data["fields"]) == limits.FIELDS
    assert data["title"].endswith(ELLIPSIS)


def test_an_embed_within_each_limit_but_over_the_total_is_shortened() -> None:
    embed = discord.Embed(title="t", description="d " * 2000)
    for _ in range(3):
        embed.add_field(name="n", value="v " * 500)
    fit_embed(embed)
    assert sum(len(f.value or "") for f in embed.fields) + len(embed.description or "") <= 6000
    assert rules.check_embeds([embed.to_dict()]) == []


@pytest.mark.parametrize(
    "over", ["title", "field name", "field value", "fields", "footer", "author"]
)
def test_one_text_over_its_own_limit_in_a_short_embed_is_shortened(over: str) -> None:
    """Each limit on its own, the embed far under its total: a hand's embed
    is checked from its fields as they are, and one over must still be seen."""
    embed = discord.Embed(title="T" * (300 if over == "title" else 10), description="d")
    embed.add_field(name="N" * (300 if over == "field name" else 10), value="v" * 100)
    embed.add_field(name="n", value="V" * (1100 if over == "field value" else 300))
    for _ in range(30 if over == "fields" else 0):
        embed.add_field(name="x", value="y")
    embed.set_footer(text="F" * (2100 if over == "footer" else 300))
    embed.set_author(name="A" * (300 if over == "author" else 10))
    assert rules.check_embeds([embed.to_dict()]) != [], "over one limit before"
    fit_embed(embed)
    assert rules.check_embeds([embed.to_dict()]) == []


def test_an_embed_within_every_limit_is_left_as_it_is() -> None:
    embed = discord.Embed(title="T" * 256, description="d " * 200)  # 5,776 in all
    for _ in range(4):
        embed.add_field(name="N" * 256, value="v" * 1024)
    embed.set_footer(text="f" * 100)
    before = embed.to_dict()
    assert fit_embed(embed) is embed
    assert embed.to_dict() == before


def test_labels_options_and_placeholders_are_shortened_and_extras_left_out() -> None:
    items = [button("L" * 200, f"mm:1:0:b{i}") for i in range(3)]
    options = [("label " * 40, f"v{i}", False) for i in range(40)]
    options.append(("too long a value", "v" * 101, False))
    menu = select("mm:1:0:s", options, placeholder="p " * 100)
    menu.options[0].description = "d " * 100
    items.append(menu)
    items.append(button("x", "mm:1:0:" + "y" * 100))  # an id Discord refuses: left out
    kept = fit_items(items)
    assert len(kept) == 4
    body = _payload(Reply(items=items))
    assert rules.check_message(body) == []
    sent = [c for row in body["components"] for c in row["components"]]  # type: ignore[attr-defined]
    assert len(sent[-1]["options"]) == limits.OPTIONS
    assert all(len(o["value"]) <= 100 for o in sent[-1]["options"])


def test_more_components_than_a_message_holds() -> None:
    items = [button(f"b{i}", f"mm:1:0:b{i}") for i in range(30)]
    body = _payload(Reply(items=items))
    assert rules.check_message(body) == []
    assert sum(len(row["components"]) for row in body["components"]) == 25  # type: ignore[attr-defined]


def test_a_sixth_row_is_left_out_not_raised() -> None:
    items = [select(f"mm:1:0:s{i}", [("a", "a", False)]) for i in range(6)]
    body = _payload(Reply(items=items))
    assert rules.check_message(body) == []
    assert len(body["components"]) == 5  # type: ignore[arg-type]


def test_fit_keeps_other_arguments() -> None:
    kwargs = fit({"content": "x" * 5000, "ephemeral": True, "view": None})
    assert len(kwargs["content"]) == 2000 and kwargs["ephemeral"] is True


def test_a_kept_answers_copies_share_the_view_built_once() -> None:
    """A kept answer (a seat's hand between its moves) is sent as a copy each
    time: its view is fitted and built once, whichever copy is sent first;
    a copy given other components gets a view of its own."""
    kept = Reply(content="hand", items=[button("Play", "mm:1:0:play")])
    first, second = kept.copy(), kept.copy()
    view = first.view()
    assert second.view() is view and kept.view() is view
    other = kept.copy()
    other.items = [button("Refresh", "mm:1:0:hand")]
    assert other.view() is not view
    assert [c["custom_id"] for row in other.view().to_components() for c in row["components"]] == [
        "mm:1:0:hand"
    ]
    assert [c["custom_id"] for row in first.view().to_components() for c in row["components"]] == [
        "mm:1:0:play"
    ]
