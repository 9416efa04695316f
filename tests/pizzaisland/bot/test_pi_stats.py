"""A Pizza Island match's results: its summary, its points, its level in the
stats and the history, apart from another game's (the host's stats, the
leaderboard, history and forgetting: tests/host/test_bot_stats.py)."""

from __future__ import annotations

import re

import pytest

from bot.flow import stats
from bot.i18n import t

from tests.pizzaisland.driver import IslandPlayers


@pytest.fixture(autouse=True)
def one_game_is_enough(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "MIN_GAMES", 1)
    monkeypatch.setattr("bot.interactions.standings.MIN_GAMES", 1)


def places(players: IslandPlayers) -> dict[int, int]:
    ranking = players.live.rules.ranking(players.live.state)
    return {seat: place for place, tied in enumerate(ranking, 1) for seat in tied}


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
    # Its history names the game and its level; another game's lists none of it.
    r = await discord_server.slash(ana, discord_server.channel, "pizzaisland", "history")
    (line,) = r.message.embeds[0]["description"].split("\n")
    assert line.startswith(f"**#{players.game}** Pizza Island ({t('pi.level.normal')})"), line
    r = await discord_server.slash(ana, discord_server.channel, "highcard", "history")
    assert r.message.content == t("history.none", game=t("highcard.title"))
