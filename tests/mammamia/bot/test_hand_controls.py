"""The hand's turn controls hide nothing (MM-T1..T4, PL-T1, PL-T2): in many
random positions of both boxes, at 2 to 6 seats, every legal turn is
reachable through the controls in at most three clicks (Play included),
with at most two menus at once, every option reads differently from the
others in its select (its label and second line), and no select is cut at
Discord's 25 options. The clicks are simulated on the Reply's
components as the bot's handlers read them (`bot.games.mammamia.controls`)."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import bot.games.mammamia.hand as hands
from bot.games.mammamia import render
from bot.games.mammamia.controls import _picker
from bot.games.mammamia.hand import MOST, Draft, chosen, hand
from bot.games.pizzaisland.controls import _hero_controls
from bot.i18n import use_locale
from bot.interactions.paging import MORE, turned
from engine import mammamia as engine
from engine.mammamia.actions import Ask, Pass, Turn
from engine.mammamia.cards import BOXES
from engine.pizzaisland import GAME as ISLAND
from engine.pizzaisland.actions import Decline

CLICKS = 3


def positions(variant: str, seats: int, seed: int, wanted: int) -> list[Any]:
    """Turn positions of random games, every third turn or so."""
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < wanted:
        record = engine.new_record(variant, seats, rng.randrange(1 << 30))
        state, _ = engine.start(record)
        while state.phase != "over" and len(found) < wanted:
            seat = state.to_act()[0]
            legal = engine.legal_actions(state, seat)
            if state.phase == "turn" and rng.random() < 0.35:
                found.append(state)
            state, _ = engine.apply(state, rng.choice(legal))
    return found


def _parts(cid: str) -> tuple[str, str | None]:
    verb_arg = cid.split(":")[3:]
    return verb_arg[0], verb_arg[1] if len(verb_arg) > 1 else None


def reachable(state: Any, seat: int) -> dict[Any, int]:
    """Each turn the controls can play, with the fewest clicks it takes."""
    view = engine.player_view(state, seat)
    legal = engine.legal_actions(state, seat)
    names = [f"P{i}" for i in range(state.seats)]
    reached: dict[Any, int] = {}
    seen: set[str] = set()
    frontier = [Draft()]
    for clicks in range(1, CLICKS + 1):
        after: list[Draft] = []
        for draft in frontier:
            reply = hand(1, view, names, legal, draft)
            menus = [i for i in reply.items if isinstance(i, discord.ui.Select)]
            assert len(menus) <= 2, [m.custom_id for m in menus]
            for item in reply.items:
                if isinstance(item, discord.ui.Button):
                    verb, arg = _parts(item.custom_id or "")
                    if verb == "play" and not item.disabled:
                        action = chosen(Draft.decode(arg), legal)
                        assert action is not None, "an enabled Play plays a turn"
                        reached.setdefault(action, clicks)
                elif isinstance(item, discord.ui.Select):
                    labels = [(o.label, o.description) for o in item.options]
                    assert len(set(labels)) == len(labels), labels  # each reads differently
                    assert len(labels) <= MOST
                    verb, arg = _parts(item.custom_id or "")
                    for option in item.options:
                        picked = Draft.decode(arg).with_(verb, option.value)
                        if picked.encode() not in seen:
                            seen.add(picked.encode())
                            after.append(picked)
        frontier = after
    return reached


CASES = [("classic", n) for n in range(2, 6)] + [("plus", n) for n in range(2, 7)]


@pytest.mark.parametrize(("variant", "seats"), CASES)
def test_every_legal_turn_is_three_clicks_away(variant, seats):
    checked = 0
    for state in positions(variant, seats, seed=seats * 7 + len(variant), wanted=12):
        seat = state.to_act()[0]
        legal = [a for a in engine.legal_actions(state, seat) if isinstance(a, Turn | Pass)]
        with use_locale("en"):
            reached = reachable(state, seat)
        missing = [a for a in legal if a not in reached]
        assert not missing, (len(legal), missing[:3])
        assert max(reached.values()) <= CLICKS
        checked += len(legal)
    assert checked > 100


@pytest.mark.parametrize("variant", ["classic", "plus"])
def test_menus_kept_for_a_list_of_turns_answer_as_menus_made_afresh(variant):
    """A seat's menus are made once for its turns of a version and copied
    for each answer: every pick, in every language, shows the options a
    hand made afresh shows, the pick alone preselected (a pick made before
    never stays preselected)."""
    two_steps = 0
    for state in positions(variant, 4, seed=45 + len(variant), wanted=10):
        seat = state.to_act()[0]
        view = engine.player_view(state, seat)
        legal = engine.legal_actions(state, seat)  # one list, as the bot keeps it a version
        names = [f"P{i}" for i in range(state.seats)]
        turns = [a for a in legal if isinstance(a, Turn | Pass)][:8]
        drafts = [Draft(), *map(Draft.of, turns)]
        drafts += [Draft(a.ingredient, a.count) for a in turns if isinstance(a, Turn)]
        drafts += [Draft(kind="nothing", count=1, order="-", draw=""), Draft()]
        for locale in ("en", "ja", "en"):
            with use_locale(locale):
                kept = [hand(1, view, names, legal, d).view().to_components() for d in drafts]
                for draft, shown in zip(drafts, kept, strict=True):
                    hands._LATEST.clear()
                    assert shown == hand(1, view, names, legal, draft).view().to_components()
                    options = [
                        o for row in shown for c in row["components"] for o in c.get("options", [])
                    ]
                    marked = [o for o in options if o.get("default")]
                    assert len(marked) <= 2 and (draft != Draft() or not marked)
        two_steps += len([a for a in legal if isinstance(a, Turn)]) > MOST
    assert two_steps, "a hand of more turns than one menu holds was checked"


def test_a_hand_with_many_orders_offers_every_draw():
    """The case the whole-turn menu once cut: four orders in hand and more
    turns than a select holds; drawing from the order pile is offered too."""
    for state in positions("plus", 4, seed=3, wanted=300):
        seat = state.to_act()[0]
        view = engine.player_view(state, seat)
        legal = engine.legal_actions(state, seat)
        turns = [a for a in legal if isinstance(a, Turn)]
        if len(view.hand_orders) >= 4 and len(turns) > MOST:
            break
    else:
        raise AssertionError("no such position came up")
    with use_locale("en"):
        reached = reachable(state, seat)
    assert {a.draw for a in turns} <= {a.draw for a in reached}
    assert all(a in reached for a in turns)


@pytest.mark.parametrize("variant", ["classic", "plus"])
def test_two_orders_of_one_name_read_differently(variant):
    box = BOXES[variant]
    for colour in box.orders:
        with use_locale("fr"):
            labels = [render.order_label(variant, o) for o in box.order_ids(colour)]
        assert len(set(labels)) == len(labels), labels


def test_a_picker_of_many_ways_to_pay_or_ask_shows_them_all_in_pages():
    """MM-R10, PL-H1: the private pickers of which cards to pay or to ask for
    leave none out when there are more than a select holds."""
    kinds = BOXES["plus"].kinds
    asks = [
        Ask(0, tuple((k, n) for k, n in zip(kinds, counts, strict=True) if n))
        for counts in ((a, b, c, 0, 0, 0) for a in range(4) for b in range(4) for c in range(4))
        if any(counts)
    ]
    live: Any = SimpleNamespace(id=1)
    seen: set[str] = set()
    page, pages = 0, 0
    with use_locale("en"):
        while True:
            menu = _picker(live, 5, "askset", asks, "Ask", page).items[0]
            assert isinstance(menu, discord.ui.Select) and len(menu.options) <= MOST
            values = [o.value for o in menu.options]
            seen |= {v for v in values if not v.startswith(MORE)}
            pages += 1
            page = int(values[-1].removeprefix(MORE))
            if page == 0:
                break
    assert len(seen) == len(asks) == 63 and pages == 3


def test_a_pizza_island_hero_offers_every_way_to_use_it_in_pages():
    """PI-H: a Pepper's or a Fork's ways often outnumber a select's 25
    options; the decision shows them all, page after page."""
    rng = random.Random(1)
    while True:
        record = ISLAND.new_record({"level": "advanced"}, 3, rng.randrange(1 << 30))
        state, _ = ISLAND.start(record)
        found = None
        while not ISLAND.is_over(state) and found is None:
            legal = list(ISLAND.legal_actions(state, ISLAND.to_act(state)[0]))
            uses = [a for a in legal if not isinstance(a, Decline)]
            if ISLAND.public_view(state).pending is not None and len(uses) > 2 * MOST:
                found = legal
            state, _ = ISLAND.apply(state, rng.choice(legal))
        if found is not None:
            break
    names = ["Ana", "Bo", "Cleo"]
    seen: set[str] = set()
    page = 0
    with use_locale("ja"):
        while True:
            menu = _hero_controls(1, 1, found, names, page)[0]
            assert isinstance(menu, discord.ui.Select) and len(menu.options) <= MOST
            values = [o.value for o in menu.options]
            seen |= {v for v in values if turned(v) is None}
            page = turned(values[-1]) or 0
            if page == 0:
                break
    assert seen == {a.text() for a in found if not isinstance(a, Decline)}
