"""One game's commands where another game, or only a lobby, is (issue #30,
point 4): each says so, names the game there and the command to use, and
changes nothing; checked once in the host (`bot.interactions.command_checks`) for every command.

Two real games together are the point: each game's own commands (Mamma
Mia!'s hand, play, pass; Pizza Island's take, stop, decide) typed where the
other is played, and the refusal naming the other's by their own names, in
the player's language. The test game has none of those commands of its own."""

from __future__ import annotations

from typing import Any

from bot.i18n import join_or, t, use_locale

from fakediscord.server import FakeDiscord
from tests.mammamia.driver import Players
from tests.pizzaisland.driver import IslandPlayers

#: Options any command may need, valid as far as Discord is concerned.
OPTIONS: dict[str, dict[str, Any]] = {
    "play": {"ingredient": "salami", "count": 1, "draw": "supply"},
    "pass": {"draw": "supply"},
    "take": {"source": "deck"},
}

MM_OWN = "/mammamia hand, /mammamia play, or /mammamia pass"
PI_OWN = "/pizzaisland take, /pizzaisland stop, or /pizzaisland decide"


async def said(server: FakeDiscord, user: Any, channel: Any, group: str, command: str) -> str:
    options = dict(OPTIONS.get(command, {}))
    if command == "kick":
        options = {"player": server.users[1]}
    r = await server.slash(user, channel, group, command, options=options)
    assert r.response is not None and r.response.ephemeral, (group, command)
    message = await r.wait_for_original()
    return message.content


async def version_of(bots: Any, channel: Any) -> tuple[str, int] | None:
    row = await bots.current.service.storage.active_game(channel.id)
    return None if row is None else (row.status.value, row.version)


async def test_a_command_of_one_game_where_another_is_played(discord_server, bots):
    server = discord_server
    island, lobby_channel = server.add_channel("island"), server.add_channel("lobby")
    await bots.start()
    ana, ben, cleo, dario = server.users[:4]
    mm = Players(server, bots, [ana, ben], seed=3)
    await mm.open("classic")
    pi = IslandPlayers(server, bots, [cleo, dario], seed=5)
    pi.channel = island
    await pi.open()
    await server.slash(ana, lobby_channel, "mammamia", "new")
    before = {c.id: await version_of(bots, c) for c in (server.channel, island, lobby_channel)}

    def other_game(title: str, commands: str) -> str:
        return t("error.other_game", title=title, commands=commands)

    cases = [
        # Mamma Mia!'s commands where Pizza Island is played
        (cleo, island, "mammamia", "play", other_game("Pizza Island", PI_OWN)),
        (cleo, island, "mammamia", "pass", other_game("Pizza Island", PI_OWN)),
        (cleo, island, "mammamia", "hand", other_game("Pizza Island", PI_OWN)),
        (cleo, island, "mammamia", "kick", other_game("Pizza Island", "/pizzaisland kick")),
        (cleo, island, "mammamia", "table", other_game("Pizza Island", "/pizzaisland table")),
        (cleo, island, "mammamia", "leave", other_game("Pizza Island", "/pizzaisland leave")),
        (cleo, island, "mammamia", "join", other_game("Pizza Island", "/pizzaisland table")),
        (cleo, island, "mammamia", "start", other_game("Pizza Island", "/pizzaisland table")),
        (
            cleo,
            island,
            "mammamia",
            "new",
            t("error.busy_with", title="Pizza Island", command="/pizzaisland end"),
        ),
        # and the other way round
        (ana, None, "pizzaisland", "take", other_game("Mamma Mia!", MM_OWN)),
        (ana, None, "pizzaisland", "stop", other_game("Mamma Mia!", MM_OWN)),
        (ana, None, "pizzaisland", "decide", other_game("Mamma Mia!", MM_OWN)),
        (ana, None, "pizzaisland", "kick", other_game("Mamma Mia!", "/mammamia kick")),
        (ana, None, "pizzaisland", "end", other_game("Mamma Mia!", "/mammamia end")),
        # a lobby only: of the command's own game, and of another
        (
            ana,
            lobby_channel,
            "mammamia",
            "kick",
            t("error.lobby_only", title="Mamma Mia!", command="/mammamia start"),
        ),
        (
            ana,
            lobby_channel,
            "mammamia",
            "play",
            t("error.lobby_only", title="Mamma Mia!", command="/mammamia start"),
        ),
        (
            ben,
            lobby_channel,
            "pizzaisland",
            "take",
            t("error.other_lobby", title="Mamma Mia!", commands="/mammamia join"),
        ),
        (
            ben,
            lobby_channel,
            "pizzaisland",
            "join",
            t("error.other_lobby", title="Mamma Mia!", commands="/mammamia join"),
        ),
        (
            ana,
            lobby_channel,
            "pizzaisland",
            "start",
            t("error.other_lobby", title="Mamma Mia!", commands="/mammamia start"),
        ),
    ]
    for user, channel, group, command, expected in cases:
        assert await said(server, user, channel, group, command) == expected, (group, command)

    # a channel with nothing in it names this game's `new`
    empty = server.add_channel("empty")
    for command in ("kick", "play", "table"):
        text = await said(server, ana, empty, "mammamia", command)
        assert text == t("error.no_game", command="/mammamia new")
    text = await said(server, ana, empty, "pizzaisland", "join")
    assert text == t("error.no_lobby", command="/pizzaisland new")
    after = {c.id: await version_of(bots, c) for c in (server.channel, island, lobby_channel)}
    assert after == before, "nothing changed anywhere"

    # the rules asked for are that game's, whatever is played here
    r = await server.slash(cleo, island, "mammamia", "rules")
    assert "Mamma Mia" in (await r.wait_for_original()).embeds[0]["title"]


async def test_in_the_players_language_with_its_command_names(discord_server, bots):
    server = discord_server
    await bots.start()
    ana, ben = server.users[:2]
    mm = Players(server, bots, [ana, ben], seed=3)
    await mm.open("classic")
    ben.locale = "ru"
    text = await said(server, ben, None, "pizzaisland", "take")
    with use_locale("ru"):
        names = [t(f"command.mammamia.{c}.name") for c in ("hand", "play", "pass")]
        assert names != ["hand", "play", "pass"], "Russian names its commands in Russian"
        own = join_or([f"/mammamia {n}" for n in names])
        assert text == t("error.other_game", title=t("mammamia.title"), commands=own)
