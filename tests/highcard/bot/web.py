"""High Card on the web table (the Activity), through the same contract as the
shipped games' tables (`bot.web.scene.WebTable`): the seats with their cards
and points, this round's face-down cards or the last reveal in the middle,
the viewer's own hand, each card playing itself. Made only from `Seen`; whose
move it is, the reveals and the final ranking in the words of the channel's
messages, and the plays offered, are the host's (`bot.web.scene.played`)."""

from __future__ import annotations

from functools import partial

from bot.i18n import t
from bot.pictures.canvas import Pen
from bot.pictures.palette import CARD_FACE, INK
from bot.pictures.svg import hex_of
from bot.web.art import Sprite
from bot.web.door import JSON, Seen
from bot.web.scene import Card, Scene, named, seat, seat_colour

from ..engine import Play, PlayerView, PublicView


def face(card: int, **more: object) -> Card:
    art = {"t": "kind", "use": f"hc-{card}", "bg": hex_of(CARD_FACE)}
    return {"label": t("hc.web.card", card=card), "art": art, **more}


class HighCardWeb:
    emblem = "hc-9"

    def art(self, sprite: Sprite) -> None:
        """A face for each of the nine cards: its number on a card."""
        for card in range(1, 10):
            sprite.symbol(f"hc-{card}", 40, 40, partial(_face, card=card))

    def scene(self, seen: Seen) -> Scene:
        view = seen.public
        assert isinstance(view, PublicView)
        scene: Scene = {
            "title": t("hc.table.title", round=view.round),
            "seats": [self._seat(seen, view, s) for s in range(len(seen.names))],
            "centre": [self._played(seen, view)],
        }
        if isinstance(seen.mine, PlayerView):
            plays = {a.card: i for i, a in enumerate(seen.legal) if isinstance(a, Play)}
            cards = [
                face(c, key=f"{c}-{i}", **({"act": plays[c]} if c in plays else {}))
                for i, c in enumerate(seen.mine.hand)
            ]
            scene["hand"] = {"cards": cards}
        return scene

    def _seat(self, seen: Seen, view: PublicView, index: int) -> JSON:
        name, cards = named(seen.names, index), view.hand_sizes[index]
        line = t("hc.table.line", name=name, points=view.points[index], cards=cards)
        counts = [{"use": "fan", "n": cards, "anchor": f"hand-{index}"}]
        return seat(seen, index, line, counts=counts)

    def _played(self, seen: Seen, view: PublicView) -> JSON:
        """This round's cards face down, or the last reveal's face up."""
        down = [
            {
                "label": t("hc.web.face_down", name=named(seen.names, s)),
                "art": {"back": f"seat-{seat_colour(s)}"},
            }
            for s, played in enumerate(view.face_down)
            if played
        ]
        title = t("hc.web.played") if down or not view.last else t("hc.table.last")
        cards = down or [face(c) for c in view.last]
        return {"id": "table", "title": title, "label": title, "cards": cards,
                "empty": t("hc.hand.empty"), "anchor": "table"}  # fmt: skip


def _face(pen: Pen, card: int) -> None:
    pen.rect((4, 2, 36, 38), CARD_FACE, INK, 1.5, 4)
    pen.digits((20, 21), card, 20, INK)


WEB = HighCardWeb()
