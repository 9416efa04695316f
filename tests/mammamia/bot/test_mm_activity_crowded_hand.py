"""The largest hand Mamma Mia! Plus deals, on a phone: a full table (six
seats) and Ana holding every order card she could draw (nine, and later
five ingredients beside them, PL-T1, PL-T2), at 320×640 and at 375×667
during her turn. Her hand, the piles she draws from and Play must be on
the first screen with no scrolling, nothing wider than the screen, nothing
overlapping, every card and button at least 44 px to touch (issue 40,
point 3). Ana's moves up to there are made through the game service, the
computers' by themselves: what is checked is the page her browser draws."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from engine.mammamia.actions import ORDERS, Turn

from browser import Seat, chromium, resize
from web_game import a_phone_at_the_launcher, held, on_each_phone
from web_players import a_full_table, open_lobby, tap

#: What must be on the first screen on a phone during the turn: the hand,
#: the piles to draw from, and Play (as in test_mm_activity_browser.py).
TURN_SCREEN = [".hand [data-key]", ".draw .pile", '.dock [data-key="play"]']
#: The deal (the bot's seed for its first game) where Ana's largest hand
#: holds five kinds of ingredient beside her nine orders: the most rows a
#: phone's hand can have.
CROWDED_SEED = 6


#: Between the hand's last row and the dock (what confirms), on the first screen.
ROOM = """() => {
  window.scrollTo(0, 0);
  const bottom = Math.max(...[...document.querySelectorAll(".hand [data-key]")]
    .map((e) => e.getBoundingClientRect().bottom));
  return Math.round(document.querySelector(".dock").getBoundingClientRect().top - bottom);
}"""


def emptying_turn(legal: list[Any]) -> Any:
    """The turn that plays the most ingredient cards and draws only order
    cards, so the hand fills with orders (Ana never plays one)."""
    turns = [a for a in legal if isinstance(a, Turn) and a.order is None]
    drawing = [a for a in turns if a.draw == ORDERS] or turns
    return max(drawing, key=lambda a: a.count)


def orders_in_hand(live: Any, seat: int) -> int:
    kinds = live.state.box.kinds
    return sum(1 for card in live.state.hands[seat] if card not in kinds)


async def compose(table: Seat, legal: list[Any]) -> None:
    """Ana points at a kind and an order card (not yet Play)."""
    turn = next(a for a in legal if isinstance(a, Turn) and a.order)
    for key in [f"card:kind-{turn.ingredient}"] * turn.count + [f"card:order-{turn.order}"]:
        await tap(table, table.table.locator(f'[data-key="{key}"]'))
    play = table.table.locator('.dock [data-key="play"]')
    await table.table.wait_for_function(
        "() => !document.querySelector('.dock [data-key=play]').hasAttribute('aria-disabled')"
    )
    assert len(await play.text_content() or "") > 25, await play.text_content()


async def check_phones(table: Seat, name: str) -> list[str]:
    """The one-screen rule and the layout at each phone's size, the page
    redrawn at each (as when a phone turns or a window is resized)."""

    async def room(seat: Seat, width: int) -> list[str]:
        room = await seat.table.evaluate(ROOM)
        print("ROOM", name, width, room, flush=True)
        # Its centre in sight, but its edge under the dock.
        return [f"the hand's last row {-room} px under the dock"] if room < 0 else []

    return await on_each_phone(table, name, TURN_SCREEN, room)


@pytest.mark.parametrize("locale", ["en-US", "fr"])  # French: the longest status line
async def test_pl_t1_pl_t2_a_crowded_plus_hand_on_one_phone_screen(discord_server, bots, locale):
    bots.activity = True
    bots.seed = CROWDED_SEED
    bot = await bots.start()
    ana = discord_server.users[0]
    ana.locale = locale
    async with chromium() as browser:
        table = await a_phone_at_the_launcher(discord_server, bot, browser, ana)
        await open_lobby(table, "Mamma Mia!", {"variant": "plus", "help": "off"})
        await table.showing("lobby")
        await a_full_table(table, 6)  # five computers beside her
        await bots.idle()
        game_id = int(table.state()["game"])
        service = bots.current.service
        most = (0, 0, 0)  # the most orders in Ana's hand on her turn, its size, its kinds
        checked = 0
        while True:
            await bots.idle()
            live = held(bots, game_id, None)
            if not live.rules.to_act(live.state):
                break  # the game is over
            if 0 not in live.rules.to_act(live.state):
                await asyncio.sleep(0.01)  # the computers move by themselves
                continue
            await table.at(game_id, live.version)
            orders = orders_in_hand(live, 0)
            size = len(live.state.hands[0])
            kinds = len(set(live.state.hands[0]) & set(live.state.box.kinds))
            most = max(most, (orders, size, kinds))
            legal = list(live.rules.legal_actions(live.state, 0))
            if orders >= 6 and any(isinstance(a, Turn) for a in legal):
                name = f"plus-crowded-{locale}-{orders}-orders-{size}-cards"
                problems = await check_phones(table, name)
                assert problems == [], (orders, size, problems)
                checked += 1
                await resize(table, 320, 640)
                if orders >= 9 and size >= 14:  # the largest: every order drawn, five kinds
                    # A whole turn put together: Play names it, at length, and still
                    # the hand, the piles and Play are all in sight.
                    await compose(table, legal)
                    problems = await check_phones(table, f"{name}-composed")
                    assert problems == [], (orders, size, problems)
                    break
            action = emptying_turn(legal) if any(isinstance(a, Turn) for a in legal) else legal[0]
            await service.act(game_id, ana.id, lambda seat, a=action: a, version=live.version)
        assert table.failed == [], "no file missing, no script error"
    assert most >= (9, 14, 5), most
    assert checked >= 2, checked
