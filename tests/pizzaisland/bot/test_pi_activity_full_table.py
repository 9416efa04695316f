"""Pizza Island's fullest table, on a phone: four seats (the most, PI-S1)
at the advanced level, the Captain's Ship with its three cards (PI-A1), and
every seat's pizzas filling until Ana's own are the fullest they get in a
game, at 320×640 and 375×667 during her turn to take. Her pizzas, the deck,
the Ship's cards and the buttons that confirm must be on the first screen
with no scrolling, nothing wider than the screen, nothing overlapping,
every control at least 44 px to touch (issue 40, point 3). Ana's moves up
to there are made through the game service, the computers' by themselves:
what is checked is the page her browser draws."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from engine.pizzaisland import actions as pi
from engine.pizzaisland.cards import parts

from browser import Seat, chromium, resize
from web_game import a_phone_at_the_launcher, held, on_each_phone
from web_players import a_full_table

#: What must be on the first screen while Ana takes: her pizzas, the deck,
#: the Ship's cards and the buttons that confirm.
TAKING_SCREEN = [".mine .pizza", ".pile.deck", ".ship .card", ".dock .controls"]


#: What of `selectors` lies even partly under the dock, on the first screen.
UNDER_THE_DOCK = """(selectors) => {
  window.scrollTo(0, 0);
  const top = document.querySelector(".dock").getBoundingClientRect().top;
  return [...document.querySelectorAll(selectors.join(", "))]
    .filter((e) => e.getBoundingClientRect().bottom > top + 0.5)
    .map((e) => {
      const under = Math.round(e.getBoundingClientRect().bottom - top);
      return `${e.className.baseVal ?? e.className} ${under} px under the dock`;
    });
}"""


def filling(state: Any, legal: list[Any], seat: int) -> Any:
    """A Ship card of a colour Ana builds while there is one, else one from the deck;
    every hero declined, a third colour put back with one slice."""
    takes = [a for a in legal if isinstance(a, pi.Take)]
    built = set(state.pizzas[seat])
    fits = [a for a in takes if a.source != "deck" and parts(a.source)[0] in built]
    if fits:
        return fits[0]
    if takes and state.taken == 0:
        return next(a for a in takes if a.source == "deck")
    for kind in (pi.Stop, pi.Decline, pi.Discard):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    return legal[0]


async def check_phones(table: Seat, name: str) -> list[str]:
    async def named_and_clear(seat: Seat, width: int) -> list[str]:
        # Every slice, place and pizza named in words, never by the pictures' symbols.
        named = await seat.table.evaluate(
            "() => [...document.querySelectorAll('[aria-label]')].map((e) => e.ariaLabel)"
        )
        found = [f"named by symbols: {n}" for n in named if set(n) & set("▲■●🟥🟩🟨")]
        return found + await seat.table.evaluate(UNDER_THE_DOCK, TAKING_SCREEN[:-1])

    found = await on_each_phone(table, name, TAKING_SCREEN, named_and_clear)
    await resize(table, 320, 640)
    return found


@pytest.mark.parametrize("locale", ["en-US", "ru"])
async def test_pi_a1_the_fullest_table_on_one_phone_screen(discord_server, bots, locale):
    bots.activity = True
    bot = await bots.start()
    ana = discord_server.users[0]
    ana.locale = locale
    async with chromium() as browser:
        table = await a_phone_at_the_launcher(discord_server, bot, browser, ana)
        # The game by its name, not its title (which is in Ana's language).
        frame = table.table
        game = frame.locator('[data-key="game:pizza-island"]')
        await frame.locator(".game-choice", has=game).click()
        await frame.locator('label[for="opt-level-advanced"]').click()
        await frame.locator('[data-key="open"]').click()
        await table.showing("lobby")
        await a_full_table(table, 4)  # three computers beside her
        await bots.idle()
        game_id = int(table.state()["game"])
        service = bots.current.service
        fullest = (0, 0)  # the most slices in Ana's pizzas seen on her turn, and on the table
        while fullest[0] < 9:
            await bots.idle()
            live = held(bots, game_id, None)
            state = live.state
            if not live.rules.to_act(state) or state.game > 1:
                break  # the first game is over: its pizzas are gone
            if 0 not in live.rules.to_act(state):
                await asyncio.sleep(0.01)  # the computers move by themselves
                continue
            await table.at(game_id, live.version)
            legal = list(live.rules.legal_actions(state, 0))
            mine = state.slices(0)
            table_slices = sum(state.slices(s) for s in range(len(state.pizzas)))
            if state.taken == 0 and state.pending is None and (mine, table_slices) > fullest:
                fullest = (mine, table_slices)
                problems = await check_phones(table, f"island-full-{locale}-{mine}-{table_slices}")
                assert problems == [], (fullest, problems)
            action = filling(state, legal, 0)
            await service.act(game_id, ana.id, lambda seat, a=action: a, version=live.version)
        assert table.failed == [], "no file missing, no script error"
    print("FULLEST", fullest, flush=True)
    assert fullest[0] >= 7 and fullest[1] >= 30, fullest  # the deck down to its last cards
