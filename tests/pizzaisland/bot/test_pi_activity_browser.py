"""Pizza Island at the web table in a real browser (headless Chromium),
inside a stand-in for Discord's frame, against the real bot and the loopback
Discord: a match at the advanced level opened at the table's launcher, three
people at their own tables (a phone of 320 px, one of 375 px and a desktop)
and a computer, played to the ranking by pointing at the deck, a Ship's card
or a slice, or by the dock's buttons. Every websocket frame is checked for
what a Mushroom or a Pepper showed another seat (PI-I1); the screens at each
width checked by code for overlap, overflow, touch targets and the
one-screen rule. The launcher and the lobby at the table are the host's
(tests/host/test_activity_browser.py, with the test game)."""

from __future__ import annotations

import random
from typing import Any

from bot.i18n import t

from browser import Seat, chromium, off_screen
from viewers import check_frames
from web_game import answered, at_the_launcher, into_a_game, play_to_the_end, shoot
from web_players import tap


class IslandRound:
    """How each player at a table plays Pizza Island: by pointing at the
    deck, a Ship's card or a slice, or by the dock's buttons; a Fork by its
    two slices and Play."""

    def __init__(self, tables: list[Seat], rng: random.Random) -> None:
        self.tables, self.rng = tables, rng
        self.done: list[str] = []
        self.shots: set[str] = set()
        self.moves = 0

    async def __call__(self, table: Seat, version: int) -> None:
        scene = table.state()["scene"]
        index = self.tables.index(table)
        width = (320, 375, 1280)[index]
        actions = scene["actions"]
        taking = any(a["action"].get("take") == "deck" for a in actions)
        if taking and width < 1000:  # the deck, the Ship and what confirms: on the first screen
            off = await off_screen(table, [".pile.deck", ".dock .controls"])
            assert off == [], (width, off)
        kind = "take" if taking else "decision"
        self.moves += 1
        if self.moves % 30 == 0:  # the table later on, its pizzas filling
            kind = "later"
        if f"{width}-{kind}" not in self.shots:
            self.shots.add(f"{width}-{kind}")
            problems = await shoot(table, f"island-{width}-{kind}")
            assert problems == [], problems
        stop = t("pi.button.stop", locale=table.state()["scene"]["lang"])
        weights = [0.3 if a["label"] == stop else 1.0 for a in actions]
        chosen = self.rng.choices(actions, weights)[0]
        self.done.append(str(chosen["action"]))
        await answered(table, version, lambda: self.press(table, chosen))

    async def press(self, table: Seat, chosen: dict[str, Any]) -> str:
        frame = table.table
        action = chosen["action"]
        if "fields" in chosen:  # a Fork: my slice, then theirs, then Play
            give, take = chosen["fields"]["give"], chosen["fields"]["take"]
            me = table.state()["seat"]
            await tap(table, frame.locator(f'[data-key^="place:{me}:{give}:"]').first)
            seat, card = take.split(":", 1)
            await tap(table, frame.locator(f'[data-key^="place:{seat}:{card}:"]').first)
            await tap(table, frame.locator('.dock [data-key="play"]'))
            return "fork"
        if action.get("take") == "deck" and self.rng.random() < 0.5:
            await tap(table, frame.locator('[data-key="pile:deck"]'))
            return "deck"
        label = chosen["label"]
        on_card = frame.locator(
            f'.felt [role=button][aria-label$="{label}"], .felt button.card[aria-label$="{label}"]'
        )
        if await on_card.count() and self.rng.random() < 0.5:
            await tap(table, on_card.first)
            return "card"
        button = frame.locator(".dock .controls .action", has_text=label).first
        await tap(table, button)
        return "button"


async def test_a_pizza_island_match_from_the_launcher(discord_server, bots):
    """Pizza Island at the advanced level (the Ship, the heroes, the
    Achievements), opened at the table, to its ranking; what a Mushroom or a
    Pepper shows reaches its player's frames only (PI-I1)."""
    bots.activity = True
    bot = await bots.start()
    ana, ben, cleo = discord_server.users[:3]
    cleo.locale = "ja"
    rng = random.Random(11)
    async with chromium() as browser:
        sizes = [(320, 640), (375, 667), (1280, 800)]
        tables = await at_the_launcher(discord_server, bot, browser, [ana, ben, cleo], sizes)
        choices = {"level": "advanced", "scoring": "wins"}
        game_id = await into_a_game(discord_server, bots, tables, "Pizza Island", choices)
        round_ = IslandRound(tables, rng)
        live = await play_to_the_end(bots, game_id, tables, round_)
        for table in tables:
            await table.at(game_id, live.version)
            assert table.state()["scene"]["final"]["lines"]
        for table, name in zip(tables, ("320", "375", "1280"), strict=True):
            problems = await shoot(table, f"island-{name}-end")
            assert problems == [], (name, problems)
        row = await bots.current.service.storage.game(game_id)
        for seat, table in enumerate(tables):
            assert check_frames(table.frames, row, seat) > 20
    assert any("take" in d for d in round_.done) and any("stop" in d for d in round_.done)
