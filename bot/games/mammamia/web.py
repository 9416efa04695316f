"""Mamma Mia! on the web table (the Activity): the same words as the
buttons, and the pictures' own art, drawn as a table: the seats around it
with their counts, the oven and the supply as piles, the leftovers, the
viewer's hand as cards, and the reveal card by card. Made only from what the
viewer may see (`Seen`): the public view, their own hand and their own legal
actions (MM-V1); in strict memory no history of plays, only the latest one
(MM-V2), and the oven a face-down pile with its top card (MM-T7)."""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any

from bot.games.mammamia import narration, render
from bot.games.mammamia.hand import turn_label
from bot.games.mammamia.pictures import Outcome, glyphs
from bot.games.mammamia.pictures.cards import outcome_mark
from bot.games.mammamia.pictures.faces import Need, OrderFace
from bot.games.mammamia.pictures.palette import KINDS
from bot.i18n import labelled, t, tn
from bot.pictures import glyphs as kit
from bot.pictures.canvas import Pen
from bot.pictures.palette import CARD_FACE, INK, WINNER, ColourStyle, tint
from bot.pictures.svg import hex_of
from bot.web.art import Sprite
from bot.web.door import JSON, Seen
from bot.web.scene import Card, Pile, Scene, fields, seat, spoken
from engine.mammamia import events as ev
from engine.mammamia.actions import Ask, Choose, Help, Pay, Turn
from engine.mammamia.actions import Pass as PassTurn
from engine.mammamia.cards import ALL_KINDS, ORDER_CARDS
from engine.mammamia.views import PlayerView, PublicView

MID = (20.0, 20.0)  # the middle of a 40×40 symbol

#: The back of every ingredient card (the supply, the oven) and of a
#: delivered order (Plus: face down, PL-R5).
BACKS = {
    "back-ingredient": ColourStyle((150, 52, 34), "diagonal"),
    "back-delivered": ColourStyle((70, 92, 150), "checks"),
}


# --- the art ------------------------------------------------------------------------


def kind_art(kind: str) -> JSON:
    return {"t": "kind", "use": f"kind-{kind}", "bg": hex_of(tint(KINDS[kind].colour, 0.8))}


def need_art(need: Need) -> JSON:
    if need.glyph == "kind":
        use = f"kind-{need.kinds[0]}"
    elif need.glyph == "crossed":
        use = f"crossed-{need.kinds[0]}"
    elif need.glyph == "any":
        use = any_symbol(need.kinds)
    elif need.glyph == "fewest":
        use = "fewest"
    else:  # either of two kinds
        use = f"kind-{need.kinds[0]}"
    art: JSON = {"use": use, "n": need.count}
    if need.more:
        art["more"] = True
    if need.glyph == "either":
        art["or"] = f"kind-{need.kinds[1]}"
    return art


def order_art(variant: str, order: str) -> JSON:
    face = OrderFace.of(variant, order)
    return {"t": "order", "band": f"seat-{face.colour}", "needs": [need_art(n) for n in face.needs]}


def any_symbol(kinds: tuple[str, ...]) -> str:
    return "any-" + "-".join(kinds)


def kind_card(kind: str, **extra: object) -> Card:
    return {"label": render.kind_name(kind), "art": kind_art(kind), **extra}


def order_card(variant: str, order: str, **extra: object) -> Card:
    card = render.order_card(variant, order)
    label = f"{render.order_name(card.name)}: {render.order_needs(variant, order)}"
    return {"label": spoken(label), "art": order_art(variant, order), **extra}


def revealed_card(variant: str, card: str, **extra: object) -> Card:
    if card in KINDS:
        return kind_card(card, **extra)
    return order_card(variant, card, **extra)


def public(seen: Seen) -> PublicView:
    assert isinstance(seen.public, PublicView)
    return seen.public


def anchor(seen: Seen, index: int) -> str:
    """Where a seat's cards come from and go to on this viewer's table."""
    return "hand" if index == seen.seat else f"seat-{index}"


class MammaMiaWeb:
    emblem = "kind-salami"

    def art(self, sprite: Sprite) -> None:
        """Every kind's symbol, crossed out (PL-R1), any of several (MM-R7,
        MM-R8, PL-R2), the fewest (MM-R9), the outcome marks (MM-R3..R5,
        PL-H3), the MAMMA MIA card, and the backs: the pictures' own glyphs."""
        for kind in ALL_KINDS:
            sprite.symbol(f"kind-{kind}", 40, 40, partial(glyphs.kind, at=MID, r=19, name=kind))
            crossed = partial(glyphs.crossed, at=MID, r=19, name=kind)
            sprite.symbol(f"crossed-{kind}", 40, 40, crossed)
        anys = {
            need.kinds
            for variant, orders in ORDER_CARDS.items()
            for order in orders
            for need in OrderFace.of(variant, order).needs
            if need.glyph == "any"
        }
        for kinds in sorted(anys):
            some = partial(glyphs.any_kind, at=MID, r=19, kinds=kinds)
            sprite.symbol(any_symbol(kinds), 40, 40, some)
        sprite.symbol("fewest", 40, 40, partial(glyphs.fewest, at=MID, r=17))
        for result in ("made", "paid", "helped", "returned"):
            mark = partial(outcome_mark, at=MID, result=result, r=17)
            sprite.symbol(f"mark-{result}", 40, 40, mark)
        sprite.symbol("mamma", 40, 40, _mamma_mia_card)
        for name, style in BACKS.items():
            sprite.pattern(name, style)

    def scene(self, seen: Seen) -> Scene:
        view = public(seen)
        names, variant = seen.names, view.variant
        actions = self._actions(seen)
        draws = {a.get("fields", {}).get("draw", "-") for a in actions}
        drawing = bool(draws - {"-"})
        centre, draw = self._piles(seen, drawing)
        scene: Scene = {
            "title": t(
                "table.title",
                variant=render.variant_name(variant),
                round=view.round,
                rounds=view.last_round,
            ),
            "status": render.status_line(view, names, seen.seat),
            "latest": render.latest_play(view, names),
            "seats": [self._seat(seen, p.seat) for p in view.players],
            "centre": centre,
            "draw": draw,
            "hand": self._hand(seen) if isinstance(seen.mine, PlayerView) else None,
            "actions": actions,
            "counters": self._counters(actions),
            "defaults": {"order": "-", "draw": "supply" if "supply" in draws else "-"},
            "steps": self._steps(seen),
            "moves": self._moves(seen),
            "revealing": view.phase == "reveal",
        }
        if view.phase == "reveal":
            scene["live"] = scene["status"]
            if view.pending is not None:
                prompt, _ = narration.decision_prompt(seen.game, seen.version, view, names, False)
                scene["prompt"] = prompt
        return scene  # the final result is the host's (`bot.web.scene.played`)

    # --- the table --------------------------------------------------------------

    def _seat(self, seen: Seen, index: int) -> JSON:
        view = public(seen)
        player = view.players[index]
        delivered = player.delivered
        line = t(
            "table.player",
            colour="",
            name=seen.names[index],
            in_hand=player.hand_size,
            order_pile=player.order_pile_size,
            delivered=len(delivered) if delivered is not None else t("table.hidden"),
        )
        marks = []
        if player.mamma_mia:  # MM-T5: the MAMMA MIA card lies before this seat
            marks.append({"use": "mamma", "label": t("activity.mm.mamma_mia")})
        return seat(
            seen,
            index,
            spoken(line),
            player.colour,
            turn=index in view.to_act and view.phase != "over",
            counts=[
                {"use": "fan", "n": player.hand_size, "anchor": f"hand-{index}"},
                {
                    "use": "pile",
                    "fill": f"seat-{player.colour}",
                    "n": player.order_pile_size,
                    "anchor": f"orders-{index}",
                },
                {"use": "mark-made", "n": None if delivered is None else len(delivered)},
            ],
            cards=[order_card(view.variant, o, small=True) for o in delivered or ()],
            marks=marks,
        )

    def _piles(self, seen: Seen, drawing: bool) -> tuple[list[Pile], list[Pile]]:
        """The middle of the table, and the piles the viewer may draw from."""
        view = public(seen)
        variant = view.variant
        if view.phase == "reveal" and view.next_reveal_in is not None:
            oven_words = tn("table.oven_revealing", view.next_reveal_in)
        else:
            oven_words = tn("table.oven_value", view.oven_size, top=render.oven_top(view))
        top = revealed_card(variant, view.oven_top) if view.oven_top else None
        centre: list[Pile] = [
            {
                "id": "oven",
                "title": t("table.oven"),
                "label": spoken(labelled(t("table.oven"), oven_words)),
                "count": view.oven_size,
                "back": "back-ingredient",
                "top": top,
                "anchor": "oven",
            },
            {
                "id": "table",
                "title": t("table.leftovers"),
                "label": labelled(t("table.leftovers"), render.cards(view.table, icon=False)),
                "cards": [
                    kind_card(k, n=n, label=render.amount(k, n, icon=False))
                    for k, n in view.table.items()
                ],
                "empty": t("cards.none"),
                "anchor": "table",
            },
        ]
        if view.delivered_pile_size is not None:  # Plus: delivered orders lie face down (PL-R5)
            pile = view.delivered_pile_size
            title = t("table.delivered_pile")
            centre.append(
                {
                    "id": "delivered",
                    "title": title,
                    "label": labelled(title, tn("hand.count", pile)),
                    "count": pile,
                    "back": "back-delivered",
                    "anchor": "delivered",
                }
            )
        supply: Pile = {
            "id": "supply",
            "title": t("table.supply"),
            "label": labelled(t("table.supply"), tn("hand.count", view.supply_size)),
            "count": view.supply_size,
            "back": "back-ingredient",
            "anchor": "supply",
        }
        if view.turns_left is not None:  # the supply ran out: the last turns
            supply["note"] = labelled(t("table.last_turns"), view.turns_left)
        mine = seen.mine
        if not isinstance(mine, PlayerView):
            return [*centre, supply], []
        if drawing:
            supply["pick"] = {"draw": "supply"}
        own = mine.players[mine.seat]
        orders: Pile = {
            "id": "orders",
            "title": t("hand.order_pile"),
            "label": labelled(t("hand.order_pile"), tn("hand.count", own.order_pile_size)),
            "count": own.order_pile_size,
            "back": f"seat-{own.colour}",
            "anchor": f"orders-{mine.seat}",
        }
        if drawing:
            orders["pick"] = {"draw": "orders"}
        return centre, [supply, orders]

    def _hand(self, seen: Seen) -> JSON:
        """The viewer's hand: a pile per kind, where pointing again takes one
        more card of it, and their order cards, each playable with them."""
        mine = seen.mine
        assert isinstance(mine, PlayerView)
        held = Counter(c for c in mine.hand if c not in mine.hand_orders)
        cards: list[Card] = []
        for kind, n in sorted(held.items(), key=lambda kv: (-kv[1], kv[0])):
            picks = [
                {
                    "pick": {"kind": kind, "count": str(count)},
                    "label": render.amount(kind, count, icon=False),
                }
                for count in range(1, n + 1)
            ]
            label = render.amount(kind, n, icon=False)
            cards.append(kind_card(kind, n=n, label=label, picks=picks, key=f"kind-{kind}"))
        for order in mine.hand_orders:
            cards.append(
                order_card(mine.variant, order, pick={"order": order}, key=f"order-{order}")
            )
        return {
            "label": spoken(t("hand.title", name=seen.names[mine.seat], colour="")),
            "cards": cards,
            "empty": t("cards.none"),
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
            elif isinstance(action, PassTurn):
                named = fields(kind=None, count=None, order=None, draw=action.draw)
                out.append(
                    {
                        "label": turn_label(action, variant),
                        "fields": named,
                        "action": action.to_json(),
                    }
                )
            elif isinstance(action, Ask) or (isinstance(action, Pay) and action.cards):
                # Cards of several kinds, counted out: one of many ways (PL-H1, MM-R7).
                counted = dict(action.cards or {})
                out.append(
                    {
                        "label": self._decision(action),
                        "action": action.to_json(),
                        "group": "ask" if isinstance(action, Ask) else "pay",
                        "counts": counted,
                    }
                )
            else:
                out.append(
                    {"label": self._decision(action), "action": action.to_json(), "direct": True}
                )
        return out

    def _counters(self, actions: list[JSON]) -> list[JSON]:
        """For a choice of cards counted out (what to ask for, what pays a
        Bombastica), a counter per kind: the player counts the cards out,
        and the one way that matches is played."""
        found = []
        for group, title in (("pay", t("pick.pay")), ("ask", t("pick.ask"))):
            ways = [a for a in actions if a.get("group") == group]
            if not ways:
                continue
            most: dict[str, int] = {}
            for way in ways:
                for kind, n in way["counts"].items():
                    most[kind] = max(most.get(kind, 0), n)
            kinds = []
            for kind in sorted(most, key=lambda k: list(KINDS).index(k)):
                name = render.kind_name(kind)
                kinds.append(
                    {
                        "kind": kind,
                        "label": name,
                        "art": kind_art(kind),
                        "max": most[kind],
                        "more": t("activity.mm.more_of", name=name),
                        "fewer": t("activity.mm.fewer_of", name=name),
                    }
                )
            found.append({"group": group, "title": title, "kinds": kinds})
        return found

    def _help(self, seen: Seen) -> list[JSON]:
        """PL-H2: everyone asked may answer at once, though the engine takes
        the answers in the rule's order (`bot.flow.questions`)."""
        if seen.seat is None or seen.seat not in seen.asked:
            return []
        refuse = {"label": t("decide.button.refuse"), "action": {"help": False}, "direct": True}
        # Only a player holding the asked cards may help: the channel's buttons
        # are everyone's, but this table is the viewer's own, who knows their hand.
        pending = public(seen).pending
        hand = seen.mine.hand if isinstance(seen.mine, PlayerView) else ()
        if pending is None or any(hand.count(k) < n for k, n in pending.ask.items()):
            return [refuse]
        accept = {"label": t("decide.button.help"), "action": {"help": True}, "direct": True}
        return [accept, refuse]

    def _decision(self, action: Any) -> str:
        if isinstance(action, Choose):
            return t("activity.mm.choose", kinds=render.choice_label(action.kinds))
        if isinstance(action, Pay):
            if not action.accept:
                return t("decide.button.decline")
            if action.cards:
                return t("activity.mm.pay", cards=render.cards(dict(action.cards)))
            return t("decide.button.pay")
        if isinstance(action, Ask):
            return t("activity.mm.ask", cards=render.cards(dict(action.cards)))
        if isinstance(action, Help):
            return t("decide.button.help") if action.accept else t("decide.button.refuse")
        return str(action.text())

    # --- movement and the reveal, card by card ------------------------------------------

    def _moves(self, seen: Seen) -> list[JSON]:
        """What travelled across the table since the viewer's last frame: a
        play from a hand to the oven, a draw from its pile to a hand."""
        variant = public(seen).variant
        moves: list[JSON] = []
        for version in sorted(seen.events):
            for event in seen.events[version]:
                if event.to is not None:
                    continue
                if isinstance(event, ev.Played):
                    where = anchor(seen, event.seat)
                    card = kind_card(event.ingredient)
                    moves.append({"from": where, "to": "oven", "card": card, "n": event.count})
                    if event.order:
                        order = order_card(variant, event.order)
                        moves.append({"from": where, "to": "oven", "card": order, "n": 1})
                elif isinstance(event, ev.Drawn) and event.count:
                    source = "supply" if event.source == "supply" else f"orders-{event.seat}"
                    back = "back-ingredient"
                    if event.source != "supply":
                        back = f"seat-{public(seen).players[event.seat].colour}"
                    moves.append(
                        {
                            "from": source,
                            "to": anchor(seen, event.seat),
                            "back": back,
                            "n": event.count,
                        }
                    )
        return moves[-12:]

    def _steps(self, seen: Seen) -> list[JSON]:
        """The oven's cards and each order's outcome since the viewer's last
        frame, in order, in the narration's words: the client shows them one
        by one at the game's pace, each order's fate marked on the order
        (public events only)."""
        variant, names = public(seen).variant, seen.names
        model = narration.Reveal(round=0, revealer=None, total=0)
        steps: list[JSON] = []
        for version in sorted(seen.events):
            for event in seen.events[version]:
                if event.to is not None:
                    continue
                if isinstance(event, ev.RevealStarted):
                    steps.append({"text": t("reveal.title", round=event.round), "reveal": "start"})
                    continue
                lines = len(model.lines)
                if not narration.update(model, event):
                    continue
                if isinstance(event, ev.Revealed):
                    card = event.card
                    text = labelled(t("reveal.last_card"), render.card_title(variant, card))
                    key = f"o-{card}" if card not in KINDS else None
                    shown = revealed_card(variant, card, key=key)
                    steps.append({"text": text, "card": shown, "from": "oven"})
                elif len(model.lines) > lines:
                    step: JSON = {"text": narration._line(model.lines[-1], variant, names)}
                    outcome = (
                        Outcome.of(variant, event)
                        if isinstance(event, ev.Made | ev.Returned)
                        else None
                    )
                    order = getattr(event, "order", None)
                    if outcome is not None and isinstance(order, str):
                        step |= {"mark": f"mark-{outcome.result}", "key": f"o-{order}"}
                    steps.append(step)
                elif isinstance(event, ev.RoundEnded):
                    steps.append({"text": t("reveal.summary"), "reveal": "end"})
        for step in steps:  # each a beat of the reveal, at the game's pace
            step["paced"] = True
        return steps[-60:]


def _mamma_mia_card(pen: Pen) -> None:
    """The MAMMA MIA card lying before a seat (MM-T5): a card with a crown."""
    pen.rect((8, 3, 32, 37), CARD_FACE, INK, 1.5, 4)
    kit.crown(pen, (20, 20), 8, WINNER)


WEB = MammaMiaWeb()
