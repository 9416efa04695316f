"""Pizza Island on the web table (the Activity): every seat's pizzas as
round pizzas with their slices in place (six places, two of each shape:
PI-C1), the deck, the Captain's Ship as a ship with its cards on deck, whose
turn, the hero decisions, the achievements and the match standing, in the
buttons' words and the pictures' own art. Made only from what the viewer may
see (`Seen`, PI-I1): what a Mushroom or a Pepper shows is in the viewer's own
player view only while their decision is open."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from bot.games.pizzaisland import render
from bot.games.pizzaisland.controls import HERO_HELP
from bot.games.pizzaisland.pictures.cards import (
    HEROES,
    PLACES,
    SHAPES,
    SLICES,
    hero_badge,
    shape_glyph,
    slices_in_places,
)
from bot.i18n import N_, by_last_part, join_and, labelled, t, tn
from bot.pictures.canvas import Pen
from bot.pictures.palette import INK, LIGHT, MUTED, PANEL, ColourStyle, shade
from bot.web.art import Sprite
from bot.web.door import JSON, Seen
from bot.web.scene import Card, Pile, Scene, seat, spoken
from engine.pizzaisland import events as ev
from engine.pizzaisland.actions import (
    Decline,
    Discard,
    Fork,
    Knife,
    Mushroom,
    Pepper,
    Replace,
    Stop,
    Take,
)
from engine.pizzaisland.cards import PIZZA_SIZE, SHIP_SIZE, parts
from engine.pizzaisland.views import PlayerView, PublicView

MID = (20.0, 20.0)  # the middle of a 40×40 symbol
#: The back of every slice card (the deck).
BACK = ColourStyle((44, 110, 150), "crosshatch")
#: The colours' order on the table, as the pictures draw them.
ORDER = ("red", "green", "yellow")

#: A slice in words: its colour and shape (PI-C1), then its hero (PI-C2).
SLICE_WORDS = by_last_part(
    N_("pi.slice.red_a"),
    N_("pi.slice.red_b"),
    N_("pi.slice.red_c"),
    N_("pi.slice.green_a"),
    N_("pi.slice.green_b"),
    N_("pi.slice.green_c"),
    N_("pi.slice.yellow_a"),
    N_("pi.slice.yellow_b"),
    N_("pi.slice.yellow_c"),
)
WITH_HERO = by_last_part(
    N_("pi.slice.with.pepper"),
    N_("pi.slice.with.mushroom"),
    N_("pi.slice.with.knife"),
    N_("pi.slice.with.fork"),
)
EMPTY_PLACE = by_last_part(N_("pi.place.a"), N_("pi.place.b"), N_("pi.place.c"))
PIZZA_WORDS = by_last_part(N_("pi.pizza.red"), N_("pi.pizza.green"), N_("pi.pizza.yellow"))


def slice_words(card: str) -> str:
    """`red triangle slice with the Pepper`, in the viewer's language."""
    colour, shape, hero = parts(card)
    words = t(SLICE_WORDS[f"{colour}_{shape}"])
    return t(WITH_HERO[hero], slice=words) if hero else words


def slice_art(card: str) -> JSON:
    colour, shape, hero = parts(card)
    art: JSON = {"t": "slice", "fill": f"slice-{colour}", "shape": f"shape-{shape}"}
    if hero:
        art["hero"] = f"hero-{hero}"
    return art


def slice_card(card: str, **extra: object) -> Card:
    return {"label": slice_words(card), "art": slice_art(card), "key": card, **extra}


def hero_words(action: Any, names: Sequence[str]) -> str:
    """A hero's choice in words (the buttons' sentence, the slices named as
    `slice_words` names them, never by their symbols)."""
    label = render.hero_option(action, names, slice_words)
    return spoken(label) if isinstance(action, Pepper) else label


def public(seen: Seen) -> PublicView:
    assert isinstance(seen.public, PublicView)
    return seen.public


class PizzaIslandWeb:
    emblem = "hero-pepper"

    def art(self, sprite: Sprite) -> None:
        """The slice colours with their patterns, the shapes (filled, and an
        empty place's), the heroes' badges, the deck's back and the Ship:
        the pictures' own parts."""
        for colour, style in SLICES.items():
            sprite.pattern(f"slice-{colour}", style)
        sprite.pattern("back-slice", BACK)
        for shape, name in SHAPES.items():
            filled = partial(shape_glyph, at=MID, r=17, name=name, fill=LIGHT)
            sprite.symbol(f"shape-{shape}", 40, 40, filled)
            empty = partial(shape_glyph, at=MID, r=15, name=name, fill=PANEL, outline=MUTED)
            sprite.symbol(f"place-{shape}", 40, 40, empty)
        for hero in HEROES:
            sprite.symbol(f"hero-{hero}", 40, 40, partial(hero_badge, at=MID, hero=hero, r=18))
        sprite.symbol("ship", 300, 110, _ship)
        sprite.symbol("trophy", 40, 40, _trophy)

    def scene(self, seen: Seen) -> Scene:
        view = public(seen)
        names = seen.names
        actions, by_card = self._actions(seen)
        steps = self._steps(seen)
        level = view.level
        scene: Scene = {
            "title": t(
                "pi.table.title",
                game=str(view.game),
                level=t(render.LEVEL_KEYS.get(level, render.LEVEL_KEYS["normal"])),
            ),
            "status": render.status_line(view, names, seen.seat),
            "latest": steps[-1]["text"] if steps else None,
            "seats": [
                self._seat(seen, player.seat, by_card) for player in view.players if player.playing
            ],
            "centre": self._centre(seen, by_card),
            "actions": actions,
            "steps": steps,
            "moves": self._moves(seen),
            "panels": self._panels(seen),
        }
        prompt = self._prompt(seen)
        if prompt:
            scene["prompt"] = prompt
        choice = _pepper_choice(seen)
        if choice:
            scene["choice"] = choice
        return scene  # the final result is the host's (`bot.web.scene.played`)

    def _prompt(self, seen: Seen) -> str | None:
        view, mine = public(seen), seen.mine
        pending = view.pending
        if mine is None or view.to_act[:1] != (seen.seat,) or pending is None:
            return None
        if pending.third is not None:
            return t("pi.decide.third_title", card=render.card_name(pending.third)) + (
                "\n" + t("pi.decide.third")
            )
        hero = pending.hero or ""
        return t("pi.decide.hero_title", hero=render.hero_name(hero)) + "\n" + t(HERO_HELP[hero])

    # --- the table ------------------------------------------------------------------

    def _seat(self, seen: Seen, index: int, by_card: dict[tuple[int | None, str], JSON]) -> JSON:
        view = public(seen)
        player = view.players[index]
        pizzas = []
        for colour in ORDER:
            slices = player.pizzas.get(colour) or ()
            if slices:
                pizzas.append(self._pizza(index, colour, slices, by_card))
        score = player.points if view.scoring == "points" else player.wins
        held = [
            {"use": "trophy", "label": t(render.ACHIEVEMENT_KEYS[name], name=seen.names[index])}
            for name, holder in view.achievements.items()
            if holder == index and name in render.ACHIEVEMENT_KEYS
        ]
        key = N_("pi.standing.points") if view.scoring == "points" else N_("pi.standing.wins")
        line = t(key, name=seen.names[index], wins=player.wins, points=player.points)
        return seat(
            seen,
            index,
            spoken(line),
            render.seat_colour(index),
            counts=[{"use": "trophy", "n": score}],
            pizzas=pizzas,
            empty=t("pi.no_pizza"),
            marks=held,
        )

    def _pizza(
        self,
        index: int,
        colour: str,
        slices: Sequence[str],
        by_card: dict[tuple[int | None, str], JSON],
    ) -> JSON:
        """A pizza as the pictures draw it (`pizza_wheel`): six places
        clockwise from the top, two per shape, each slice in the first free
        place of its shape."""
        filled = slices_in_places(slices)
        places: list[JSON] = []
        for i, placed in enumerate(filled):
            if placed is None:
                places.append({"label": t(EMPTY_PLACE[PLACES[i]]), "shape": f"place-{PLACES[i]}"})
            else:
                places.append(
                    {
                        **slice_card(placed),
                        "key": f"{index}:{placed}:{i}",
                        "shape": f"shape-{PLACES[i]}",
                        **by_card.get((index, placed), {}),
                    }
                )
        name = t(PIZZA_WORDS[colour])
        return {
            "label": tn("pi.pizza.slices", len(slices), pizza=name, total=PIZZA_SIZE),
            "fill": f"slice-{colour}",
            "places": places,
        }

    def _centre(self, seen: Seen, by_card: dict[tuple[int | None, str], JSON]) -> list[Pile]:
        view = public(seen)
        title, size = t("pi.table.deck"), tn("pi.cards", view.deck_size)
        deck: Pile = {
            "id": "deck",
            "title": title,
            "label": labelled(title, size),
            "count": view.deck_size,
            "back": "back-slice",
            "anchor": "deck",
            **by_card.get((None, "deck"), {}),
        }
        centre = [deck]
        if view.level == "advanced":
            ship = [slice_card(c, **by_card.get((None, c), {})) for c in view.ship]
            words = ", ".join(slice_words(c) for c in view.ship) or t("pi.table.ship_empty")
            centre.append(
                {
                    "id": "ship",
                    "shape": "ship",
                    "title": t("pi.table.ship"),
                    "label": labelled(t("pi.table.ship"), words),
                    "cards": ship,
                    "slots": SHIP_SIZE,
                    "anchor": "ship",
                }
            )
        mine = seen.mine
        if isinstance(mine, PlayerView) and mine.seen and not _peppers(seen.legal):
            # PI-I1: what this viewer's own Mushroom shows (a Pepper's is in its choice)
            cards = [slice_card(c, **by_card.get((-1, c), {})) for c in mine.seen]
            centre.append(
                {
                    "id": "seen",
                    "title": t("pi.decide.seen"),
                    "label": t("pi.decide.seen"),
                    "cards": cards,
                    "mine": True,
                }
            )
        return centre

    def _panels(self, seen: Seen) -> list[JSON]:
        view = public(seen)
        panels = [
            {
                "title": t("pi.table.standing"),
                "lines": render.standing(view, seen.names).split("\n"),
            }
        ]
        held = render.achievements_text(view, seen.names)
        if held:
            panels.append({"title": t("pi.table.achievements"), "lines": held.split("\n")})
        return panels

    # --- what the viewer may do ----------------------------------------------------

    def _actions(self, seen: Seen) -> tuple[list[JSON], dict[tuple[int | None, str], JSON]]:
        """The viewer's legal actions, and for a card that names one, what
        pointing at it does: `act` (play it) or `pick` (a Fork's two slices)."""
        if not seen.legal or seen.seat is None:
            return [], {}
        actions: list[JSON] = []
        by_card: dict[tuple[int | None, str], JSON] = {}
        me = seen.seat
        for action in seen.legal:
            index = len(actions)
            entry: JSON = {"label": self._label(action, seen.names), "action": action.to_json()}
            if isinstance(action, Take):
                where = (None, "deck") if action.source == "deck" else (None, action.source)
                by_card[where] = {"act": index}
                entry["direct"] = True
            elif isinstance(action, Mushroom) and action.card is not None:
                by_card[(-1, action.card)] = {"act": index}
            elif isinstance(action, Knife):
                by_card[(action.player, action.card)] = {"act": index}
            elif isinstance(action, Discard):
                by_card[(me, action.card)] = {"act": index}
            elif isinstance(action, Pepper):
                entry["fields"] = _pepper_fields(action)
            elif isinstance(action, Fork):
                entry["fields"] = {
                    "give": action.give,
                    "take": f"{action.player}:{action.take}",
                }
                by_card[(me, action.give)] = {"pick": {"give": action.give}}
                take = {"pick": {"take": f"{action.player}:{action.take}"}}
                by_card[(action.player, action.take)] = take
            if "fields" not in entry and not isinstance(action, Mushroom | Knife | Discard):
                entry["direct"] = True
            elif isinstance(action, Mushroom | Knife | Discard):
                entry["direct"] = isinstance(action, Mushroom) and action.card is None
            actions.append(entry)
        return actions, by_card

    def _label(self, action: Any, names: Sequence[str]) -> str:
        if isinstance(action, Take):
            if action.source == "deck":
                return t("pi.button.take_deck")
            return t("pi.button.take_ship", card=slice_words(action.source))
        if isinstance(action, Stop):
            return t("pi.button.stop")
        if isinstance(action, Discard):
            return t("pi.option.discard", card=slice_words(action.card))
        if isinstance(action, Replace):
            return t("pi.option.replace", colour=t(PIZZA_WORDS[action.colour]))
        if isinstance(action, Decline):
            return t("pi.option.decline")
        if isinstance(action, Mushroom | Pepper | Knife | Fork):
            return hero_words(action, names)
        return str(action.text())

    # --- movement and what happened -----------------------------------------------------

    def _moves(self, seen: Seen) -> list[JSON]:
        """A slice taken travels from the deck or the Ship to its pizza."""
        moves: list[JSON] = []
        for version in sorted(seen.events):
            for event in seen.events[version]:
                if isinstance(event, ev.Taken) and event.to is None:
                    where = "hand" if event.seat == seen.seat else f"seat-{event.seat}"
                    source = "deck" if event.source == "deck" else "ship"
                    moves.append({"from": source, "to": where, "card": slice_card(event.card)})
        return moves[-8:]

    def _steps(self, seen: Seen) -> list[JSON]:
        """What happened since the viewer's last frame, a line each (public events)."""
        steps: list[JSON] = []
        for version in sorted(seen.events):
            for event in seen.events[version]:
                public_event = event if isinstance(event, ev.Event) and event.to is None else None
                line = None if public_event is None else render.event_line(public_event, seen.names)
                if line is not None:
                    card = getattr(event, "card", None)
                    step: JSON = {"text": line}
                    if isinstance(card, str):
                        step["card"] = slice_card(card)
                    steps.append(step)
        return steps[-20:]


def _key(cards: Sequence[str] | None) -> str:
    return ",".join(cards) if cards else "-"


def _pepper_fields(action: Pepper) -> dict[str, str]:
    """A Pepper as three choices made one after another (PI-N6, PI-A2): the
    cards that refill the Ship, the others' order, then top or under."""
    return {"ship": _key(action.ship), "order": _key(action.order), "to": action.to}


def _peppers(legal: Sequence[object]) -> list[Pepper]:
    return [a for a in legal if isinstance(a, Pepper)]


def _pepper_choice(seen: Seen) -> JSON | None:
    """A Pepper's choice, with the cards it shows (PI-I1: the viewer's own
    view), its steps each option in words and as the slices themselves: 120
    ways when 5 cards are seen and 2 refill the Ship, chosen as 1 of 10, 1
    of 6 and 1 of 2, so that a phone shows it all on its first screen."""
    peppers = _peppers(seen.legal)
    if not peppers or not isinstance(seen.mine, PlayerView):
        return None
    ships = {_key(a.ship): a.ship or () for a in peppers}
    orders = {_key(a.order): a.order for a in peppers}
    places = (("top", N_("pi.pepper.put_top")), ("bottom", N_("pi.pepper.put_bottom")))
    return {
        "title": t("pi.decide.seen"),
        "seen": [slice_card(c) for c in seen.mine.seen],
        "steps": [
            {
                "field": "ship",
                "title": t("pi.pepper.step_ship"),
                "options": [_option(k, c, N_("pi.pepper.ship_option")) for k, c in ships.items()],
            },
            {
                "field": "order",
                "title": t("pi.pepper.step_order"),
                "options": [_option(k, c, N_("pi.pepper.order_option")) for k, c in orders.items()],
            },
            {
                "field": "to",
                "confirm": True,
                "options": [{"value": to, "label": t(key)} for to, key in places],
            },
        ],
    }


def _option(value: str, cards: Sequence[str], message: str) -> JSON:
    """An option of a step: these slices, in words and as themselves."""
    words = join_and([slice_words(c) for c in cards])
    return {
        "value": value,
        "label": t(message, cards=words),
        "cards": [slice_card(c) for c in cards],
    }


def _ship(pen: Pen) -> None:
    """The Captain's Ship (PI-A1): a hull with planks, a bow and a stern, its
    flag; its three cards stand on deck (the client lays them over it)."""
    wood, dark = (150, 98, 52), shade((150, 98, 52), 0.35)
    pen.line([(150, 4), (150, 70)], dark, 4)
    pen.polygon([(150, 8), (186, 16), (150, 26)], (214, 58, 44), INK, 1.2)
    hull = [(6, 58), (294, 58), (262, 102), (38, 102)]
    pen.polygon(hull, wood, INK, 2)
    for y in (72, 86):
        inset = (y - 58) * 32 / 44
        pen.line([(6 + inset + 2, y), (294 - inset - 2, y)], dark, 1.5, round_ends=False)
    pen.rect((4, 52, 296, 60), dark, INK, 1.2, 2)
    for x in (70, 230):
        pen.circle((x, 79), 5, (60, 70, 90), INK, 1.2)


def _trophy(pen: Pen) -> None:
    """A won game, or an Achievement held: a cup."""
    gold = (240, 196, 64)
    pen.pieslice((8, -6, 32, 26), 0, 180, gold, INK, 1.4)
    pen.rect((17, 25, 23, 31), gold, INK, 1.2)
    pen.rect((11, 31, 29, 36), gold, INK, 1.4, 2)
    pen.arc((2, 5, 14, 17), 90, 270, INK, 1.8)
    pen.arc((26, 5, 38, 17), 270, 90, INK, 1.8)


WEB = PizzaIslandWeb()
