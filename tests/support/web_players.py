"""Players at the web table in a real browser, as people play it: they point
at cards and piles (or use the keyboard), press the dock's buttons, open a
lobby from the launcher and take seats. What to do is chosen from the
scene's legal actions (what the table offers), never from the engine; the
page is what carries it out."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from playwright.async_api import Locator
from playwright.async_api import TimeoutError as PlaywrightTimeout

from browser import Seat

DIRECT = ".dock .controls .action:not(.play):not(.clear)"


@dataclass
class Keys:
    """Key presses of one turn played by keyboard."""

    presses: int = 0

    async def press(self, seat: Seat, key: str) -> None:
        await seat.page.keyboard.press(key)
        self.presses += 1


def scene(seat: Seat) -> dict[str, Any]:
    return seat.state()["scene"]


async def tap(seat: Seat, target: Locator) -> bool:
    """A finger (or the mouse) on the middle of `target` as it is on the
    screen, once scrolled to (in the page, or in a list that scrolls):
    whatever is drawn there gets it, as for a person."""
    # Into the middle of the screen: at its edge the dock may lie over it.
    # Gone from the screen meanwhile (the table moved on under the finger, or
    # someone else's answer settled the question): not waited for.
    # One trip where it is there already (most taps); else wait a moment for it.
    found = await target.evaluate_all(f"ee => ee.length === 1 ? [({SCROLLED_TO})(ee[0])] : ee")
    if len(found) > 1:
        raise AssertionError(f"{target} is {len(found)} things on the table, not one")
    try:
        box = found[0] if found else await target.evaluate(SCROLLED_TO, timeout=2_000)
    except PlaywrightTimeout:
        return False
    if box is None:
        return False
    await seat.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    return True


#: Scrolls an element to the middle of the screen and gives where it is then,
#: or null if it is not drawn. The Activity's frame fills Discord's page from
#: its corner (browser.HOST_PAGE), so where it is in the frame is where it is
#: on the screen: one trip to the page, not one to scroll and one to measure.
SCROLLED_TO = """e => {
  e.scrollIntoView({ block: 'center', inline: 'nearest' });
  const r = e.getBoundingClientRect();
  return r.width || r.height ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
}"""


# --- before the game --------------------------------------------------------------------


async def open_lobby(seat: Seat, title: str, choices: dict[str, str]) -> None:
    """At the launcher: choose the game by its title and each option's
    value by clicking its chip, then open the lobby."""
    await seat.showing("launcher")
    await seat.table.locator(".game-choice", has_text=title).click()
    for name, value in choices.items():
        await seat.table.locator(f'label[for="opt-{name}-{value}"]').click()
    await seat.table.locator('[data-key="open"]').click()


async def lobby_click(seat: Seat, verb: str) -> None:
    await seat.showing("lobby")
    await seat.table.locator(f'[data-key="{verb}"]').click()


async def add_computer(seat: Seat, level: str) -> None:
    await seat.showing("lobby")
    await seat.table.locator('[data-key="level"]').select_option(level)
    await seat.table.locator('[data-key="addbot"]').click()


async def a_full_table(seat: Seat, seats: int) -> None:
    """Easy computers beside the lobby's host until `seats` sit, the game's
    most (its add button gone), then the game started at the table."""
    for count in range(2, seats + 1):
        await add_computer(seat, "easy")
        await seat.table.wait_for_function(
            f"document.querySelectorAll('.lobby-seats li').length === {count}"
        )
    assert not await seat.table.locator('[data-key="addbot"]').count(), f"{seats} seats at most"
    await lobby_click(seat, "start")
    await seat.showing("table")


# --- a turn put together from the hand ------------------------------------------------------


def composed(seat: Seat) -> list[dict[str, Any]]:
    return [a for a in scene(seat)["actions"] if a.get("fields")]


def choose_turn(seat: Seat, rng: random.Random, orders: bool = True) -> dict[str, Any]:
    """A legal turn the table offers: mostly without an order card."""
    turns = composed(seat)
    plain = [a for a in turns if a["fields"].get("order", "-") == "-"]
    if plain and (not orders or rng.random() < 0.7):
        return rng.choice(plain)
    return rng.choice(turns)


async def point_turn(seat: Seat, turn: dict[str, Any]) -> None:
    """A turn by pointing: the kind's pile as many times as cards, the order
    card, the pile to draw from if not the one already chosen, then Play."""
    table, fields = seat.table, turn["fields"]
    defaults = scene(seat).get("defaults", {})
    if fields.get("kind", "-") != "-":
        pile = table.locator(f'[data-key="card:kind-{fields["kind"]}"]')
        for _ in range(int(fields["count"])):
            await tap(seat, pile)
    if fields.get("order", "-") != "-":
        await tap(seat, table.locator(f'[data-key="card:order-{fields["order"]}"]'))
    draw = fields.get("draw", "-")
    if draw != "-" and draw != defaults.get("draw"):
        await tap(seat, table.locator(f'[data-key="pile:{draw}"]'))
    play = table.locator('.dock [data-key="play"]')
    text = await play.text_content() or ""
    assert turn["label"] in text, (turn, text)
    await tap(seat, play)


async def key_turn(seat: Seat, turn: dict[str, Any]) -> int:
    """A turn by keyboard alone, from wherever the focus is: into the hand,
    the arrows to the kind, its count as a digit, an order card with the
    arrows and Space, then Enter (or Tab to the piles, the arrows to the
    other pile and Enter, which chooses it and plays). Returns the presses."""
    table, fields = seat.table, turn["fields"]
    keys = Keys()
    keys_in_hand = await table.evaluate(
        "() => [...document.querySelectorAll('.hand [data-key]')].map(e => e.dataset.key)"
    )
    where = await table.evaluate("() => document.activeElement.closest('.hand') ? 'hand' : ''")
    if where != "hand":
        # Into the hand: forwards from the page's start, back from the dock.
        at_body = await table.evaluate("() => document.activeElement === document.body")
        step = "Tab" if at_body else "Shift+Tab"
        for _ in range(12):
            await keys.press(seat, step)
            if await table.evaluate("() => !!document.activeElement.closest('.hand')"):
                break
    assert await table.evaluate("() => !!document.activeElement.closest('.hand')")

    async def go_to(key: str) -> None:
        now = await table.evaluate("() => document.activeElement.dataset.key")
        at, want, n = keys_in_hand.index(now), keys_in_hand.index(key), len(keys_in_hand)
        right = (want - at) % n
        left = (at - want) % n
        arrow, times = ("ArrowRight", right) if right <= left else ("ArrowLeft", left)
        for _ in range(times):
            await keys.press(seat, arrow)

    if fields.get("kind", "-") != "-":
        await go_to(f"card:kind-{fields['kind']}")
        await keys.press(seat, fields["count"])
    if fields.get("order", "-") != "-":
        await go_to(f"card:order-{fields['order']}")
        await keys.press(seat, " ")
    draw = fields.get("draw", "-")
    default = scene(seat).get("defaults", {}).get("draw")
    if draw != "-" and draw != default:
        await keys.press(seat, "Tab")  # the piles: the one taking the Tab stop first
        for _ in range(2):
            now = await table.evaluate("() => document.activeElement.dataset.key")
            if now == f"pile:{draw}":
                break
            await keys.press(seat, "ArrowRight")
    await keys.press(seat, "Enter")
    return keys.presses


async def decide(seat: Seat, rng: random.Random, avoid: tuple[str, ...] = ()) -> str:
    """A decision or a choice the dock offers: one of its buttons, or cards
    counted out on a counter (what to ask for, what pays) and confirmed."""
    buttons = seat.table.locator(DIRECT)
    # All at once: a button read one by one may be gone meanwhile (someone
    # else's answer settled the question), and reading it would wait for it.
    labels = await buttons.all_text_contents()
    count = len(labels)
    groups = [g["group"] for g in scene(seat).get("counters") or []]
    options: list[str | int] = [*range(count), *groups]
    if not options:  # nothing to decide any more: someone else's answer settled it
        return ""
    weights = [0.2 if any(a in label for a in avoid) else 1.0 for label in labels]
    choice = rng.choices(options, [*weights, *([1.0] * len(groups))])[0]
    if isinstance(choice, int):
        return labels[choice] if await tap(seat, buttons.nth(choice)) else ""
    ways = [a for a in scene(seat)["actions"] if a.get("group") == choice]
    way = rng.choice(ways)
    await count_out(seat, choice, way["counts"])
    confirm = seat.table.locator(f'[data-key="confirm:{choice}"]')
    assert way["label"] == await confirm.text_content()
    await tap(seat, confirm)
    return way["label"]


async def count_out(seat: Seat, group: str, counts: dict[str, int]) -> None:
    """Each kind's counter to its number, with its − and + buttons."""
    for row in await seat.table.locator(f'[data-group="count-{group}"] .counted').all():
        more = row.locator('[data-key^="more:"]')
        kind = (await more.get_attribute("data-key") or "").rsplit(":", 1)[1]
        shown = int(await row.locator(".n").text_content() or "0")
        want = counts.get(kind, 0)
        step = more if want > shown else row.locator('[data-key^="fewer:"]')
        for _ in range(abs(want - shown)):
            await tap(seat, step)


# --- a choice made in steps (a Pepper) ---------------------------------------------------

CHOICE_ROWS = ".chooser [role=radiogroup]"


async def point_choice(seat: Seat, fields: dict[str, str]) -> None:
    """Each row's option as `fields` names it, then the button that
    confirms with the last one (on top, or under the deck)."""
    table = seat.table
    for row in await table.locator(CHOICE_ROWS).all():
        field = (await row.get_attribute("data-group") or "").removeprefix("choice-")
        option = row.locator(f'[data-key="option:{field}:{fields[field]}"]')
        if await option.get_attribute("aria-checked") != "true":
            await tap(seat, option)
    last = [f for f in fields if not await table.locator(f'[data-group="choice-{f}"]').count()]
    confirm = table.locator(f'.dock [data-key="confirm:{last[-1]}:{fields[last[-1]]}"]')
    await tap(seat, confirm)


async def key_choice(seat: Seat, fields: dict[str, str]) -> int:
    """The same by keyboard alone: Tab into each row, the option's digit,
    Tab on to the buttons that confirm (another Tab for the second), Enter.
    Returns the presses."""
    table, keys = seat.table, Keys()
    rows = await table.evaluate(
        "(s) => [...document.querySelectorAll(s)].map(r => r.dataset.group)", CHOICE_ROWS
    )
    in_group = "(g) => document.activeElement.closest('[data-group]')?.dataset.group === g"
    for group in rows:
        for _ in range(12):
            await keys.press(seat, "Tab")
            if await table.evaluate(in_group, group):
                break
        field = group.removeprefix("choice-")
        options = await table.evaluate(
            "(g) => [...document.querySelector(`[data-group='${g}']`).children]"
            ".map(e => e.dataset.key)",
            group,
        )
        at = options.index(f"option:{field}:{fields[field]}")
        if at < 9:  # its digit
            await keys.press(seat, str(at + 1))
        else:  # the last, then back along the row
            await keys.press(seat, "End")
            for _ in range(len(options) - 1 - at):
                await keys.press(seat, "ArrowLeft")
    last = [f for f in fields if f"choice-{f}" not in rows][-1]
    want = f"confirm:{last}:{fields[last]}"
    for _ in range(4):
        await keys.press(seat, "Tab")
        if await table.evaluate("() => document.activeElement.dataset.key") == want:
            break
    await keys.press(seat, "Enter")
    return keys.presses
