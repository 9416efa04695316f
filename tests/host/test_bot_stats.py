"""Results, stats, the leaderboard, history and forgetting, after whole games
with computer seats on the loopback Discord (issue: stats and leaderboards)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from bot.flow import stats
from bot.i18n import percent, t, tn

from driver import Players
from pi_driver import IslandPlayers


@pytest.fixture(autouse=True)
def one_game_is_enough(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "MIN_GAMES", 1)
    monkeypatch.setattr("bot.interactions.standings.MIN_GAMES", 1)


async def _play(server, bots, users, seed: int, computers: tuple[str, ...]) -> Players:
    players = Players(server, bots, users, seed=seed)
    await players.open("classic", computers=computers, turn_timer="off")
    await players.play_to_end()
    await bots.idle()
    return players


def places(players: Players | IslandPlayers) -> dict[int, int]:
    ranking = players.live.rules.ranking(players.live.state)
    return {seat: place for place, tied in enumerate(ranking, 1) for seat in tied}


async def test_stats_leaderboard_history_and_forget_after_two_games(discord_server, bots, tmp_path):
    server = discord_server
    await bots.start()
    ana, ben = server.users[:2]
    first = await _play(server, bots, [ana], 51, ("easy", "hard"))
    second = await _play(server, bots, [ben], 52, ("hard",))

    # The final ranking carries the summary of what each player did.
    final = [
        m for m in server.messages.values() if not m.ephemeral and t("summary.title") in m.text
    ]
    assert len(final) == 2
    assert all(seat.name in final[0].text for seat in first.live.row.seats)

    # Recorded once each, and still there after a restart.
    await bots.stop()
    await bots.start()
    storage = bots.current.service.storage
    recorded = await storage.recent_results(server.guild.id, "mammamia")
    assert {r.game_id: {s.seat: s.place for s in r.seats} for r in recorded} == {
        first.game: places(first),
        second.game: places(second),
    }

    r = await server.slash(ana, server.channel, "mammamia", "stats")
    assert r.response.ephemeral
    assert t("stats.title", name=ana.display_name) in r.message.text
    assert t("variant.classic") in r.message.text
    won = int(first.live.state.winners == [0])
    rate = percent(won)
    assert f"{tn('stats.games', 1)} · {tn('stats.won', won, rate=rate)}" in r.message.text
    assert "1 game ·" in r.message.text  # one game, not "1 games"

    # Both games had a hard computer: rated as one player, apart from the people.
    r = await server.slash(ben, server.channel, "mammamia", "leaderboard")
    assert not r.response.ephemeral
    board = r.message.embeds[0]
    people = board["description"]
    assert ana.display_name in people and ben.display_name in people
    (computers,) = board["fields"]
    assert computers["name"] == t("leaderboard.computers")
    assert t("leaderboard.computer", level=t("computer.level.hard")) in computers["value"]
    assert "🤖" not in people
    ratings = [int(n) for n in re.findall(r"— \*\*(-?[0-9]+)\*\*", people)]
    assert len(ratings) == 2 and all(n >= 0 for n in ratings)
    assert ratings == sorted(ratings, reverse=True)
    assert tn("leaderboard.games", 1) in people  # wins and games beside the rating
    assert board["footer"]["text"] == tn("leaderboard.footer", 1)
    hard = await storage.leaderboard(server.guild.id, "mammamia", "all")
    assert {row.player: row.games for row in hard}["computer:hard"] == 2
    r = await server.slash(
        ben, server.channel, "mammamia", "leaderboard", options={"period": "week"}
    )
    assert ben.display_name in r.message.text

    # History lists both games, each with its box, players and result, and no
    # other game's; exporting one replays with the command line.
    r = await server.slash(ana, server.channel, "mammamia", "history")
    assert r.response.ephemeral and f"#{first.game}" in r.message.text
    lines = r.message.embeds[0]["description"].split("\n")
    assert len(lines) == 2
    for line, game in zip(lines, (second, first), strict=True):
        # The box names the game: "Mamma Mia!", never "Mamma Mia! (Mamma Mia!)".
        assert line.startswith(f"**#{game.game}** {t('variant.classic')} · "), line
        for seat in game.live.row.seats:
            assert seat.name in line or "🤖" in line
        assert "🏆" in line
    other = await server.slash(ana, server.channel, "pizzaisland", "history")
    assert other.message.content == t("history.none", game=t("pizzaisland.title"))
    menu = r.message.find_select(prefix="mm:")
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
    r = await server.slash(ana, server.channel, "mammamia", "forget")
    done = await server.click(ana, r.message, label=t("forget.confirm"))
    assert done.message.content == tn("forget.done", 1)
    r = await server.slash(ana, server.channel, "mammamia", "stats")
    assert r.message.content == t("stats.none", name=ana.display_name)
    r = await server.slash(ben, server.channel, "mammamia", "leaderboard")
    assert ana.display_name not in r.message.text and ben.display_name in r.message.text
    row = await storage.game(first.game)
    assert row.seats[0].user_id is None and row.seats[0].name == ana.display_name


async def test_a_pizza_island_match_is_summarised_and_counted_in_points(discord_server, bots):
    await bots.start()
    ana = discord_server.users[0]
    players = IslandPlayers(discord_server, bots, [ana], seed=61)
    await players.open(computers=("hard",), turn_timer="off")
    await players.play_to_end()
    await bots.idle()
    final = [m for m in discord_server.messages.values() if t("summary.title") in m.text]
    (message,) = final
    view = players.live.rules.public_view(players.live.state).to_json()
    for seat in players.live.row.seats:  # slices placed in each game of the match, per player
        found = re.search(
            rf"\*\*{re.escape(seat.name)}\*\*: slices per game ([0-9 ·]+) ·", message.text
        )
        assert found is not None, message.text
        assert len(found[1].split(" · ")) == len(view["results"])
    stored = await bots.current.service.storage.player_results(
        discord_server.guild.id, "pizza-island", str(ana.id)
    )
    assert [(r.place, r.score) for r in stored] == [
        (places(players)[0], view["players"][0]["points"])
    ]
    r = await discord_server.slash(ana, discord_server.channel, "pizzaisland", "stats")
    assert t("stats.score.points") in r.message.text and t("pi.level.normal") in r.message.text
    # Its history names the game and its level, and lists no Mamma Mia! game.
    r = await discord_server.slash(ana, discord_server.channel, "pizzaisland", "history")
    (line,) = r.message.embeds[0]["description"].split("\n")
    assert line.startswith(f"**#{players.game}** Pizza Island ({t('pi.level.normal')})"), line
    r = await discord_server.slash(ana, discord_server.channel, "mammamia", "history")
    assert r.message.content == t("history.none", game=t("mammamia.title"))
