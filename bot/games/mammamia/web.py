"""Mamma Mia! on the web table (the Activity): the same words as the
buttons, drawn as cards. Made only from what the viewer may see (`Seen`):
the public view, their own hand and their own legal actions (MM-V1); in
strict memory no history of plays, only the latest one (MM-V2), and the
oven a face-down pile (MM-T7)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.i18n import t, tn
from bot.web.scene import Card, Scene, Zone, fields
from bot.web.service import JSON, Seen
from engine import game
from engine.mammamia.actions import Ask, Choose, Help, Pass, Pay, Turn

from . import narration, render
from .hand import turn_label


def kind_card(kind: str, **extra: Any) -> Card:
    name = render.kind(kind)
    return {"label": render.kind_name(kind), "face": name, "tone": f"kind kind-{kind}", **extra}


def order_card(variant: str, order: str, **extra: Any) -> Card:
    card = render.order_card(variant, order)
    label = f"{render.order_name(card.name)} — {render.order_needs(variant, order)}"
    return {
        "label": label,
        "face": render.order_title(variant, order),
        "detail": render.order_needs(variant, order),
        "tone": f"order order-{card.colour}",
        **extra,
    }


def back(label: str, count: int, tone: str = "back", **extra: Any) -> Card:
    return {"label": label, "face": str(count), "tone": tone, "down": True, "count": count, **extra}


class MammaMiaWeb:
    def scene(self, seen: Seen) -> Scene:
        view = seen.public
        assert view is not None
        names, variant = seen.names, view["variant"]
        actions = self._actions(seen)
        scene: Scene = {
            "title": t(
                "table.title",
                variant=render.variant_name(variant),
                round=view["round"],
                rounds=view["last_round"],
            ),
            "status": render.status_line(view, names, seen.seat),
            "latest": render.latest_play(view, names),
            "zones": self._zones(seen, actions),
            "actions": actions,
            "defaults": {"order": "-"},
            "steps": self._steps(seen),
        }
        if view["phase"] == "reveal" and view["pending"] is not None:
            prompt, _ = narration.decision_prompt(seen.game, seen.version, view, names, False)
            scene["prompt"] = prompt
        if view["phase"] == "over":
            final = narration.final(seen.game, view, names)
            if final.embed is not None:
                scene["final"] = {
                    "title": final.embed.title,
                    "lines": (final.embed.description or "").split("\n"),
                }
        return scene

    # --- the table --------------------------------------------------------------

    def _zones(self, seen: Seen, actions: list[JSON]) -> list[Zone]:
        view = seen.public
        assert view is not None
        variant, names = view["variant"], seen.names
        zones: list[Zone] = []
        for player in view["players"]:
            seat = player["seat"]
            delivered = player.get("delivered")
            lines = [
                t(
                    "table.player",
                    colour=render.COLOUR_EMOJI[player["colour"]],
                    name=names[seat],
                    hand=player["hand_size"],
                    orders=player["order_pile_size"],
                    delivered=len(delivered) if delivered is not None else t("table.hidden"),
                )
            ]
            cards = [order_card(variant, o, small=True) for o in delivered or ()]
            zones.append(
                {
                    "id": f"seat-{seat}",
                    "label": names[seat],
                    "tone": f"seat-{player['colour']}",
                    "lines": lines,
                    "cards": cards,
                    "turn": seat in view["to_act"],
                    "mine": seat == seen.seat,
                    "group": "players",
                }
            )
        oven_label = tn("table.oven_value", view["oven_size"], top=render.oven_top(view))
        oven: list[Card] = [back(t("table.oven") + ": " + oven_label, view["oven_size"], "oven")]
        zones.append({"id": "oven", "label": t("table.oven"), "cards": oven, "group": "middle"})
        zones.append(
            {
                "id": "leftovers",
                "label": t("table.leftovers"),
                "cards": [kind_card(k, count=n) for k, n in view["table"].items()],
                "lines": [] if view["table"] else [t("cards.none")],
                "group": "middle",
            }
        )
        drawing = any(a.get("fields", {}).get("draw", "-") != "-" for a in actions)
        supply = back(
            f"{t('table.supply')}: {view['supply_size']}",
            view["supply_size"],
            "supply",
            pick={"draw": "supply"} if drawing else None,
        )
        zones.append(
            {"id": "supply", "label": t("table.supply"), "cards": [supply], "group": "middle"}
        )
        if seen.mine is not None:
            zones.append(self._hand(seen, drawing))
        return zones

    def _hand(self, seen: Seen, drawing: bool) -> Zone:
        """The viewer's hand: a pile per kind, where the n-th card plays n of
        them, and their order cards, each playable with the ingredients."""
        mine = seen.mine
        assert mine is not None
        variant = mine["variant"]
        orders = mine["hand_orders"]
        held = Counter(c for c in mine["hand"] if c not in orders)
        cards: list[Card] = []
        for kind, n in sorted(held.items(), key=lambda kv: (-kv[1], kv[0])):
            for count in range(1, n + 1):
                label = t("hand.play_cards", count=count, kind=render.kind_name(kind))
                cards.append(kind_card(kind, label=label, pick={"kind": kind, "count": str(count)}))
        for order in orders:
            cards.append(order_card(variant, order, pick={"order": order}))
        pile = mine["players"][mine["seat"]]["order_pile_size"]
        own = back(
            f"{t('hand.order_pile')}: {tn('hand.count', pile)}",
            pile,
            "order-pile",
            pick={"draw": "orders"} if drawing else None,
        )
        return {
            "id": "hand",
            "label": t("hand.title", name=seen.names[mine["seat"]], colour=""),
            "cards": [*cards, own],
            "mine": True,
            "lines": [] if cards else [t("cards.none")],
        }

    # --- what the viewer may do ----------------------------------------------------

    def _actions(self, seen: Seen) -> list[JSON]:
        """Every legal action of the viewer, labelled; a turn named by its
        fields (kind, count, order, draw), a decision a button of its own."""
        if seen.public is None or not seen.legal:
            return self._help(seen)
        rules = game("mammamia")
        variant = seen.public["variant"]
        out: list[JSON] = []
        for data in seen.legal:
            action = rules.action_from_json(data)
            if isinstance(action, Turn | Pass):
                ingredient = action.ingredient if isinstance(action, Turn) else None
                count = action.count if isinstance(action, Turn) else None
                order = action.order if isinstance(action, Turn) else None
                named_fields = fields(kind=ingredient, count=count, order=order, draw=action.draw)
                label = turn_label(action, variant)
                out.append({"label": label, "fields": named_fields, "action": data})
            else:
                out.append({"label": self._decision(action), "action": data, "direct": True})
        return out

    def _help(self, seen: Seen) -> list[JSON]:
        """PL-H2: everyone asked may answer at once, though the engine takes
        the answers in the rule's order (`bot.asking`)."""
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
        frame, in order: the client shows them one by one (public events only)."""
        view = seen.public
        assert view is not None
        variant, names = view["variant"], seen.names
        steps: list[JSON] = []
        for version in sorted(seen.events):
            for event in seen.events[version]:
                kind = event["type"]
                if kind == "reveal":
                    card = event["card"]
                    shown = (
                        kind_card(card) if card in render.KIND_EMOJI else order_card(variant, card)
                    )
                    text = t("reveal.last_card") + ": " + render.card_title(variant, card)
                    steps.append({"text": text, "card": shown})
                elif kind in ("made", "returned", "asked", "help_refused"):
                    line = dict(event)
                    line["type"] = {"help_refused": "refused"}.get(kind, kind)
                    if kind == "made":
                        line["paid"] = dict(event.get("paid") or {})
                    steps.append({"text": narration._line(line, variant, names)})
                elif kind == "round_end":
                    steps.append({"text": t("reveal.summary")})
                elif kind == "reveal_start":
                    steps.append({"text": t("reveal.title", round=event["round"])})
        return steps[-40:]


WEB = MammaMiaWeb()

__all__ = ["WEB"]
