"""A player's own hand, for an ephemeral message only its owner sees (MM-V1).

It always carries the controls for a whole turn: on the owner's turn its
legal turns, and while others play the turns they could take at their next
turn (`engine.mammamia.next_turns`), so they can pick theirs meanwhile. Every
turn is at most three clicks away, none left out: a select of every whole
turn ("3 × salami + Misto, draw from the supply") when they fit in one
select (Discord's 25 options), and always the two steps that reach any
turn: the cards to play, then the order card and the draw that go with
them. Nothing is chosen for the player: the Play button plays only a turn
the player picked, and is disabled until then; pressed out of turn it says
whose turn it is and keeps the pick. The choices so far travel in the
components' custom_ids (`kind.count.order.draw`), so no state is kept
between clicks and the controls work after a restart. The ids name no game
version (`ANY_VERSION`) and the hand does not say whose turn it is: while
the owner's cards stay the same, the hand they keep open stays the same
too, and needs no redrawing when their turn comes (`bot.publishing.hands`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol, TypeVar, cast

import discord
from discord import SelectOption

from bot.games.mammamia import render
from bot.games.mammamia.legends import order_legend
from bot.games.mammamia.pictures import HandPicture, OrderFace, hand_image
from bot.games.mammamia.render import custom_id
from bot.i18n import N_, by_last_part, current_locale, join_and, t, tn
from bot.kit.reply import GREEN, Item, Picture, Reply, button, option, select_of
from engine.mammamia.actions import Action, Pass, Turn
from engine.mammamia.cards import BOXES
from engine.mammamia.views import PlayerView

NONE = "-"
FINISH = "~"  # between the order and the draw of a `finish` choice: `order~draw`
#: Options of one select, Discord's limit.
MOST = 25
PASS = "pass"  # a draft's kind for a pass (MM-T4): no ingredient is called that
#: The version a hand's controls carry: none (the Watch button's convention).
#: Play checks the pick against what is legal when it is pressed.
ANY_VERSION = 0
T = TypeVar("T")
DRAW = by_last_part(N_("hand.draw.supply"), N_("hand.draw.orders"))


@dataclass(frozen=True)
class Draft:
    """The turn being put together in the hand controls; None: not chosen yet."""

    kind: str | None = None
    count: int | None = None
    order: str | None = None
    draw: str | None = None

    def encode(self) -> str:
        count = NONE if self.count is None else str(self.count)
        return ".".join([self.kind or NONE, count, self.order or NONE, self.draw or NONE])

    @classmethod
    def decode(cls, text: str | None) -> Draft:
        if not text:
            return cls()
        parts = text.split(".")
        if len(parts) != 4 or not (parts[1].isdigit() or parts[1] == NONE):
            return cls()
        kind, count, order, draw = (None if part == NONE else part for part in parts)
        return cls(kind, None if count is None else int(count), order, draw)

    @classmethod
    def of(cls, action: Action) -> Draft:
        if isinstance(action, Turn):
            return cls(action.ingredient, action.count, action.order, action.draw)
        return cls(PASS, draw=action.draw) if isinstance(action, Pass) else cls()

    def with_(self, field: str, value: str) -> Draft:
        """The draft after a choice in one of the controls."""
        if field == "turn":  # a whole turn at once
            return Draft.decode(value)
        if field == "cards":  # `kind*count`
            kind, _, count = value.partition("*")
            return Draft(kind, int(count) if count.isdigit() else None, self.order, self.draw)
        if field == "finish":  # `order~draw`: the order card and the draw together
            order, _, draw = value.partition(FINISH)
            return Draft(
                self.kind,
                self.count,
                None if order in (NONE, "") else order,
                None if draw in (NONE, "") else draw,
            )
        values = {"kind": self.kind, "count": self.count, "order": self.order, "draw": self.draw}
        values[field] = None if value == NONE else value
        return Draft(**values)  # type: ignore[arg-type]


def chosen(draft: Draft, legal: list[Action]) -> Turn | Pass | None:
    """The one legal turn the player's choices name, or None while they name
    none or several. Only a draw the rules leave no choice about is taken
    without the player choosing it."""
    passes = [a for a in legal if isinstance(a, Pass)]
    if passes:
        if draft.kind != PASS and draft.draw is None:  # the player has chosen nothing yet
            return None
        drawn = [a for a in passes if draft.draw is None or a.draw == draft.draw]
        return drawn[0] if len(drawn) == 1 else None
    if draft.kind is None or draft.count is None:
        return None
    what = (draft.kind, draft.count, draft.order)
    fits = [a for a in legal if isinstance(a, Turn) and (a.ingredient, a.count, a.order) == what]
    if draft.draw is not None:
        fits = [a for a in fits if a.draw == draft.draw]
    return fits[0] if len(fits) == 1 else None


def whole_turns(view: PlayerView, legal: list[Action]) -> list[Turn | Pass]:
    """Every legal whole turn, in the order a select offers them: the kinds
    held most first, all of a kind before fewer, no order before each order
    in hand, drawing from the supply before the order pile."""
    passes: list[Turn | Pass] = [a for a in legal if isinstance(a, Pass)]
    if passes:
        return sorted(passes, key=lambda a: a.draw != "supply")
    held = Counter(view.hand)
    turns = [a for a in legal if isinstance(a, Turn)]

    def place(a: Turn) -> tuple[int, str, int, str, bool]:
        return (
            -held[a.ingredient],
            a.ingredient,
            -a.count,
            a.order or "",
            a.draw != "supply",
        )

    return [*sorted(turns, key=place)]


def finishes(turns: list[Turn], draft: Draft) -> list[tuple[str | None, str | None]]:
    """The (order card, draw) pairs that go with the cards chosen so far (with
    any cards while none are chosen): no order first, supply first."""
    if draft.kind is not None and draft.count is not None:
        turns = [a for a in turns if (a.ingredient, a.count) == (draft.kind, draft.count)]
    pairs = {(a.order, a.draw) for a in turns}
    return sorted(pairs, key=lambda p: (p[0] or "", p[1] != "supply", p[1] or ""))


def draw_name(draw: str | None) -> str:
    """Where a turn draws from, or that it draws nothing."""
    return t(DRAW[draw]) if draw else t("hand.draw.none")


def turn_label(action: Turn | Pass, variant: str) -> str:
    """`🌭 3 salami + 🟩 Misto, draw from the supply`"""
    return _turn_label(action, variant, current_locale())


@lru_cache(maxsize=4096)
def _turn_label(action: Turn | Pass, variant: str, locale: str) -> str:
    # Cached by language: a hand's menus name the same turns at every click.
    draw = draw_name(action.draw)
    if isinstance(action, Pass):
        return t("hand.pass", draw=draw)
    cards = render.amount(action.ingredient, action.count)
    if action.order:
        cards = t("hand.with_order", cards=cards, order=render.order_label(variant, action.order))
    return t("hand.whole_turn", cards=cards, draw=draw)


@lru_cache(maxsize=4096)
def _play_label(action: Turn | Pass, variant: str, locale: str) -> str:
    """`Play: 🌭 3 salami, draw from the supply`, kept as `turn_label`."""
    return t("hand.play_turn", turn=_turn_label(action, variant, locale))


#: A menu's options with none preselected, and where each choice is among them.
Choices = tuple[list[SelectOption], dict[Hashable, list[int]]]


class _Menu:
    """The menus of one list of turns (a seat's, for one hand): its turns in
    the whole-turn menu's order, and each menu's options in each language,
    made once. A hand's menus offer the same turns at every choice made in
    them (a move's answers are mostly these menus), whichever is picked:
    each answer copies the options and preselects the pick."""

    __slots__ = ("every", "hand", "made", "turns")

    def __init__(self, view: PlayerView, legal: list[Action]) -> None:
        self.hand = view.hand
        self.every = whole_turns(view, legal)
        self.turns = [a for a in legal if isinstance(a, Turn)]
        self.made: dict[Hashable, Choices | None] = {}

    def offered(self, variant: str, locale: str, picked: Action | None) -> list[SelectOption]:
        """The whole-turn menu's options, `picked` preselected."""
        key = ("turn", variant, locale)
        made = self.made.get(key)
        if made is None:
            plain = [_turn_choice(action, variant, locale) for action in self.every]
            where: dict[Hashable, list[int]] = {}
            for index, shown in enumerate(plain):
                where.setdefault(shown.value, []).append(index)
            made = self.made[key] = (plain, where)
        return _picked(made, None if picked is None else Draft.of(picked).encode())

    def cards(self, locale: str, mine: tuple[str | None, int | None]) -> list[SelectOption]:
        """The cards menu's options (each kind and count playable), `mine` preselected."""
        key = ("cards", locale)
        made = self.made.get(key)
        if made is None:
            held = Counter(self.hand)
            plays = sorted(
                {(a.ingredient, a.count) for a in self.turns},
                key=lambda p: (-held[p[0]], p[0], -p[1]),
            )
            rows = [((k, n), (_cards_label(k, n, locale), f"{k}*{n}", None)) for k, n in plays]
            made = self.made[key] = _choices(rows)
        return _picked(made, mine)

    def finish(self, variant: str, locale: str, draft: Draft) -> list[SelectOption] | None:
        """The options of what goes with the cards chosen (the order card and
        the draw), the draft's preselected; None when there is no choice."""
        cards = (
            (draft.kind, draft.count)
            if draft.kind is not None and draft.count is not None
            else None
        )
        key = ("finish", variant, locale, cards)
        if key not in self.made:
            pairs = finishes(self.turns, draft)
            rows = [
                (
                    (order, draw),
                    (
                        render.order_label(variant, order)
                        if order
                        else finish_label(None, draw, variant),
                        f"{order or NONE}{FINISH}{draw or NONE}",
                        draw_name(draw) if order else None,
                    ),
                )
                for order, draw in pairs
            ]
            # A choice the player makes; one possible needs none.
            self.made[key] = _choices(rows) if len(pairs) > 1 else None
        made = self.made[key]
        return None if made is None else _picked(made, (draft.order, draft.draw))


def _choices(rows: Sequence[tuple[Hashable, tuple[str, str, str | None]]]) -> Choices:
    """Options of (label, value, description) rows, each known by its key."""
    plain: list[SelectOption] = []
    where: dict[Hashable, list[int]] = {}
    for index, (key, (label, value, description)) in enumerate(rows):
        plain.append(option(label, value, False, description))
        where.setdefault(key, []).append(index)
    return plain, where


def _picked(made: Choices, key: Hashable) -> list[SelectOption]:
    """A copy of the options, those known by `key` preselected."""
    plain, where = made
    options = list(plain)
    for index in where.get(key, ()):
        shown = plain[index]
        options[index] = option(shown.label, shown.value, True, shown.description)
    return options


class Keep(Protocol):
    """Where a hand keeps what its answers are made of (its face, its
    menus) between answers: `work()` for `place`, done again only when what
    it is made of (`made_of`) changed. A running game keeps them for its
    seats (`bot.live.live.Live.keep`), and lets them go with it."""

    def __call__(self, place: Hashable, made_of: Hashable, work: Callable[[], T], /) -> T: ...


class _Latest:
    """A `Keep` for a hand made with no game to keep its parts: the latest
    made for each seat of each game, the seats least lately asked for let
    go first past `size`."""

    __slots__ = ("kept", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self.kept: dict[Hashable, tuple[Hashable, object]] = {}

    def __call__(self, place: Hashable, made_of: Hashable, work: Callable[[], T], /) -> T:
        kept = self.kept.pop(place, None)
        if kept is None or kept[0] != made_of:
            if len(self.kept) >= self.size:
                del self.kept[next(iter(self.kept))]  # the least lately asked for
            kept = (made_of, work())
        self.kept[place] = kept  # the latest asked for, last
        return cast(T, kept[1])

    def clear(self) -> None:
        self.kept.clear()


_LATEST = _Latest(256)

#: Turns as plain tuples (`plain_turns`).
Plain = tuple[tuple[object, ...], ...]


def plain_turns(turns: Sequence[Action]) -> Plain:
    """Turns as plain tuples, to compare lists of them in C."""
    return tuple(map(tuple, turns))


def _menu(
    keep: Keep, game: int, view: PlayerView, legal: list[Action], plain: Plain | None = None
) -> _Menu:
    """The seat's menus for the hand and turns (as plain tuples: compared in
    C, where the actions' own equality is a Python call each; `plain`, if
    the caller has them made already). A seat's hand is kept between its
    owner's moves, and the picks made in it a round later offer the turns it
    was made with, while every other seat's hand changed meanwhile: kept by
    seat, not among the latest made."""
    made_of = (view.hand, plain_turns(legal) if plain is None else plain)
    return keep(("menus", game, view.seat), made_of, lambda: _Menu(view, legal))


@lru_cache(maxsize=8192)
def _turn_choice(action: Turn | Pass, variant: str, locale: str) -> SelectOption:
    """A whole turn's option in the menu, not preselected: its label, its
    value (the turn's draft) and its second line. Kept by language: the
    turns of every seat's new hand after each move are mostly turns some
    hand offered already. One object serves every game and seat: never
    change it in place (`_picked` makes a new one to preselect)."""
    label, draw = _turn_option(action, variant, locale)
    return option(label, Draft.of(action).encode(), False, draw)


def _turn_option(action: Turn | Pass, variant: str, locale: str) -> tuple[str, str | None]:
    """A whole turn as a menu option: its cards and order card, then where it
    draws from on the second line (a pass says all in one)."""
    if isinstance(action, Pass):
        return _turn_label(action, variant, locale), None
    cards = _cards_label(action.ingredient, action.count, locale)
    if action.order:
        cards = t("hand.with_order", cards=cards, order=render.order_label(variant, action.order))
    return cards, draw_name(action.draw)


@lru_cache(maxsize=1024)
def _cards_label(kind: str, count: int, locale: str) -> str:
    """`🌭 3 salami`, kept by language as `turn_label`."""
    return render.amount(kind, count)


def finish_label(order: str | None, draw: str | None, variant: str) -> str:
    """`+ 🟫 Normale 1🍄 4🌭, draw from the supply`: what goes with the cards."""
    if order is None:
        return t("hand.finish_no_order", draw=draw_name(draw))
    return t("hand.finish", order=render.order_label(variant, order), draw=draw_name(draw))


def hand_alt(view: PlayerView) -> str:
    """What the hand's picture shows, in words (its owner's eyes only)."""
    return _words(view, current_locale())[1]


def _words(view: PlayerView, locale: str) -> tuple[_Held, str, _Dealt]:
    """What the hand says of its ingredients, its picture's alt text, and
    what it says of its order cards."""
    orders = view.hand_orders
    kinds = tuple(Counter(c for c in view.hand if c not in orders).items())
    held = _held_words(view.variant, kinds, locale)
    dealt = _dealt_words(view.variant, orders, locale)
    pile = _count(view.players[view.seat].order_pile_size, locale)
    return held, t("alt.hand", ingredients=held.alt, orders=dealt.alt, pile=pile), dealt


# A hand is made of parts that come back far more often than the whole: the
# same order cards stay in a hand for many moves, the same few ingredients
# in the same counts come back in hand after hand, in every game. Each part's
# words are kept by what it shows and the language, so a hand that changed
# is put together from words made already.
@dataclass(frozen=True, slots=True)
class _Held:
    """A hand's ingredients: in its field, in its alt text, in its picture."""

    text: str
    alt: str
    piles: tuple[tuple[str, int], ...]


@lru_cache(maxsize=4096)
def _held_words(variant: str, kinds: tuple[tuple[str, int], ...], locale: str) -> _Held:
    """`kinds`: each ingredient held and how many, in the hand's order."""
    box = BOXES[variant].kinds
    return _Held(
        text=render.cards(dict(sorted(kinds, key=lambda kv: (-kv[1], kv[0])))),
        alt=render.cards(sorted(kinds, key=lambda kv: -kv[1]), icon=False),
        piles=tuple(sorted(kinds, key=lambda kv: (-kv[1], box.index(kv[0])))),
    )


@dataclass(frozen=True, slots=True)
class _Dealt:
    """A hand's order cards: its field, the legend of their marks, the alt
    text's words, and how the picture draws them."""

    text: str
    legend: str | None
    alt: str
    faces: tuple[OrderFace, ...]


@lru_cache(maxsize=2048)
def _dealt_words(variant: str, orders: tuple[str, ...], locale: str) -> _Dealt:
    faces = tuple(OrderFace.of(variant, o) for o in sorted(orders))
    cards = [
        t("alt.order", order=render.order_title(variant, o), needs=render.order_needs(variant, o))
        for o in orders
    ]
    return _Dealt(
        text="\n".join(render.order_line(variant, o) for o in orders) or t("hand.no_orders"),
        legend=order_legend(faces),
        alt=join_and(cards) or t("cards.none"),
        faces=faces,
    )


@lru_cache(maxsize=256)
def _count(cards: int, locale: str) -> str:
    """`7 cards`, kept by language."""
    return tn("hand.count", cards)


@lru_cache(maxsize=4096)
def _title(name: str, colour: str, locale: str) -> str:
    """`🟨 Your hand, Ada`: the same for a seat all game."""
    return t("hand.title", name=name, colour=render.COLOUR_EMOJI[colour])


@lru_cache(maxsize=16)
def _labels(locale: str) -> tuple[str, str, str, str]:
    """The hand's fields' names."""
    return t("hand.ingredients"), t("hand.orders"), t("hand.order_pile"), t("hand.size")


def hand(
    game: int,
    view: PlayerView,
    names: Sequence[str],
    turns: list[Action],
    draft: Draft | None = None,
    notice: str | None = None,
    keep: Keep | None = None,
    plain: Plain | None = None,
) -> Reply:
    """The hand message for `view.seat`, with turn controls when it has
    `turns` to pick from (its legal turns, or those of its next turn);
    what it is made of kept by `keep` (by default, for the latest seats);
    `plain`: `turns` as `plain_turns` gives them, if made already."""
    seat = view.seat
    me = view.players[seat]
    keep = keep or _LATEST
    face = _face(
        keep,
        game,
        view,
        names[seat],
        (view.variant, view.hand, view.hand_orders, me.order_pile_size, me.colour),
    )
    embed = discord.Embed(title=face.title, colour=render.COLOURS[view.variant])
    for name, value, inline in face.fields:
        embed.add_field(name=name, value=value, inline=inline)
    # Whose turn it is, the table says (and its mention); the hand says it
    # only in a reveal or at the end, so it stays the same while turns pass.
    lines = [render.status_line(view, names, seat)] if view.phase != "turn" else []
    if notice:
        lines.insert(0, notice)
    embed.description = "\n".join(lines) or None
    if face.footer:
        embed.set_footer(text=face.footer)
    pictures = [face.picture]
    if not any(isinstance(a, Turn | Pass) for a in turns):
        refresh = button(t("hand.refresh"), custom_id(game, ANY_VERSION, "hand"))
        return Reply(embed=embed, items=[refresh], pictures=pictures)
    items = _controls(keep, game, ANY_VERSION, view, turns, draft or Draft(), plain)
    return Reply(embed=embed, items=items, pictures=pictures)


@dataclass(frozen=True)
class _Face:
    """What a hand shows of the cards it holds: its embed's title, fields and
    footer, and its picture."""

    title: str
    fields: tuple[tuple[str, str, bool], ...]
    footer: str | None
    picture: Picture


def _face(keep: Keep, game: int, view: PlayerView, name: str, held: Hashable) -> _Face:
    """The hand's face, worked out once for what it holds (`held`: the
    variant, cards, order cards, order pile and colour), its owner's name
    and the language: every answer that shows a seat's hand between its
    moves (each choice in its menus, its Play) shows the same, and its
    picture keeps the key it was drawn by. Kept by seat, as its menus."""
    made_of = (held, name, current_locale())
    return keep(("face", game, view.seat), made_of, lambda: _face_of(view, name))


def _face_of(view: PlayerView, name: str) -> _Face:
    me = view.players[view.seat]
    locale = current_locale()
    held, alt, dealt = _words(view, locale)
    ingredients, orders, pile, size = _labels(locale)
    # The same hand in a picture: piles by kind, order cards, the order pile (MM-V1: its owner's).
    shown = HandPicture(me.colour, held.piles, dealt.faces, me.order_pile_size)
    return _Face(
        title=_title(name, me.colour, locale),
        fields=(
            (ingredients, held.text, False),
            (orders, dealt.text, False),
            (pile, _count(me.order_pile_size, locale), True),
            (size, _count(len(view.hand), locale), True),
        ),
        footer=dealt.legend,
        picture=Picture("hand.png", hand_image, (shown,), alt),
    )


def _controls(
    keep: Keep,
    game: int,
    version: int,
    view: PlayerView,
    legal: list[Action],
    draft: Draft,
    plain: Plain | None = None,
) -> list[Item]:
    """At most two menus: every whole turn in one when they fit (a pick, then
    Play), else the cards, then what goes with them (two picks, then Play).
    Each option leads with what tells it from the others (the cards, the
    order card); where it draws from is its second line."""
    code = draft.encode()
    variant = view.variant
    picked = chosen(draft, legal)
    items: list[Item] = []
    menu = _menu(keep, game, view, legal, plain)
    turns = menu.turns
    if len(menu.every) <= MOST:  # every turn in one select: two taps with Play
        offered = menu.offered(variant, current_locale(), picked)
        menu_id = custom_id(game, version, "turn", code)
        items.append(select_of(menu_id, offered, 0, t("hand.pick_turn")))
    elif turns:  # any turn in three taps: the cards, what goes with them, Play
        locale = current_locale()
        cards = menu.cards(locale, (draft.kind, draft.count))
        items.append(
            select_of(custom_id(game, version, "cards", code), cards, 1, t("hand.pick_cards"))
        )
        finish = menu.finish(variant, locale, draft)
        if finish is not None:
            items.append(
                select_of(
                    custom_id(game, version, "finish", code), finish, 2, t("hand.pick_finish")
                )
            )
    label = _play_label(picked, variant, current_locale()) if picked else t("hand.choose")
    play = button(label, custom_id(game, version, "play", code), GREEN, row=4)
    play.disabled = picked is None  # nothing plays that the player did not choose
    items.append(play)
    return items
