"""The contract a game's presentation fulfils: what the host asks of it.

A game is `engine/<game>/` (its rules, `engine.interface.Game`) plus a package
here, `bot/games/<game>/`, whose `PRESENTATION` satisfies `Presentation`: how
the game's views become messages, its controls (discord.py `DynamicItem`s),
its words for the engine's refusals, and the cog with its command group.
`presentations()` finds every such package by itself: adding a game touches
no host module (lobby, seats, locks, storage, timers, publisher).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

import discord
from discord.ext import commands

from bot.kit.reply import Reply
from engine.interface import JSON, Event, Game, Option, View

PV = TypeVar("PV", bound=View)  # a game's public view
SV = TypeVar("SV", bound=View)  # a game's view of one seat
E = TypeVar("E", bound=Event)  # a game's events
M = TypeVar("M")  # a game's narration model (`Presentation.narrate`)


class Show(Enum):
    """What a public event asks of the narration message."""

    NOTHING = "nothing"
    POST = "post"  # a new narration message (e.g. the oven reveal begins)
    EDIT = "edit"  # the narration message changes
    FINAL = "final"  # the final result, in a message of its own


@dataclass(frozen=True)
class Step:
    show: Show = Show.NOTHING
    paced: bool = False  # the narration pauses after showing it
    repost_table: bool = False  # the table goes to the bottom of the channel again


@dataclass(frozen=True)
class Table(Generic[PV, E]):
    """What a presentation may draw a public message from: the public view
    and public facts about the seats, never a hand."""

    game: int
    view: PV
    names: Sequence[str]
    settings: Mapping[str, Any]
    history: Mapping[int, Sequence[E]] = field(default_factory=dict)  # events by version

    @property
    def version(self) -> int:
        return self.view.version

    @property
    def events(self) -> list[E]:
        """This game's public events so far, oldest first."""
        return [e for v in sorted(self.history) for e in self.history[v] if e.to is None]


@dataclass(frozen=True)
class SeatScore:
    """One seat's result in a game's own terms, from public facts only."""

    score: int  # what the game counts: orders delivered, points
    made: tuple[str, ...] = ()  # what the seat made, by key (orders, heroes): favourites


class Presentation(Protocol[PV, SV, E, M]):
    """Everything the host asks of a game's presentation, typed by the game's
    own public view `PV`, seat view `SV`, events `E` and narration model `M`."""

    @property
    def rules(self) -> Game[Any, Any, PV, SV, E]:
        """The engine's rules of this game."""
        ...

    @property
    def prefix(self) -> str:
        """The namespace of this game's component ids, e.g. "mm"."""
        ...

    @property
    def command(self) -> str:
        """Its command group's name, the one players type (`/<group>`), in
        every language; its words are the game's catalog's (`command.<command>.…`)."""
        ...

    @property
    def options(self) -> tuple[Option, ...]:
        """The settings its presentation adds to the rules' (`Game.options`),
        e.g. how fast a reveal is narrated; both become options of `/<command> new`."""
        ...

    @property
    def commands(self) -> type[commands.Cog] | None:
        """A cog class holding the game's own app commands (`/<group> play`),
        or None; the host makes the group of them and of the commands every game has."""
        ...

    @property
    def reworded(self) -> Mapping[str, str]:
        """The game's own words for a command every game has: the shared
        message id -> the game's id (e.g. a match is joined, not a game)."""
        ...

    def title(self) -> str:
        """The game's name in words, in the current language."""
        ...

    def pace(self, settings: Mapping[str, Any]) -> float:
        """Seconds the narration pauses after a paced step (`Step.paced`)."""
        ...

    @property
    def items(self) -> Sequence[type[discord.ui.DynamicItem[Any]]]:
        """The DynamicItem classes of this game's controls."""
        ...

    def colour(self, settings: Mapping[str, Any]) -> discord.Colour: ...

    def settings_lines(self, settings: Mapping[str, Any]) -> list[str]:
        """The lobby's words for this game's settings."""
        ...

    def table(self, table: Table[PV, E]) -> Reply:
        """The one public table message."""
        ...

    def moment(self, view: PV) -> str | None:
        """A key for the turn or decision now awaited (None: nothing is), so
        the persons asked are mentioned once per moment (the table is posted
        anew with the mention, `bot.publishing.publisher`)."""
        ...

    def ping(self, table: Table[PV, E], mention: str) -> str:
        """The table's first line, on whoever must act; `mention` names every
        person asked."""
        ...

    def narrate(self, model: M | None, event: E) -> tuple[M | None, Step]:
        """Fold one public event into the narration model."""
        ...

    def load_narration(self, data: JSON) -> M:
        """A narration model from its stored JSON form (`to_json`)."""
        ...

    def narration(self, table: Table[PV, E], model: M, decision: bool) -> Reply:
        """The narration message as the model stands; with the buttons of the
        pending public decision when `decision`."""
        ...

    def has_decision(self, view: PV) -> bool:
        """Whether the narration message carries buttons for a pending decision."""
        ...

    def final(self, table: Table[PV, E]) -> Reply: ...

    def variant(self, settings: Mapping[str, Any]) -> str:
        """The variant these settings play, for statistics (e.g. "classic")."""
        ...

    def variant_name(self, variant: str) -> str: ...

    def result(self, table: Table[PV, E]) -> list[SeatScore]:
        """Each seat's score and what it made, once the game is over."""
        ...

    def summary(self, table: Table[PV, E]) -> list[str]:
        """The end-of-game summary, a line per seat, from what the table revealed."""
        ...

    def score_name(self) -> str:
        """What a score counts, in words ("orders delivered", "points")."""
        ...

    def level_about(self, level: str) -> str:
        """What a computer player of this difficulty does, in this game's words."""
        ...

    def made_name(self, variant: str, key: str) -> str:
        """A made thing's key (`SeatScore.made`) in words."""
        ...

    def refusal(self, code: str, params: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
        """An engine refusal as a catalog key and its parameters in words."""
        ...

    def rules_text(self, settings: Mapping[str, Any], view: SV | None) -> Reply:
        """The rules in short; `view` is the asking player's own view, if seated."""
        ...


#: A presentation of any game, as the host holds it.
AnyPresentation = Presentation[Any, Any, Any, Any]
