"""The server's language without asking (issue 29, point 1): a game opened
with no `language:` speaks, in public, the host's option, else the server's
saved language, else the server's own Discord locale, else English; each
player's private messages speak that player's own Discord locale. With the
test game (tests/highcard)."""

from __future__ import annotations

import pytest

from bot.i18n import LOCALES, locale_of, t, use_locale

from tests.highcard.players import COMMAND, Players

#: A server locale of every language we speak, and one we do not (German).
SERVERS = [("en-US", "en"), ("ru", "ru"), ("ja", "ja"), ("zh-TW", "zh-TW"), ("fr", "fr")]
SERVERS += [("de", "en")]
#: Each player's own client, in another language than the server's.
PLAYERS = ("ja", "fr", "ru")


def _title(message) -> str:
    return message.embeds[0].get("title", "")


@pytest.mark.parametrize(("server", "spoken"), SERVERS)
async def test_a_game_opened_without_a_language_speaks_the_servers(
    discord_server, bots, server, spoken
):
    discord_server.guild.locale = server
    users = discord_server.users[:3]
    for user, own in zip(users, PLAYERS, strict=True):
        user.locale = own
    await bots.start()
    players = Players(discord_server, bots, users, seed=3)
    with use_locale(spoken):  # the driver clicks the public buttons by their words
        await players.open()
    assert players.live.row.settings["language"] == spoken
    lobby = discord_server.public_messages()[0]
    assert _title(lobby) == t("lobby.title", spoken, game=t("highcard.title", spoken))
    table = players.table()
    assert _title(table) == t("hc.table.title", spoken, round=1)
    labels = {b.get("label") for b in table.buttons()}
    assert t("own_hand.button", spoken) in labels
    # Each player's hand, opened from the public table, speaks their own language.
    for user, own in zip(users, PLAYERS, strict=True):
        r = await discord_server.click(user, table, label=t("own_hand.button", spoken))
        assert _title(r.message) == t("own_hand.title", own), own


async def test_the_narration_speaks_the_servers_language(discord_server, bots):
    """From the lobby to the reveal: a Russian server, players of other languages."""
    discord_server.guild.locale = "ru"
    users = discord_server.users[:2]
    users[0].locale, users[1].locale = "fr", "en-GB"
    await bots.start()
    players = Players(discord_server, bots, users, seed=12)
    with use_locale("ru"):
        await players.open()
        while players.state.round == 1:
            await players.step()
    names, cards, winner = players.live.names(), players.state.last, None
    if cards.count(max(cards)) == 1:
        winner = names[cards.index(max(cards))]
    played = ", ".join(f"{name}: {card}" for name, card in zip(names, cards, strict=True))
    said = (
        t("hc.reveal.won", "ru", round=1, cards=played, name=winner)
        if winner
        else t("hc.reveal.tie", "ru", round=1, cards=played)
    )
    assert said in [m.content for m in discord_server.public_messages()]


async def test_the_option_beats_the_saved_language_which_beats_the_locale(discord_server, bots):
    discord_server.guild.locale = "fr"
    discord_server.guild.owner_id = discord_server.users[0].id
    await bots.start()
    host = discord_server.users[0]
    channel = discord_server.channel
    await discord_server.slash(host, channel, COMMAND, "language", options={"language": "ja"})
    r = await discord_server.slash(host, channel, COMMAND, "new")
    assert _title(r.message) == t("lobby.title", "ja", game=t("highcard.title", "ja"))
    await discord_server.click(host, r.message, label=t("lobby.button.cancel", "ja"))
    await bots.idle()
    r = await discord_server.slash(host, channel, COMMAND, "new", options={"language": "ru"})
    assert _title(r.message) == t("lobby.title", "ru", game=t("highcard.title", "ru"))


@pytest.mark.parametrize(("server", "spoken"), [("zh-TW", "zh-TW"), ("pt-BR", "en")])
async def test_the_leaderboard_speaks_the_servers_language(discord_server, bots, server, spoken):
    discord_server.guild.locale = server
    discord_server.users[0].locale = "ru"
    await bots.start()
    r = await discord_server.slash(
        discord_server.users[0], discord_server.channel, COMMAND, "leaderboard"
    )
    assert not r.response.ephemeral
    period = t("leaderboard.period.all", spoken)
    title = t("leaderboard.title", spoken, game=t("highcard.title", spoken), period=period)
    assert _title(r.message) == title


def test_every_supported_locale_is_spoken():
    assert {locale_of(server) for server, _ in SERVERS} == set(LOCALES)
