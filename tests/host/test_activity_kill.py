"""A SIGKILL of the bot during an Activity game loses nothing, and the web
table reconnects by itself to where the game stands: an action the table was
told is done is in the record after the restart, and the next one is played
from the same page. With the test game (tests/highcard)."""

from __future__ import annotations

import asyncio
import random
import socket
from pathlib import Path

from test_bot_crash import BotProcess

from bot.i18n import t
from bot.storage import Storage

from browser import Seat, chromium, open_table
from fakediscord.server import FakeDiscord
from tests.highcard.engine import GAME
from tests.highcard.players import COMMAND, PREFIX
from web_players import tap


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Process:
    """Stands in for the bot object the browser helpers ask for the port."""

    def __init__(self, port: int) -> None:
        self.web = type("Web", (), {"port": port})()


async def _move(seat: Seat, rng: random.Random) -> None:
    """Ana's move at the table: one of the cards of her hand, pointed at."""
    cards = seat.table.locator(".hand button.can")
    assert await tap(seat, cards.nth(rng.randrange(await cards.count())))


async def _game(db: Path) -> tuple[int, int, tuple[int, ...], int]:
    async with await Storage.open(db) as storage:
        (row,) = await storage.unfinished_games()
    state = GAME.replay(row.record).state
    return row.id, state.version, GAME.to_act(state), len(row.record["actions"])


async def _by_buttons(server: FakeDiscord, db: Path) -> None:
    """Whoever's turn it is plays a card from the table message's My cards."""
    async with await Storage.open(db) as storage:
        (row,) = await storage.unfinished_games()
    state = GAME.replay(row.record).state
    seat = GAME.to_act(state)[0]
    user = next(u for u in server.users if u.id == row.seats[seat].user_id)
    # The table as the channel shows it now (the stored id of a table just
    # posted rides on the next write: it may lag).
    mine = f"{PREFIX}:{row.id}:{state.version}:hand"
    async with asyncio.timeout(10):
        while not (
            table := next(
                (m for m in reversed(server.public_messages()) if mine in m.custom_ids()), None
            )
        ):
            await asyncio.sleep(0.02)
    hand = (await server.click(user, table, label=t("own_hand.button"))).message
    select = hand.find_select(prefix=f"{PREFIX}:{row.id}:")
    option = select["options"][0]
    r = await server.select(user, hand, select["custom_id"], [option["value"]])
    message = await r.wait_for_original(timeout=10)  # deferred, if the machine is slow
    assert t("own_hand.played", action=option["label"]) in message.text


async def test_sigkill_during_an_activity_game_loses_nothing_and_the_table_reconnects(
    discord_server: FakeDiscord, tmp_path: Path
) -> None:
    server = discord_server
    ana, ben = server.users[:2]
    db = tmp_path / "games.sqlite3"
    port = free_port()
    bot = BotProcess(server, tmp_path)
    bot.env = {"ACTIVITY_PORT": str(port), "DISCORD_CLIENT_SECRET": server.activities.client_secret}
    rng = random.Random(3)
    try:
        await bot.start()
        options = {"turn_timer": "off"}
        lobby = (await server.slash(ana, None, COMMAND, "new", options=options)).message
        assert lobby.find_button(t("activity.button.open")) is not None
        await server.click(ben, lobby, label="Join")
        await server.click(ana, lobby, label="Start")
        async with chromium() as browser:
            seat = await open_table(browser, server, Process(port), ana)  # type: ignore[arg-type]
            done = 0
            while done < 2:  # Ana's moves at the table, Ben's by command
                game, version, to_act, _ = await _game(db)
                if to_act[0] == 0:
                    await seat.at(game, version)
                    seen = len(seat.frames)  # only a frame for this move counts
                    await _move(seat, rng)
                    async with asyncio.timeout(10):  # the table was told it is done...
                        while not any(f.get("type") == "done" for f in seat.frames[seen:]):
                            await asyncio.sleep(0.01)
                    done += 1
                    await bot.kill()  # ...and the bot dies before anything else
                    assert (await _game(db))[1] == version + 1, "the move was stored"
                    await bot.start()
                    game, version, _, _ = await _game(db)
                    await seat.at(game, version, timeout=20_000)  # reconnected, by itself
                else:
                    await _by_buttons(server, db)
            status = await seat.table.locator("#live").text_content()
            assert status  # the table says whose move it is, as it stands
    finally:
        await bot.stop()
    logs = "\n".join(bot.log(run).read_text() for run in range(1, bot.runs + 1))
    assert "Traceback" not in logs, logs[-3000:]
