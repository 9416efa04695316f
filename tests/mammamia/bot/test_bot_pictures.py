"""Pictures where they belong, in whole games on the loopback Discord: the
hand privately, the oven reveal and the final ranking publicly (MM-V1: drawn
from public events and the public view only), Pizza Island's pizzas and Ship
on the table and what a Mushroom or Pepper shows privately (PI-I1); none at
all once a server turns them off, with the text complete."""

from __future__ import annotations

import io
from collections import Counter, OrderedDict
from typing import Any

import discord
import pytest
from PIL import Image

from bot.games.mammamia import render
from bot.games.mammamia.pictures import (
    OUTCOMES_PER_PICTURE,
    Table,
    outcomes_of,
    ranking_image,
    ranking_of,
    reveal_image,
)
from bot.games.pizzaisland import render as pi_render
from bot.games.pizzaisland.pictures import (
    PlayerPizzas,
    pizzas_image,
    ship_image,
)
from bot.pictures.canvas import PHONE_W
from engine.mammamia import events as ev
from engine.pizzaisland import actions as pi

from tests.mammamia.driver import Players
from tests.pizzaisland.driver import IslandPlayers

LIMIT = 200 * 1024  # far under Discord's attachment limit, quick on a slow line


@pytest.fixture
def uploads(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every file the bot builds for an upload, by kind (`reveal`, `hand`, ...)."""
    counted: Counter[str] = Counter()
    original = discord.File.__init__

    def counting(self: discord.File, fp: Any, filename: str | None = None, **kw: Any) -> None:
        counted[(filename or "").split("-")[0]] += 1
        original(self, fp, filename, **kw)

    monkeypatch.setattr(discord.File, "__init__", counting)
    return counted


def png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG" and len(data) <= LIMIT
    return image


def names_by_version(message: Any) -> list[list[str]]:
    """The message's attachments' names in each version, oldest first."""
    return [list(old.get("attachments") or []) for old in message.history] + [
        [a.filename for a in message.attachments]
    ]


def every_picture_described(server: Any) -> int:
    """Every attachment the bot sent carries its alt text (Discord's
    `description`, at most 1024 characters); how many there are."""
    seen = 0
    for message in server.messages.values():
        for attachment in message.attachments:
            assert attachment.description, attachment.filename
            assert len(attachment.description) <= 1024
            seen += 1
    return seen


def kind_of(message: Any, kind: str) -> list[Any]:
    return [a for a in message.attachments if a.filename.startswith(f"{kind}-")]


def shows_image(message: Any, attachment: Any) -> bool:
    image = (message.embeds[0].get("image") or {}) if message.embeds else {}
    return image.get("url") == f"attachment://{attachment.filename}"


def public_events(live: Any) -> list[Any]:
    return [e for v in sorted(live.events) for e in live.events[v] if e.to is None]


async def test_mm_pictures_in_a_whole_game(discord_server, bots, uploads):
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:3], seed=1)
    await players.open("classic")
    await players.play_to_end()
    live = players.live
    messages = list(discord_server.messages.values())
    width = png(reveal_image(Table.of("classic", {}), None, ())).width

    # The hand: every hand view carries its picture, to its owner alone (MM-V1).
    hands = [m for m in messages if render.t("hand.ingredients") in m.text]
    assert hands
    for message in hands:
        (picture,) = kind_of(message, "hand")
        assert message.ephemeral and len(message.visible_to) == 1
        assert shows_image(message, picture) and png(picture.data).width == width
    for message in messages:
        if any(n.startswith("hand-") for names in names_by_version(message) for n in names):
            assert message.ephemeral, "a hand picture in public"

    # The oven reveal: one picture per reveal message, updated as the narration goes.
    reveals = [m for m in messages if kind_of(m, "reveal")]
    assert len(reveals) == 3  # one oven reveal a round (MM-R1)
    for message in reveals:
        assert not message.ephemeral and shows_image(message, message.attachments[0])
        assert png(message.attachments[0].data).width == width
    # Round 1's summary: its final table and every order's outcome, exactly as the
    # public events of that reveal draw them.
    events = public_events(live)
    start = next(i for i, e in enumerate(events) if isinstance(e, ev.RevealStarted))
    end = next(i for i, e in enumerate(events) if isinstance(e, ev.RoundEnded))
    outcomes = outcomes_of("classic", events[start:end])
    per = OUTCOMES_PER_PICTURE
    summary = [reveal_image(Table.of("classic", events[end].table), None, outcomes[:per])]
    summary += [
        reveal_image(None, None, outcomes[i : i + per]) for i in range(per, len(outcomes), per)
    ]
    assert [a.data for a in reveals[0].attachments] == summary
    # An edit that leaves the picture as it was uploads nothing new.
    changes = 0
    for message in reveals:
        versions = [names for names in names_by_version(message) if names]
        changes += sum(1 for i, names in enumerate(versions) if i == 0 or names != versions[i - 1])
        assert len(versions) > len({tuple(names) for names in versions}), "no edit kept its picture"
    assert uploads["reveal"] == changes

    # The final ranking: each player's delivered orders as a fan, from the public view.
    final = discord_server.get_message(live.row.narration["final_message_id"])
    (picture,) = kind_of(final, "ranking")
    assert shows_image(final, picture)
    view = live.rules.public_view(live.state)
    assert picture.data == ranking_image(ranking_of(view, live.names()))  # named
    assert png(picture.data).height > png(picture.data).width / 4
    # Its words tie each colour to a name, in the picture's order, and say it aloud.
    for place, seats in enumerate(view.ranking, 1):
        for seat in seats:
            colour = render.COLOUR_EMOJI[view.players[seat].colour]
            assert f"{colour} {live.row.seats[seat].name}" in final.text
            assert f"{place}. {colour} {live.row.seats[seat].name}" in picture.description
    assert every_picture_described(discord_server) > 10


async def test_mm_pictures_off_leaves_the_text_complete(discord_server, bots, uploads):
    await bots.start()
    host = discord_server.users[0]
    refused = await discord_server.slash(
        host, discord_server.channel, "mammamia", "settings", options={"pictures": "off"}
    )
    assert refused.message.text == render.t("error.not_manager")
    r = await discord_server.slash(
        discord_server.owner,
        discord_server.channel,
        "mammamia",
        "settings",
        options={"pictures": "off"},
    )
    assert r.response.ephemeral and r.message.text == render.t("settings.pictures.off")
    players = Players(discord_server, bots, discord_server.users[:3], seed=1)
    await players.open("classic")
    await players.play_to_end()
    assert not uploads
    for message in discord_server.messages.values():
        assert not any(names_by_version(message)), message.text[:80]
        assert not any(e.get("image") for e in message.embeds)
    live = players.live
    final = discord_server.get_message(live.row.narration["final_message_id"])
    assert all(live.row.seats[s].name in final.text for s in range(3))
    summaries = [
        m for m in discord_server.messages.values() if render.t("reveal.summary") in m.text
    ]
    assert len(summaries) >= 2  # the round summaries still tell the round in words


async def test_pi_pictures_on_the_table_and_privately(discord_server, bots):
    await bots.start()
    players = IslandPlayers(discord_server, bots, discord_server.users[:2], seed=5)
    await players.open(level="advanced", scoring="points")
    players.prefer = {pi.Decline: 0.01, pi.Mushroom: 5.0, pi.Pepper: 5.0, pi.Stop: 0.3}
    await players.play_to_end()
    live = players.live
    view = live.rules.public_view(live.state)

    # The table: every seat's pizzas as wheels, and the Ship (PI-A1), public facts only.
    table = discord_server.get_message(live.row.table_message_id)
    (pizzas,) = kind_of(table, "pizzas")
    (ship,) = kind_of(table, "ship")
    assert shows_image(table, pizzas)
    names = live.names()
    seats = tuple(
        PlayerPizzas.of(pi_render.seat_colour(p.seat), p.pizzas, names[p.seat])
        for p in view.players
        if p.playing
    )
    assert pizzas.data == pizzas_image(seats)
    assert ship.data == ship_image(view.ship)
    assert png(ship.data).size == png(ship_image(())).size

    # What a Mushroom or Pepper shows: privately, to the one who sees it (PI-I1).
    assert players.seen_cards, "a Mushroom or a Pepper was decided"
    seen = [m for m in discord_server.messages.values() if kind_of(m, "seen")]
    assert seen
    for message in seen:
        assert message.ephemeral and len(message.visible_to) == 1
        (picture,) = kind_of(message, "seen")
        assert png(picture.data).width <= PHONE_W
        assert picture.description.startswith(render.t("pi.alt.seen", cards="")[:12])
    for message in discord_server.public_messages(discord_server.channel):
        for names in names_by_version(message):
            assert not any(n.startswith("seen-") for n in names)
    assert every_picture_described(discord_server) > 3


def newest_hand(server: Any, user: Any) -> Any:
    """The last hand message the bot sent `user`."""
    mine = [m for m in server.messages.values() if m.ephemeral and m.is_visible_to(user)]
    mine = [m for m in mine if kind_of(m, "hand")]
    return mine[-1]


async def test_mm_a_hand_whose_cards_did_not_change_is_neither_drawn_nor_sent_again(
    discord_server, bots, uploads, monkeypatch
):
    """#45.3: a choice in the hand's menus redraws its words and controls but
    not its picture: the worker is not asked and nothing is uploaded; the
    move that changes the cards draws and sends the new hand once."""
    from bot.pictures import worker

    asked: list[str] = []
    run = worker._worker.run

    async def counted(fn: Any, *args: Any) -> bytes:
        asked.append(fn.__name__)
        return await run(fn, *args)

    monkeypatch.setattr(worker._worker, "run", counted)
    monkeypatch.setattr(worker, "_recent", OrderedDict())  # nothing drawn before
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:2], seed=3)
    await players.open("classic")
    live = players.live
    user = players.user_of(live.state.to_act()[0])
    table = discord_server.get_message(live.table_id)
    await discord_server.click(user, table, label=render.t("table.button.hand"))
    await bots.idle()  # the answer, or (the machine busy) its follow-up
    hand = newest_hand(discord_server, user)
    (picture,) = kind_of(hand, "hand")
    assert uploads["hand"] == 1
    drawn = asked.count("hand_image")
    picked = await players.pick_a_turn(user, hand)
    assert [a.filename for a in picked.attachments] == [picture.filename]
    assert shows_image(picked, picked.attachments[0])
    assert uploads["hand"] == 1 and asked.count("hand_image") == drawn, "not drawn or sent"
    play = picked.find_button(prefix=f"mm:{players.game}:{live.version}:play:")
    await discord_server.click(user, picked, play["custom_id"])
    await bots.idle()
    (after,) = kind_of(discord_server.get_message(picked.id), "hand")
    assert after.filename != picture.filename and uploads["hand"] == 2
    assert asked.count("hand_image") == drawn + 1
