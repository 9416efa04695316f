"""Whole games on the loopback Discord, driven only by slash commands and clicks."""

from __future__ import annotations

from bot.games.mammamia import render
from engine import mammamia as engine

from driver import Players, version_texts


def _check_hidden(server, players: Players) -> None:
    """MM-V1: no public message, in any version, shows a hand; every hand view is
    ephemeral to its owner."""
    public = [m for m in server.messages.values() if not m.ephemeral]
    private_words = [render.t("hand.ingredients"), render.t("hand.order_pile"), "You drew"]
    assert players.secrets_seen
    for message in public:
        for text in version_texts(message):
            for word in private_words:
                assert word not in text, f"a hand in public: {text[:200]}"
            for secret, _owner in players.secrets_seen:
                assert secret not in text, f"a hand's contents in public: {secret}"
    for message in server.messages.values():
        if any(e.get("title", "").find("Your hand") >= 0 for e in message.embeds):
            assert message.ephemeral and len(message.visible_to) == 1


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
    assert seen["declined"] + seen["declined_choice"] > 0, seen
    assert seen["paid"] + seen["chose"] > 0, seen


async def test_whole_plus_game_of_four_with_help(discord_server, bots):
    await bots.start()
    users = discord_server.users[:4]
    players = Players(discord_server, bots, users, seed=2)
    await players.open("plus", help=True)
    await players.play_to_end()
    live = players.live
    assert live.state.help and live.state.phase == "over"
    assert engine.replay(live.record).state.fingerprint() == live.state.fingerprint()
    _final_ranking_shown(discord_server, live)
    _check_hidden(discord_server, players)
    seen = players.coverage.counts
    assert seen["asked"] and seen["help_refused"], seen
    assert seen["declined"] + seen["declined_choice"] > 0, seen
