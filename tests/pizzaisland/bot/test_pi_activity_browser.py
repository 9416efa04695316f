"""Pizza Island at the web table in a real browser (headless Chromium),
inside a stand-in for Discord's frame, against the real bot and the loopback
Discord: a match at the advanced level opened at the table's launcher, three
people at their own tables (a phone of 320 px, one of 375 px and a desktop)
and a computer, played to the ranking by pointing at the deck, a Ship's card
or a slice, or by the dock's buttons. Every websocket frame is checked for
what a Mushroom or a Pepper showed another seat (PI-I1); the screens at each
width checked by code for overlap, overflow, touch targets and the
one-screen rule. A Pepper's choice on the first screen of a phone (PI-N6,
PI-A2), by keyboard and by pointing. The launcher and the lobby at the
table are the host's (tests/host/test_activity_browser.py, with the test
game)."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from playwright.async_api import Locator

from bot.i18n import t
from engine.pizzaisland import actions as pi

from browser import Seat, chromium, off_screen
from viewers import check_frames
from web_game import (
    answered,
    at_the_launcher,
    held,
    into_a_game,
    moved_on,
    play_to_the_end,
    shoot,
)
from web_players import key_choice, lobby_click, open_lobby, point_choice, tap

#: Each control on the table marked with the version it was first seen at
#: (a node drawn again for a later version keeps its mark only if kept).
MARK = """() => {
  const shown = document.getElementById("table").dataset.version;
  for (const e of document.querySelectorAll("[data-key]")) e.__since ??= shown;
}"""
#: Whether a control was there, the same node, at an earlier version.
KEPT = """(e) => e.__since !== undefined
  && e.__since !== document.getElementById("table").dataset.version"""


class IslandRound:
    """How each player at a table plays Pizza Island: by pointing at the
    deck, a Ship's card or a slice, or by the dock's buttons; a Fork by its
    two slices and Play."""

    def __init__(self, tables: list[Seat], rng: random.Random) -> None:
        self.tables, self.rng = tables, rng
        self.done: list[str] = []
        self.shots: set[str] = set()
        self.moves = 0
        self.kept = 0  # presses of a control kept from an earlier version

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
        await table.table.evaluate(MARK)
        await answered(table, version, lambda: self.press(table, chosen))

    async def tap(self, table: Seat, target: Locator) -> bool:
        """Press `target`: one kept from an earlier version must send this
        version's action (`answered` checks it was acted on), not its old one."""
        self.kept += await target.evaluate(KEPT)
        return await tap(table, target)

    async def press(self, table: Seat, chosen: dict[str, Any]) -> str:
        frame = table.table
        action = chosen["action"]
        if "to" in chosen.get("fields", {}):  # a Pepper: its rows, then on top or under
            await point_choice(table, chosen["fields"])
            return "pepper"
        if "fields" in chosen:  # a Fork: my slice, then theirs, then Play
            give, take = chosen["fields"]["give"], chosen["fields"]["take"]
            me = table.state()["seat"]
            await self.tap(table, frame.locator(f'[data-key^="place:{me}:{give}:"]').first)
            seat, card = take.split(":", 1)
            await self.tap(table, frame.locator(f'[data-key^="place:{seat}:{card}:"]').first)
            await self.tap(table, frame.locator('.dock [data-key="play"]'))
            return "fork"
        if action.get("take") == "deck" and self.rng.random() < 0.5:
            await self.tap(table, frame.locator('[data-key="pile:deck"]'))
            return "deck"
        label = chosen["label"]
        on_card = frame.locator(
            f'.felt [role=button][aria-label$="{label}"], .felt button.card[aria-label$="{label}"]'
        )
        if await on_card.count() and self.rng.random() < 0.5:
            await self.tap(table, on_card.first)
            return "card"
        button = frame.locator(".dock .controls .action", has_text=label).first
        await self.tap(table, button)
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
            assert table.failed == [], "no file missing (no 404), no script error"
    assert any("take" in d for d in round_.done) and any("stop" in d for d in round_.done)
    assert round_.kept > 0, "no control kept from an earlier version was pressed"


#: What must be on the first screen of a phone during a Pepper's choice: the
#: cards it shows, every option, and the buttons that confirm (or decline).
#: Where the dock begins and what it holds ends, on the first screen.
GEOMETRY = """() => {
  window.scrollTo(0, 0);
  const buttons = [...document.querySelectorAll(".dock button")];
  const bottoms = buttons.map((e) => e.getBoundingClientRect().bottom);
  const dock = document.querySelector(".dock").getBoundingClientRect();
  return { screen: innerHeight, dock_top: Math.round(dock.top),
    last_bottom: Math.round(Math.max(...bottoms)), buttons: bottoms.length,
    page_width: document.documentElement.scrollWidth };
}"""
PEPPER_SCREEN = [".chooser .choice-seen .card", ".chooser .option", ".dock .controls .action"]


def _scripted(rules: Any, state: Any, seat: int) -> Any:
    """What each player does in the Pepper scenario: Ana takes a card of the
    Ship and then the Ship's Pepper (5 cards seen, 2 of them to refill the
    Ship: 120 ways), the others the Ship's Pepper or a card of the deck; a
    Pepper is used (one of its ways, by the game's version), any other hero declined."""
    legal = list(rules.legal_actions(state, seat))
    if state.pending is not None:
        peppers = [a for a in legal if isinstance(a, pi.Pepper)]
        if peppers:
            return random.Random(state.version).choice(peppers)
        declines = [a for a in legal if isinstance(a, pi.Decline)]
        return declines[0] if declines else legal[0]
    takes = [a for a in legal if isinstance(a, pi.Take)]
    peppers = [a for a in takes if a.source != "deck" and a.source.endswith("-pepper")]
    if state.taken == 0:
        others = [a for a in takes if a.source != "deck" and a not in peppers]
        if peppers and others and seat == 0:
            return others[0]
        return peppers[0] if peppers else next(a for a in takes if a.source == "deck")
    if state.taken == 1 and peppers:
        return peppers[0]
    return next(a for a in legal if isinstance(a, pi.Stop))


async def _press_action(table: Seat, action: Any, label: str) -> str:
    """A card of the Ship or the deck pointed at, or the dock's button."""
    if isinstance(action, pi.Take) and action.source == "deck":
        target = table.table.locator('[data-key="pile:deck"]')
    elif isinstance(action, pi.Take):
        target = table.table.locator(f'.felt [data-key="card:{action.source}"]').first
    else:
        target = table.table.get_by_role("button", name=label, exact=True).first
    return label if await tap(table, target) else ""


#: The deal (the bot's seed for its first game) where the script above
#: brings Ana (320 px) to a Pepper of 120 ways and Ben (375 px) to one of 12.
PEPPER_SEED = 31


async def test_pi_n6_pi_a2_a_pepper_chosen_on_the_first_screen_of_a_phone(discord_server, bots):
    """A Pepper's choice (PI-N6; advanced, PI-A2: the Ship refilled from
    it) at 320×640 and 375×667: what it shows, every option and what
    confirms on the first screen, nothing overlapping or too small, each
    option named in words; Ana chooses hers by keyboard in at most 8 key
    presses, Ben (in French) his by pointing; what the Pepper showed reaches
    no other table (PI-I1)."""
    bots.activity = True
    bots.seed = PEPPER_SEED
    bot = await bots.start()
    ana, ben, cleo = discord_server.users[:3]
    ben.locale = "fr"
    async with chromium() as browser:
        sizes = [(320, 640), (375, 667), (1280, 800)]
        tables = await at_the_launcher(discord_server, bot, browser, [ana, ben, cleo], sizes)
        await open_lobby(tables[0], "Pizza Island", {"level": "advanced"})
        for table in tables:
            await table.showing("lobby")
        for table in tables[1:]:
            await table.table.wait_for_selector('[data-key="join"]')
            await lobby_click(table, "join")
        await tables[0].table.wait_for_function(
            "document.querySelectorAll('.lobby-seats li').length === 3"
        )
        await lobby_click(tables[0], "start")
        for table in tables:
            await table.showing("table")
        await bots.idle()
        live = held(bots, int(tables[0].state()["game"]), None)
        game_id = live.id
        users = [s.user_id for s in live.row.seats]
        assert users == [ana.id, ben.id, cleo.id], users
        peppers: dict[int, int] = {}  # seat -> the ways its Pepper had
        presses = 0
        while len(peppers) < 2:
            state, rules, version = live.state, live.rules, live.version
            seat = rules.to_act(state)[0]
            table = tables[seat]
            await table.at(game_id, version)
            action = _scripted(rules, state, seat)
            if isinstance(action, pi.Pepper):
                width = sizes[seat][0]
                scene = table.state()["scene"]
                ways = [a for a in scene["actions"] if "to" in a.get("fields", {})]
                peppers[seat] = len(ways)
                off = await off_screen(table, PEPPER_SCREEN)
                print("PEPPER", width, await table.table.evaluate(GEOMETRY), flush=True)
                problems = await shoot(table, f"island-{width}-pepper")
                assert off == [] and problems == [], (width, off, problems)
                fields = next(a["fields"] for a in ways if a["action"] == action.to_json())
                if seat == 0:
                    presses = await key_choice(table, fields)
                else:
                    await point_choice(table, fields)
            else:
                label = next(
                    a["label"]
                    for a in table.state()["scene"]["actions"]
                    if a["action"] == action.to_json()
                )
                press = partial(_press_action, table, action, label)
                await answered(table, version, press)
            live = await moved_on(bots, game_id, version, live, tables)
        row = await bots.current.service.storage.game(game_id)
        for seat, table in enumerate(tables):
            assert check_frames(table.frames, row, seat) > 3
            assert table.failed == [], "no file missing (no 404), no script error"
    print("PEPPER KEYS", presses, flush=True)
    assert peppers == {0: 120, 1: 12}, peppers
    assert 0 < presses <= 8, presses
