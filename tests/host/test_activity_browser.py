"""The Activity in a real browser (headless Chromium), inside a stand-in for
Discord's frame, against the real bot and the loopback Discord, played as
people play it, with the test game (tests/highcard, whose table comes through
the plug-in contract): opened from the app launcher where no game runs, the
game chosen at the table's launcher, seats taken by three people at their
own tables (a phone of 320 px, one of 375 px and a desktop) and a computer
added, started, played to the ranking and Play again, without one slash
command. Every websocket frame is checked against the views the viewer may
see; the screens at each width are checked by code for overlap, overflow and
touch targets; the live region and the page's language; a move by keyboard
alone. A shipped game's own table in the browser, played whole, is with
its tests (`tests/<game>/bot/test_*_activity_browser.py`)."""

from __future__ import annotations

import random

from bot.i18n import t

from browser import Seat, chromium, reader
from tests.highcard.engine import GAME
from viewers import check_frames
from web_game import answered, at_the_launcher, into_a_game, play_to_the_end, shoot
from web_players import tap

#: The cards of the hand that play themselves.
PLAYABLE = ".hand button.can"


class HighCardRound:
    """How each player plays High Card at the table: Ana on a phone by
    keyboard alone, Ben on a phone by pointing at a card, Cleo on a desktop by
    the dock's buttons."""

    def __init__(self, tables: list[Seat], rng: random.Random) -> None:
        self.tables, self.rng = tables, rng
        self.keyboard: list[int] = []  # presses of each keyboard move
        self.shots: set[str] = set()

    async def __call__(self, table: Seat, version: int) -> None:
        index = self.tables.index(table)
        width = (320, 375, 1280)[index]
        if width not in self.shots:
            self.shots.add(width)
            problems = await shoot(table, f"highcard-{width}-turn")
            assert problems == [], problems
        if index == 0:
            await answered(table, version, lambda: self.keys(table))
        elif index == 1:
            await answered(table, version, lambda: self.point(table))
        else:
            await answered(table, version, lambda: self.dock(table))

    async def keys(self, table: Seat) -> str:
        """Tab into the hand, the arrows to a card, Enter."""
        page, frame = table.page, table.table
        presses = 0
        for _ in range(12):
            if await frame.evaluate("() => !!document.activeElement.closest('.hand')"):
                break
            await page.keyboard.press("Tab")
            presses += 1
        assert await frame.evaluate("() => !!document.activeElement.closest('.hand')")
        for _ in range(self.rng.randrange(3)):
            await page.keyboard.press("ArrowRight")
            presses += 1
        label = await frame.evaluate("() => document.activeElement.getAttribute('aria-label')")
        await page.keyboard.press("Enter")
        self.keyboard.append(presses + 1)
        return str(label)

    async def point(self, table: Seat) -> str:
        cards = table.table.locator(PLAYABLE)
        card = cards.nth(self.rng.randrange(await cards.count()))
        label = await card.get_attribute("aria-label") or ""
        return label if await tap(table, card) else ""

    async def dock(self, table: Seat) -> str:
        buttons = table.table.locator(".dock .controls .action")
        button = buttons.nth(self.rng.randrange(await buttons.count()))
        label = await button.text_content() or ""
        return label if await tap(table, button) else ""


async def test_a_game_from_the_launcher_to_play_again(discord_server, bots):
    bots.activity = True
    bot = await bots.start()
    ana, ben, cleo = discord_server.users[:3]
    ana.avatar, ben.avatar = "a1b2c3d4", "e5f60718"  # Cleo keeps Discord's default
    ben.locale, cleo.locale = "ja", "fr"
    rng = random.Random(5)
    async with chromium() as browser:
        sizes = [(320, 640), (375, 667), (1280, 800)]
        tables = await at_the_launcher(discord_server, bot, browser, [ana, ben, cleo], sizes)
        assert await tables[0].table.locator(".people img").count() == 2  # Ana's and Ben's
        problems = await shoot(tables[0], "launcher-320")
        assert problems == [], problems
        game_id = await into_a_game(
            discord_server, bots, tables, t("highcard.title"), {"pace": "brisk"}
        )
        for table, lang in zip(tables, ("en", "ja", "fr"), strict=True):
            seen = await reader(table)
            assert seen["lang"] == lang
            assert [r["id"] for r in seen["regions"]] == ["live"], seen["regions"]
            assert 0 < seen["regions"][0]["chars"] <= 200
        round_ = HighCardRound(tables, rng)
        live = await play_to_the_end(bots, game_id, tables, round_)
        for table in tables:
            await table.at(game_id, live.version)
            await table.table.wait_for_selector(".final")
        for table, name in zip(tables, ("320", "375", "1280"), strict=True):
            problems = await shoot(table, f"highcard-{name}-end")
            assert problems == [], (name, problems)
        row = await bots.current.service.storage.game(game_id)
        assert row.settings["pace"] == "brisk", "the option chosen at the launcher"
        for seat, table in enumerate(tables):
            assert table.state()["seat"] == seat
            assert check_frames(table.frames, row, seat) > 5
            assert table.failed == [], "no file missing (no 404), no script error"
            said = await table.table.evaluate("window.__said")
            assert said, "the live region told what happened"
        # Play again, from the table: a new lobby for everyone, posted to the channel.
        await tables[0].table.locator('[data-key="after:again"]').click()
        for table in tables:
            await table.showing("lobby")
        await bots.idle()
        lobby = discord_server.public_messages()[-1]
        assert lobby.find_button(t("lobby.button.start")) is not None
    assert round_.keyboard and max(round_.keyboard) <= 6, round_.keyboard
    assert GAME.replay(row.record).error is None
