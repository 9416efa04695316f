"""The contract a game's presentation fulfils: what the host asks of it.

A game is `engine/<game>/` (its rules, `engine.interface.Game`) plus a
package `bot/games/<game>/` holding a subclass of `Presentation`: how the
game's views become messages, its controls (discord.py `DynamicItem`s), its
words for the engine's refusals, and the cog with its command group. The
package declares all it provides in one `Plugin` (`bot.plugin.registry`
finds it). `Presentation` is a base class: a game writes its abstract
members; every other member has a default here, so a member added with a
default changes no game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

import discord
from discord.ext import commands

from bot.i18n import N_, by_last_part, join_and, t, tn
from bot.kit.reply import Item, Reply
from engine import AnyGame
from engine.interface import JSON, Action, Event, Game, Option, Settings, View, places

PV = TypeVar("PV", bound=View)  # a game's public view
SV = TypeVar("SV", bound=View)  # a game's view of one seat
E = TypeVar("E", bound=Event)  # a game's events


class Model(Protocol):
    """A game's narration model (`Presentation.narrate`): its own value, stored
    in its JSON form (`Presentation.load_narration` reads it back)."""

    def to_json(self) -> JSON: ...


M = TypeVar("M", bound=Model)  # a game's narration model


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
    settings: Settings
    history: Mapping[int, Sequence[E]] = field(default_factory=dict)  # events by version
    # The seats that have answered the question put to several at once, not
    # how (`bot.flow.questions`): a question shows who it still waits for.
    answered: tuple[int, ...] = ()

    @property
    def version(self) -> int:
        return self.view.version

    @property
    def events(self) -> list[E]:
        """This game's public events so far, oldest first."""
        return [e for v in sorted(self.history) for e in self.history[v] if e.to is None]

    def newest_events(self) -> Iterator[E]:
        """This game's public events, newest first, as far as they are read
        (a table's latest lines need the last few of a long game's)."""
        for version in sorted(self.history, reverse=True):
            yield from (e for e in reversed(self.history[version]) if e.to is None)


@dataclass(frozen=True)
class SeatScore:
    """One seat's result in a game's own terms, from public facts only."""

    score: int  # what the game counts: orders delivered, points
    made: tuple[str, ...] = ()  # what the seat made, by key (orders, heroes): favourites


#: The words of the refusals the rules' base class raises for every game
#: (`Game.check_seat`); a game's own `refusals` say the rest, or say these its way.
BASE_REFUSALS = by_last_part(N_("error.not_your_turn"), N_("error.game_over"))


class Presentation(ABC, Generic[PV, SV, E, M]):
    """Everything the host asks of a game's presentation, typed by the game's
    own public view `PV`, seat view `SV`, events `E` and narration model `M`.
    A game writes `rules`, `prefix` and the abstract members."""

    #: The engine's rules of this game.
    rules: Game[Any, Any, PV, SV, E]
    #: The namespace of this game's component ids, e.g. "mm".
    prefix: str
    #: The settings its presentation adds to the rules' (`Game.options`), e.g.
    #: how fast a reveal is narrated; both become options of `/<command> new`.
    options: tuple[Option, ...] = ()
    #: A cog class holding the game's own app commands (`/<group> play`), or
    #: None; the host makes the group of them and of the commands every game has.
    commands: type[commands.Cog] | None = None
    #: The game's own words for a command every game has: the shared message
    #: id -> the game's id (e.g. a match is joined, not a game).
    reworded: Mapping[str, str] = {}
    #: The DynamicItem classes of this game's controls.
    items: Sequence[type[discord.ui.DynamicItem[Item]]] = ()
    #: The catalog message of each refusal code of its engine (`by_last_part`),
    #: for `refusal` to say them, their parameters as they are.
    refusals: Mapping[str, str] = {}

    @property
    def command(self) -> str:
        """Its command group's name, the one players type (`/<group>`), in
        every language; its words are the game's catalog's (`command.<command>.…`).
        The rules' name unless the game says."""
        return self.rules.name

    # -- what a game must write ----------------------------------------------

    @abstractmethod
    def table(self, table: Table[PV, E]) -> Reply:
        """The one public table message."""

    @abstractmethod
    def narrate(self, model: M | None, event: E) -> tuple[M | None, Step]:
        """Fold one public event into the narration model."""

    @abstractmethod
    def load_narration(self, data: JSON) -> M:
        """A narration model from its stored JSON form (`to_json`)."""

    @abstractmethod
    def narration(self, table: Table[PV, E], model: M, decision: bool) -> Reply:
        """The narration message as the model stands; with the buttons of the
        pending public decision when `decision`."""

    @abstractmethod
    def result(self, table: Table[PV, E]) -> list[SeatScore]:
        """Each seat's score and what it made, once the game is over."""

    # -- defaults ------------------------------------------------------------

    def title(self) -> str:
        """The game's name in words, in the current language: its catalog's
        `<name>.title` unless the game says."""
        return t(f"{self.rules.name}.title")

    def final(self, table: Table[PV, E]) -> Reply:
        """The final result, a message of its own: by default the places by
        score (`result`), equal scores sharing a place, each with its score."""
        scores = [seat.score for seat in self.result(table)]
        ranked = places(range(len(scores)), lambda seat: scores[seat])

        def named(seats: list[int]) -> str:
            return join_and([table.names[s] for s in seats])

        lines = [
            t("result.line", place=n, names=named(seats), points=scores[seats[0]])
            for n, seats in enumerate(ranked, 1)
        ]
        title = tn("result.title", len(ranked[0]), names=named(ranked[0]))
        colour = self.colour(table.settings)
        return Reply(embed=discord.Embed(title=title, description="\n".join(lines), colour=colour))

    def rules_text(self, settings: Settings, view: SV | None) -> Reply:
        """The rules in short; `view` is the asking player's own view, if
        seated. By default the game's title over its catalog's `<prefix>.rules`."""
        text, colour = t(f"{self.prefix}.rules"), self.colour(settings)
        return Reply(embed=discord.Embed(title=self.title(), description=text, colour=colour))

    def hand(self, view: SV) -> str | None:
        """A seat's own cards in words, for the hand the host draws
        (`bot.interactions.own_hand`: the table's My cards, with a select of
        the seat's legal actions in `label`'s words). None, by default: the
        game draws its own hand, or has none."""
        return None

    @property
    def holds_hands(self) -> bool:
        """Whether the host draws each seat's hand: the game writes `hand`."""
        return type(self).hand is not Presentation.hand

    def label(self, action: Action) -> str:
        """A legal action in words, as the host's lists offer it (the web
        table's actions, the host's hand): a game that uses them writes it."""
        raise NotImplementedError(f"{self.rules.name} has no words for {action!r}")

    def pace(self, settings: Settings) -> float:
        """Seconds the narration pauses after a paced step (`Step.paced`): none."""
        return 0.0

    def colour(self, settings: Settings) -> discord.Colour:
        """The colour of the game's embeds."""
        return discord.Colour.blurple()

    def settings_lines(self, settings: Settings) -> list[str]:
        """The lobby's words for this game's settings (none of its own)."""
        return []

    def moment(self, view: PV) -> str | None:
        """A key for the turn or decision now awaited (None: nothing is): a
        new moment mentions the persons it asks whom the game did not wait
        for a step before (`bot.live.moments`). By default every state in
        which someone must act is a moment of its own."""
        return f"{view.version}:{view.to_act}" if view.to_act else None

    def ping(self, table: Table[PV, E], mention: str) -> str:
        """The table's first line, on whoever must act; `mention` names every
        person asked."""
        return t("table.ping", mention=mention)

    def has_decision(self, view: PV) -> bool:
        """Whether the narration message carries buttons for a pending decision."""
        return False

    def variant(self, settings: Settings) -> str:
        """The variant these settings play, for statistics (e.g. "classic"):
        one, named after the game, unless the game says."""
        return self.rules.name

    def variant_name(self, variant: str) -> str:
        return self.title()

    def summary(self, table: Table[PV, E]) -> list[str]:
        """The end-of-game summary, a line per seat, from what the table
        revealed (none, by default)."""
        return []

    def score_name(self) -> str:
        """What a score counts, in words ("orders delivered", "points")."""
        return t("stats.points")

    def level_about(self, level: str) -> str | None:
        """What a computer player of this difficulty does, in this game's words."""
        return None

    def refusal(self, code: str, params: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
        """An engine refusal as a catalog key and its parameters in words: by
        default its message in `refusals` (else `BASE_REFUSALS`), the
        parameters as the engine gave them."""
        return {**BASE_REFUSALS, **self.refusals}[code], dict(params)

    def made_name(self, variant: str, key: str) -> str:
        """A made thing's key (`SeatScore.made`) in words."""
        return key


#: A presentation of any game, as the host holds it.
AnyPresentation = Presentation[Any, Any, Any, Any]


def default_ids(shown: AnyPresentation) -> set[str]:
    """The ids of a game's own catalog that the defaults it keeps read (made
    from its name and prefix, so no extraction finds them in its code)."""
    kept = {
        f"{shown.rules.name}.title": Presentation.title,
        f"{shown.prefix}.rules": Presentation.rules_text,
    }
    return {key for key, member in kept.items() if getattr(type(shown), member.__name__) is member}


@dataclass(frozen=True)
class Plugin:
    """Everything a game provides the host, declared once in its host package
    (`bot/games/<game>/__init__.py`, as `PLUGIN`) and found by the registry
    (`bot.plugin.registry`): nothing else is looked for. Its rules are the
    presentation's (`Presentation.rules`, one of `engine.games()`), and its
    hot modules the rules' (`Game.hot_modules`, compiled by `engine.compiled`).
    Its catalogs are its package's `locales/` folder: read before the game is
    imported (its commands' words are looked up as they are declared), so
    the registry finds them by the folder, and checks that it is there."""

    presentation: AnyPresentation
    #: Its table on the Activity (a `bot.web.scene.WebTable`, which the web
    #: layer checks it is); None: the game is played with its buttons only.
    web: object | None = None

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def rules(self) -> AnyGame:
        return self.presentation.rules

    @property
    def hot_modules(self) -> tuple[str, ...]:
        return self.rules.hot_modules
