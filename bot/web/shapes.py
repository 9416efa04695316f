"""What a frame's scene is made of: the plain JSON the Activity's client
draws (`activity/src/`), written down as types, key by key, so a game's web
table and the host that completes it have one shape to follow.

Every key is optional (`total=False`): a game gives the parts it has, and the
host adds its own (`kind`, `ui`, `lang`, `pace`, the clock, the notes). A new
part is a key added here, and then drawn by the client. The games' tables
(`bot/games/<game>/web.py`) still build them as dicts (`bot.web.scene`'s
`Scene`, `Card` and `Pile` are `dict[str, Any]`): checking them against these
types is the step after.
"""

from __future__ import annotations

from typing import TypedDict

from engine.interface import JSON

#: An action's fields as the client compares them: strings, "-" for none.
Fields = dict[str, str]


#: One part of what an order needs: a symbol of the sprite (`bot.web.art`),
#: its count, "or more", and the other symbol of an order that takes either.
Need = TypedDict("Need", {"use": str, "n": int, "more": bool, "or": str}, total=False)


class Art(TypedDict, total=False):
    """How a card is drawn, from the sprite's symbols and patterns."""

    t: str  # kind, order, slice or back
    use: str  # the symbol on its face
    bg: str  # its face's colour
    band: str  # an order's owner's pattern, across its top
    needs: list[Need]
    fill: str  # a slice's colour pattern, a back's pattern
    shape: str  # a slice's shape symbol
    hero: str  # a slice's hero symbol


class Pick(TypedDict):
    """One level of a stack: pointing at it this many times chooses these fields."""

    pick: Fields
    label: str


class Card(TypedDict, total=False):
    """A card on the table or in a hand."""

    label: str  # what a screen reader says
    art: Art
    n: int  # a count printed on it
    key: str  # what the client finds it by again (the focus, a mark)
    small: bool
    pick: Fields  # pointing at it chooses these fields
    picks: list[Pick]  # a stack: pointing again takes one more
    act: int  # pointing at it plays this action (its index) at once


class Count(TypedDict, total=False):
    """What a seat shows at its place: a symbol and a number (None: hidden)."""

    use: str
    n: int | None
    fill: str
    anchor: str


class Mark(TypedDict):
    """Something before a seat, in a symbol and in words."""

    use: str
    label: str


class Place(Card, total=False):
    """A place of a round pizza, its slice in it or empty."""

    shape: str


class Pizza(TypedDict):
    label: str
    fill: str
    places: list[Place]


class Seat(TypedDict, total=False):
    """A place at the table."""

    seat: int
    name: str
    label: str  # the seat in words
    avatar: str | None
    colour: str
    turn: bool
    mine: bool
    away: bool
    computer: bool
    anchor: str  # where cards travel from and to
    counts: list[Count]
    cards: list[Card]  # face up before it
    pizzas: list[Pizza]
    empty: str  # what it says when it holds nothing yet
    marks: list[Mark]


class Pile(TypedDict, total=False):
    """A pile, or a row of cards, in the middle of the table or drawn from."""

    id: str
    title: str
    label: str
    count: int
    back: str  # its pattern
    top: Card  # the card face up on it
    cards: list[Card]
    empty: str
    note: str
    shape: str  # "ship": the cards stand on a ship
    slots: int
    mine: bool
    pick: Fields
    act: int
    anchor: str


class Hand(TypedDict, total=False):
    label: str
    cards: list[Card]
    empty: str


class Action(TypedDict, total=False):
    """A legal action of the viewer, as the client offers it."""

    label: str
    fields: Fields  # what the player picks to name it
    action: JSON  # its JSON form, sent as it is
    direct: bool  # a button of its own
    group: str  # one way among many of counting cards out (`Counter`)
    counts: dict[str, int]


class CounterKind(TypedDict):
    kind: str
    label: str
    art: Art
    max: int
    more: str  # the words of its + and − buttons
    fewer: str


class Counter(TypedDict):
    """Cards counted out, a counter per kind, and the one way they name."""

    group: str
    title: str
    kinds: list[CounterKind]


class ChoiceOption(TypedDict, total=False):
    """One option of a step: the field's value, in words, and as cards."""

    value: str
    label: str
    cards: list[Card]


class ChoiceStep(TypedDict, total=False):
    """A step of a choice: a row of options for one field; the last step's
    options (`confirm`) are buttons that play the one action named."""

    field: str
    title: str
    options: list[ChoiceOption]
    confirm: bool


class Choice(TypedDict, total=False):
    """A choice made in steps (a Pepper): what it shows, then its steps."""

    title: str
    seen: list[Card]
    steps: list[ChoiceStep]


#: What travelled across the table since the viewer's last frame: from and
#: to (anchors), the card shown while it travels (else a back), how many.
Move = TypedDict("Move", {"from": str, "to": str, "card": Card, "back": str, "n": int}, total=False)

#: A line of a paced sequence (the oven's reveal), shown one by one: a card
#: turned, a mark put on the order of that key, where a reveal starts and ends.
Step = TypedDict(
    "Step",
    {
        "text": str,
        "card": Card,
        "from": str,
        "mark": str,
        "key": str,
        "reveal": str,
        "paced": bool,
    },
    total=False,
)


class Clock(TypedDict):
    """The time left on this move's clock."""

    label: str
    seconds: int


class Final(TypedDict, total=False):
    """The final result, as the final message says it."""

    title: str | None
    lines: list[str]


class Panel(TypedDict):
    title: str
    lines: list[str]


class After(TypedDict):
    """What a finished game offers: Play again, another game."""

    verb: str
    label: str


class Scene(TypedDict, total=False):
    """One viewer's frame of the table."""

    kind: str  # "table" ("launcher" and "lobby": `bot.web.lobby`)
    title: str
    status: str  # whose move it is, or how the game ended
    live: str  # the line a screen reader hears
    latest: str | None
    seats: list[Seat]
    centre: list[Pile]
    draw: list[Pile]  # the piles the viewer draws from
    hand: Hand | None
    actions: list[Action]
    defaults: Fields
    counters: list[Counter]
    choice: Choice
    steps: list[Step]
    moves: list[Move]
    revealing: bool
    pace: int  # milliseconds a paced step takes
    prompt: str  # the decision awaited, in words
    final: Final
    after: list[After]
    panels: list[Panel]
    clock: Clock
    notes: list[str]
    ui: dict[str, str]  # the client's own words
    lang: str
