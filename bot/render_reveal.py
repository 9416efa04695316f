"""The public oven reveal, narrated card by card, and the end of a round or game.

The narration is a small JSON model (`Narration.reveal`) updated by the
engine's public events one at a time and stored after each, so after a
restart the reveal message is rendered again exactly where it stopped.
"""

from __future__ import annotations

from typing import Any

import discord

from engine import Event

from . import render
from .i18n import t
from .render import Reply, custom_id

#: Events that are shown as a step of their own, with a pause after them.
PACED = {"reveal", "made", "returned", "helped", "help_refused"}


def start_model(event: Event) -> dict[str, Any]:
    data = event.data
    return {
        "round": data["round"],
        "revealer": data["seat"],
        "total": data["oven"],
        "shown": 0,
        "table": dict(data["table"]),
        "last": None,
        "lines": [],
        "pending": None,
        "done": False,
        "first": None,
    }


def update(model: dict[str, Any], event: Event) -> None:
    """Fold one public event into the reveal model."""
    kind, data = event.type, event.data
    lines = model["lines"]
    if kind == "reveal":
        model["shown"] += 1
        model["last"] = data["card"]
        if data["card"] in render.KIND_EMOJI:
            model["table"][data["card"]] = model["table"].get(data["card"], 0) + 1
    elif kind == "decision":
        model["pending"] = {"seat": data["seat"], "order": data["order"]}
    elif kind == "made":
        for k, n in data["table"].items():
            model["table"][k] = model["table"].get(k, 0) - n
        lines.append({"type": "made", **_keep(data, "seat", "order", "paid", "helper", "choice")})
        model["pending"] = None
    elif kind == "returned":
        lines.append({"type": "returned", **_keep(data, "seat", "order", "reason")})
        model["pending"] = None
    elif kind == "asked":
        lines.append({"type": "asked", **_keep(data, "seat", "cards")})
    elif kind == "help_refused":
        lines.append({"type": "refused", "seat": data["seat"]})
    elif kind == "round_end":
        model["done"] = True
        model["table"] = dict(data["table"])
    elif kind == "round_start":
        model["first"] = data["first"]


def _keep(data: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: data[k] for k in keys if k in data}


def _line(line: dict[str, Any], variant: str, names: list[str], locale: Any) -> str:
    who = render.name_of(names, line.get("seat"), locale)
    if line["type"] == "made":
        text = t(
            "reveal.made",
            locale,
            name=who,
            order=render.order_title(variant, line["order"], locale),
        )
        if line.get("choice"):
            text += t(
                "reveal.with_choice", locale, choice=render.choice_label(line["choice"], locale)
            )
        if line.get("paid"):
            text += t("reveal.paid", locale, cards=render.cards(line["paid"], locale))
        if line.get("helper") is not None:
            text += t(
                "reveal.helped_by", locale, name=render.name_of(names, line["helper"], locale)
            )
        return text
    if line["type"] == "returned":
        return t(
            f"reveal.returned.{line['reason']}",
            locale,
            name=who,
            order=render.order_title(variant, line["order"], locale),
        )
    if line["type"] == "asked":
        return t("reveal.asked", locale, name=who, cards=render.cards(line["cards"], locale))
    return t("reveal.refused", locale, name=who)


def reveal(
    game: int,
    model: dict[str, Any],
    variant: str,
    names: list[str],
    locale: Any = None,
    decision: list[discord.ui.Item[Any]] | None = None,
    prompt: str | None = None,
) -> Reply:
    """The reveal message as the narration stands; `decision` adds the buttons
    of the decision being awaited, `prompt` says what it is."""
    title = t("reveal.title", locale, round=model["round"])
    embed = discord.Embed(title=title, colour=render.COLOURS[variant])
    lines = [_line(line, variant, names, locale) for line in model["lines"]]
    text = "\n".join(lines[-30:]) if lines else t("reveal.no_orders_yet", locale)
    if prompt:
        text += "\n\n" + prompt
    embed.description = text[-4000:]
    last = model["last"]
    if last is not None:
        shown = (
            render.kind(last, locale)
            if last in render.KIND_EMOJI
            else (render.order_title(variant, last, locale))
        )
        embed.add_field(name=t("reveal.last_card", locale), value=shown, inline=True)
    embed.add_field(
        name=t("reveal.progress", locale),
        value=t("reveal.progress_value", locale, shown=model["shown"], total=model["total"]),
        inline=True,
    )
    embed.add_field(
        name=t("reveal.table", locale), value=render.cards(model["table"], locale), inline=False
    )
    if model["done"]:
        embed.add_field(
            name=t("reveal.summary", locale),
            value=summary(model, variant, names, locale),
            inline=False,
        )
    embed.set_footer(
        text=t("reveal.revealer", locale, name=render.name_of(names, model["revealer"], locale))
    )
    return Reply(embed=embed, items=decision or [])


def summary(model: dict[str, Any], variant: str, names: list[str], locale: Any) -> str:
    """Pizzas made this round: per player in classic, a count only in plus (PL-R5)."""
    made = [line for line in model["lines"] if line["type"] == "made"]
    if variant == "plus":
        text = t("summary.count", locale, count=len(made))
    else:
        per = {i: 0 for i in range(len(names))}
        for line in made:
            per[line["seat"]] += 1
        text = "\n".join(
            t("summary.player", locale, name=names[s], count=n) for s, n in per.items()
        )
    if model["first"] is not None:
        text += "\n" + t("summary.next", locale, name=render.name_of(names, model["first"], locale))
    return text


def decision_prompt(
    game: int,
    version: int,
    view: dict[str, Any],
    names: list[str],
    help_on: bool,
    locale: Any = None,
) -> tuple[str, list[discord.ui.Item[Any]]]:
    """What is being decided, publicly, and the buttons only the decider may use."""
    pending = view["pending"]
    variant = view["variant"]
    order = pending["order"]
    owner = names[pending["owner"]]
    title = render.order_title(variant, order, locale)
    needs = render.order_needs(variant, order, locale)
    green, red, blue = (
        discord.ButtonStyle.success,
        discord.ButtonStyle.danger,
        discord.ButtonStyle.primary,
    )
    items: list[discord.ui.Item[Any]] = []
    if pending["stage"] == "help":
        asked = names[pending["asking"]]
        prompt = t(
            "decide.help",
            locale,
            owner=owner,
            name=asked,
            cards=render.cards(pending["ask"], locale),
            order=title,
        )
        items.append(
            render.button(
                t("decide.button.help", locale), custom_id(game, version, "help", "yes"), green
            )
        )
        items.append(
            render.button(
                t("decide.button.refuse", locale), custom_id(game, version, "help", "no"), red
            )
        )
        return prompt, items
    if pending["stage"] == "choose":
        key = "decide.choose_covered" if pending["covered"] else "decide.choose"
        prompt = t(key, locale, name=owner, order=title, needs=needs)
        for option in pending["options"][:20]:
            label = render.choice_label(option, locale)
            cid = custom_id(game, version, "choose", "+".join(option))
            items.append(render.button(label, cid, blue, row=len(items) // 5))
        if not pending["covered"]:
            items.append(
                render.button(
                    t("decide.button.decline", locale),
                    custom_id(game, version, "pay", "no"),
                    red,
                    row=4,
                )
            )
        return prompt, items
    if pending["short"]:
        missing = t("decide.short", locale, count=pending["short"])
    else:
        missing = render.cards(pending["missing"], locale)
    prompt = t("decide.pay", locale, name=owner, order=title, needs=needs, missing=missing)
    items.append(
        render.button(t("decide.button.pay", locale), custom_id(game, version, "pay", "yes"), green)
    )
    if help_on:
        items.append(
            render.button(t("decide.button.ask", locale), custom_id(game, version, "ask"), blue)
        )
    items.append(
        render.button(
            t("decide.button.decline", locale), custom_id(game, version, "pay", "no"), red
        )
    )
    return prompt, items


def final(
    game: int,
    view: dict[str, Any],
    names: list[str],
    locale: Any = None,
) -> Reply:
    """The final ranking (MM-E1, PL-E1) with the tie-break shown, and Play again."""
    scores, ingredients, winners = view["scores"], view["ingredients"], view["winners"]
    order = sorted(range(len(names)), key=lambda s: (-scores[s], -ingredients[s], s))
    lines = []
    for place, seat in enumerate(order, 1):
        key = "final.line_winner" if seat in winners else "final.line"
        lines.append(
            t(
                key,
                locale,
                place=place,
                name=names[seat],
                pizzas=scores[seat],
                cards=ingredients[seat],
            )
        )
    top = [s for s in range(len(names)) if scores[s] == max(scores)]
    if len(winners) > 1:
        tie = t("final.shared", locale)
    elif len(top) > 1:
        tie = t("final.tiebreak", locale, name=names[winners[0]])
    else:
        tie = ""
    embed = discord.Embed(
        title=t("final.title", locale, names=", ".join(names[w] for w in winners)),
        description="\n".join(lines) + (f"\n\n{tie}" if tie else ""),
        colour=render.COLOURS[view["variant"]],
    )
    embed.set_footer(text=t("footer.game", locale, game=game))
    again = render.button(
        t("final.button.again", locale),
        custom_id(game, view["version"], "again"),
        discord.ButtonStyle.success,
    )
    return Reply(embed=embed, items=[again])
