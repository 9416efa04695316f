"""Pizza Island on the loopback Discord, played as users would (PI-I1 and the
bot's side of the Pizza Island issue)."""

from __future__ import annotations

import pytest

from bot.games.pizzaisland import render
from engine.pizzaisland import actions as pi

from messages import version_texts
from tests.pizzaisland.driver import IslandPlayers


async def _match(discord_server, bots, seats=3, seed=11, computers=(), **options):
    await bots.start()
    players = IslandPlayers(discord_server, bots, discord_server.users[:seats], seed=seed)
    await players.open(computers, **options)
    return players


def _public_texts(discord_server) -> list[str]:
    texts: list[str] = []
    for message in discord_server.public_messages(discord_server.channel):
        texts += version_texts(message)
    return texts


async def test_pi_a_normal_match_of_three_by_wins(discord_server, bots):
    players = await _match(discord_server, bots, seats=3, level="normal", scoring="wins")
    players.prefer = {pi.Take: 3.0, pi.Replace: 2.0}
    await players.play_to_end()
    live = players.live
    view = live.rules.public_view(live.state).to_json()
    assert view["phase"] == "match-over" and max(p["wins"] for p in view["players"]) == 2
    public = discord_server.public_messages(discord_server.channel)
    finals = [m for m in public if render.t("final.button.again") in str(m.components)]
    assert len(finals) == 1
    winner = live.names()[view["match_winner"]]
    assert render.t("pi.final.title", name=winner) in finals[0].text
    results = [m for m in public if "Game " in m.text and "wins!" in m.text]
    assert len(results) >= 2  # each game's end is announced
    assert players.coverage["take_deck"] and players.coverage["stop"]


async def test_pi_an_advanced_match_of_two_by_points_with_heroes(discord_server, bots):
    players = await _match(
        discord_server, bots, seats=2, seed=6, level="advanced", scoring="points"
    )
    players.prefer = {pi.Decline: 0.05, pi.Stop: 0.3}  # use heroes whenever one opens
    await players.play_to_end()
    live = players.live
    view = live.rules.public_view(live.state).to_json()
    assert view["phase"] == "match-over"
    assert len(view["results"]) >= 3  # by points: three games, and any extra game
    used = {k for k in ("mushroom", "pepper", "knife", "fork") if players.coverage[k]}
    assert used == {"mushroom", "pepper", "knife", "fork"}, "each hero, through Decide"
    assert players.coverage["page"], "a hero's ways past 25, on the decision's next page"
    assert players.coverage["discard"] and players.coverage["replace"], "third-colour choices"
    assert players.coverage["take_ship"], "a card was taken from the Captain's Ship"
    held = {name: seat for name, seat in view["achievements"].items() if seat is not None}
    assert held, "PI-A3: an achievement was won and carried across the match"
    table = discord_server.get_message(live.row.table_message_id)
    assert any(
        render.t(f"pi.achievement.{name}", name=live.names()[seat]) in table.text
        for name, seat in held.items()
    ), "the table names the holders"


async def test_pi_i1_what_a_mushroom_or_pepper_shows_is_never_public(discord_server, bots):
    players = await _match(discord_server, bots, seats=2, seed=8, level="normal")
    players.prefer = {pi.Decline: 0.01, pi.Mushroom: 5.0, pi.Pepper: 5.0}
    for _ in range(400):
        if players.seen_cards or players.live.rules.is_over(players.live.state):
            break
        await players.step()
    assert players.seen_cards, "a Mushroom or a Pepper was decided"
    field_name = render.t("pi.decide.seen")
    for text in _public_texts(discord_server):
        assert field_name not in text
    for message in discord_server.public_messages(discord_server.channel):
        for old in [message.text, *(str(v) for v in message.history)]:
            assert field_name not in old


async def test_pi_an_out_of_turn_click_is_refused_privately(discord_server, bots):
    players = await _match(discord_server, bots, seats=2, seed=3)
    live = players.live
    acting = live.rules.to_act(live.state)[0]
    other = players.user_of(1 - acting)
    version = live.version
    r = await discord_server.click(other, players.table(), label=render.t("pi.button.take_deck"))
    assert r.response.ephemeral
    assert r.message.content == render.t("pi.error.not_your_turn", name=live.names()[acting])
    assert players.live.version == version


async def test_pi_one_person_and_two_computers_play_an_easy_match(discord_server, bots):
    players = await _match(
        discord_server, bots, seats=1, seed=4, computers=("easy", "medium"), level="easy"
    )
    await players.play_to_end()
    live = players.live
    assert live.rules.is_over(live.state)
    movers = {a["seat"] for a in live.rules.actions_of(live.record)}
    assert {1, 2} <= movers, "both computer seats played their turns"


@pytest.mark.real_computers
async def test_pi_every_difficulty_plays_as_shipped(discord_server, bots):
    players = await _match(
        discord_server, bots, seats=1, seed=5, computers=("easy", "medium", "hard"), level="easy"
    )
    assert [s.agent for s in players.live.row.seats] == [None, "easy", "medium", "hard"]
    await players.play_to_end()
    live = players.live
    assert live.rules.is_over(live.state)
    movers = {a["seat"] for a in live.rules.actions_of(live.record)}
    assert {1, 2, 3} <= movers, "every computer seat played its turns"


async def test_pi_a_restart_mid_turn_resumes_the_match(discord_server, bots):
    players = await _match(discord_server, bots, seats=2, seed=9)
    for _ in range(5):
        await players.step()
    live = players.live
    version, state_json = live.version, live.state.to_json()
    await bots.stop()
    await bots.start()
    resumed = await bots.current.service.games.live(players.game)
    assert resumed.version == version and resumed.state.to_json() == state_json
    players._live = None
    await players.play_to_end()
