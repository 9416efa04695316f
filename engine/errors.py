"""Refusals. One error type for an illegal action, with a stable `code`, the
`params` a message catalog needs, and a plain-English `message` (STYLE: the
reason comes from the same place that decides legality)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

#: English text for each refusal code. `{seat}`-like params are seat numbers,
#: rendered through a names function; `{choices}` is a list of kinds;
#: `{cards}`/`{missing}` are {kind: count} maps.
MESSAGES: dict[str, str] = {
    "malformed": "That is not a move this game understands: {detail}.",
    "game_over": "The game is over.",
    "no_such_seat": "There is no seat {number} in this game.",
    "not_your_turn": "It is {seat}'s turn.",
    "not_your_decision": "It is {seat}'s decision now.",
    "expected_turn": "It is the turn phase: play ingredients into the oven, then draw.",
    "expected_choice": "First choose the kind for the {order} order.",
    "expected_payment": "Complete the {order} order from your hand, or decline.",
    "expected_help": "Answer the help request first: help or refuse.",
    "unknown_kind": "There is no ingredient called {kind} in this game.",
    "bad_count": "Play at least one card.",
    "not_held": "You hold no {kind}.",
    "too_few": "You hold only {held} {kind}.",
    "order_not_held": "You do not hold the order {order}.",
    "cannot_pass": "You hold ingredients: play at least one into the oven.",
    "no_pass_in_plus": "There is no passing in Mamma Mia! Plus: a hand with no ingredient "
    "skips by itself.",
    "draw_needed": "Choose where to draw from: the supply or your order pile.",
    "empty_pile": "The {pile} is empty: draw from the other pile.",
    "valve_draw": "Your hand is full and holds no ingredient: draw 1 card from the supply.",
    "choose_fewest": "Choose one of the kinds with the fewest cards on the table: {choices}.",
    "choose_covered": "The table covers this order: choose {choices}.",
    "choose_one": "Choose {choices}.",
    "choose_two": "Choose two different kinds from: {choices}.",
    "cannot_pay": "You cannot complete it: it needs {need} {kind} from your hand and you hold "
    "{held}.",
    "pay_mismatch": "The order is missing exactly {missing}: pay those, or decline.",
    "pay_count": "Name exactly {count} ingredient {cards_word} from your hand for the Bombastica.",
    "help_off": "Help is not played in this game.",
    "ask_mismatch": "Ask only for cards the order is missing ({missing}).",
    "ask_count": "For the Bombastica, ask for every missing card: {count} in all.",
    "ask_rest_not_held": "You must hold the rest yourself: {need} {kind}, and you hold {held}.",
    "cannot_help": "You do not hold {cards}.",
}


def join_kinds(kinds: list[str] | tuple[str, ...]) -> str:
    if len(kinds) <= 1:
        return "".join(kinds)
    return ", ".join(kinds[:-1]) + " or " + kinds[-1]


def describe_cards(cards: Mapping[str, int]) -> str:
    parts = [f"{n} {kind}" for kind, n in cards.items() if n]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def default_name(seat: int) -> str:
    return f"seat {seat}"


class EngineError(ValueError):
    """Base of the engine's errors."""


class IllegalAction(EngineError):
    """An action the rules do not allow now. `code` is stable; `message` is for a player."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(self.render())

    @property
    def message(self) -> str:
        return self.render()

    def render(self, name: Callable[[int], str] = default_name) -> str:
        values: dict[str, Any] = {}
        for key, value in self.params.items():
            if key == "seat":
                values[key] = name(value)
            elif key == "choices":
                values[key] = join_kinds(value)
            elif key in ("cards", "missing"):
                values[key] = describe_cards(value)
            else:
                values[key] = value
        if "count" in values:
            values["cards_word"] = "card" if values["count"] == 1 else "cards"
        return MESSAGES[self.code].format(**values)


class RecordError(EngineError):
    """A game record that cannot be read (the command line exits 2)."""
