"""Pizza Island on the web table (the Activity): the deck, the Ship, every
pizza as its slices, whose turn, the hero decisions, the achievements and the
match standing, in the buttons' words. Made only from what the viewer may see
(`Seen`, PI-I1): what a Mushroom or a Pepper shows is in the viewer's own
player view only while their decision is open."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.pizzaisland import render
from bot.games.pizzaisland.controls import HERO_HELP, _hero_label
from bot.i18n import labelled, t
from bot.web.door import JSON, Seen
from bot.web.scene import Card, Scene, Zone
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
from engine.pizzaisland.cards import PIZZA_SIZE, parts
from engine.pizzaisland.views import PlayerView, PublicView


def slice_card(card: str, **extra: Any) -> Card:
    colour, shape, hero = parts(card)
    return {
        "label": _slice_words(card),
        "face": render.slice_mark(card),
        "tone": f"slice slice-{colour} shape-{shape}" + (f" hero-{hero}" if hero else ""),
        **extra,
    }


def _slice_words(card: str) -> str:
    colour, shape, hero = parts(card)
    words = f"{render.COLOUR_EMOJI.get(colour, colour)} {render.SHAPE_MARK.get(shape, shape)}"
    return f"{words} {render.hero_name(hero)}" if hero else words


def public(seen: Seen) -> PublicView:
    assert isinstance(seen.public, PublicView)
    return seen.public


class PizzaIslandWeb:
    def scene(self, seen: Seen) -> Scene:
        view = public(seen)
        names = seen.names
        actions, by_card = self._actions(seen)
        level = view.level
        scene: Scene = {
            "title": t(
                "pi.table.title",
                game=str(view.game),
                level=t(render.LEVEL_KEYS.get(level, render.LEVEL_KEYS["normal"])),
            ),
            "status": render.status_line(view, names),
            "zones": self._zones(seen, by_card),
            "actions": actions,
            "steps": self._steps(seen),
        }
        prompt = self._prompt(seen)
        if prompt:
            scene["prompt"] = prompt
        if view.phase == "match-over" and view.ranking is not None:
            final = render.final(seen.game, view, names)
            if final.embed is not None:
                scene["final"] = {
                    "title": final.embed.title,
                    "lines": (final.embed.description or "").split("\n"),
                }
        return scene

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

    def _zones(self, seen: Seen, by_card: dict[tuple[int | None, str], JSON]) -> list[Zone]:
        view = public(seen)
        names = seen.names
        zones: list[Zone] = []
        take_deck = by_card.get((None, "deck"))
        deck: Card = {
            "label": labelled(t("pi.table.deck"), view.deck_size),
            "face": str(view.deck_size),
            "tone": "back deck",
            "down": True,
            "count": view.deck_size,
            **(take_deck or {}),
        }
        zones.append(
            {"id": "deck", "label": t("pi.table.deck"), "cards": [deck], "group": "middle"}
        )
        if view.level == "advanced":
            ship = [slice_card(c, **by_card.get((None, c), {})) for c in view.ship]
            zones.append(
                {
                    "id": "ship",
                    "label": t("pi.table.ship"),
                    "cards": ship,
                    "lines": [] if ship else [t("pi.table.ship_empty")],
                    "group": "middle",
                }
            )
        mine = seen.mine
        if isinstance(mine, PlayerView) and mine.seen:
            # PI-I1: what this viewer's own Mushroom or Pepper shows
            cards = [slice_card(c, **by_card.get((-1, c), {})) for c in mine.seen]
            zones.append({"id": "seen", "label": t("pi.decide.seen"), "cards": cards, "mine": True})
        for player in view.players:
            if not player.playing:
                continue
            seat = player.seat
            cards = []
            for colour, slices in player.pizzas.items():
                for card in sorted(slices, key=lambda c: parts(c)[1]):
                    cards.append(slice_card(card, pile=colour, **by_card.get((seat, card), {})))
            marker = render.SEAT_EMOJI[render.seat_colour(seat)]
            zones.append(
                {
                    "id": f"seat-{seat}",
                    "label": f"{marker} {names[seat]}",
                    "tone": f"seat-{render.seat_colour(seat)}",
                    "cards": cards,
                    "lines": [] if cards else [t("pi.no_pizza")],
                    "turn": seat in view.to_act,
                    "mine": seat == seen.seat,
                    "group": "players",
                    # each pizza's slices together, under its colour and how full it is
                    "piles": {
                        colour: f"{render.COLOUR_EMOJI.get(colour, colour)} "
                        f"{len(slices)}/{PIZZA_SIZE}"
                        for colour, slices in player.pizzas.items()
                    },
                }
            )
        lines = render.standing(view, names).split("\n")
        zones.append({"id": "standing", "label": t("pi.table.standing"), "lines": lines})
        held = render.achievements_text(view, names)
        if held:
            zones.append(
                {
                    "id": "achievements",
                    "label": t("pi.table.achievements"),
                    "lines": held.split("\n"),
                }
            )
        return zones

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
            return t("pi.button.take_ship", card=render.card_name(action.source))
        if isinstance(action, Stop):
            return t("pi.button.stop")
        if isinstance(action, Discard):
            return t("pi.option.discard", card=render.card_name(action.card))
        if isinstance(action, Replace):
            return t("pi.option.replace", colour=render.COLOUR_EMOJI.get(action.colour, ""))
        if isinstance(action, Decline):
            return t("pi.option.decline")
        if isinstance(action, Mushroom | Pepper | Knife | Fork):
            return _hero_label(action, names)
        return str(action.text())

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


WEB = PizzaIslandWeb()
