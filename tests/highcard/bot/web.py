"""High Card on the web table (the Activity), through the same contract as the
shipped games' tables (`bot.web.scene.WebTable`): the seats with their cards
and points, this round's face-down cards or the last reveal in the middle,
the viewer's own hand, each card playing itself; the reveals and the final
ranking in the words of the channel's messages. Made only from `Seen`."""

from __future__ import annotations

from functools import partial

from bot.i18n import t
from bot.pictures.canvas import Pen
from bot.pictures.palette import CARD_FACE, INK, SEATS
from bot.pictures.svg import hex_of
from bot.plugin.contract import Table
from bot.web.art import Sprite
from bot.web.door import JSON, Seen
from bot.web.scene import Card, Scene, named, seat

from ..engine import Play, PlayerView, PublicView, Revealed

COLOURS = list(SEATS)


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
        from . import PLUGIN  # the presentation's words for a reveal and the end

        view = seen.public
        assert isinstance(view, PublicView)
        shown, table = PLUGIN.presentation, Table(seen.game, view, seen.names, seen.settings)
        reveals = [
            e for v in sorted(seen.events) for e in seen.events[v] if isinstance(e, Revealed)
        ]
        said = [shown.narration(table, e, False).content or "" for e in reveals]
        plays = {a.card: i for i, a in enumerate(seen.legal) if isinstance(a, Play)}
        if not view.to_act:
            status = t("hc.error.game_over")
        elif view.to_act[0] == seen.seat:
            status = t("hc.web.your_turn")
        else:
            status = t("hc.web.turn", name=named(seen.names, view.to_act[0]))
        scene: Scene = {
            "title": t("hc.table.title", round=view.round),
            "status": status,
            "latest": said[-1] if said else "",
            "seats": [self._seat(seen, view, s) for s in range(len(seen.names))],
            "centre": [self._played(seen, view)],
            "hand": None,
            "actions": [
                {"label": t("hc.hand.option", card=c), "action": Play(seen.seat or 0, c).to_json()}
                for c in plays
            ],
            "steps": [{"text": text, "paced": True} for text in said],
        }
        if isinstance(seen.mine, PlayerView):
            cards = [
                face(c, key=f"{c}-{i}", **({"act": plays[c]} if c in plays else {}))
                for i, c in enumerate(seen.mine.hand)
            ]
            scene["hand"] = {
                "label": t("hc.hand.title"),
                "cards": cards,
                "empty": t("hc.hand.empty"),
            }
        if view.ranking is not None and (final := shown.final(table).embed) is not None:  # HC-4
            scene["final"] = {"title": final.title, "lines": (final.description or "").split("\n")}
        return scene

    def _seat(self, seen: Seen, view: PublicView, index: int) -> JSON:
        name, cards = named(seen.names, index), view.hand_sizes[index]
        line = t("hc.table.line", name=name, points=view.points[index], cards=cards)
        counts = [{"use": "fan", "n": cards, "anchor": f"hand-{index}"}]
        colour = COLOURS[index % len(COLOURS)]
        return seat(seen, index, colour, line, turn=index in view.to_act, counts=counts)

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
        title = t("hc.web.played") if down or not view.last else t("hc.table.last")
        cards = down or [face(c) for c in view.last]
        return {"id": "table", "title": title, "label": title, "cards": cards,
                "empty": t("hc.hand.empty"), "anchor": "table"}  # fmt: skip


def _face(pen: Pen, card: int) -> None:
    pen.rect((4, 2, 36, 38), CARD_FACE, INK, 1.5, 4)
    pen.digits((20, 21), card, 20, INK)


WEB = HighCardWeb()
