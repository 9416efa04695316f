"""What a scene is made of: the plain JSON the Activity's client draws
(`bot.web.scene`), typed, so a game's web table (`WebTable.scene`) and the
host that completes it are checked against one shape.

Every key is optional (`total=False`): a game gives the parts it has, and
the host adds its own (`ui`, the clock, the notes, `lang`). A new part is a
key added here, and then drawn by the client. The keys are those of the
scene today (zones) and of the table the Activity is moving to (seats, the
centre's piles, the hand, moves): `bot.web.scene`'s `Scene`, `Zone` and
`Card` become these once the games' tables are written to them.
"""

from __future__ import annotations

from typing import TypedDict

from engine.interface import JSON

#: An action's fields as the client compares them: strings, "-" for none.
Fields = dict[str, str]


class Card(TypedDict, total=False):
    """A card or a counter on the table."""

    label: str  # what a screen reader says
    face: str  # what is printed on it
    tone: str  # its look (CSS classes)
    art: str  # how it is drawn: a symbol of the sprite
    n: int  # a count printed on it
    count: int
    down: bool  # face down
    pick: Fields  # pointing at it chooses these fields
    picks: list[Fields]  # a stack: pointing again takes one more
    act: JSON  # pointing at it plays this action at once
    key: str
    anchor: str  # where a movement starts or ends


class Zone(TypedDict, total=False):
    """A region of the table: its cards and lines of words."""

    id: str
    label: str
    title: str
    tone: str
    cards: list[Card]
    piles: dict[str, str]  # a pile by its key: what each shows
    lines: list[str]
    group: str  # where on the table it lies
    mine: bool  # the viewer's own
    turn: bool  # whose move it is


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
    counts: list[Card]  # what is shown at the place: an icon and a number
    cards: list[Card]  # face up before it
    pizzas: list[list[Card]]
    marks: list[str]


class Pile(Zone, total=False):
    """A pile in the middle of the table."""

    count: int
    back: str  # its pattern
    top: Card
    pick: Fields
    act: JSON
    anchor: str


class Action(TypedDict, total=False):
    """A legal action of the viewer, as the client offers it."""

    label: str
    fields: Fields  # what the player picks to name it
    action: JSON  # its JSON form, sent as it is
    direct: bool  # a button of its own


#: What travelled across the table since the viewer's last frame: from and
#: to (anchors), the card shown while it travels, how many.
Move = TypedDict("Move", {"from": str, "to": str, "card": Card, "count": int}, total=False)


class Step(TypedDict, total=False):
    """A line of a paced sequence (the oven's reveal), shown one by one."""

    text: str
    card: Card
    key: str


class Clock(TypedDict):
    """The time left on this move's clock."""

    label: str
    seconds: int


class Final(TypedDict, total=False):
    """The final result, as the final message says it."""

    title: str | None
    lines: list[str]


class Scene(TypedDict, total=False):
    """One viewer's frame of the table."""

    kind: str  # "table" (a lobby has its own frame)
    title: str
    status: str  # whose move it is, or how the game ended
    live: str  # the line a screen reader hears
    latest: str
    zones: list[Zone]
    seats: list[Seat]
    centre: list[Pile]
    hand: list[Card]
    actions: list[Action]
    defaults: Fields
    steps: list[Step]
    moves: list[Move]
    pace: float
    prompt: str  # the public decision awaited, in words
    final: Final
    after: list[Action]
    clock: Clock
    notes: list[str]
    ui: dict[str, str]  # the client's own words
    lang: str
