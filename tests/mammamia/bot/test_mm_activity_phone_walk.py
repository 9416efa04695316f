"""A Plus turn and a reveal as a player sees them on a 320×640 phone, step
by step, each screen photographed (build/activity-screens/walk-*.png) and
checked by code: Ana's turn put together by pointing (a kind, how many, an
order card, the pile to draw from, Play), every card she needs, the piles
and Play on the first screen at each step; then the reveal at the game's
pace, the oven's cards turned one by one beside the oven, never over a
seat, her place or a control, and her own order's decision asked in the
dock on the first screen once the cards before it are turned, not ahead
of them (PL-R5, PL-H1, MM-R10)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from bot.flow import questions
from engine.mammamia.actions import SUPPLY, Turn

from browser import Seat, chromium, off_screen, reveal_over
from web_game import a_phone_at_the_launcher, held, shoot
from web_players import add_computer, lobby_click, open_lobby, tap

TURN_SCREEN = [".hand [data-key]", ".draw .pile", '.dock [data-key="play"]']
#: Seconds a reveal's step takes here (the game's pace; the test's default is none).
PACE = 0.15
#: Seconds the reveal's strip may stay once the game has left the reveal (its
#: last steps at the pace, 1.2 s more, a busy machine's delay).
STRIP_GOES = 15.0


async def step(table: Seat, name: str, seen: list[str], first: list[str]) -> None:
    """A screen of the walk: photographed, nothing wrong on it, `first` on
    the first screen; what the status line said is kept in `seen`."""
    problems = await shoot(table, f"walk-{len(seen):02d}-{name}")
    off = await off_screen(table, first) if first else []
    said = await table.table.evaluate("document.getElementById('live').textContent")
    seen.append(f"{name}: {said}")
    print("WALK", round(time.monotonic()), seen[-1], flush=True)
    assert problems == [] and off == [], (name, problems, off)


def quick_turn(legal: list[Any]) -> Any:
    """A turn that brings the reveal near: one card, no order, the most from the supply."""
    turns = [a for a in legal if isinstance(a, Turn) and a.order is None and a.count == 1]
    return next((a for a in turns if a.draw == SUPPLY), turns[0] if turns else legal[0])


async def test_pl_r5_a_plus_turn_and_its_reveal_step_by_step_on_a_phone(discord_server, bots):
    bots.activity = True
    bots.pace = PACE
    bot = await bots.start()
    ana = discord_server.users[0]
    seen: list[str] = []
    async with chromium() as browser:
        table = await a_phone_at_the_launcher(discord_server, bot, browser, ana)
        await open_lobby(table, "Mamma Mia!", {"variant": "plus", "help": "on"})
        await table.showing("lobby")
        for seats in (2, 3):
            await add_computer(table, "easy")
            await table.table.wait_for_function(
                f"document.querySelectorAll('.lobby-seats li').length === {seats}"
            )
        await lobby_click(table, "start")
        await table.showing("table")
        game_id = int(table.state()["game"])
        service = bots.current.service
        while 0 not in (live := held(bots, game_id, None)).rules.to_act(live.state):
            await asyncio.sleep(0.01)  # the computers before her
        await table.at(game_id, live.version)
        await step(table, "turn", seen, TURN_SCREEN)

        # Her turn by pointing: the kind (as many times as cards), an order card, the pile, Play.
        legal = list(live.rules.legal_actions(live.state, 0))
        turn = max(
            (a for a in legal if isinstance(a, Turn) and a.order and a.draw == SUPPLY),
            key=lambda a: a.count,
        )
        for n in range(turn.count):
            await tap(table, table.table.locator(f'[data-key="card:kind-{turn.ingredient}"]'))
            await step(table, f"kind-{n + 1}", seen, TURN_SCREEN)
        await tap(table, table.table.locator(f'[data-key="card:order-{turn.order}"]'))
        await step(table, "order", seen, TURN_SCREEN)
        await tap(table, table.table.locator('[data-key="pile:orders"]'))
        await step(table, "order-pile", seen, TURN_SCREEN)
        await tap(table, table.table.locator('[data-key="pile:supply"]'))
        await step(table, "supply", seen, TURN_SCREEN)
        await tap(table, table.table.locator('.dock [data-key="play"]'))
        await table.at(game_id, live.version + 1)
        await step(table, "played", seen, [])

        # Her later turns through the service, quickly, until the reveal begins.
        while (live := held(bots, game_id, None)).state.phase == "turn":
            if 0 in live.rules.to_act(live.state):
                action = quick_turn(list(live.rules.legal_actions(live.state, 0)))
                with contextlib.suppress(Exception):  # the game moved on meanwhile
                    await service.act(game_id, ana.id, lambda s, a=action: a, version=live.version)
            await asyncio.sleep(0.01)

        # The reveal at its pace: a screen a step, her decisions in the dock.
        shots, strips = 0, 0
        answered: set[int] = set()  # the versions whose question Ana answered
        left: float | None = None  # when the game left the reveal, its strip still showing
        while (
            held(bots, game_id, None).state.phase == "reveal"
            or await table.table.locator(".reveal").count()
        ):
            live = held(bots, game_id, None)
            if live.state.phase != "reveal":
                # Its last steps paced out, the strip goes by itself: it does
                # not stay into her next turn (the next frame might be minutes away).
                left = left or time.monotonic()
                assert time.monotonic() - left < STRIP_GOES, "the strip stays after the reveal"
            scene = table.state()["scene"]
            over = await reveal_over(table)
            assert over == [], over
            strips += await table.table.locator(".reveal .revealed").count() > 0
            mine = [a for a in scene["actions"] if not a.get("fields")]
            asked = set(live.rules.to_act(live.state)) | set(questions.asked(live))
            if mine and live.state.phase == "reveal" and 0 in asked:
                if live.version not in answered:
                    # Asked once the cards that led to it are turned, not before.
                    await table.at(game_id, live.version)
                    paced = [s["text"] for s in table.state()["scene"]["steps"] if s.get("paced")]
                    said = await table.table.evaluate("document.getElementById('live').textContent")
                    assert not paced or said == paced[-1], ("asked ahead of the reveal", said)
                    await step(table, "decision", seen, [".dock .controls", ".dock .prompt"])
                button = table.table.locator(".dock .controls .action").last
                if live.version not in answered:  # once: the game may wait on the others
                    answered.add(live.version)
                    await tap(table, button)  # the last: declining, or refusing to help
                await asyncio.sleep(PACE)
                continue
            if shots < 8:
                await step(table, "reveal", seen, [])
                shots += 1
            await asyncio.sleep(PACE)
        await step(table, "next-round", seen, [])
    assert strips, "the oven's cards were seen turned"
    assert any(s.startswith("decision") for s in seen), seen
