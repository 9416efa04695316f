"""A whole game at the web table in a real browser, as people play it, for
any game: the people open the Activity from the app launcher, a lobby is
opened at the table and seats taken there, everyone moves when their table
offers them something, and what each screen shows is photographed and
checked for what is wrong on it. How a player plays a game's table is the
game's own (its tests' `move`); the host's and each game's browser tests
share this."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from playwright.async_api import TimeoutError as PlaywrightTimeout

from bot.flow import questions
from bot.i18n import t

from browser import Seat, layout_problems, off_screen, open_table, reader, resize
from web_players import add_computer, lobby_click, open_lobby

SHOTS = Path(__file__).resolve().parents[2] / "build" / "activity-screens"
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


#: The phones a table is checked on: the smallest, and a common one.
PHONES = [(320, 640), (375, 667)]


async def a_phone_at_the_launcher(discord_server, bot, browser, user) -> Seat:
    """`user` alone at the app launcher, on the smallest phone, asking for
    reduced motion."""
    (seat,) = await at_the_launcher(
        discord_server, bot, browser, [user], PHONES[:1], motion=(False,)
    )
    return seat


async def on_each_phone(
    seat: Seat,
    name: str,
    first: list[str],
    more: Callable[[Seat, int], Awaitable[list[str]]] | None = None,
) -> list[str]:
    """The page redrawn at each phone's size (as when a phone turns), each
    photographed: what of `first` is off its first screen, what `more` finds
    there, and what is wrong on it, each with the width."""
    found = []
    for width, height in PHONES:
        await resize(seat, width, height)
        off = await off_screen(seat, first)
        if more is not None:
            off += await more(seat, width)
        problems = await shoot(seat, f"{name}-{width}")
        found += [f"{width}: {p}" for p in off + problems]
    return found


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
        async with asyncio.timeout(30):  # a loaded machine's browser is slow to draw
            while not table.state()["scene"]["actions"]:
                if held(bots, game_id, None).version != version:
                    return  # answered by others meanwhile
                await asyncio.sleep(0.005)


@contextlib.asynccontextmanager
async def _explained(seat: Seat, pressed: str) -> AsyncIterator[None]:
    """Thirty seconds for the table to answer what was pressed, else say what."""
    try:
        async with asyncio.timeout(30):
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
