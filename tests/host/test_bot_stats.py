"""Results, stats, the leaderboard, history and forgetting, after whole games
with computer seats on the loopback Discord (issue: stats and leaderboards),
with the test game (tests/highcard). A shipped game's own results (its
summary, its boxes, its points) are with its tests (tests/<game>/bot)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from bot.flow import stats
from bot.i18n import percent, t, tn

from tests.highcard.players import COMMAND, PREFIX, Players


@pytest.fixture(autouse=True)
def one_game_is_enough(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "MIN_GAMES", 1)
    monkeypatch.setattr("bot.interactions.standings.MIN_GAMES", 1)


async def _play(server, bots, users, seed: int, computers: tuple[str, ...]) -> Players:
    players = Players(server, bots, users, seed=seed)
    await players.open(computers=computers, turn_timer="off")
    await players.play_to_end()
    await bots.idle()
    return players


def places(players: Players) -> dict[int, int]:
    ranking = players.live.rules.ranking(players.live.state)
    return {seat: place for place, tied in enumerate(ranking, 1) for seat in tied}


async def test_stats_leaderboard_history_and_forget_after_two_games(discord_server, bots, tmp_path):
    server = discord_server
    await bots.start()
    ana, ben = server.users[:2]
    first = await _play(server, bots, [ana], 51, ("easy", "easy"))
    second = await _play(server, bots, [ben], 52, ("easy",))

    # Each game's final ranking, with Play again.
    final = [m for m in server.public_messages() if any(":again" in c for c in m.custom_ids())]
    assert len(final) == 2
    assert all(seat.name in final[0].text for seat in first.live.row.seats)

    # Recorded once each, and still there after a restart.
    await bots.stop()
    await bots.start()
    storage = bots.current.service.storage
    recorded = await storage.recent_results(server.guild.id, "highcard")
    assert {r.game_id: {s.seat: s.place for s in r.seats} for r in recorded} == {
        first.game: places(first),
        second.game: places(second),
    }

    r = await server.slash(ana, server.channel, COMMAND, "stats")
    assert r.response.ephemeral
    assert t("stats.title", name=ana.display_name) in r.message.text
    assert t("highcard.title") in r.message.text
    won = int(first.live.rules.ranking(first.live.state)[0] == [0])
    rate = percent(won)
    assert f"{tn('stats.games', 1)} · {tn('stats.won', won, rate=rate)}" in r.message.text
    assert "1 game ·" in r.message.text  # one game, not "1 games"

    # Both games had an easy computer: rated as one player, apart from the people.
    r = await server.slash(ben, server.channel, COMMAND, "leaderboard")
    assert not r.response.ephemeral
    board = r.message.embeds[0]
    people = board["description"]
    assert ana.display_name in people and ben.display_name in people
    (computers,) = board["fields"]
    assert computers["name"] == t("leaderboard.computers")
    assert t("leaderboard.computer", level=t("computer.level.easy")) in computers["value"]
    assert "🤖" not in people
    ratings = [int(n) for n in re.findall(r"— \*\*(-?[0-9]+)\*\*", people)]
    assert len(ratings) == 2 and all(n >= 0 for n in ratings)
    assert ratings == sorted(ratings, reverse=True)
    assert tn("leaderboard.games", 1) in people  # wins and games beside the rating
    assert board["footer"]["text"] == tn("leaderboard.footer", 1)
    easy = await storage.leaderboard(server.guild.id, "highcard", "all")
    assert {row.player: row.games for row in easy}["computer:easy"] == 2
    r = await server.slash(ben, server.channel, COMMAND, "leaderboard", options={"period": "week"})
    assert ben.display_name in r.message.text

    # History lists both games, each with its game, players and result;
    # exporting one replays with the command line.
    r = await server.slash(ana, server.channel, COMMAND, "history")
    assert r.response.ephemeral and f"#{first.game}" in r.message.text
    lines = r.message.embeds[0]["description"].split("\n")
    assert len(lines) == 2
    for line, game in zip(lines, (second, first), strict=True):
        # One box, named after the game: "High Card", never "High Card (High Card)".
        assert line.startswith(f"**#{game.game}** {t('highcard.title')} · "), line
        for seat in game.live.row.seats:
            assert seat.name in line or "🤖" in line
        assert "🏆" in line
    menu = r.message.find_select(prefix=f"{PREFIX}:")
    picked = await server.select(ana, r.message, menu["custom_id"], [str(first.game)])
    (attachment,) = picked.message.attachments
    path = tmp_path / attachment.filename
    path.write_bytes(attachment.data)
    replay = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)], capture_output=True, text=True
    )
    assert replay.returncode == 0, replay.stderr
    assert json.loads(attachment.data) == first.live.record

    # Forget: Ana's results and rating go, her seat keeps its name.
    r = await server.slash(ana, server.channel, COMMAND, "forget")
    done = await server.click(ana, r.message, label=t("forget.confirm"))
    assert done.message.content == tn("forget.done", 1)
    r = await server.slash(ana, server.channel, COMMAND, "stats")
    assert r.message.content == t("stats.none", name=ana.display_name)
    r = await server.slash(ben, server.channel, COMMAND, "leaderboard")
    assert ana.display_name not in r.message.text and ben.display_name in r.message.text
    row = await storage.game(first.game)
    assert row.seats[0].user_id is None and row.seats[0].name == ana.display_name
