"""The Activity in a real browser (headless Chromium) against the real bot
and the loopback Discord: whole games where some players sit at the web table
and others play with buttons, every websocket frame checked for another
seat's hidden cards, and the table's layout checked at a phone's width and a
desktop's (MM-V1, MM-V2, PI-I1)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from bot.i18n import t
from engine import mammamia as engine

from browser import Seat, chromium, layout_problems, open_table
from tests.mammamia.driver import Players
from viewers import check_frames

SHOTS = Path(__file__).resolve().parents[2] / "build" / "activity-screens"


async def _shoot(seat: Seat, name: str) -> list[str]:
    SHOTS.mkdir(parents=True, exist_ok=True)
    await seat.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    return await layout_problems(seat)


async def _mm_move(seat: Seat, rng: random.Random, keyboard: bool) -> None:
    """One move of the seat's player, by pointing at the table (or by keyboard):
    a decision's own button, or a turn put together from the hand's cards."""
    table = seat.table
    direct = table.locator(".controls .action:not(.play):not(.clear)")
    if await direct.count():
        await _press(seat, direct.nth(rng.randrange(await direct.count())), keyboard)
        return
    hand = table.locator('[data-zone="hand"] button.card:not([disabled])')
    kinds = [
        i
        for i in range(await hand.count())
        if "kind" in (await hand.nth(i).get_attribute("class") or "").split()
    ]
    if kinds:
        await _press(seat, hand.nth(rng.choice(kinds)), keyboard)
    play = table.locator(".action.play")
    draws = table.locator(
        "button.card.supply:not([disabled]), button.card.order-pile:not([disabled])"
    )
    if not await play.is_enabled() and await draws.count():
        await _press(seat, draws.nth(rng.randrange(await draws.count())), keyboard)
    assert await play.is_enabled(), await table.locator("#table").inner_html()
    await _press(seat, play, keyboard)


async def _press(seat: Seat, target, keyboard: bool) -> None:
    if keyboard:
        await target.focus()
        await seat.page.keyboard.press("Enter")
    else:
        await target.click()


async def test_a_whole_classic_game_at_the_table_and_with_buttons(discord_server, bots):
    """Ana plays at the web table, Ben with buttons, Cleo watches the table:
    one game, to the ranking; every frame any of them received is what their
    seat may see."""
    bots.activity = True
    bot = await bots.start()
    ana, ben, cleo = discord_server.users[:3]
    players = Players(discord_server, bots, [ana, ben], seed=5)
    await players.open("classic")
    rng = random.Random(5)
    async with chromium() as browser:
        seat = await open_table(browser, discord_server, bot, ana)
        watcher = await open_table(browser, discord_server, bot, cleo, width=320, height=700)
        await seat.at(players.game, players.live.version)
        problems = await _shoot(seat, "classic-desktop-start")
        assert problems == [], problems
        moves = 0
        while players.live.state.phase != "over":
            live = players.live
            before = live.version
            if live.state.to_act()[0] == 0:
                await seat.at(players.game, before)
                await _mm_move(seat, rng, keyboard=moves % 3 == 1)
                moves += 1
                try:
                    async with asyncio.timeout(10):
                        while players.live.version == before:
                            await asyncio.sleep(0.005)
                except TimeoutError:
                    html = await seat.table.locator("#table").inner_html()
                    frames = [str(f)[:200] for f in seat.frames[-4:]]
                    raise AssertionError((moves, before, frames, html[:3000])) from None
                await bots.idle()
            else:
                await players.step()
        await seat.at(players.game, players.live.version)
        await watcher.at(players.game, players.live.version)
        final = seat.table.locator(".final")
        assert await final.count() == 1
        assert t("final.button.again") not in await final.inner_text()
        for name, who in (("classic-desktop-end", seat), ("classic-phone-end", watcher)):
            problems = await _shoot(who, name)
            assert problems == [], (name, problems)
        row = await bots.current.service.storage.game(players.game)
        assert check_frames(seat.frames, row, 0) > 10
        assert check_frames(watcher.frames, row, None) > 10
    assert moves > 5
    assert engine.replay(row.record).error is None


async def _pi_move(seat: Seat, rng: random.Random) -> str:
    """One move of the seat's player at the web table: a card or button that
    plays at once (the deck, a Ship card, a Mushroom's card, a slice to cut
    or discard, Stop, a Pepper's order), or a Fork's two slices and Play.
    Returns what was pressed, for the coverage."""
    table = seat.table
    at_once = table.locator(
        ".controls .action:not(.play):not(.clear), button.card.can:not([aria-pressed])"
    )
    count = await at_once.count()
    if count:
        labels = [await at_once.nth(i).text_content() or "" for i in range(count)]
        weights = [0.3 if label == t("pi.button.stop") else 1.0 for label in labels]
        choice = rng.choices(range(count), weights)[0]
        await at_once.nth(choice).click()
        return labels[choice]
    give = table.locator('.zone.mine button.card[aria-pressed="false"]:not([disabled])')
    await give.nth(rng.randrange(await give.count())).click()
    take = table.locator('.zone:not(.mine) button.card[aria-pressed="false"]:not([disabled])')
    await take.nth(rng.randrange(await take.count())).click()
    play = table.locator(".action.play")
    assert await play.is_enabled(), await table.locator("#table").inner_html()
    await play.click()
    return "fork"


async def test_a_whole_advanced_pizza_island_match_at_the_table_and_with_buttons(
    discord_server, bots
):
    """Ana at the web table, Ben with buttons, a match of the advanced level
    (the Ship, heroes, achievements) to its ranking; Ana's frames never carry
    what Ben's Mushroom or Pepper showed (PI-I1)."""
    from tests.pizzaisland.driver import IslandPlayers

    bots.activity = True
    bot = await bots.start()
    ana, ben = discord_server.users[:2]
    players = IslandPlayers(discord_server, bots, [ana, ben], seed=11)
    await players.open(level="advanced", scoring="wins")
    rng = random.Random(11)
    pressed: list[str] = []
    async with chromium() as browser:
        seat = await open_table(browser, discord_server, bot, ana, width=320, height=800)
        # Ben plays with buttons, with his table open beside them on a desktop.
        beside = await open_table(browser, discord_server, bot, ben, width=1280, height=900)
        await seat.at(players.game, players.live.version)
        shots = 0
        while players.live.rules.to_act(players.live.state):
            live = players.live
            before = live.version
            if live.rules.to_act(live.state)[0] == 0:
                await seat.at(players.game, before)
                if live.state.pending is not None and shots < 2:
                    problems = await _shoot(seat, f"island-phone-decision-{shots}")
                    assert problems == [], problems
                    shots += 1
                pressed.append(await _pi_move(seat, rng))
                async with asyncio.timeout(10):
                    while players.live.version == before:
                        await asyncio.sleep(0.005)
                await bots.idle()
            else:
                await players.step()
        await seat.at(players.game, players.live.version)
        await beside.at(players.game, players.live.version)
        assert await seat.table.locator(".final").count() == 1
        for name, who in (("island-phone-end", seat), ("island-desktop-end", beside)):
            problems = await _shoot(who, name)
            assert problems == [], (name, problems)
        row = await bots.current.service.storage.game(players.game)
        assert check_frames(seat.frames, row, 0) > 10
        assert check_frames(beside.frames, row, 1) > 10
    assert t("pi.button.take_deck") in pressed and t("pi.button.stop") in pressed, pressed
    assert shots, "Ana took a decision at the table"
