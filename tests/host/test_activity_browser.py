"""The Activity in a real browser (headless Chromium), inside a stand-in for
Discord's frame, against the real bot and the loopback Discord, played as
people play it: opened from the app launcher where no game runs, a game
chosen at the table's launcher, seats taken by three people at their own
tables (a phone of 320 px, one of 375 px and a desktop) and a computer
added, started, played to the ranking and Play again, without one slash
command. Every websocket frame is checked for another seat's hidden cards
(MM-V1, MM-V2, PI-I1); the screens at each width are checked by code for
overlap, overflow, touch targets and the one-screen rule; the live region
and the page's language; a turn by keyboard alone."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

from playwright.async_api import TimeoutError as PlaywrightTimeout

from bot.flow import questions
from bot.i18n import t
from engine import mammamia as engine
from engine.pizzaisland import actions as pi

from browser import (
    Seat,
    chromium,
    layout_problems,
    off_screen,
    open_table,
    reader,
    reveal_over,
)
from viewers import check_frames
from web_players import (
    add_computer,
    choose_turn,
    decide,
    key_choice,
    key_turn,
    lobby_click,
    open_lobby,
    point_choice,
    point_turn,
    tap,
)

SHOTS = Path(__file__).resolve().parents[2] / "build" / "activity-screens"
#: What must be on the first screen on a phone while it is the player's turn:
#: their hand, the piles they draw from, and the control that confirms.
TURN_SCREEN = [".hand [data-key]", ".draw .pile", '.dock [data-key="play"]']
SAID = """() => {
  window.__said = [];
  const live = document.getElementById("live");
  new MutationObserver(() => window.__said.push(live.textContent))
    .observe(live, { childList: true, characterData: true, subtree: true });
  // What appeared on the table: cards travelling, the oven's cards turned, marks on orders.
  window.__added = { flyer: 0, revealed: 0, outcome: 0 };
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      for (const name of Object.keys(window.__added)) {
        if (node.classList && node.classList.contains(name)) window.__added[name] += 1;
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""
#: Nothing travelling across the table, no card being turned over.
SETTLED = "() => !document.querySelector('.flyer') && !document.getAnimations().length"
#: The group of cards the focus is in (the hand, the piles to draw from).
FOCUS_GROUP = "() => document.activeElement.closest('[data-group]')?.dataset.group ?? ''"


async def shoot(seat: Seat, name: str) -> list[str]:
    """A screenshot of what the player sees, and what is wrong on it."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    # The table as it stands, not cards caught in flight (a desktop's moves last < 1 s).
    with contextlib.suppress(PlaywrightTimeout):
        await seat.table.wait_for_function(SETTLED, timeout=2_000)
    await seat.page.screenshot(path=str(SHOTS / f"{name}.png"))
    print("SHOT", name, flush=True)
    try:
        return await asyncio.wait_for(layout_problems(seat), 20)
    except TimeoutError:
        print("TRIVIAL", await asyncio.wait_for(seat.table.evaluate("1+1"), 10), flush=True)
        print("MAIN", await asyncio.wait_for(seat.page.evaluate("1+1"), 10), flush=True)
        raise


async def at_the_launcher(
    discord_server, bot, browser, users, sizes, motion: tuple[bool, ...] = (False, False, True)
) -> list[Seat]:
    """Each user opens the Activity from the app launcher of a channel with no
    game; the desktop's browser lets things move, the phones' ask it not to."""
    tables = []
    for user, (width, height), moving in zip(users, sizes, motion, strict=True):
        tables.append(
            await open_table(
                browser, discord_server, bot, user, width=width, height=height, motion=moving
            )
        )
    for table in tables:
        await table.showing("launcher")
        # What the status line says, every time it changes (a refusal may be
        # followed at once by the next step of a reveal).
        await table.table.evaluate(SAID)
        # Everyone with the table open is listed, by name, with their avatar.
        await table.table.wait_for_function(
            f"document.querySelectorAll('.people li').length === {len(users)}"
        )
    return tables


async def into_a_game(
    discord_server, bots, tables: list[Seat], title: str, choices: dict[str, str]
) -> int:
    """Ana opens a lobby at her table, Ben and Cleo take seats at theirs, Ana
    adds an easy computer and starts: the channel follows it all."""
    ana, ben, cleo = tables
    await open_lobby(ana, title, choices)
    for table in tables:
        await table.showing("lobby")
    lobby = discord_server.public_messages()[-1]  # posted to the channel, with its buttons
    assert lobby.find_button(t("lobby.button.join")) is not None
    problems = await shoot(ana, f"lobby-320-{title.split()[0].lower()}")
    assert problems == [], problems
    await lobby_click(ben, "join")
    await cleo.table.wait_for_selector('[data-key="join"]')
    await lobby_click(cleo, "join")
    await ana.table.wait_for_function("document.querySelectorAll('.lobby-seats li').length === 3")
    await add_computer(ana, "easy")
    await ana.table.wait_for_function("document.querySelectorAll('.lobby-seats li').length === 4")
    await bots.idle()
    lobby = discord_server.get_message(lobby.id)
    assert lobby is not None and t("activity.ui.computer") not in lobby.text
    await lobby_click(ana, "start")
    for table in tables:
        await table.showing("table")
    await bots.idle()
    assert t("lobby.started") in (discord_server.get_message(lobby.id) or lobby).text
    return int(ana.state()["game"])


def held(bots, game_id: int, last: Any) -> Any:
    return bots.current.service.games.held(game_id) or last


async def moved_on(bots, game_id: int, version: int, last: Any, tables: list[Seat]) -> Any:
    try:
        async with asyncio.timeout(15):
            while held(bots, game_id, last).version == version:
                await asyncio.sleep(0.005)
    except TimeoutError:
        live = held(bots, game_id, last)
        seen = [
            (t.state()["version"], [a["label"] for a in t.state()["scene"]["actions"]][:4])
            for t in tables
        ]
        said = [(await reader(t))["regions"][0]["text"] for t in tables]
        raise AssertionError((live.rules.to_act(live.state), version, seen, said)) from None
    return held(bots, game_id, last)


async def play_to_the_end(
    bots,
    game_id: int,
    tables: list[Seat],
    move: Callable[[Seat, int], Awaitable[None]],
) -> Any:
    """Everyone at a table moves when the table offers them something, the
    computer by itself, until the game is over."""
    live = held(bots, game_id, None)
    while live.rules.to_act(live.state):
        version = live.version
        # Who may move now: the seats to act, and everyone a question is put to.
        seats = set(live.rules.to_act(live.state)) | set(questions.asked(live))
        asked = set(questions.asked(live))
        acting = [table for seat, table in enumerate(tables) if seat in seats]
        for seat, table in enumerate(tables):
            if seat in seats:
                await table.at(game_id, version)
            if seat in asked:  # its buttons may come in a later frame of this version
                await _offered(bots, game_id, version, table)
        acting = [table for table in acting if table.state()["scene"]["actions"]]
        if acting:  # a question put to several at once is answered by all together
            await asyncio.gather(*(move(table, version) for table in acting))
        live = await moved_on(bots, game_id, version, live, tables)
    await bots.idle()
    return live


async def _offered(bots: Any, game_id: int, version: int, table: Seat) -> None:
    """Wait (a while) for a question put to this seat to reach its table: it
    comes in a frame of the same version, after the one `at` waited for."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(5):
            while not table.state()["scene"]["actions"]:
                if held(bots, game_id, None).version != version:
                    return  # answered by others meanwhile
                await asyncio.sleep(0.005)


@contextlib.asynccontextmanager
async def _explained(seat: Seat, pressed: str) -> AsyncIterator[None]:
    """Ten seconds for the table to answer what was pressed, else say what."""
    try:
        async with asyncio.timeout(10):
            yield
    except TimeoutError:
        html = await seat.table.locator("#table").inner_html()
        raise AssertionError(("nothing came of", pressed, html[-3000:])) from None


async def answered(seat: Seat, version: int, press: Callable[[], Awaitable[str]]) -> None:
    """Press something; if the table says no (a refusal in words), press another."""
    for _ in range(6):
        if seat.state()["version"] != version or not seat.state()["scene"]["actions"]:
            return  # the game moved on meanwhile (someone else answered the question)
        seen = len(seat.frames)
        pressed = await press()
        if not pressed:
            await asyncio.sleep(0.01)
            continue  # what was to be pressed went away: look again
        async with _explained(seat, pressed):
            while True:
                new = seat.frames[seen:]
                if any(f["type"] == "state" and f["version"] > version for f in new):
                    return
                if any(f["type"] == "done" for f in new):
                    return
                refused = [f for f in new if f["type"] == "refused"]
                if refused:
                    said = await seat.table.evaluate("window.__said || []")
                    assert refused[-1]["text"] in said, "a refusal is said in the status line"
                    break
                await asyncio.sleep(0.005)
    raise AssertionError(("no choice was taken", seat.frames[-3:]))


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
        over = await reveal_over(table)
        self.strips += await table.table.locator(".reveal").count()
        assert over == [], (width, over)
        if not any(a.get("fields") for a in scene["actions"]):  # a decision of the reveal
            if f"{width}-decision" not in self.shots:
                self.shots.add(f"{width}-decision")
                problems = await shoot(table, f"{self.name}-{width}-decision")
                assert problems == [], problems
            self.pointed |= index == 0
            await answered(table, version, lambda: decide(table, self.rng))
            return
        if width < 1000:  # the one-screen rule, on every turn at a phone's width
            off = await off_screen(table, TURN_SCREEN)
            if off:
                await shoot(table, f"{self.name}-{width}-off-screen")
            assert off == [], (width, off)
        turn = choose_turn(table, self.rng, orders=index != 0)
        later = "later" if table.state()["view"]["round"] > 1 else "turn"
        if later == "later" and await table.table.locator(".reveal").count():
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
            await point_turn(table, turn)


async def test_a_classic_game_from_the_launcher_to_play_again(discord_server, bots):
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
        for table, name in zip(tables, ("320", "375", "1280"), strict=True):
            problems = await shoot(table, f"classic-{name}-end")
            assert problems == [], (name, problems)
        row = await bots.current.service.storage.game(game_id)
        for seat, table in enumerate(tables):
            assert table.state()["seat"] == seat
            assert check_frames(table.frames, row, seat) > 20
            added = await table.table.evaluate("window.__added")
            # The reveal turned the oven's cards one by one and marked each order's fate on it.
            assert added["revealed"] > 10 and added["outcome"] > 0, added
            # Cards travelled on the desktop; where reduced motion is asked for, nothing moved.
            assert (added["flyer"] > 0) == (seat == 2), (seat, added)
        # Play again, from the table: a new lobby for everyone, posted to the channel.
        await tables[0].table.locator('[data-key="after:again"]').click()
        for table in tables:
            await table.showing("lobby")
        await bots.idle()
        lobby = discord_server.public_messages()[-1]
        assert lobby.find_button(t("lobby.button.start")) is not None
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
    assert asked_together, "a help question went to several players at once"
    assert engine.replay(row.record).error is None


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
        if "to" in chosen.get("fields", {}):  # a Pepper: its rows, then on top or under
            await point_choice(table, chosen["fields"])
            return "pepper"
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
    print("PEPPER KEYS", presses, flush=True)
    assert peppers == {0: 120, 1: 12}, peppers
    assert 0 < presses <= 8, presses
