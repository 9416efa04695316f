"""A game of any game played at random until a moment a test wants, and the
status line of the web table (`bot.web.scene`) as one viewer sees it then:
for the games' tests of the words a table says to its viewer."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.i18n import use_locale
from bot.web import scene
from bot.web.door import Seen
from engine import game

NAMES = ["Ana", "Ben", "Cleo"]


def until(name: str, settings: dict[str, str], seed: int, found: Callable[[Any], bool]) -> Any:
    """A game of `name` played at random until `found(state)`."""
    rules = game(name)
    full = {o.name: o.default for o in rules.options} | settings
    for attempt in range(200):
        rng = random.Random(seed + attempt)
        state, _ = rules.start(rules.new_record(full, len(NAMES), seed + attempt))
        while True:
            if found(state):
                return state
            acting = rules.asked(state) or rules.to_act(state)
            if not acting:
                break
            legal = list(rules.legal_actions(state, acting[0]))
            state, _ = rules.apply(state, rng.choice(legal))
    raise AssertionError(f"no game of {name} came to that")


def after(name: str, settings: dict[str, str], seed: int, found: Callable[[Any], bool]) -> Any:
    """A game of `name` played at random until an action whose events hold
    one that is `found`: the state after it, and those events."""
    rules = game(name)
    full = {o.name: o.default for o in rules.options} | settings
    for attempt in range(200):
        rng = random.Random(seed + attempt)
        state, _ = rules.start(rules.new_record(full, len(NAMES), seed + attempt))
        while acting := rules.asked(state) or rules.to_act(state):
            legal = list(rules.legal_actions(state, acting[0]))
            state, events = rules.apply(state, rng.choice(legal))
            if any(found(event) for event in events):
                return state, list(events)
    raise AssertionError(f"no game of {name} came to that")


def table(
    name: str, state: Any, seat: int, locale: str, events: list[Any] | None = None
) -> dict[str, Any]:
    """The web table's scene as `seat` sees it, in `locale`, after `events`."""
    rules = game(name)
    seen = Seen(
        1,
        name,
        "running",
        state.version,
        NAMES,
        {},
        rules.public_view(state),
        seat=seat,
        mine=rules.player_view(state, seat),
        legal=list(rules.legal_actions(state, seat)) if seat in rules.to_act(state) else [],
        events={state.version: events or []},
    )
    with use_locale(locale):
        return scene.scene_of(seen)


def status(name: str, state: Any, seat: int, locale: str) -> str:
    return str(table(name, state, seat, locale)["status"])


def other(seat: int) -> int:
    return (seat + 1) % len(NAMES)
