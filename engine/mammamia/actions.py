"""Actions: small frozen values with a record (JSON) form and a text form.

JSON is the record's (`rules/record-format.md`); text is for people and logs:
`turn salami 3 order=green-olive draw=supply`, `pass draw=supply`,
`choose olive`, `choose olive pepper`, `pay yes`, `pay no`, `pay olive=1`,
`ask olive=1`, `help yes`, `help no`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..errors import MalformedAction

SUPPLY, ORDERS = "supply", "orders"  # draw sources (MM-T3)
DRAWS = (SUPPLY, ORDERS)

Cards = tuple[tuple[str, int], ...]


def _cards_json(cards: Cards) -> dict[str, int]:
    return dict(cards)


def _cards_text(cards: Cards) -> str:
    return ",".join(f"{k}={n}" for k, n in cards)


class Turn(NamedTuple):
    """MM-T1..T3: play `count` cards of `ingredient`, maybe one order, then draw."""

    seat: int
    ingredient: str
    count: int  # type: ignore[assignment]  # a field, shadowing tuple.count
    order: str | None = None
    draw: str | None = None

    def to_json(self) -> dict[str, Any]:
        value = {"ingredient": self.ingredient, "count": self.count}
        value |= {"order": self.order, "draw": self.draw}
        return {"seat": self.seat, "turn": value}

    def text(self) -> str:
        parts = ["turn", self.ingredient, str(self.count)]
        if self.order:
            parts.append(f"order={self.order}")
        parts.append(f"draw={self.draw or 'none'}")
        return " ".join(parts)


class Pass(NamedTuple):
    """MM-T4: a classic turn with no ingredient in hand."""

    seat: int
    draw: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "turn": {"pass": True, "draw": self.draw}}

    def text(self) -> str:
        return f"pass draw={self.draw or 'none'}"


class Choose(NamedTuple):
    """MM-R8/R9/R10, PL-R2/R3: name the kind(s) for a revealed order."""

    seat: int
    kinds: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "choose": list(self.kinds)}

    def text(self) -> str:
        return "choose " + " ".join(self.kinds)


class Pay(NamedTuple):
    """MM-R4: complete the order from hand (`cards` None means "the missing
    cards", the record's `true`), or decline (`accept` False)."""

    seat: int
    accept: bool
    cards: Cards | None = None

    def to_json(self) -> dict[str, Any]:
        value: Any = self.accept if self.cards is None else _cards_json(self.cards)
        return {"seat": self.seat, "pay": value}

    def text(self) -> str:
        if self.cards is not None:
            return "pay " + _cards_text(self.cards)
        return "pay yes" if self.accept else "pay no"


class Ask(NamedTuple):
    """PL-H1: ask the other players for these missing cards."""

    seat: int
    cards: Cards

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "ask": _cards_json(self.cards)}

    def text(self) -> str:
        return "ask " + _cards_text(self.cards)


class Help(NamedTuple):
    """PL-H2/H3: the asked player accepts or refuses."""

    seat: int
    accept: bool

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "help": self.accept}

    def text(self) -> str:
        return "help yes" if self.accept else "help no"


Action = Turn | Pass | Choose | Pay | Ask | Help


# Actions are named tuples because they are made by the hundred thousand in
# simulations; unlike plain tuples, two actions are equal only if of one type.
def _eq(self: tuple[Any, ...], other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _ne(self: tuple[Any, ...], other: object) -> bool:
    return not _eq(self, other)


def _hash(self: tuple[Any, ...]) -> int:
    return hash((type(self).__name__, *self))


for _cls in (Turn, Pass, Choose, Pay, Ask, Help):
    _cls.__eq__ = _eq  # type: ignore[method-assign]
    _cls.__ne__ = _ne  # type: ignore[method-assign,assignment]
    _cls.__hash__ = _hash  # type: ignore[method-assign]


def _malformed(detail: str) -> MalformedAction:
    return MalformedAction(detail)


def _cards(value: Any) -> Cards:
    if not isinstance(value, dict) or not value:
        raise _malformed("expected cards as {kind: count}")
    items = []
    for kind, n in value.items():
        if not isinstance(kind, str) or type(n) is not int or n < 0:
            raise _malformed("expected cards as {kind: count}")
        if n:
            items.append((kind, n))
    return tuple(items)


def _draw(value: Any) -> str | None:
    if value is None or value in DRAWS:
        return str(value) if value is not None else None
    raise _malformed(f"draw must be supply, orders or null, not {value!r}")


def from_json(data: Any) -> Action:
    """Parse one record action. An unknown key or a bad shape is `malformed`."""
    if not isinstance(data, dict) or type(data.get("seat")) is not int:
        raise _malformed("an action is {seat: N, <key>: value}")
    seat = data["seat"]
    keys = [k for k in data if k != "seat"]
    if len(keys) != 1:
        raise _malformed("an action has exactly one key besides seat")
    key, value = keys[0], data[keys[0]]
    if key == "turn" and isinstance(value, dict):
        if value.get("pass") is True:
            return Pass(seat, _draw(value.get("draw")))
        ingredient, count, order = value.get("ingredient"), value.get("count"), value.get("order")
        if not isinstance(ingredient, str) or type(count) is not int:
            raise _malformed("a turn names an ingredient and a count")
        if order is not None and not isinstance(order, str):
            raise _malformed("order must be a card id or null")
        return Turn(seat, ingredient, count, order, _draw(value.get("draw")))
    if key == "choose" and isinstance(value, list) and value:
        if not all(isinstance(k, str) for k in value):
            raise _malformed("choose lists kinds")
        return Choose(seat, tuple(value))
    if key == "pay":
        if isinstance(value, bool):
            return Pay(seat, value)
        return Pay(seat, True, _cards(value))
    if key == "ask":
        return Ask(seat, _cards(value))
    if key == "help" and isinstance(value, bool):
        return Help(seat, value)
    raise _malformed(f"unknown action {key!r}")


_YES = {"yes": True, "true": True, "no": False, "false": False}


def _text_cards(words: list[str]) -> Cards:
    cards: dict[str, int] = {}
    for word in ",".join(words).split(","):
        kind, _, n = word.partition("=")
        if not kind or not n.isdigit():
            raise _malformed(f"expected kind=count, not {word!r}")
        cards[kind] = cards.get(kind, 0) + int(n)
    return _cards(cards)


def from_text(seat: int, text: str) -> Action:
    """Parse the text form for `seat` (the inverse of `Action.text()`)."""
    words = text.split()
    if not words:
        raise _malformed("empty action")
    verb, rest = words[0].lower(), words[1:]
    options = dict(w.split("=", 1) for w in rest if "=" in w)
    plain = [w for w in rest if "=" not in w]
    draw = options.get("draw")
    draw = None if draw in (None, "none") else draw
    if verb == "turn" and len(plain) == 2 and plain[1].isdigit():
        return Turn(seat, plain[0], int(plain[1]), options.get("order"), _draw(draw))
    if verb == "pass" and not plain:
        return Pass(seat, _draw(draw))
    if verb == "choose" and plain and not options:
        return Choose(seat, tuple(plain))
    if verb in ("pay", "help") and plain and plain[0] in _YES and len(rest) == 1:
        return Pay(seat, _YES[plain[0]]) if verb == "pay" else Help(seat, _YES[plain[0]])
    if verb == "pay" and options and not plain:
        return Pay(seat, True, _text_cards(rest))
    if verb == "ask" and options and not plain:
        return Ask(seat, _text_cards(rest))
    raise _malformed(f"cannot read {text!r}")
