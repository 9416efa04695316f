"""Issue 41, a quiet channel: whole games of three kinds, played on the
loopback Discord as people on phones play them (each keeps their hand open),
counted: the mentions (none to the actor, none beyond the waits), the table
posts (at most the hand-overs plus two a round), one narration post a round,
the taps per turn, and every version of a reveal as a phone shows it (at most
20 lines of 36 columns, two pictures, an edit a second at most). The
narration runs at the game's own pace, on the loopback Discord's clock."""

from __future__ import annotations

import pytest
from quiet import Figures, Quiet, narrated_in_virtual_time

from bot.i18n import use_locale

from tests.mammamia.driver import Players
from tests.pizzaisland.driver import IslandPlayers


def speaking(server, users, locale: str) -> str:
    """The people's and the server's language; the game's, as `new` takes it."""
    for user in users:
        user.locale = locale
    server.guild.locale = locale
    return "en" if locale == "en-US" else locale.lower()


def quiet(figures: Figures) -> None:
    assert figures.to_actor == 0, figures.line()
    assert figures.beyond == 0, figures.line()
    assert figures.mentions <= figures.waits, figures.line()
    assert figures.table_posts <= figures.handovers + 2 * figures.rounds + 1, figures.line()
    assert figures.narration_posts == figures.rounds, figures.line()
    assert figures.share_within(3) >= 0.9, figures.line()
    assert figures.reveal_lines <= 20, figures.line()
    assert figures.reveal_pictures <= 2, figures.line()
    assert figures.fast_edits == 0, figures.line()
    assert figures.decision_buried == 0, figures.line()


@pytest.mark.parametrize("locale", ["fr", "en-US"])
async def test_a_classic_game_of_four_is_quiet(discord_server, bots, monkeypatch, locale):
    narrated_in_virtual_time(discord_server, monkeypatch)
    bots.pace = None  # the game's own pace
    users = discord_server.users[:4]
    language = speaking(discord_server, users, locale)
    await bots.start()
    players = Players(discord_server, bots, users, seed=41)
    players.by_controls = 1.0
    counted = Quiet(discord_server, players)
    with use_locale(locale):
        await players.open("classic", language=language)
        await counted.play_to_end()
    figures = counted.figures()
    print(f"classic, 4 people, {locale}:", figures.line())
    quiet(figures)


@pytest.mark.parametrize("locale", ["ru", "ja"])
async def test_a_plus_game_of_five_with_help_is_quiet(discord_server, bots, monkeypatch, locale):
    narrated_in_virtual_time(discord_server, monkeypatch)
    bots.pace = None
    users = discord_server.users[:5]
    language = speaking(discord_server, users, locale)
    await bots.start()
    players = Players(discord_server, bots, users, seed=11)
    players.by_controls = 1.0
    players.refuse_all = 0.5  # half the refusals are for the rest of the round, in one press
    counted = Quiet(discord_server, players)
    with use_locale(locale):
        await players.open("plus", help=True, language=language)
        await counted.play_to_end()
    figures = counted.figures()
    print(f"plus with help, 5 people, {locale}:", figures.line())
    quiet(figures)


@pytest.mark.parametrize("locale", ["zh-TW", "en-US"])
async def test_a_pizza_island_advanced_match_of_four_is_quiet(discord_server, bots, locale):
    users = discord_server.users[:4]
    language = speaking(discord_server, users, locale)
    await bots.start()
    players = IslandPlayers(discord_server, bots, users, seed=44)
    counted = Quiet(discord_server, players)
    with use_locale(locale):
        await players.open(level="advanced", language=language)
        await counted.play_to_end()
    figures = counted.figures()
    print(f"pizza island advanced, 4 people, {locale}:", figures.line())
    quiet(figures)


@pytest.mark.slow
async def test_hurried_games_post_one_reveal_a_round(discord_server, bots):
    """Two people who play as soon as their turn comes, without waiting for
    the table (commands typed ahead): over many games, each round's reveal
    is posted once (issue 41 saw one game in ten with a reveal twice)."""
    await bots.start()
    twice = []
    for game in range(GAMES):
        players = Players(discord_server, bots, discord_server.users[:2], seed=100 + game)
        players.by_controls = 0.0  # typed commands: nothing to wait for
        await players.open("classic", turn_timer="off")
        for _ in range(2000):
            if players.live.state.phase != "turn":
                await bots.idle()  # a decision is taken on the reveal: once it is out
            state = players.live.state
            if state.phase == "over":
                break
            await players.step(wait=state.phase != "turn")
        await bots.idle()
        live = players.live
        mark = f"mm:{live.id}:0:rules:n"
        posted = [m for m in discord_server.bot_posts() if mark in m.custom_ids()]
        if len(posted) != live.state.round:
            twice.append((live.id, len(posted), live.state.round))
    print(f"{GAMES} hurried games: a round's reveal posted more than once in {len(twice)}", twice)
    assert not twice


#: Games the hurried test plays.
GAMES = 20
