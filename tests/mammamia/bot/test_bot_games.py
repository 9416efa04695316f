"""Whole games on the loopback Discord, driven only by slash commands and clicks."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.mammamia import render
from bot.interactions import components
from bot.interactions.overload import deferred
from engine import mammamia as engine

from messages import version_texts
from tests.mammamia.driver import Players, narration_lines, reveal_messages, reveal_seconds


def _check_hidden(server, players: Players) -> None:
    """MM-V1: no public message, in any version, shows a hand; every hand view is
    ephemeral to its owner."""
    public = [m for m in server.messages.values() if not m.ephemeral]
    private_words = [render.t("hand.ingredients"), render.t("hand.order_pile"), "You drew"]
    assert players.secrets_seen
    for message in public:
        alts = [a.description or "" for a in message.attachments]  # what a screen reader says
        for text in version_texts(message) + alts:
            for word in private_words:
                assert word not in text, f"a hand in public: {text[:200]}"
            for secret, _owner in players.secrets_seen:
                assert secret not in text, f"a hand's contents in public: {secret}"
    for message in server.messages.values():
        if any(e.get("title", "").find("Your hand") >= 0 for e in message.embeds):
            assert message.ephemeral and len(message.visible_to) == 1


def _reveals_read_quickly(server, live) -> None:
    """Every reveal reads in at most 60 s at the normal pace whatever the
    oven holds, its message at most 30 lines in any version, and compact
    while the oven is revealed (its story is told in full once the round is
    over)."""
    reveals = reveal_seconds(live)
    assert any(cards >= 40 for cards, _ in reveals), reveals
    for cards, seconds in reveals:
        assert seconds <= 60.0, (cards, seconds)
    for message in reveal_messages(server):
        for old in [*message.history, {"embeds": message.embeds}]:
            embed = (old.get("embeds") or [{}])[0]
            assert narration_lines(embed) <= 30, embed
            fields = {f["name"]: f["value"] for f in embed.get("fields", [])}
            if render.t("reveal.summary") in fields:
                continue  # the round summary: the whole story
            text = (embed.get("description") or "").split("\n\n")[0]  # before any prompt
            assert len(text.split("\n")) <= 3, text
            assert len(text) + sum(len(v) for v in fields.values()) <= 600, embed


def _final_ranking_shown(server, live) -> None:
    final = server.get_message(live.row.narration["final_message_id"])
    assert final is not None and not final.ephemeral
    assert any(b.get("label") == render.t("final.button.again") for b in final.buttons())
    winners = [live.row.seats[s].name for s in live.state.winners]
    assert all(name in final.text for name in winners)


async def test_whole_classic_game_of_three(discord_server, bots):
    await bots.start()
    users = discord_server.users[:3]
    players = Players(discord_server, bots, users, seed=1)
    await players.open("classic")
    await players.play_to_end()
    live = players.live
    assert live.state.phase == "over" and live.state.round == 3
    replayed = engine.replay(live.record)
    assert replayed.error is None
    assert replayed.state.fingerprint() == live.state.fingerprint()
    _final_ranking_shown(discord_server, live)
    _check_hidden(discord_server, players)
    seen = players.coverage.counts
    assert seen["play_command"] and seen["play_controls"], seen
    # A turn by buttons: one click opens the hand, a whole turn is two more,
    # and any turn at most three (the cards, what goes with them, Play).
    assert seen["play_whole"] and seen["play_detailed"], seen
    assert max(n for path, n in players.clicks if path == "whole") <= 3, players.clicks
    assert max(n for _, n in players.clicks) <= 4, players.clicks
    assert seen["declined"] + seen["declined_choice"] > 0, seen
    assert seen["paid"] + seen["chose"] > 0, seen


def reveal_figures(server, live) -> list[tuple[int, float, int]]:
    """Each reveal's cards, its narration's seconds at the default pace and
    its longest message in lines, as the players saw it."""
    lines = [
        max(narration_lines((old.get("embeds") or [{}])[0]) for old in [*m.history, m.__dict__])
        for m in reveal_messages(server)
    ]
    return [
        (cards, seconds, most)
        for (cards, seconds), most in zip(reveal_seconds(live), lines, strict=True)
    ]


async def test_whole_plus_game_of_five_with_help(discord_server, bots):
    """Issue 29's figures: a whole 5-player Plus game with help, every turn
    played with the hand's controls."""
    await bots.start()
    users = discord_server.users[:5]
    players = Players(discord_server, bots, users, seed=11)
    players.by_controls = 1.0
    await players.open("plus", help=True)
    await players.play_to_end()
    figures = reveal_figures(discord_server, players.live)
    print("reveals (cards, seconds at the default pace, most lines):", figures)
    print("clicks per turn, opening the hand included:", Counter(n for _, n in players.clicks))
    assert all(seconds <= 60 and most <= 30 for _, seconds, most in figures), figures
    assert max(n for _, n in players.clicks) <= 4, players.clicks
    live = players.live
    assert live.state.help and live.state.phase == "over"
    assert engine.replay(live.record).state.fingerprint() == live.state.fingerprint()
    _final_ranking_shown(discord_server, live)
    _check_hidden(discord_server, players)
    _reveals_read_quickly(discord_server, live)
    seen = players.coverage.counts
    assert seen["asked"] and seen["help_refused"], seen
    assert seen["declined"] + seen["declined_choice"] > 0, seen


@pytest.mark.parametrize("knob", ["DEFER_AFTER", "BEHIND"])
async def test_a_whole_game_answered_late_is_deferred_and_lost_nothing(
    discord_server, bots, monkeypatch, knob
):
    """An overloaded bot defers what it cannot answer within 2 s, or at once
    when the interaction waited a second for the bot to get to it, and answers
    later (bot.interactions.components): here every interaction is deferred, by the timer or
    before its work, and the game plays to its end the same, nothing private in
    public."""
    monkeypatch.setattr(components, knob, 0.0)
    discord_server.wait_deferred = 2.0
    before = deferred.total
    await bots.start()
    users = discord_server.users[:3]
    players = Players(discord_server, bots, users, seed=1)
    await players.open("classic")
    await players.play_to_end()
    live = players.live
    assert live.state.phase == "over"
    assert engine.replay(live.record).state.fingerprint() == live.state.fingerprint()
    assert deferred.total - before > 20
    _final_ranking_shown(discord_server, live)
    _check_hidden(discord_server, players)
