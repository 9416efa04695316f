"""#42.2 A clean stop: SIGTERM (what `docker stop` and `systemctl stop`
send) and SIGINT (Ctrl+C) stop the real bot process within 10 s with exit
code 0 and no traceback: the interactions in flight are answered, the
writes finished, the workers and servers stopped; a new interaction meanwhile
is told the bot is restarting. Mid-game and mid-reveal, nothing is lost, and
the restarted bot goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from test_bot_crash import (
    BotProcess,
    hand_of_the_turn,
    kind_of,
    leave,
    play_a_turn,
    play_from,
    published,
    quiet,
    untimed_lobby,
)

from bot.i18n import t, use_locale
from bot.storage import GameStatus

from fakediscord.models import FakeMessage
from fakediscord.server import FakeDiscord
from tests.highcard.engine import GAME, ROUNDS
from tests.highcard.players import COMMAND

#: At most this long from the signal to the process's end.
STOP_WITHIN = 10.0
#: What a stop must not leave in the log.
UNCLEAN = ("Traceback", "leaked semaphore", "Session is closed", "\x1b[")


def assert_clean(log: str) -> None:
    for mark in UNCLEAN:
        assert mark not in log, (mark, log[-3000:])
    assert log.rstrip().endswith("bot: Stopped"), log[-1500:]


def stored(db: Path) -> tuple[str, int, dict[str, Any]]:
    """(status, version, record) of the channel's game, read as a person would."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        status, version, record = conn.execute(
            "SELECT status, version, record FROM games ORDER BY id DESC LIMIT 1"
        ).fetchone()
    return status, version, json.loads(record)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_a_signal_mid_game_stops_cleanly_and_loses_nothing(
    discord_server: FakeDiscord, tmp_path: Path, signum: signal.Signals
) -> None:
    server = discord_server
    ana, ben = server.users[:2]
    db = tmp_path / "games.sqlite3"
    bot = BotProcess(server, tmp_path)
    try:
        await bot.start()
        lobby = await untimed_lobby(server, ana)
        await server.click(ben, lobby, label=t("lobby.button.join"))
        await server.click(ana, lobby, label=t("lobby.button.start"))
        await quiet(server)
        await play_a_turn(server, db)
        await quiet(server)

        # A turn in flight when the signal comes: it is answered, and it is
        # applied (committed before its answer) or not at all, never half.
        _, before, _ = stored(db)
        user, hand = await hand_of_the_turn(server, db)
        turn = asyncio.create_task(play_from(server, user, hand, applied=False))
        async with asyncio.timeout(10):
            while not any(not r.answered.is_set() for r in server.interactions.values()):
                await asyncio.sleep(0.001)
        assert bot.proc is not None
        os.kill(bot.proc.pid, signum)
        code, took = await bot.stopped()
        answer = (await turn).message  # answered: the move's words, or the refusal's
        assert answer is not None
        said = [t("own_hand.played", action=t("hc.hand.option", card=c)) for c in range(1, 10)]
        played = any(words in answer.text for words in said)
        assert played or answer.content == t("error.stopping"), answer.text
        assert code == 0, bot.log(bot.runs).read_text()[-3000:]
        assert took < STOP_WITHIN
        assert_clean(bot.log(bot.runs).read_text())
        status, after, record = stored(db)
        assert status == GameStatus.RUNNING and after in (before, before + 1)
        assert len(record["actions"]) == after, "the record and the version agree"

        # The restarted bot goes on: the next turn plays.
        await bot.start()
        await quiet(server)
        await play_a_turn(server, db)
        await quiet(server)
        _, version, record = stored(db)
        assert version == after + 1
        state = GAME.replay(record).state
        assert len(record["actions"]) == version and not GAME.is_over(state)
    finally:
        await bot.stop()
    assert not server.violations


async def test_sigterm_mid_reveal_stops_cleanly_and_the_reveal_goes_on(
    discord_server: FakeDiscord, tmp_path: Path
) -> None:
    """Both players leave: the bot plays their seats to the end, narrating each
    round's reveal at its pace; SIGTERM comes as the first reveal is posted."""
    server = discord_server
    ana, ben = server.users[:2]
    db = tmp_path / "games.sqlite3"
    bot = BotProcess(server, tmp_path)
    bot.env = {"QUICKBOT_PACE": "0.05"}
    revealed: list[FakeMessage] = []
    signalled: list[float] = []

    async def on_post(message: FakeMessage) -> None:
        if kind_of(server, message) == "reveal" and not revealed:
            revealed.append(message)
            assert bot.proc is not None
            bot.proc.send_signal(signal.SIGTERM)
            signalled.append(time.monotonic())

    try:
        await bot.start()
        lobby = await untimed_lobby(server, ana)
        await server.click(ben, lobby, label=t("lobby.button.join"))
        await server.click(ana, lobby, label=t("lobby.button.start"))
        await quiet(server)
        server.on_create.append(on_post)
        for user in (ana, ben):  # both leave: the bot plays both seats to the end
            await leave(server, user)
        code, _ = await bot.stopped(timeout=120)
        took = time.monotonic() - signalled[0]  # from the signal to the exit
        server.on_create.remove(on_post)
        assert revealed, "stopped as the reveal was posted"
        assert code == 0 and took < STOP_WITHIN, (took, bot.log(bot.runs).read_text()[-2000:])
        assert_clean(bot.log(bot.runs).read_text())
        status, version, record = stored(db)
        assert status == GameStatus.RUNNING and len(record["actions"]) == version

        bot.env = {}
        await bot.start()
        await published(db, timeout=120)  # the game played to its end, all said
        await quiet(server)
    finally:
        await bot.stop()
    status, version, record = stored(db)
    assert status == GameStatus.FINISHED and len(record["actions"]) == version
    GAME.replay(record)  # the record still rebuilds the game
    reveals = [
        m
        for m in server.messages.values()
        if m.channel_id == server.channel.id and kind_of(server, m) == "reveal"
    ]
    lines = [m.content for m in reveals]
    assert len(lines) == len(set(lines)) == ROUNDS, "one reveal message per round, never twice"
    assert revealed[0] in reveals and not revealed[0].deleted, "the reveal stopped goes on"
    finals = [m for m in server.messages.values() if kind_of(server, m) == "final"]
    assert len(finals) == 1
    assert not server.violations


async def test_an_interaction_while_stopping_is_told_the_bot_restarts(
    discord_server: FakeDiscord, bots: Any
) -> None:
    """Between the signal and the gateway's close, a new click or command is
    not started: its player is told, privately and in their language."""
    bot = await bots.start()
    bot.stopping = True  # what the signal handler's close sets first
    ana = discord_server.users[0]
    ana.locale = "fr"
    result = await discord_server.slash(ana, None, COMMAND, "new")
    assert result.response is not None and result.response.ephemeral
    with use_locale("fr"):
        assert result.message is not None and result.message.content == t("error.stopping")
    assert await bot.storage.active_game(discord_server.channel.id) is None, "nothing opened"
    bot.stopping = False
