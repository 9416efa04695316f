"""Issue 45, the lead's decision B: Mamma Mia!'s hand is always playable.
While others play it offers the turns of its owner's next turn
(`engine.mammamia.next_turns`), so they pick theirs meanwhile; Play out of
turn says whose turn it is, privately and in their language, and keeps the
pick; when the turn comes, a hand that already shows it is not redrawn (no
call), and one that does not (the refusal's words) is redrawn once, the pick
kept, so one tap plays it."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bot.games.mammamia import render
from bot.games.mammamia.hand import Draft
from bot.i18n import use_locale
from engine.mammamia import next_turns

from tests.host.test_bot_call_pattern import (
    CALLBACK,
    ORIGINAL_EDIT,
    TOKEN_EDIT,
    Calls,
    a_turn,
)
from tests.mammamia.driver import Players


async def two(server: Any, bots: Any, locale: str = "en-US") -> Players:
    users = server.users[:2]
    for user in users:
        user.locale = locale
    server.guild.locale = locale
    language = "en" if locale == "en-US" else locale
    await bots.start()
    players = Players(server, bots, users, seed=45)
    with use_locale(locale):  # the lobby's buttons, by their words
        await players.open("classic", turn_timer="off", language=language)
    return players


def offered(hand: Any, game: int) -> set[str]:
    """The whole turns a hand's menu offers, as drafts (its one select)."""
    menu = hand.find_select(prefix=f"mm:{game}:0:turn:")
    return {o["value"] for o in menu["options"]}


async def typed(players: Players) -> Any:
    """Whoever must act plays a legal turn typed as `/mammamia play`."""
    mover, options = a_turn(players)
    r = await players.server.slash(mover, None, "mammamia", "play", options=options)
    await players.bots.idle()
    return r


@pytest.mark.parametrize("locale", ["en-US", "fr", "ja"])
async def test_play_out_of_turn_says_whose_turn_and_keeps_the_pick(
    discord_server: Any, bots: Any, locale: str
) -> None:
    players = await two(discord_server, bots, locale)
    game = players.game
    assert game is not None
    ana = players.user_of(players.live.state.current)
    hand = (await typed(players)).message  # Ana played: her hand answers, out of turn now
    seat = players.live.seat_of(ana.id)
    ben_seat = players.live.state.current
    assert seat is not None and ben_seat != seat
    nexts = {Draft.of(a).encode() for a in next_turns(players.live.state, seat)}
    assert offered(hand, game) == nexts, "her next turn's choices, while Ben plays"
    hand = await players.pick_a_turn(ana, hand)
    play = hand.find_button(prefix=f"mm:{game}:0:play:")
    assert not play.get("disabled"), "picked while Ben plays"
    version = players.live.version
    r = await discord_server.click(ana, hand, play["custom_id"])
    assert players.live.version == version, "nothing played out of turn"
    refused = r.message or hand
    assert refused.ephemeral and refused.visible_to == frozenset({ana.id})
    ben = players.live.names()[ben_seat]
    assert render.t("table.turn_of", locale, name=ben) in refused.text
    assert render.t("hand.pick_kept", locale) in refused.text
    assert refused.find_button(prefix=f"mm:{game}:0:play:")["custom_id"] == play["custom_id"]

    calls = Calls(discord_server)
    await typed(players)  # Ben plays: Ana's turn comes
    # The table in place, and Ana's hand once: the refusal's words go, her pick stays.
    assert calls.routes() == Counter({CALLBACK: 1, TOKEN_EDIT: 1, ORIGINAL_EDIT: 1})
    assert render.t("hand.pick_kept", locale) not in refused.text
    ready = refused.find_button(prefix=f"mm:{game}:0:play:")
    assert ready["custom_id"] == play["custom_id"] and not ready.get("disabled")
    version = players.live.version
    await discord_server.click(ana, refused, ready["custom_id"])  # one tap plays it
    assert players.live.version == version + 1
    applied = players.live.rules.actions_of(players.live.record)[version]
    assert (
        Draft.of(players.live.rules.action_from_json(applied)).encode()
        == (play["custom_id"].rsplit(":", 1)[1])
    )


async def test_a_kept_hand_that_shows_the_turn_already_is_not_redrawn(
    discord_server: Any, bots: Any
) -> None:
    players = await two(discord_server, bots)
    game = players.game
    assert game is not None
    ana = players.user_of(players.live.state.current)
    table = discord_server.get_message(players.live.row.table_message_id)
    hand = (await discord_server.click(ana, table, label=render.t("table.button.hand"))).message
    hand = await players.pick_a_turn(ana, hand)
    play = hand.find_button(prefix=f"mm:{game}:0:play:")
    await discord_server.click(ana, hand, play["custom_id"])  # her hand: what she played, and
    await bots.idle()  # the turns of her next turn
    shown = len(hand.history)

    calls = Calls(discord_server)
    await typed(players)  # Ben plays: Ana's turn comes
    assert calls.routes() == Counter({CALLBACK: 1, TOKEN_EDIT: 1}), "her hand: no call"
    assert len(hand.history) == shown, "not redrawn"
    seat = players.live.seat_of(ana.id)
    legal = players.live.rules.legal_actions(players.live.state, seat)
    assert offered(hand, game) == {Draft.of(a).encode() for a in legal}, "it offers her turn"
    hand = await players.pick_a_turn(ana, hand)  # two taps: the pick and Play
    version = players.live.version
    await discord_server.click(
        ana, hand, hand.find_button(prefix=f"mm:{game}:0:play:")["custom_id"]
    )
    assert players.live.version == version + 1
