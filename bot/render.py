"""Rendering: engine views into Discord embeds and components.

Public messages are built from `engine.public_view` only, so they cannot show
a hand or an order pile (MM-V1); a hand is rendered from `player_view` and
sent ephemerally to its owner. Every string comes from the message catalog.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from engine.cards import (
    BOMBASTICA,
    BOXES,
    CHIOTTONA,
    MAMMAMIA,
    MINIMALE,
    MONOTONI,
    ORDER_CARDS,
    PICCOLA,
    OrderCard,
)

from .i18n import t

KIND_EMOJI = {
    "salami": "🌭",
    "pineapple": "🍍",
    "mushroom": "🍄",
    "pepper": "🫑",
    "olive": "🫒",
    "shrimp": "🦐",
}
COLOUR_EMOJI = {
    "yellow": "🟨",
    "green": "🟩",
    "brown": "🟫",
    "purple": "🟪",
    "red": "🟥",
    "pink": "🩷",
}
MAMMA_MIA_EMOJI = "🃏"
COLOURS = {
    "classic": discord.Colour.from_rgb(200, 60, 40),
    "plus": discord.Colour.from_rgb(230, 120, 30),
}


@dataclass
class Reply:
    """One message to send or edit: text, an embed, components."""

    content: str | None = None
    embed: discord.Embed | None = None
    items: list[discord.ui.Item[Any]] = field(default_factory=list)

    def view(self) -> discord.ui.View:
        """Components for sending. The view is stopped at once: clicks reach the
        bot through the dynamic item (bot.ui), which survives restarts."""
        view = discord.ui.View(timeout=None)
        for item in self.items:
            view.add_item(item)
        view.stop()
        return view

    def kwargs(self) -> dict[str, Any]:
        return {"content": self.content, "embed": self.embed, "view": self.view()}


def custom_id(game: int, version: int, verb: str, arg: str | None = None) -> str:
    """`mm:<game>:<version>:<verb>[:<arg>]` (ARCHITECTURE.md, Identifiers)."""
    return f"mm:{game}:{version}:{verb}" + (f":{arg}" if arg is not None else "")


def button(
    label: str,
    cid: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    emoji: str | None = None,
    row: int | None = None,
    disabled: bool = False,
) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=label[:80], custom_id=cid, style=style, emoji=emoji, row=row, disabled=disabled
    )


# --- words for cards -------------------------------------------------------------


def kind(name: str, locale: Any = None) -> str:
    return f"{KIND_EMOJI[name]} {t(f'kind.{name}', locale)}"


def cards(counts: dict[str, int] | list[tuple[str, int]], locale: Any = None) -> str:
    """`2 × 🍍 pineapple, 1 × 🫒 olive`"""
    items = counts.items() if isinstance(counts, dict) else counts
    parts = [f"{n} × {kind(k, locale)}" for k, n in items if n]
    return ", ".join(parts) if parts else t("cards.none", locale)


def order_card(variant: str, order: str) -> OrderCard:
    return ORDER_CARDS[variant][order]


def order_title(variant: str, order: str, locale: Any = None) -> str:
    """`🟩 Misto`"""
    card = order_card(variant, order)
    return f"{COLOUR_EMOJI[card.colour]} {t(f'order.{card.name}', locale)}"


def order_needs(variant: str, order: str, locale: Any = None) -> str:
    """What an order needs, in words and emoji."""
    card = order_card(variant, order)
    p = kind(card.personal, locale)
    if card.shape == BOMBASTICA:
        text = t("needs.bombastica", locale, amount=card.amount)
    elif card.shape == MONOTONI:
        text = t("needs.monotoni", locale, personal=p, amount=card.amount)
    elif card.shape == CHIOTTONA:
        text = t("needs.chiottona", locale, personal=p, amount=card.amount)
    elif card.shape == PICCOLA:
        text = t("needs.piccola", locale, amount=card.amount, crossed=kind(card.crossed, locale))
    elif card.shape == MINIMALE:
        text = t("needs.minimale", locale, personal=p, amount=card.amount)
    elif card.shape == MAMMAMIA:
        first, second = (kind(k, locale) for k in card.kinds)
        text = t("needs.mammamia", locale, personal=p, amount=card.amount, a=first, b=second)
    else:
        text = " + ".join(f"{n} {kind(k, locale)}" for k, n in card.needs)
    if card.crossed is not None and card.shape != PICCOLA:
        text += t("needs.crossed", locale, crossed=kind(card.crossed, locale))
    return text


def order_line(variant: str, order: str, locale: Any = None) -> str:
    return f"**{order_title(variant, order, locale)}** — {order_needs(variant, order, locale)}"


def choice_label(choice: list[str] | tuple[str, ...], locale: Any = None) -> str:
    return " + ".join(t(f"kind.{k}", locale) for k in choice)


# --- the lobby ---------------------------------------------------------------------


def settings_text(settings: dict[str, Any], seats: int, locale: Any = None) -> str:
    variant = settings["variant"]
    lines = [t("lobby.variant", locale, variant=t(f"variant.{variant}", locale))]
    if variant == "plus":
        help_ = settings.get("help")
        key = "auto" if help_ is None else ("on" if help_ else "off")
        lines.append(t(f"lobby.help.{key}", locale))
    lines.append(t(f"lobby.memory.{settings.get('memory', 'strict')}", locale))
    lines.append(t(f"lobby.speed.{settings.get('reveal_speed', 'normal')}", locale))
    lines.append(t(f"lobby.timer.{settings.get('turn_timer', '2m')}", locale))
    return "\n".join(lines)


def lobby(row: Any, locale: Any = None, closed: str | None = None) -> Reply:
    """The lobby message: host, settings, seats, and its buttons."""
    variant = row.settings["variant"]
    most = BOXES[variant].max_seats
    embed = discord.Embed(title=t("lobby.title", locale), colour=COLOURS[variant])
    embed.description = settings_text(row.settings, len(row.seats), locale)
    host = f"<@{row.host_id}>"
    seats = "\n".join(
        f"{i + 1}. <@{seat.user_id}>" if seat.user_id else f"{i + 1}. {seat.name}"
        for i, seat in enumerate(row.seats)
    )
    embed.add_field(name=t("lobby.host_title", locale), value=host, inline=True)
    embed.add_field(
        name=t("lobby.seats", locale, count=len(row.seats), max=most),
        value=seats or t("lobby.empty", locale),
        inline=True,
    )
    embed.set_footer(text=t("footer.game", locale, game=row.id))
    if closed is not None:
        embed.add_field(name="\u200b", value=closed, inline=False)
        return Reply(embed=embed)
    g = row.id
    return Reply(
        embed=embed,
        items=[
            button(t("lobby.button.join", locale), custom_id(g, 0, "join"), _GREEN),
            button(t("lobby.button.leave", locale), custom_id(g, 0, "leave")),
            button(t("lobby.button.start", locale), custom_id(g, 0, "start"), _BLUE),
            button(t("lobby.button.cancel", locale), custom_id(g, 0, "cancel"), _RED),
            button(t("lobby.button.add_computer", locale), custom_id(g, 0, "addbot"), row=1),
            button(t("lobby.button.remove_computer", locale), custom_id(g, 0, "rmbot"), row=1),
        ],
    )


_GREEN = discord.ButtonStyle.success
_BLUE = discord.ButtonStyle.primary
_RED = discord.ButtonStyle.danger


# --- the public table --------------------------------------------------------------


def name_of(names: list[str], seat: int | None, locale: Any = None) -> str:
    if seat is not None and 0 <= seat < len(names):
        return names[seat]
    return t("name.unknown", locale)


def latest_play(view: dict[str, Any], names: list[str], locale: Any = None) -> str:
    play = view["last_play"]
    if play is None:
        return t("table.no_play", locale)
    who = name_of(names, play["seat"], locale)
    if play["skipped"]:
        return t("table.play.skipped", locale, name=who)
    if play["ingredient"] is None:
        return t("table.play.passed", locale, name=who)
    key = "table.play.with_order" if play["order"] else "table.play.plain"
    return t(key, locale, name=who, count=play["count"], kind=kind(play["ingredient"], locale))


def oven_top(view: dict[str, Any], locale: Any = None) -> str:
    top = view["oven_top"]
    if top is None:
        return t("table.oven_empty", locale)
    if top in KIND_EMOJI:
        return kind(top, locale)
    return order_title(view["variant"], top, locale)


def player_lines(view: dict[str, Any], names: list[str], locale: Any = None) -> str:
    lines = []
    for player in view["players"]:
        seat = player["seat"]
        delivered = player.get("delivered")
        score = len(delivered) if delivered is not None else t("table.hidden", locale)
        line = t(
            "table.player",
            locale,
            colour=COLOUR_EMOJI[player["colour"]],
            name=names[seat],
            hand=player["hand_size"],
            orders=player["order_pile_size"],
            delivered=score,
        )
        if player["mamma_mia"]:
            line += f" {MAMMA_MIA_EMOJI}"
        if seat in view["to_act"]:
            line = f"▶ {line}"
        lines.append(line)
    return "\n".join(lines)


def status_line(
    view: dict[str, Any], names: list[str], locale: Any = None, who: list[str] | None = None
) -> str:
    """Whose move it is; `who` (mentions, on the public table) stands in for names."""
    phase = view["phase"]
    who = who or names
    if phase == "turn":
        return t("table.turn_of", locale, name=who[view["current"]])
    if phase == "reveal":
        pending = view["pending"]
        if pending is None:
            return t("table.revealing", locale)
        seat = pending["asking"] if pending["stage"] == "help" else pending["owner"]
        return t("table.deciding", locale, name=name_of(who, seat, locale))
    if view["winners"]:
        return t("table.over", locale, names=", ".join(names[s] for s in view["winners"]))
    return t("table.ended", locale)


def table(
    game: int,
    view: dict[str, Any],
    names: list[str],
    settings: dict[str, Any],
    locale: Any = None,
    log: list[str] | None = None,
    mentions: list[str] | None = None,
) -> Reply:
    """The one public table message (MM-T7): never a history of plays in
    strict memory (MM-V2); casual memory may add `log`, the round's plays."""
    variant = view["variant"]
    title = t(
        "table.title",
        locale,
        variant=t(f"variant.{variant}", locale),
        round=view["round"],
        rounds=view["last_round"],
    )
    embed = discord.Embed(title=title, colour=COLOURS[variant])
    embed.description = status_line(view, names, locale, mentions)
    embed.add_field(name=t("table.latest", locale), value=latest_play(view, names, locale))
    oven = t("table.oven_value", locale, count=view["oven_size"], top=oven_top(view, locale))
    embed.add_field(name=t("table.oven", locale), value=oven, inline=True)
    embed.add_field(name=t("table.supply", locale), value=str(view["supply_size"]), inline=True)
    embed.add_field(
        name=t("table.leftovers", locale), value=cards(view["table"], locale), inline=False
    )
    if view["turns_left"] is not None:
        embed.add_field(
            name=t("table.last_turns", locale), value=str(view["turns_left"]), inline=True
        )
    if variant == "plus":
        embed.add_field(
            name=t("table.delivered_pile", locale),
            value=str(view["delivered_pile_size"]),
            inline=True,
        )
    embed.add_field(
        name=t("table.players", locale), value=player_lines(view, names, locale), inline=False
    )
    if log:
        embed.add_field(name=t("table.log", locale), value="\n".join(log[-10:])[:1024])
    memory = t(f"lobby.memory.{settings.get('memory', 'strict')}", locale)
    embed.set_footer(text=f"{t('footer.game', locale, game=game)} · {memory}")
    items: list[discord.ui.Item[Any]] = []
    if view["phase"] != "over":
        items.append(
            button(t("table.button.hand", locale), custom_id(game, view["version"], "hand"), _BLUE)
        )
        items.append(button(t("table.button.rules", locale), custom_id(game, 0, "rules")))
    return Reply(embed=embed, items=items)


def turn_ping(view: dict[str, Any], user_id: int | None, names: list[str], locale: Any) -> str:
    mention = f"<@{user_id}>" if user_id else names[view["to_act"][0]]
    if view["phase"] == "turn":
        return t("ping.turn", locale, mention=mention)
    pending = view["pending"]
    if pending and pending["stage"] == "help":
        owner = names[pending["owner"]]
        return t("ping.help", locale, mention=mention, owner=owner)
    return t("ping.decision", locale, mention=mention)


def presence_notes(
    reply: Reply, presence: Any, version: int, names: list[str], locale: Any = None
) -> None:
    """The table's word on timers: time left, a move the bot made for someone,
    and who is away or kicked."""
    embed = reply.embed
    assert embed is not None
    armed = presence.armed or {}
    if armed.get("version") == version and armed.get("due") is not None:
        embed.add_field(
            name=t("table.time_left", locale), value=f"<t:{int(armed['due'])}:R>", inline=True
        )
    auto = presence.auto
    if auto and auto.get("version") == version:
        note = t(f"table.auto.{auto['why']}", locale, name=name_of(names, auto["seat"], locale))
        embed.description = f"{note}\n{embed.description or ''}"
    absent = [
        t("table.kicked" if presence.kicked[s] else "table.away", locale, name=names[s])
        for s in range(len(names))
        if presence.kicked[s] or presence.away[s]
    ]
    if absent:
        embed.add_field(name=t("table.absent", locale), value="\n".join(absent), inline=False)
