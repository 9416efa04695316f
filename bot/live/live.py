"""A running game in memory: its stored row, the engine's state and record,
the events of each action, and what its public messages show."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import TypeVar, cast

from bot.kit.frozen import replaced
from bot.live.narration import stored_model
from bot.live.presence import Presence
from bot.live.public_messages import Published
from bot.plugin.contract import AnyPresentation, Model, Table
from bot.plugin.registry import presentation
from bot.storage import GameRow
from engine import AnyGame, game
from engine.interface import JSON, Action, Agent, Event, State, View

T = TypeVar("T")


@dataclass
class Live:
    """A running game in memory: its row, the engine state, the record, and the
    events of each action (for narration; rebuilt from the record after a restart)."""

    row: GameRow
    state: State
    record: JSON
    events: dict[int, list[Event]] = field(default_factory=dict)
    # What its public messages show (stored in the row's narration column).
    published: Published = field(default_factory=Published)
    # Loaded from storage (after a restart, or from another process): a post
    # under way when it was stored may have got there (`bot.publishing.table_post.adopt`).
    resumed: bool = False
    # What its messages owed as stored then (a post this process owes since,
    # for a move it made itself, cannot be out already).
    loaded: Published | None = None
    # The narration model `published.model` stores (that very JSON form) and
    # the same decoded, for the next action to fold its events into: a
    # model of a reveal took 40-60 µs to decode, at every move of a round
    # once it had one (`narration_model`).
    narrated: tuple[JSON, Model] | None = field(default=None, repr=False, compare=False)
    # What the engine says of the state as it stands (its views, each seat's
    # legal actions) and the answers made from it, worked out once per
    # version: a move's answer, its table, its narration and its clock all
    # ask (`remember`).
    known: dict[Hashable, object] = field(default_factory=dict, repr=False, compare=False)
    # Answers kept across versions by what they are made of (`keep`).
    lasting: dict[Hashable, tuple[Hashable, object]] = field(
        default_factory=dict, repr=False, compare=False
    )
    # The computer players moving for seats, by (seat, difficulty or "" for a
    # person's stand-in), each with the last version whose events it has read
    # (`bot.flow.due.DueMoves.agent_for`); rebuilt from the events after a restart.
    agents: dict[tuple[int, str], tuple[Agent[State, Action, Event], int]] = field(
        default_factory=dict, repr=False, compare=False
    )

    def remember(self, key: Hashable, work: Callable[[], T]) -> T:
        """`work()`, done once while the game stays at this version."""
        known = self.known
        if known.get("version") != self.state.version:  # a state is never changed in place
            known.clear()
            known["version"] = self.state.version
        if key not in known:
            known[key] = work()
        return cast(T, known[key])

    def keep(self, place: Hashable, made_of: Hashable, work: Callable[[], T]) -> T:
        """`work()` for `place` (a seat's hand, say), done again only when
        what it is made of (`made_of`, equal when the result would be) changed,
        whatever the version: a seat's hand stays the same while others move."""
        kept = self.lasting.get(place)
        if kept is None or kept[0] != made_of:
            kept = (made_of, work())
            self.lasting[place] = kept
        return cast(T, kept[1])

    def narration_model(self, published: Published) -> Model | None:
        """The narration model `published` stores, to fold events into (it
        changes in place): the one this game folded last (`narrated`) when
        `published` stores its form, else decoded. It is this caller's
        alone: what is kept is given up."""
        kept, self.narrated = self.narrated, None
        if kept is not None and kept[0] is published.model:
            return kept[1]
        return stored_model(self.shown, published)

    def public_view(self) -> View:
        """The engine's public view of the state as it stands."""

        def view() -> View:
            seen: View = self.rules.public_view(self.state)
            return seen

        return self.remember("public", view)

    def player_view(self, seat: int) -> View:
        """The engine's view of the state for `seat`: its own hand, and what is public."""

        def view() -> View:
            seen: View = self.rules.player_view(self.state, seat)
            return seen

        return self.remember(("player", seat), view)

    def legal(self, seat: int) -> list[Action]:
        """The actions `seat` may take now, as the engine lists them."""
        return self.remember(
            ("legal", seat), lambda: list(self.rules.legal_actions(self.state, seat))
        )

    def __setattr__(self, name: str, value: object) -> None:
        if name == "row" and isinstance(value, GameRow):
            # The row as stored carries the record and the snapshot decoded once
            # more; in memory `record` and `state` are the truth, and keeping
            # those copies doubled what every live game costs.
            if value.record is not None or value.snapshot is not None:
                value = replaced(value, record=None, snapshot=None)
            # The table's id is the publisher's, in memory first (stored with the
            # next move): a row read back from a write keeps it.
            current = self.__dict__.get("row")
            if current is not None and value.table_message_id != current.table_message_id:
                value = replaced(value, table_message_id=current.table_message_id)
        super().__setattr__(name, value)

    @property
    def table_id(self) -> int | None:
        """The table message's id, as the publisher last posted or adopted it."""
        return self.row.table_message_id

    @table_id.setter
    def table_id(self, message_id: int | None) -> None:
        object.__setattr__(self, "row", replaced(self.row, table_message_id=message_id))

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def rules(self) -> AnyGame:
        return game(self.row.game)

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def over(self) -> bool:
        return self.rules.is_over(self.state)

    @property
    def shown(self) -> AnyPresentation:
        return presentation(self.row.game)

    def table(self) -> Table[View, Event]:
        """What the public table shows: the public view and public facts only."""

        def table() -> Table[View, Event]:
            return Table(self.id, self.public_view(), self.names(), self.row.settings, self.events)

        return self.remember("table", table)

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.row.seats):
            if seat.user_id == user_id:
                return index
        return None

    def names(self) -> list[str]:
        return [seat.name for seat in self.row.seats]

    def presence(self) -> Presence:
        """Who is at the table, as stored: one of its own, to change and store."""
        return Presence.of(self.row.presence, len(self.row.seats), self.row.deadline_at)

    def presence_seen(self) -> Presence:
        """Who is at the table, as stored, read once per stored row: to read
        only (the publisher reads it three times a move); `presence()` gives
        one to change."""
        row = self.row
        seen = self.__dict__.get("_presence_seen")
        if seen is None or seen[0] is not row:
            seen = (row, self.presence())
            object.__setattr__(self, "_presence_seen", seen)
        return cast(Presence, seen[1])
