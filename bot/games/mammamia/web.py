"""Mamma Mia! on the web table (the Activity): the same words as the
buttons, drawn as cards. Made only from what the viewer may see (`Seen`):
the public view, their own hand and their own legal actions (MM-V1); in
strict memory no history of plays, only the latest one (MM-V2), and the
oven a face-down pile (MM-T7)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.games.mammamia import narration, render
from bot.games.mammamia.hand import turn_label
from bot.i18n import labelled, t, tn
from bot.web.door import JSON, Seen
from bot.web.scene import Card, Scene, Zone, fields
from engine.mammamia import events as ev
from engine.mammamia.actions import Ask, Choose, Help, Pass, Pay, Turn
from engine.mammamia.views import PlayerView, PublicView


def kind_card(kind: str, **extra: Any) -> Card:
    name = render.kind(kind)
    return {"label": render.kind_name(kind), "face": name, "tone": f"kind kind-{kind}", **extra}


def order_card(variant: str, order: str, **extra: Any) -> Card:
    card = render.order_card(variant, order)
    needs = render.order_needs(variant, order)
    return {
        "label": f"{render.order_name(card.name)} — {needs}",
        "face": render.order_title(variant, order),
        "detail": needs,
        "tone": f"order order-{card.colour}",
        **extra,
    }


def back(label: str, count: int, tone: str, **extra: Any) -> Card:
    return {"label": label, "face": str(count), "tone": tone, "down": True, "count": count, **extra}


def public(seen: Seen) -> PublicView:
    assert isinstance(seen.public, PublicView)
    return seen.public


class MammaMiaWeb:
    def scene(self, seen: Seen) -> Scene:
        view = public(seen)
        names, variant = seen.names, view.variant
        actions = self._actions(seen)
        scene: Scene = {
            "title": t(
                "table.title",
                variant=render.variant_name(variant),
                round=view.round,
                rounds=view.last_round,
            ),
            "status": render.status_line(view, names, seen.seat),
            "latest": render.latest_play(view, names),
            "zones": self._zones(seen, actions),
            "actions": actions,
            "defaults": {"order": "-"},
            "steps": self._steps(seen),
        }
        if view.phase == "reveal" and view.pending is not None:
            prompt, _ = narration.decision_prompt(seen.game, seen.version, view, names, False)
            scene["prompt"] = prompt
        if view.phase == "over":
            final = narration.final(seen.game, view, names)
            if final.embed is not None:
                lines = (final.embed.description or "").split("\n")
                scene["final"] = {"title": final.embed.title, "lines": lines}
        return scene

    # --- the table --------------------------------------------------------------

    def _zones(self, seen: Seen, actions: list[JSON]) -> list[Zone]:
        view = public(seen)
        variant, names = view.variant, seen.names
        zones: list[Zone] = []
        for player in view.players:
            seat = player.seat
            delivered = player.delivered
            line = t(
                "table.player",
                colour=render.COLOUR_EMOJI[player.colour],
                name=names[seat],
                in_hand=player.hand_size,
                order_pile=player.order_pile_size,
                delivered=len(delivered) if delivered is not None else t("table.hidden"),
            )
            zones.append(
                {
                    "id": f"seat-{seat}",
                    "label": names[seat],
                    "tone": f"seat-{player.colour}",
                    "lines": [line],
                    "cards": [order_card(variant, o, small=True) for o in delivered or ()],
                    "turn": seat in view.to_act,
                    "mine": seat == seen.seat,
                    "group": "players",
                }
            )
        oven = tn("table.oven_value", view.oven_size, top=render.oven_top(view))
        oven_label = labelled(t("table.oven"), oven)
        zones.append(
            {
                "id": "oven",
                "label": t("table.oven"),
                "cards": [back(oven_label, view.oven_size, "oven")],
                "group": "middle",
            }
        )
        zones.append(
            {
                "id": "leftovers",
                "label": t("table.leftovers"),
                "cards": [kind_card(k, count=n) for k, n in view.table.items()],
                "lines": [] if view.table else [t("cards.none")],
                "group": "middle",
            }
        )
        drawing = any(a.get("fields", {}).get("draw", "-") != "-" for a in actions)
        supply = back(
            labelled(t("table.supply"), view.supply_size),
            view.supply_size,
            "supply",
            pick={"draw": "supply"} if drawing else None,
        )
        supply_zone: Zone = {
            "id": "supply",
            "label": t("table.supply"),
            "cards": [supply],
            "group": "middle",
        }
        if view.turns_left is not None:  # the supply ran out: the last turns
            last = labelled(t("table.last_turns"), view.turns_left)
            supply_zone["lines"] = [last]
        zones.append(supply_zone)
        if view.delivered_pile_size is not None:  # Plus: delivered orders lie face down (PL-R5)
            pile = view.delivered_pile_size
            label = t("table.delivered_pile")
            zones.append(
                {
                    "id": "delivered",
                    "label": label,
                    "cards": [back(labelled(label, pile), pile, "delivered")],
                    "group": "middle",
                }
            )
        if isinstance(seen.mine, PlayerView):
            zones.append(self._hand(seen, seen.mine, drawing))
        return zones

    def _hand(self, seen: Seen, mine: PlayerView, drawing: bool) -> Zone:
        """The viewer's hand: a pile per kind, where the n-th card plays n of
        them, and their order cards, each playable with the ingredients."""
        held = Counter(c for c in mine.hand if c not in mine.hand_orders)
        cards: list[Card] = []
        for kind, n in sorted(held.items(), key=lambda kv: (-kv[1], kv[0])):
            for count in range(1, n + 1):
                label = render.amount(kind, count, icon=False)
                cards.append(kind_card(kind, label=label, pick={"kind": kind, "count": str(count)}))
        for order in mine.hand_orders:
            cards.append(order_card(mine.variant, order, pick={"order": order}))
        pile = mine.players[mine.seat].order_pile_size
        own = back(
            labelled(t("hand.order_pile"), tn("hand.count", pile)),
            pile,
            "order-pile",
            pick={"draw": "orders"} if drawing else None,
        )
        return {
            "id": "hand",
            "label": t("hand.title", name=seen.names[mine.seat], colour=""),
            "cards": [*cards, own],
            "mine": True,
            "lines": [] if cards else [t("cards.none")],
        }

    # --- what the viewer may do ----------------------------------------------------

    def _actions(self, seen: Seen) -> list[JSON]:
        """Every legal action of the viewer, labelled; a turn named by its
        fields (kind, count, order, draw), a decision a button of its own."""
        if not seen.legal:
            return self._help(seen)
        variant = public(seen).variant
        out: list[JSON] = []
        for action in seen.legal:
            if isinstance(action, Turn):
                named = fields(
                    kind=action.ingredient, count=action.count, order=action.order, draw=action.draw
                )
                out.append(
                    {
                        "label": turn_label(action, variant),
                        "fields": named,
                        "action": action.to_json(),
                    }
                )
            elif isinstance(action, Pass):
                named = fields(kind=None, count=None, order=None, draw=action.draw)
                out.append(
                    {
                        "label": turn_label(action, variant),
                        "fields": named,
                        "action": action.to_json(),
                    }
                )
            else:
                out.append(
                    {"label": self._decision(action), "action": action.to_json(), "direct": True}
                )
        return out

    def _help(self, seen: Seen) -> list[JSON]:
        """PL-H2: everyone asked may answer at once, though the engine takes
        the answers in the rule's order (`bot.flow.questions`)."""
        if seen.seat is None or seen.seat not in seen.asked:
            return []
        return [
            {"label": t("decide.button.help"), "action": {"help": True}, "direct": True},
            {"label": t("decide.button.refuse"), "action": {"help": False}, "direct": True},
        ]

    def _decision(self, action: Any) -> str:
        if isinstance(action, Choose):
            return t("activity.mm.choose", kinds=render.choice_label(action.kinds))
        if isinstance(action, Pay):
            if not action.accept:
                return t("decide.button.decline")
            if action.cards:
                return t("pick.paid", cards=render.cards(dict(action.cards)))
            return t("decide.button.pay")
        if isinstance(action, Ask):
            return t("activity.mm.ask", cards=render.cards(dict(action.cards)))
        if isinstance(action, Help):
            return t("decide.button.help") if action.accept else t("decide.button.refuse")
        return str(action.text())

    # --- the reveal, card by card ----------------------------------------------------

    def _steps(self, seen: Seen) -> list[JSON]:
        """The oven's cards and each order's outcome since the viewer's last
        frame, in order, in the narration's words: the client shows them one
        by one (public events only)."""
        variant, names = public(seen).variant, seen.names
        model = narration.Reveal(round=0, revealer=None, total=0)
        steps: list[JSON] = []
        for version in sorted(seen.events):
            for event in seen.events[version]:
                if event.to is not None:
                    continue
                if isinstance(event, ev.RevealStarted):
                    steps.append({"text": t("reveal.title", round=event.round)})
                    continue
                lines = len(model.lines)
                if not narration.update(model, event):
                    continue
                if isinstance(event, ev.Revealed):
                    card = event.card
                    face = (
                        kind_card(card) if card in render.KIND_EMOJI else order_card(variant, card)
                    )
                    text = t("reveal.last_card") + ": " + render.card_title(variant, card)
                    steps.append({"text": text, "card": face})
                elif len(model.lines) > lines:
                    steps.append({"text": narration._line(model.lines[-1], variant, names)})
                elif isinstance(event, ev.RoundEnded):
                    steps.append({"text": t("reveal.summary")})
        return steps[-40:]


WEB = MammaMiaWeb()
