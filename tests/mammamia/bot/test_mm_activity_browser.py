"""Mamma Mia! at the web table in a real browser (headless Chromium), inside
a stand-in for Discord's frame, against the real bot and the loopback
Discord, played as people play it: opened at the table's launcher, seats
taken by three people at their own tables (a phone of 320 px, one of 375 px
and a desktop) and a computer added, played to the ranking. Every websocket
frame is checked for another seat's hidden cards (MM-V1, MM-V2); the screens
at each width (a turn, a decision of the reveal, later on, the end) are
checked by code for overlap, overflow, touch targets and the one-screen rule;
the live region and the page's language; turns by keyboard alone, the focus
kept between them; the reveal's cards turned one by one and each order's fate
marked. The launcher, the lobby at the table and Play again are the host's
(tests/host/test_activity_browser.py, with the test game)."""

from __future__ import annotations

import random

from engine import mammamia as engine

from browser import REVEAL_OVER, Seat, chromium, off_screen, reader
from viewers import check_frames
from web_game import answered, at_the_launcher, into_a_game, play_to_the_end, shoot
from web_players import choose_turn, decide, key_turn, point_turn

#: What must be on the first screen on a phone while it is the player's turn:
#: their hand, the piles they draw from, and the control that confirms.
TURN_SCREEN = [".hand [data-key]", ".draw .pile", '.dock [data-key="play"]']
#: How much of a desktop's width the table and its seats take (fractions).
SPREAD = """() => {
  const felt = document.querySelector(".felt").getBoundingClientRect();
  const seats = [...document.querySelectorAll(".seats .seat")]
    .map((e) => e.getBoundingClientRect());
  const left = Math.min(...seats.map((r) => r.left));
  const right = Math.max(...seats.map((r) => r.right));
  return { felt: felt.width / innerWidth, seats: (right - left) / innerWidth };
}"""
#: A move's first look at the table, in one trip to the page: what the
#: reveal's strip lies over, whether it is there, and the player's place lit.
LOOK = f"""() => ({{
  over: ({REVEAL_OVER.strip().rstrip(";")})(),
  strips: document.querySelectorAll(".reveal").length,
  lit: document.querySelectorAll(".mine .myseat.turn").length,
}})"""
#: Before a turn put together by pointing: when Play is pressed, whether it
#: is the very button there before the picks (kept while each pick drew the
#: table again, its words and its action brought up to date) and how many of
#: the hand's cards are still the nodes they were (a pick changes only them).
KEPT = """() => {
  const play = document.querySelector('.dock [data-key="play"]');
  const hand = [...document.querySelectorAll(".hand [data-key]")];
  window.__kept = null;
  const pressed = (event) => {
    const button = event.target.closest('[data-key="play"]');
    if (!button) return;
    document.removeEventListener("click", pressed, true);
    const kept = hand.filter((e) => e.isConnected).length;
    window.__kept = { play: button === play, hand: kept, of: hand.length };
  };
  document.addEventListener("click", pressed, true);
}"""
#: The group of cards the focus is in (the hand, the piles to draw from).
FOCUS_GROUP = "() => document.activeElement.closest('[data-group]')?.dataset.group ?? ''"


class MammaMiaRound:
    """How each player at a table plays Mamma Mia!: Ana on a phone by
    keyboard alone for her turns; Ben on a phone and Cleo on a desktop by
    pointing; decisions by their buttons."""

    def __init__(self, tables: list[Seat], rng: random.Random, name: str) -> None:
        self.tables, self.rng, self.name = tables, rng, name
        self.keyboard: list[int] = []  # presses of each keyboard turn
        self.focus_kept = 0  # keyboard turns that found the focus where the last one left it
        self.pointed = False  # Ana pointed at something since her last keyboard turn
        self.left: str | None = None  # where her last keyboard turn left the focus
        self.shots: set[str] = set()
        self.strips = 0  # moves made with the reveal's strip on the table

    async def __call__(self, table: Seat, version: int) -> None:
        scene = table.state()["scene"]
        index = self.tables.index(table)
        width = (320, 375, 1280)[index]
        # The oven's cards turned, during the reveal and for a moment after
        # it, lie over the table's middle: never over a seat or a control.
        look = await table.table.evaluate(LOOK)
        self.strips += look["strips"]
        assert look["over"] == [], (width, look["over"])
        if not any(a.get("fields") for a in scene["actions"]):  # a decision of the reveal
            if f"{width}-decision" not in self.shots:
                self.shots.add(f"{width}-decision")
                problems = await shoot(table, f"{self.name}-{width}-decision")
                assert problems == [], problems
            self.pointed |= index == 0
            await answered(table, version, lambda: decide(table, self.rng))
            return
        # Their own turn lit at their place (the others' seats lit at theirs).
        assert look["lit"] == 1, width
        if width > 1000:  # a desktop uses its width: the table across it, the seats spread
            spread = await table.table.evaluate(SPREAD)
            assert spread["felt"] >= 0.7 and spread["seats"] >= 0.5, spread
        if width < 1000:  # the one-screen rule, on every turn at a phone's width
            off = await off_screen(table, TURN_SCREEN)
            if off:
                await shoot(table, f"{self.name}-{width}-off-screen")
            assert off == [], (width, off)
        turn = choose_turn(table, self.rng, orders=index != 0)
        later = "later" if table.state()["view"]["round"] > 1 else "turn"
        if later == "later" and look["strips"]:
            later = "turn"  # the table later on, once the reveal's cards are gone
        if f"{width}-{later}" not in self.shots:
            self.shots.add(f"{width}-{later}")
            problems = await shoot(table, f"{self.name}-{width}-{later}")
            assert problems == [], problems
        if index == 0 and turn["fields"].get("kind", "-") != "-":
            if self.keyboard and not self.pointed:  # the focus stayed through everyone's moves
                self.focus_kept += await table.table.evaluate(FOCUS_GROUP) == self.left
            else:
                self.focus_kept += 1  # nothing to keep yet, or Ana pointed elsewhere since
            self.pointed = False
            self.keyboard.append(await key_turn(table, turn))
            await table.at(int(table.state()["game"]), version + 1)
            self.left = await table.table.evaluate(FOCUS_GROUP)
            assert self.left in ("hand", "draw"), self.left
        else:
            self.pointed |= index == 0
            await table.table.evaluate(KEPT)
            # A Play button with its handler from before the picks would send nothing.
            await point_turn(table, turn)
            kept = await table.table.evaluate("window.__kept")
            assert kept and kept["play"] and kept["hand"] == kept["of"] > 0, kept


async def test_a_classic_game_from_the_launcher(discord_server, bots):
    bots.activity = True
    bot = await bots.start()
    ana, ben, cleo = discord_server.users[:3]
    ana.avatar, ben.avatar = "a1b2c3d4", "e5f60718"  # Cleo keeps Discord's default
    ben.locale, cleo.locale = "ja", "fr"
    rng = random.Random(5)
    async with chromium() as browser:
        sizes = [(320, 640), (375, 667), (1280, 800)]
        tables = await at_the_launcher(discord_server, bot, browser, [ana, ben, cleo], sizes)
        game_id = await into_a_game(discord_server, bots, tables, "Mamma Mia!", {})
        for table, lang in zip(tables, ("en", "ja", "fr"), strict=True):
            seen = await reader(table)
            assert seen["lang"] == lang
            assert [r["id"] for r in seen["regions"]] == ["live"], seen["regions"]
            assert 0 < seen["regions"][0]["chars"] <= 200
        round_ = MammaMiaRound(tables, rng, "classic")
        live = await play_to_the_end(bots, game_id, tables, round_)
        for table in tables:
            await table.at(game_id, live.version)
            await table.table.wait_for_selector(".final")
            # The ranking, and Play again (pressed in tests/host/test_activity_browser.py).
            await table.table.wait_for_selector('.dock [data-key="after:again"]')
        for table, name in zip(tables, ("320", "375", "1280"), strict=True):
            problems = await shoot(table, f"classic-{name}-end")
            assert problems == [], (name, problems)
        row = await bots.current.service.storage.game(game_id)
        for seat, table in enumerate(tables):
            assert table.state()["seat"] == seat
            assert check_frames(table.frames, row, seat) > 20
            assert table.failed == [], "no file missing (no 404), no script error"
            added = await table.table.evaluate("window.__added")
            # The reveal turned the oven's cards one by one and marked each order's fate on it.
            assert added["revealed"] > 10 and added["outcome"] > 0, added
            # Cards travelled on the desktop; where reduced motion is asked for, nothing moved.
            assert (added["flyer"] > 0) == (seat == 2), (seat, added)
    assert round_.strips, "a move was made with the reveal's strip on the table"
    assert round_.keyboard and max(round_.keyboard) <= 8, round_.keyboard
    assert round_.focus_kept == len(round_.keyboard), (round_.focus_kept, round_.keyboard)
    assert engine.replay(row.record).error is None


async def test_pl_h2_a_plus_game_with_help_from_the_launcher(discord_server, bots):
    """Mamma Mia! Plus with help, opened at the table: every help question
    (PL-H2) asked of everyone it may go to at once, each answering at their
    own table; in Russian, Traditional Chinese and English."""
    bots.activity = True
    bot = await bots.start()
    ana, ben, cleo = discord_server.users[:3]
    ben.locale, cleo.locale = "ru", "zh-TW"
    rng = random.Random(2)
    async with chromium() as browser:
        sizes = [(320, 640), (375, 667), (1280, 800)]
        tables = await at_the_launcher(discord_server, bot, browser, [ana, ben, cleo], sizes)
        choices = {"variant": "plus", "help": "on"}
        game_id = await into_a_game(discord_server, bots, tables, "Mamma Mia!", choices)
        for table, lang in zip(tables, ("en", "ru", "zh-TW"), strict=True):
            assert (await reader(table))["lang"] == lang
        round_ = MammaMiaRound(tables, rng, "plus")
        asked_together = 0

        async def move(table: Seat, version: int) -> None:
            nonlocal asked_together
            pending = table.state()["view"]["pending"]
            if pending and pending["stage"] == "help" and len(pending["asked"]) > 1:
                asked_together += 1
            await round_(table, version)

        live = await play_to_the_end(bots, game_id, tables, move)
        for table in tables:
            await table.at(game_id, live.version)
            scene = table.state()["scene"]
            assert scene["final"]["lines"]
            assert "delivered" in {p["id"] for p in scene["centre"]}, "PL-R5: the delivered pile"
        problems = await shoot(tables[1], "plus-375-end")
        assert problems == [], problems
        row = await bots.current.service.storage.game(game_id)
        for seat, table in enumerate(tables):
            assert check_frames(table.frames, row, seat) > 20
            assert table.failed == [], "no file missing (no 404), no script error"
    assert asked_together, "a help question went to several players at once"
    assert engine.replay(row.record).error is None
