"""High Card on the web table (the Activity), through the same contract as the
shipped games' tables (`bot.web.scene.WebTable`): the seats with their cards
and points, this round's face-down cards and the last reveal in the middle,
the viewer's own hand, each card playing itself. Made only from `Seen`."""

from __future__ import annotations

from functools import partial

from bot.i18n import join_and, t, tn
from bot.pictures.canvas import Pen
from bot.pictures.palette import CARD_FACE, INK, SEATS
from bot.pictures.svg import hex_of
from bot.web.art import Sprite
from bot.web.door import JSON, Seen
from bot.web.scene import Card, Scene, named, seat

from ..engine import Play, PlayerView, PublicView, Revealed

COLOURS = list(SEATS)
FACE = hex_of(CARD_FACE)


def face(card: int, **more: object) -> Card:
    return {
        "label": t("hc.web.card", card=card),
        "art": {"t": "kind", "use": f"hc-{card}", "bg": FACE},
        **more,
    }


class HighCardWeb:
    emblem = "hc-9"

    def art(self, sprite: Sprite) -> None:
        """A face for each of the nine cards: its number on a card."""
        for card in range(1, 10):
            sprite.symbol(f"hc-{card}", 40, 40, partial(_face, card=card))

    def scene(self, seen: Seen) -> Scene:
        view = seen.public
        assert isinstance(view, PublicView)
        mine = seen.mine if isinstance(seen.mine, PlayerView) else None
        plays = {a.card: i for i, a in enumerate(seen.legal) if isinstance(a, Play)}
        scene: Scene = {
            "title": t("hc.table.title", round=view.round),
            "status": self._status(seen, view),
            "latest": self._latest(seen),
            "seats": [self._seat(seen, view, s) for s in range(len(seen.names))],
            "centre": [self._played(seen, view)],
            "hand": None,
            "actions": [
                {
                    "label": t("hc.hand.option", card=card),
                    "action": Play(seen.seat or 0, card).to_json(),
                }
                for card in plays
            ],
            "steps": self._steps(seen),
        }
        if mine is not None:
            cards = [
                face(c, key=f"{c}-{i}", **({"act": plays[c]} if c in plays else {}))
                for i, c in enumerate(mine.hand)
            ]
            hand = {"label": t("hc.hand.title"), "cards": cards, "empty": t("hc.hand.empty")}
            scene["hand"] = hand
        if view.ranking is not None:  # HC-4

            def names(seats: tuple[int, ...]) -> str:
                return join_and(named(seen.names, s) for s in seats)

            lines = [
                t("hc.final.line", place=n, names=names(seats), points=view.points[seats[0]])
                for n, seats in enumerate(view.ranking, 1)
            ]
            first = view.ranking[0]
            title = tn("hc.final.title", len(first), names=names(first))
            scene["final"] = {"title": title, "lines": lines}
        return scene

    def _status(self, seen: Seen, view: PublicView) -> str:
        if not view.to_act:
            return t("hc.error.game_over")
        if view.to_act[0] == seen.seat:
            return t("hc.web.your_turn")
        return t("hc.web.turn", name=named(seen.names, view.to_act[0]))

    def _seat(self, seen: Seen, view: PublicView, index: int) -> JSON:
        line = t(
            "hc.table.line",
            name=named(seen.names, index),
            points=view.points[index],
            cards=view.hand_sizes[index],
        )
        return seat(
            seen,
            index,
            COLOURS[index % len(COLOURS)],
            line,
            turn=index in view.to_act,
            counts=[{"use": "fan", "n": view.hand_sizes[index], "anchor": f"hand-{index}"}],
        )

    def _played(self, seen: Seen, view: PublicView) -> JSON:
        """This round's cards face down, or the last reveal's face up."""
        down = [
            {
                "label": t("hc.web.face_down", name=named(seen.names, s)),
                "art": {"back": f"seat-{COLOURS[s % len(COLOURS)]}"},
            }
            for s, played in enumerate(view.face_down)
            if played
        ]
        shown = down or [face(c) for c in view.last]
        title = t("hc.web.played") if down or not view.last else t("hc.table.last")
        return {
            "id": "table",
            "title": title,
            "label": title,
            "cards": shown,
            "empty": t("hc.hand.empty"),
            "anchor": "table",
        }

    def _reveals(self, seen: Seen) -> list[Revealed]:
        return [e for v in sorted(seen.events) for e in seen.events[v] if isinstance(e, Revealed)]

    def _latest(self, seen: Seen) -> str:
        reveals = self._reveals(seen)
        return self._said(seen, reveals[-1]) if reveals else ""

    def _said(self, seen: Seen, event: Revealed) -> str:
        cards = ", ".join(f"{named(seen.names, s)}: {c}" for s, c in enumerate(event.cards))
        if event.winner is None:
            return t("hc.reveal.tie", round=event.round, cards=cards)
        name = named(seen.names, event.winner)
        return t("hc.reveal.won", round=event.round, cards=cards, name=name)

    def _steps(self, seen: Seen) -> list[JSON]:
        """Each reveal since the viewer's last frame, told at the game's pace."""
        return [{"text": self._said(seen, e), "paced": True} for e in self._reveals(seen)]


def _face(pen: Pen, card: int) -> None:
    pen.rect((4, 2, 36, 38), CARD_FACE, INK, 1.5, 4)
    pen.digits((20, 21), card, 20, INK)


WEB = HighCardWeb()
