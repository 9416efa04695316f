"""A third game that lives only in the tests' folders (`tests/highcard`) is
found by the host through `GAME_PACKAGES` (tests/conftest.py) and played whole on the loopback
Discord: its own command group and `new` (from its declared settings), its
lobby, its table, its private hands, its narrated reveals, its final ranking
and its statistics. No host file names it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bot.i18n import t

from fakediscord.server import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


def test_no_host_file_knows_the_third_game() -> None:
    host = [p for p in (ROOT / "bot").rglob("*") if p.is_file() and p.suffix in (".py", ".po")]
    host += [p for p in (ROOT / "cogs").rglob("*.py")]
    for path in host:
        text = path.read_text(encoding="utf-8").lower()
        assert "highcard" not in text and "high card" not in text, path


async def test_a_game_from_the_tests_folders_plays_whole(
    discord_server: FakeDiscord, bots: object
) -> None:
    from tests.highcard.engine import GAME  # found by the registry, imported here to play it

    await bots.start()  # type: ignore[attr-defined]
    ana, ben = discord_server.users[:2]
    channel = discord_server.channel
    # /highcard new: its group and its option (pace) come from what the game declares
    commands = {c["name"]: c for c in discord_server.commands_for(discord_server.guild)}
    assert "highcard" in commands
    new = next(o for o in commands["highcard"]["options"] if o["name"] == "new")
    assert {o["name"] for o in new["options"]} >= {"pace", "turn_timer", "language"}
    r = await discord_server.slash(ana, channel, "highcard", "new", options={"pace": "brisk"})
    lobby = r.message
    assert t("lobby.title", game="High Card") in lobby.text
    await discord_server.click(ben, lobby, label=t("lobby.button.join"))
    await discord_server.click(ana, lobby, label=t("lobby.button.start"))
    await bots.idle()  # type: ignore[attr-defined]
    row = await bots.current.service.storage.active_game(channel.id)  # type: ignore[attr-defined]
    assert row is not None and row.game == "highcard" and row.settings["pace"] == "brisk"
    users = {ana.id: ana, ben.id: ben}
    while True:
        live = bots.current.service.games.held(row.id)
        if live is None or GAME.is_over(live.state):
            break
        seat = GAME.to_act(live.state)[0]
        user = users[live.row.seats[seat].user_id]
        table = discord_server.get_message(live.row.table_message_id)
        hand = (await discord_server.click(user, table, label=t("own_hand.button"))).message
        assert hand.ephemeral
        select = hand.find_select(prefix=f"hc:{row.id}:")
        card = select["options"][0]["value"]
        await discord_server.select(user, hand, select["custom_id"], [card])
        await bots.idle()  # type: ignore[attr-defined]
    done = await bots.current.service.storage.game(row.id)  # type: ignore[attr-defined]
    assert done is not None and done.status == "finished"
    # Three narrated reveals and the final ranking, all public; no hand ever public.
    public = [m for m in discord_server.messages.values() if not m.ephemeral]
    reveals = [m for m in public if re.search(r"Round \d: ", m.text)]
    assert len(reveals) == 3
    final = discord_server.get_message(done.narration["final_message_id"])
    assert final is not None and t("final.button.again") in json.dumps(final.components)
    for message in public:
        assert "Your cards" not in message.text
    # Its statistics, recorded by the host like any game's.
    stats = await discord_server.slash(ana, channel, "highcard", "stats")
    assert stats.response.ephemeral and "High Card" in stats.message.text
