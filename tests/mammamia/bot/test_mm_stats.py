"""A Mamma Mia! game's results as the host shows them: the final ranking's
summary of what each player did, and its box in the stats and the history
(the host's stats, leaderboard and forgetting: tests/host/test_bot_stats.py)."""

from __future__ import annotations

import pytest

from bot.flow import stats
from bot.i18n import t

from tests.mammamia.driver import Players


@pytest.fixture(autouse=True)
def one_game_is_enough(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "MIN_GAMES", 1)
    monkeypatch.setattr("bot.interactions.standings.MIN_GAMES", 1)


async def test_a_classic_game_is_summarised_and_named_by_its_box(discord_server, bots):
    server = discord_server
    await bots.start()
    ana = server.users[0]
    players = Players(server, bots, [ana], seed=51)
    await players.open("classic", computers=("easy",), turn_timer="off")
    await players.play_to_end()
    await bots.idle()
    (final,) = [m for m in server.public_messages() if t("summary.title") in m.text]
    assert all(seat.name in final.text for seat in players.live.row.seats)

    r = await server.slash(ana, server.channel, "mammamia", "stats")
    assert t("variant.classic") in r.message.text
    r = await server.slash(ana, server.channel, "mammamia", "history")
    (line,) = r.message.embeds[0]["description"].split("\n")
    # The box names the game: "Mamma Mia!", never "Mamma Mia! (Mamma Mia!)".
    assert line.startswith(f"**#{players.game}** {t('variant.classic')} · "), line
