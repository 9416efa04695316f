"""Rendering: engine views into Discord embeds and components.

Public messages are built from `engine.public_view` only, so they cannot show
a hand or an order pile (MM-V1); a hand is rendered from `player_view` and
sent ephemerally to its owner. Every string comes from the message catalog.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache, reduce

import discord

from bot.i18n import N_, Nn_, by_last_part, current_locale, join_and, join_dots, number, t, tn
from bot.kit.reply import BLUE, Item, Reply, button
from bot.kit.reply import custom_id as _custom_id
from bot.live.refusals import slash
from engine.interface import Settings, chosen
from engine.mammamia import GAME, variant_of
from engine.mammamia.cards import (
    ALL_KINDS,
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
from engine.mammamia.state import LastPlay
from engine.mammamia.views import PlayerView as PlayerView
from engine.mammamia.views import PublicView

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
PREFIX = "mm"  # this game's component ids: mm:<game>:<version>:<verb>[:<arg>]
COMMAND = "mammamia"  # this game's command group: /mammamia
COLOURS = {
    "classic": discord.Colour.from_rgb(200, 60, 40),
    "plus": discord.Colour.from_rgb(230, 120, 30),
}
# The catalog's words for the engine's names, each id a literal for `pybabel extract`.
KIND = by_last_part(
    N_("kind.salami"),
    N_("kind.pineapple"),
    N_("kind.mushroom"),
    N_("kind.pepper"),
    N_("kind.olive"),
    N_("kind.shrimp"),
)
# `n` cards of a kind, the noun agreeing with `n` ("1 mushroom", "4 ананаса").
AMOUNT = by_last_part(
    Nn_("amount.salami"),
    Nn_("amount.pineapple"),
    Nn_("amount.mushroom"),
    Nn_("amount.pepper"),
    Nn_("amount.olive"),
    Nn_("amount.shrimp"),
)
ORDER = by_last_part(
    N_("order.normale"),
    N_("order.misto"),
    N_("order.duo"),
    N_("order.mini"),
    N_("order.bombastica"),
    N_("order.monotoni"),
    N_("order.chiottona"),
    N_("order.piccola"),
    N_("order.minimale"),
    N_("order.mammamia"),
)
VARIANT = by_last_part(N_("variant.classic"), N_("variant.plus"))
MEMORY = by_last_part(N_("lobby.memory.strict"), N_("lobby.memory.casual"))
SPEED = by_last_part(N_("lobby.speed.slow"), N_("lobby.speed.normal"), N_("lobby.speed.fast"))


def custom_id(game: int, version: int, verb: str, arg: str | None = None) -> str:
    return _custom_id(PREFIX, game, version, verb, arg)


# --- words for cards -------------------------------------------------------------


def card_title(variant: str, card: str) -> str:
    """An ingredient's or an order's name (the engine's card list tells which);
    a name typed by hand that is no card of the box is shown as typed."""
    if card in ALL_KINDS:
        return kind(card)
    if card in ORDER_CARDS[variant]:
        return order_label(variant, card)
    return discord.utils.escape_markdown(card[:40])


def kind(name: str) -> str:
    return f"{KIND_EMOJI[name]} {kind_name(name)}"


def kind_name(name: str) -> str:
    """`olive`: an ingredient's word alone."""
    return t(KIND[name])


def amount(name: str, n: int, icon: bool = True) -> str:
    """`🍍 2 pineapples`: `n` cards of a kind in words that agree with `n` in
    every language (`4 ананаса`, `1 гриб`), after its emoji unless `icon` is
    False (an alt text: a screen reader would say the kind twice)."""
    return _amount(name, n, icon, current_locale())


# Kept by language: a hand, a table and a reveal name the same few amounts again and again.
@lru_cache(maxsize=1024)
def _amount(name: str, n: int, icon: bool, locale: str) -> str:
    words = t(AMOUNT[name], count=n)
    return f"{KIND_EMOJI[name]} {words}" if icon else words


def cards(counts: Mapping[str, int] | Sequence[tuple[str, int]], icon: bool = True) -> str:
    """`🍍 2 pineapples and 🫒 1 olive`"""
    items = counts.items() if isinstance(counts, Mapping) else counts
    parts = [amount(k, n, icon) for k, n in items if n]
    return join_and(parts) if parts else t("cards.none")


def order_card(variant: str, order: str) -> OrderCard:
    return ORDER_CARDS[variant][order]


def order_title(variant: str, order: str) -> str:
    """`🟩 Misto`"""
    card = order_card(variant, order)
    return f"{COLOUR_EMOJI[card.colour]} {order_name(card.name)}"


def order_name(name: str) -> str:
    """`Misto`: an order's name (`OrderCard.name`) without its colour."""
    return t(ORDER[name])


def order_needs(variant: str, order: str) -> str:
    """What an order needs, in words and emoji."""
    return _order_needs(variant, order, current_locale())


@lru_cache(maxsize=1024)
def _order_needs(variant: str, order: str, locale: str) -> str:
    card = order_card(variant, order)
    p = amount(card.personal, 1)
    if card.shape == BOMBASTICA:
        text = tn("needs.bombastica", card.amount)
    elif card.shape == MONOTONI:
        text = tn("needs.monotoni", card.amount, personal=p)
    elif card.shape == CHIOTTONA:
        text = tn("needs.chiottona", card.amount, personal=p)
    elif card.shape == PICCOLA:
        text = tn("needs.piccola", card.amount, crossed=kind(card.crossed or ""))
    elif card.shape == MINIMALE:
        text = tn("needs.minimale", card.amount, personal=p)
    elif card.shape == MAMMAMIA:
        first, second = (amount(k, card.amount) for k in card.kinds)
        text = t("needs.mammamia", personal=p, a=first, b=second)
    else:
        text = plus([amount(k, n) for k, n in card.needs])
    if card.crossed is not None and card.shape != PICCOLA:
        text += t("needs.crossed", crossed=kind(card.crossed))
    return text


def order_label(variant: str, order: str) -> str:
    """`🟫 Normale 1🍄 4🌭`: an order's name and, where the name alone does not
    tell two cards of one colour apart, what it needs in emoji (its kinds
    and counts, 🚫 before a crossed-out kind)."""
    card = order_card(variant, order)
    alike = [c for c in BOXES[variant].orders[card.colour] if c.name == card.name]
    if len(alike) < 2:
        return order_title(variant, order)
    marks = [f"{n}{KIND_EMOJI[k]}" for k, n in card.needs]
    if card.crossed is not None:
        marks.append(f"🚫{KIND_EMOJI[card.crossed]}")
    return " ".join([order_title(variant, order), *marks])


def order_line(variant: str, order: str) -> str:
    return _order_line(variant, order, current_locale())


# Kept by language: a hand says each of its orders again whenever it changes.
@lru_cache(maxsize=1024)
def _order_line(variant: str, order: str, locale: str) -> str:
    return f"**{order_title(variant, order)}** — {order_needs(variant, order)}"


def plus(parts: Sequence[str]) -> str:
    """`A + B + C`, with the language's plus sign (Japanese: ＋)."""
    return reduce(lambda a, b: t("needs.plus", a=a, b=b), parts)


def choice_label(choice: Sequence[str]) -> str:
    return plus([kind_name(k) for k in choice])


# --- the lobby ---------------------------------------------------------------------


def variant_name(variant: str) -> str:
    return t(VARIANT[variant])


def memory_name(settings: Settings) -> str:
    return t(MEMORY[chosen(settings, "memory", "strict")])


def settings_lines(settings: Settings) -> list[str]:
    variant = variant_of(settings)
    lines = [t("lobby.variant", variant=variant_name(variant))]
    if variant == "plus":
        help_ = settings.get("help")
        if help_ is None:
            lines.append(t("lobby.help.auto"))
        elif help_ in (True, "on"):
            lines.append(t("lobby.help.on"))
        else:
            lines.append(t("lobby.help.off"))
    lines.append(memory_name(settings))
    lines.append(t(SPEED[chosen(settings, "reveal_speed", "normal")]))
    return lines


# --- the public table --------------------------------------------------------------


def name_of(names: Sequence[str], seat: int | None) -> str:
    if seat is not None and 0 <= seat < len(names):
        return names[seat]
    return t("name.unknown")


def names_of(names: Sequence[str], seats: Sequence[int]) -> str:
    return join_and([name_of(names, seat) for seat in seats])


def latest_play(view: PublicView, names: Sequence[str], you: int | None = None) -> str:
    """The latest play in words; to `you` (a web table's viewer), of their own
    play in the second person, as the status line speaks to them."""
    play = view.last_play
    if play is None:
        return t("table.no_play")
    if you is not None and play.seat == you:
        return _your_play(play)
    who = name_of(names, play.seat)
    if play.skipped:
        return t("table.play.skipped", name=who)
    if play.kind is None:
        return t("table.play.passed", name=who)
    played = amount(play.kind, play.count)
    if play.order:
        return t("table.play.with_order", name=who, cards=played)
    return t("table.play.plain", name=who, cards=played)


def _your_play(play: LastPlay) -> str:
    if play.skipped:
        return t("table.play.you.skipped")
    if play.kind is None:
        return t("table.play.you.passed")
    played = amount(play.kind, play.count)
    if play.order:
        return t("table.play.you.with_order", cards=played)
    return t("table.play.you.plain", cards=played)


def oven_top(view: PublicView) -> str:
    top = view.oven_top
    if top is None:
        return t("table.oven_empty")
    return card_title(view.variant, top)


def player_lines(view: PublicView, names: Sequence[str]) -> str:
    lines = []
    for player in view.players:
        seat = player.seat
        delivered = player.delivered
        score = len(delivered) if delivered is not None else t("table.hidden")
        line = t(
            "table.player",
            colour=COLOUR_EMOJI[player.colour],
            name=names[seat],
            in_hand=player.hand_size,
            order_pile=player.order_pile_size,
            delivered=score,
        )
        if player.mamma_mia:
            line += f" {MAMMA_MIA_EMOJI}"
        if seat in view.to_act:
            line = f"▶ {line}"
        lines.append(line)
    return "\n".join(lines)


def status_line(view: PublicView, names: Sequence[str], you: int | None = None) -> str:
    """Whose move it is; `you`: the seat of the player reading (their own hand)."""
    phase = view.phase
    if you is not None and you in view.to_act and phase != "over":
        return t("table.your_turn") if phase == "turn" else t("table.your_decision")
    who = names
    if phase == "turn":
        return t("table.turn_of", name=who[view.current])
    if phase == "reveal":
        pending = view.pending
        if pending is None:
            return t("table.revealing")
        if pending.stage == "help":  # PL-H2: all who may help are asked at once
            asked = names_of(who, pending.asked)
            if pending.owner == you:
                return t("table.you_ask", names=asked)
            return t("table.asking", owner=name_of(who, pending.owner), names=asked)
        return t("table.deciding", name=name_of(who, pending.owner))
    if view.winners:
        if you in view.winners:
            others = [names[s] for s in view.winners if s != you]
            if others:
                return t("table.you_win_with", names=join_and(others))
            return t("table.you_win")
        winners = [names[s] for s in view.winners]
        return tn("table.over", len(winners), names=join_and(winners))
    return t("table.ended")


def table(
    game: int,
    view: PublicView,
    names: Sequence[str],
    settings: Settings,
    log: list[str] | None = None,
) -> Reply:
    """The one public table message (MM-T7): never a history of plays in
    strict memory (MM-V2); casual memory may add `log`, the round's plays."""
    variant = view.variant
    title = t(
        "table.title",
        variant=variant_name(variant),
        round=view.round,
        rounds=view.last_round,
    )
    embed = discord.Embed(title=title, colour=COLOURS[variant])
    embed.description = status_line(view, names)
    embed.add_field(name=t("table.latest"), value=latest_play(view, names))
    if view.phase == "reveal":  # the oven is being turned over: no top to show
        oven = tn("table.oven_revealing", view.oven_size)
    else:
        oven = tn("table.oven_value", view.oven_size, top=oven_top(view))
    embed.add_field(name=t("table.oven"), value=oven, inline=True)
    embed.add_field(name=t("table.supply"), value=number(view.supply_size), inline=True)
    embed.add_field(name=t("table.leftovers"), value=cards(view.table), inline=False)
    if view.turns_left is not None:
        embed.add_field(name=t("table.last_turns"), value=number(view.turns_left), inline=True)
    if variant == "plus":
        embed.add_field(
            name=t("table.delivered_pile"),
            value=number(view.delivered_pile_size or 0),
            inline=True,
        )
    embed.add_field(name=t("table.players"), value=player_lines(view, names), inline=False)
    if log:
        embed.add_field(name=t("table.log"), value="\n".join(log[-10:])[:1024])
    memory = memory_name(settings)
    embed.set_footer(text=join_dots([t("footer.game", game=str(game)), memory]))
    items: list[Item] = []
    if view.phase != "over":
        items.append(button(t("table.button.hand"), custom_id(game, view.version, "hand"), BLUE))
        items.append(button(t("table.button.rules"), custom_id(game, 0, "rules")))
    return Reply(embed=embed, items=items)


def turn_ping(view: PublicView, mention: str, names: Sequence[str]) -> str:
    if view.phase == "turn":
        return t("ping.turn", mention=mention, hand=slash(GAME.name, "hand"))
    pending = view.pending
    if pending and pending.stage == "help":
        owner = names[pending.owner]
        return t("ping.help", mention=mention, owner=owner)
    return t("ping.decision", mention=mention)
