"""Actions: small frozen values with a record (JSON) form and a text form.

JSON is the record's (`pizza-island-record.md`, "Actions"); text is for people
and logs: `take deck`, `take red-a`, `stop`, `discard red-a`, `replace red`,
`mushroom red-b`, `pepper top red-a,green-c ship=yellow-b`, `knife 1 red-a`,
`fork red-a 1 green-b`, `decline`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..errors import MalformedAction
from .cards import COLOURS, HEROES, is_card

DECK = "deck"
TOP, BOTTOM = "top", "bottom"


class UnknownCard(MalformedAction):
    """An action naming a card id that is not in the box (a record with one
    cannot be read: exit 2)."""


class Take(NamedTuple):
    """PI-N2, PI-A1: take a card from the deck or from the Ship."""

    seat: int
    source: str  # "deck" or a card id in the Ship

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "take": self.source}

    def text(self) -> str:
        return f"take {self.source}"


class Stop(NamedTuple):
    """PI-N2: end the turn after at least one card."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "stop": True}

    def text(self) -> str:
        return "stop"


class Discard(NamedTuple):
    """PI-N5 (a): the new slice and `card`, one of the player's own, go under."""

    seat: int
    card: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "third": {"discard": self.card}}

    def text(self) -> str:
        return f"discard {self.card}"


class Replace(NamedTuple):
    """PI-N5 (b): the pizza of `colour` goes under; the new slice starts one."""

    seat: int
    colour: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "third": {"replace": self.colour}}

    def text(self) -> str:
        return f"replace {self.colour}"


class Mushroom(NamedTuple):
    """PI-N6: place `card`, one of the top 3 (None only with an empty deck)."""

    seat: int
    card: str | None

    def to_json(self) -> dict[str, Any]:
        value: dict[str, Any] = {"hero": "mushroom"}
        if self.card is not None:
            value["card"] = self.card
        return {"seat": self.seat, "apply": value}

    def text(self) -> str:
        return f"mushroom {self.card}" if self.card else "mushroom"


class Pepper(NamedTuple):
    """PI-N6, PI-A2: the seen cards as they will lie (`order`, top first), on
    `to` of the deck; advanced: `ship` the ones that refill the Ship."""

    seat: int
    order: tuple[str, ...]
    to: str
    ship: tuple[str, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        value: dict[str, Any] = {"hero": "pepper", "order": list(self.order), "to": self.to}
        if self.ship is not None:
            value["ship"] = list(self.ship)
        return {"seat": self.seat, "apply": value}

    def text(self) -> str:
        words = ["pepper", self.to, ",".join(self.order) or "-"]
        if self.ship is not None:
            words.append("ship=" + (",".join(self.ship) or "-"))
        return " ".join(words)


class Knife(NamedTuple):
    """PI-N6: `card` of `player`'s pizzas goes under the deck."""

    seat: int
    player: int
    card: str

    def to_json(self) -> dict[str, Any]:
        value = {"hero": "knife", "player": self.player, "card": self.card}
        return {"seat": self.seat, "apply": value}

    def text(self) -> str:
        return f"knife {self.player} {self.card}"


class Fork(NamedTuple):
    """PI-N6: swap own `give` for `take` of `player`."""

    seat: int
    give: str
    player: int
    take: str

    def to_json(self) -> dict[str, Any]:
        value = {"hero": "fork", "give": self.give, "player": self.player, "take": self.take}
        return {"seat": self.seat, "apply": value}

    def text(self) -> str:
        return f"fork {self.give} {self.player} {self.take}"


class Decline(NamedTuple):
    """PI-N6: place the hero slice without its effect; the turn goes on."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "decline": True}

    def text(self) -> str:
        return "decline"


Apply = Mushroom | Pepper | Knife | Fork
Action = Take | Stop | Discard | Replace | Mushroom | Pepper | Knife | Fork | Decline
ACTION_TYPES = (Take, Stop, Discard, Replace, Mushroom, Pepper, Knife, Fork, Decline)
HERO_OF: dict[type, str] = {Mushroom: "mushroom", Pepper: "pepper", Knife: "knife", Fork: "fork"}


# Named tuples of different types with equal fields must not be equal (a
# Stop(0) is no Decline(0)): equality and hashing include the type.
def _eq(self: tuple[Any, ...], other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _ne(self: tuple[Any, ...], other: object) -> bool:
    return not _eq(self, other)


def _hash(self: tuple[Any, ...]) -> int:
    return hash((type(self).__name__, *self))


for _cls in ACTION_TYPES:
    _cls.__eq__ = _eq  # type: ignore[method-assign]
    _cls.__ne__ = _ne  # type: ignore[method-assign,assignment]
    _cls.__hash__ = _hash  # type: ignore[method-assign]


def _card(value: Any) -> str:
    if not isinstance(value, str):
        raise MalformedAction("expected a card id")
    if not is_card(value):
        raise UnknownCard(f"unknown card {value!r}")
    return value


def _cards(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise MalformedAction("expected a list of card ids")
    return tuple(_card(v) for v in value)


def _seat(value: Any) -> int:
    if type(value) is not int:
        raise MalformedAction("expected a seat number")
    return value


def _apply(seat: int, value: Any) -> Action:
    if not isinstance(value, dict) or value.get("hero") not in HEROES:
        raise MalformedAction("apply names a hero: pepper, mushroom, knife or fork")
    hero = value["hero"]
    keys = set(value) - {"hero"}
    if hero == "mushroom" and keys <= {"card"}:
        return Mushroom(seat, _card(value["card"]) if "card" in value else None)
    if hero == "pepper" and {"order", "to"} <= keys <= {"order", "to", "ship"}:
        if value["to"] not in (TOP, BOTTOM):
            raise MalformedAction("pepper puts its cards on top or at the bottom")
        ship = _cards(value["ship"]) if "ship" in value else None
        return Pepper(seat, _cards(value["order"]), value["to"], ship)
    if hero == "knife" and keys == {"player", "card"}:
        return Knife(seat, _seat(value["player"]), _card(value["card"]))
    if hero == "fork" and keys == {"give", "player", "take"}:
        return Fork(seat, _card(value["give"]), _seat(value["player"]), _card(value["take"]))
    raise MalformedAction(f"wrong parameters for {hero}")


def from_json(data: Any) -> Action:
    """Parse one record action: `{"seat": N, KEY: VALUE}` with exactly one key.
    A bad shape is `malformed`; an unknown card id is `UnknownCard`."""
    if not isinstance(data, dict) or type(data.get("seat")) is not int:
        raise MalformedAction("an action is {seat: N, <key>: value}")
    seat = data["seat"]
    keys = [k for k in data if k != "seat"]
    if len(keys) != 1:
        raise MalformedAction("an action has exactly one key besides seat")
    key, value = keys[0], data[keys[0]]
    if key == "take":
        return Take(seat, DECK if value == DECK else _card(value))
    if key == "stop" and value is True:
        return Stop(seat)
    if key == "decline" and value is True:
        return Decline(seat)
    if key == "third" and isinstance(value, dict) and len(value) == 1:
        if "discard" in value:
            return Discard(seat, _card(value["discard"]))
        if "replace" in value:
            colour = value["replace"]
            if colour not in COLOURS:
                raise UnknownCard(f"unknown colour {colour!r}")
            return Replace(seat, colour)
    if key == "apply":
        return _apply(seat, value)
    raise MalformedAction(f"unknown action {key!r}")


def _list(word: str) -> tuple[str, ...]:
    return () if word == "-" else tuple(_card(w) for w in word.split(","))


def from_text(seat: int, text: str) -> Action:
    """Parse the text form for `seat` (the inverse of `Action.text()`)."""
    words = text.split()
    if not words:
        raise MalformedAction("empty action")
    verb, rest = words[0].lower(), words[1:]
    if verb == "take" and len(rest) == 1:
        return Take(seat, DECK if rest[0] == DECK else _card(rest[0]))
    if verb in ("stop", "decline") and not rest:
        return Stop(seat) if verb == "stop" else Decline(seat)
    if verb == "discard" and len(rest) == 1:
        return Discard(seat, _card(rest[0]))
    if verb == "replace" and len(rest) == 1 and rest[0] in COLOURS:
        return Replace(seat, rest[0])
    if verb == "mushroom" and len(rest) <= 1:
        return Mushroom(seat, _card(rest[0]) if rest else None)
    if verb == "pepper" and len(rest) in (2, 3) and rest[0] in (TOP, BOTTOM):
        if len(rest) == 2:
            return Pepper(seat, _list(rest[1]), rest[0])
        if rest[2].startswith("ship="):
            return Pepper(seat, _list(rest[1]), rest[0], _list(rest[2][5:]))
    if verb == "knife" and len(rest) == 2 and rest[0].isdigit():
        return Knife(seat, int(rest[0]), _card(rest[1]))
    if verb == "fork" and len(rest) == 3 and rest[1].isdigit():
        return Fork(seat, _card(rest[0]), int(rest[1]), _card(rest[2]))
    raise MalformedAction(f"cannot read {text!r}")
