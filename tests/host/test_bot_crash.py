"""Nothing is posted twice when the process dies (SIGKILL) right after a post.

The bot runs as a real process against the loopback Discord. The fake stops it
after it posted a message and before the bot hears the message's id, which is
the worst moment: the post exists, the database does not know it. A new
process on the same database must carry on with that very message, never post
it again, and leave no stray table or control behind, nor mention anyone
twice — after a short outage (when Discord still remembers the post's nonce)
and after one longer than Discord's nonce memory and the interactions' 15
minutes (when the bot finds its own earlier posts by their components).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import re
import signal
import sqlite3
import sys
import time
from pathlib import Path

import pytest

from bot.i18n import t
from bot.storage import GameRow, GameStatus, Storage

from bots import TEST_TEMPO
from fakediscord.interactions import InteractionResult
from fakediscord.models import FakeMessage, FakeUser
from fakediscord.server import FakeDiscord
from tests.highcard.engine import GAME, ROUNDS
from tests.highcard.players import COMMAND, PREFIX

ROOT = Path(__file__).resolve().parents[2]
QUICKBOT = ROOT / "tests" / "support" / "quickbot.py"


def kind_of(server: FakeDiscord, message: FakeMessage) -> str | None:
    """What a post of the bot in the channel is, by what a player sees (a game
    of the test game, High Card: its table is an embed, each reveal a line)."""
    if message.author is not server.bot_user or message.ephemeral or server.is_answer(message):
        return None  # the lobby and answers to commands are interaction responses
    if any(cid.endswith(":again") for cid in message.custom_ids()):
        return "final"
    if not message.embeds and REVEAL.match(message.content):
        return "reveal"
    if message.embeds and TABLE.match(message.embeds[0].get("title", "")):
        # A person's new turn brings the table down with a mention.
        return "ping" if "<@" in message.content else "table"
    return "other"


def _pattern(key: str, *names: str) -> str:
    """The catalog's English sentence `key`, each of its `names` standing for anything."""
    text = re.escape(t(key, "en", **{name: f"\x00{name}\x00" for name in names}))
    for name in names:
        text = text.replace(re.escape(f"\x00{name}\x00"), ".+?")
    return text


#: High Card's reveal (a winner's or a tie's) and its table.
REVEAL = re.compile(
    "|".join(_pattern(k, "round", "cards", "name") for k in ("hc.reveal.won", "hc.reveal.tie"))
)
TABLE = re.compile(_pattern("hc.table.title", "round"))


class BotProcess:
    """`python -m bot` (at test tempo) as a child process on one database."""

    def __init__(self, server: FakeDiscord, tmp: Path) -> None:
        self.server, self.tmp = server, tmp
        server.limits.tempo = TEST_TEMPO
        self.proc: asyncio.subprocess.Process | None = None
        self.runs = 0
        self.killed_run = 0
        self.env: dict[str, str] = {}  # more of the environment (e.g. ACTIVITY_PORT)

    def log(self, run: int) -> Path:
        return self.tmp / f"bot-{run}.log"

    async def start(self, timeout: float = 30) -> None:
        self.runs += 1
        env = {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": self.server.token,
            "DATABASE_PATH": str(self.tmp / "games.sqlite3"),
            "DEV_GUILD_ID": str(self.server.guild.id),
            "DISCORD_API_BASE": self.server.api_base,
            "DISCORD_GATEWAY_URL": self.server.gateway_url,
            "LOG_LEVEL": "INFO",
            # the tests' own game too, as in the test process (tests/conftest.py)
            "GAME_PACKAGES": os.environ.get("GAME_PACKAGES", ""),
            **self.env,
        }
        old = {s.session_id for s in self.server.sessions}
        with self.log(self.runs).open("wb") as out:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, str(QUICKBOT), cwd=self.tmp, env=env, stdout=out, stderr=out
            )
        async with asyncio.timeout(timeout):  # connected, and READY handled
            while not (
                any(s.open and s.session_id not in old for s in self.server.sessions)
                and b"connected to Gateway" in self.log(self.runs).read_bytes()
                and self.server.guild_commands.get(self.server.guild.id)
            ):
                if self.killed_run == self.runs:
                    return  # killed while starting: it posted what it owed at once
                assert self.proc.returncode is None, self.log(self.runs).read_text()
                await asyncio.sleep(0.02)

    async def kill(self) -> None:
        """SIGKILL: no clean-up of any kind in the bot."""
        assert self.proc is not None
        self.killed_run = self.runs
        os.kill(self.proc.pid, signal.SIGKILL)
        await self.proc.wait()
        async with asyncio.timeout(5):  # the fake has seen the connection go
            while any(s.open for s in self.server.sessions):
                await asyncio.sleep(0.01)

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            await self.proc.wait()

    async def stopped(self, timeout: float = 30) -> tuple[int, float]:
        """After a signal: its exit code, and the seconds it took to exit."""
        assert self.proc is not None
        start = time.monotonic()
        async with asyncio.timeout(timeout):
            code = await self.proc.wait()
        return code, time.monotonic() - start


class Killer:
    """Kills the bot right after it posts each kind of message in `plan`, in order."""

    def __init__(
        self, server: FakeDiscord, bot: BotProcess, plan: list[str], outage: float = 0.0
    ) -> None:
        self.server, self.bot, self.plan = server, bot, list(plan)
        self.outage = outage  # seconds the bot stays down after each kill (the fake's clock)
        self.killed: list[tuple[str, FakeMessage]] = []
        # (kind, content, who it notified) of each post, as posted
        self.posted: list[tuple[str | None, str, frozenset[int]]] = []
        self.fired = asyncio.Event()
        server.on_create.append(self.on_post)

    async def on_post(self, message: FakeMessage) -> None:
        kind = kind_of(self.server, message)
        self.posted.append((kind, message.content, message.notified))
        if not self.plan or kind is None or kind not in [*self.plan[:1], "final"]:
            return
        if kind == "final":  # a short game may end before every kind came up
            self.plan = self.plan[self.plan.index("final") :]
        self.plan.pop(0)
        async with asyncio.timeout(5):  # the players' clicks are answered first
            while not all(r.answered.is_set() for r in self.server.interactions.values()):
                await asyncio.sleep(0.01)
        await self.bot.kill()  # before the bot hears back about its post
        self.server.clock.advance(self.outage)  # nonces and tokens forgotten if long
        self.killed.append((kind, message))
        self.fired.set()

    async def next_kill(self, timeout: float = 30) -> None:
        async with asyncio.timeout(timeout):
            await self.fired.wait()
        self.fired.clear()


async def live_table(server: FakeDiscord, row: GameRow, timeout: float = 10) -> FakeMessage:
    """The game's table as it stands in the channel, as a player finds it: a
    post with My cards at the stored version (the database may learn the
    post's id later). If none is there (a restored backup's game is behind
    the channel), the player asks for the table again: `/highcard table`."""
    hand = f"{PREFIX}:{row.id}:{row.version}:hand"
    asked = False
    async with asyncio.timeout(timeout):
        for tries in itertools.count():
            tables = [m for m in server.public_messages() if hand in m.custom_ids()]
            if tables:
                return tables[-1]
            if tries == 50 and not asked:  # a second without it
                user = next(u for u in server.users if u.id == row.seats[0].user_id)
                await server.slash(user, None, COMMAND, "table")
                asked = True
            await asyncio.sleep(0.02)
    raise AssertionError("unreachable")


async def hand_of_the_turn(server: FakeDiscord, db: Path) -> tuple[FakeUser, FakeMessage]:
    """Whoever's turn it is opens My cards on the table: that player and the hand."""
    async with await Storage.open(db) as storage:
        (row,) = await storage.unfinished_games()
    state = GAME.replay(row.record).state
    seat = GAME.to_act(state)[0]
    user = next(u for u in server.users if u.id == row.seats[seat].user_id)
    table = await live_table(server, row)
    hand = (await server.click(user, table, label=t("own_hand.button"))).message
    assert hand is not None and hand.ephemeral
    return user, hand


async def play_from(
    server: FakeDiscord, user: FakeUser, hand: FakeMessage, applied: bool = True
) -> InteractionResult:
    """`user` plays the first card of `hand`'s select; its answer says it was
    played (the hand again, with what was played), unless `applied` is False
    (it may be refused)."""
    select = hand.find_select(prefix=f"{PREFIX}:")
    option = select["options"][0]
    r = await server.select(user, hand, select["custom_id"], [option["value"]])
    played = t("own_hand.played", action=option["label"])
    assert r.response is not None
    message = r.message
    assert message is not None and message.ephemeral
    if r.response.deferred:  # the machine is slow: the hand is edited later
        async with asyncio.timeout(10):
            while played not in message.text and applied:
                await asyncio.sleep(0.01)
    assert played in message.text or not applied, message.text
    return r


async def play_a_turn(server: FakeDiscord, db: Path, applied: bool = True) -> InteractionResult:
    """Whoever's turn it is plays a card from My cards; its answer says it was
    played, unless `applied` is False (it may be refused)."""
    user, hand = await hand_of_the_turn(server, db)
    return await play_from(server, user, hand, applied)


async def published(db: Path, timeout: float = 30) -> None:
    """Wait until the database says the game is over and all said: the final
    ranking's id stored, no ping left, no post intended."""
    async with asyncio.timeout(timeout):
        while True:
            with contextlib.closing(sqlite3.connect(db)) as conn:
                sql = "SELECT status, narration, ping_message_id FROM games"
                row = conn.execute(sql).fetchone()
            narration = json.loads(row[1])
            done = narration.get("final_message_id") and not narration.get("intent")
            if row[0] == "finished" and done and row[2] is None:
                return
            await asyncio.sleep(0.05)


async def leave(server: FakeDiscord, user: FakeUser) -> None:
    """`user` leaves the game (`/highcard leave`, confirmed): the bot plays their seat."""
    confirm = (await server.slash(user, None, COMMAND, "leave")).message
    assert confirm is not None
    await server.click(user, confirm, label=t("leave.confirm"))


async def untimed_lobby(server: FakeDiscord, host: FakeUser, **options: str) -> FakeMessage:
    """`/highcard new` (the test game, no turn timer; `options`) by `host`: the lobby."""
    options = {"turn_timer": "off", **options}
    lobby = (await server.slash(host, None, COMMAND, "new", options=options)).message
    assert lobby is not None
    return lobby


async def quiet(server: FakeDiscord, seconds: float = 0.5, timeout: float = 30) -> None:
    """Wait until the bot made no request for `seconds`."""
    async with asyncio.timeout(timeout):
        while server._inflight or time.monotonic() - server._last_activity < seconds:
            await asyncio.sleep(0.05)


@pytest.mark.parametrize("outage", [0.0, 16 * 60.0], ids=["short", "past-nonce-memory"])
async def test_sigkill_after_each_kind_of_post_never_posts_twice(
    discord_server: FakeDiscord, tmp_path: Path, outage: float
) -> None:
    server = discord_server
    ana, ben = server.users[:2]
    bot = BotProcess(server, tmp_path)
    # (A table that names nobody: when a computer begins, the test below.)
    killer = Killer(server, bot, ["ping", "ping", "reveal", "final"], outage)
    try:
        await bot.start()
        lobby = await untimed_lobby(server, ana)
        await server.click(ben, lobby, label=t("lobby.button.join"))
        await server.click(ana, lobby, label=t("lobby.button.start"))
        await killer.next_kill()  # the first table, which names the first player

        await bot.start()
        await quiet(server)
        await play_a_turn(server, tmp_path / "games.sqlite3")
        await killer.next_kill()  # the table of the next turn, naming the other
        await bot.start()
        await quiet(server)
        for user in (ana, ben):  # both leave: the bot plays both seats to the end
            await leave(server, user)
        while killer.plan:
            await killer.next_kill()
            await bot.start()
        await published(tmp_path / "games.sqlite3")
        await quiet(server)
    finally:
        await bot.stop()

    logs = "\n".join(bot.log(run).read_text() for run in range(1, bot.runs + 1))
    assert "Traceback" not in logs, logs[-3000:]
    killed = [kind for kind, _ in killer.killed]
    assert {"ping", "reveal", "final"} <= set(killed), killed
    mentioned = [content for kind, content, notified in killer.posted if notified]
    assert len(mentioned) == len(set(mentioned)) == 2, ("each turn mentioned once", mentioned)
    async with await Storage.open(tmp_path / "games.sqlite3") as storage:
        row = await storage.last_finished_game(server.channel.id)
    assert row is not None and row.status == GameStatus.FINISHED

    posts: dict[str, list[FakeMessage]] = {}
    for message in server.messages.values():
        kind = kind_of(server, message)
        if kind is not None and message.channel_id == server.channel.id:
            posts.setdefault(kind, []).append(message)
    live = {kind: [m for m in found if not m.deleted] for kind, found in posts.items()}

    assert len(posts["final"]) == 1, "the final ranking is posted once"
    assert row.narration["final_message_id"] == posts["final"][0].id
    tables = live.get("table", []) + live.get("ping", [])
    assert [m.id for m in tables] == [row.table_message_id], (
        "one table message: every earlier table was deleted",
        killed,
        logs[-3000:],
    )
    reveals = [m.content for m in posts["reveal"]]
    assert len(reveals) == len(set(reveals)) == ROUNDS, "one reveal message per round"
    assert all(not m.deleted for m in posts["reveal"])
    assert "other" not in posts, [m.text for m in posts.get("other", [])]
    # No orphan controls: the only buttons left are on the recorded messages.
    with_buttons = {m.id for m in server.public_messages() if m.buttons()}
    reveals = {m.id for m in posts["reveal"]}  # each with its Rules button
    assert (
        with_buttons <= {row.lobby_message_id, row.table_message_id, posts["final"][0].id} | reveals
    )
    # Each message the bot was killed after is the one that carried on.
    for kind, message in killer.killed:
        if kind in ("reveal", "final"):
            assert not message.deleted


@pytest.mark.parametrize("outage", [0.0, 16 * 60.0], ids=["short", "past-nonce-memory"])
async def test_sigkill_after_a_first_table_that_names_nobody_leaves_one_table(
    discord_server: FakeDiscord, tmp_path: Path, outage: float
) -> None:
    """A computer moves first, so the first table (the Start click's
    follow-up, which no nonce guards) mentions nobody and owes nothing: the
    restarted bot still finds it rather than posting a second table."""
    server = discord_server
    ana, ben = server.users[:2]
    bot = BotProcess(server, tmp_path)
    killer = Killer(server, bot, ["table"], outage)
    try:
        await bot.start()
        # High Card's first seat begins: the host seats a computer, then leaves
        # it the first seat (the next person hosts).
        lobby = await untimed_lobby(server, ana)
        picker = (await server.click(ana, lobby, label=t("lobby.button.add_computer"))).message
        select = picker.find_select(prefix=f"{PREFIX}:")
        await server.select(ana, picker, select["custom_id"], ["easy"])
        await server.click(ben, lobby, label=t("lobby.button.join"))
        await server.click(ana, lobby, label=t("lobby.button.leave"))
        await quiet(server)
        await server.click(ben, lobby, label=t("lobby.button.start"))
        await killer.next_kill()
        first = killer.killed[0][1]
        row = await _row(tmp_path)
        assert row.seats[0].agent is not None and row.seats[1].user_id == ben.id
        assert row.table_message_id is None and GAME.to_act(GAME.replay(row.record).state) == (0,)
        await bot.start()
        async with asyncio.timeout(30):  # the computer moves once its table is up
            while (row := await _row(tmp_path)).version < 1:
                await asyncio.sleep(0.05)
        await quiet(server, 1.0)
        row = await _naming_a_live_table(tmp_path, server)
    finally:
        await bot.stop()
    tables = [
        m
        for m in server.messages.values()
        if m.channel_id == server.channel.id and kind_of(server, m) in ("table", "ping")
    ]
    live = [m.id for m in tables if not m.deleted]
    assert live == [row.table_message_id], ([m.id for m in tables], first.id, live)


async def _naming_a_live_table(tmp: Path, server: FakeDiscord, timeout: float = 10) -> GameRow:
    """The game as stored once it names a table still in the channel: the id of
    a table post goes to the database with the next write, or a second after."""
    async with asyncio.timeout(timeout):
        while True:
            row = await _row(tmp)
            table = server.messages.get(row.table_message_id or 0)
            if table is not None and not table.deleted:
                return row
            await asyncio.sleep(0.1)


async def _row(tmp: Path) -> GameRow:
    async with await Storage.open(tmp / "games.sqlite3") as storage:
        (row,) = await storage.unfinished_games()
    return row
