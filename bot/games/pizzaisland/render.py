"""Pizza Island's words and pictures in text: slices, pizzas, the table, the
one-line narration of the latest move, a game's result and the final ranking.

Everything public is drawn from the public view and public events only (PI-I1):
every placed slice, the deck's size, the Ship; never the deck's order, never
what a Mushroom or a Pepper showed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import discord

from bot.games.pizzaisland.pictures import PlayerPizzas, pizzas_image, ship_image
from bot.i18n import N_, by_last_part, join_and, join_dots, join_groups, number, t, tn
from bot.kit.reply import BLUE, GREEN, RED, Item, Picture, Reply, button
from bot.kit.reply import custom_id as _custom_id
from engine.interface import Settings, chosen
from engine.pizzaisland import events as ev
from engine.pizzaisland.actions import Action, Fork, Knife, Mushroom, Pepper
from engine.pizzaisland.cards import PIZZA_SIZE, parts
from engine.pizzaisland.views import PublicView
from engine.value import JSON, Value

PREFIX = "pi"  # this game's component ids: pi:<game>:<version>:<verb>[:<arg>]
COLOUR_EMOJI = {"red": "🟥", "green": "🟩", "yellow": "🟨"}
SHAPE_MARK = {"a": "▲", "b": "■", "c": "●"}
HERO_EMOJI = {"pepper": "🌶️", "mushroom": "🍄", "knife": "🔪", "fork": "🍴"}
EMPTY_PLACE = "·"
#: Each seat's marker in the pictures (Pizza Island's players have no colour
#: of their own; the pictures' seat colours, in seat order).
SEAT_COLOURS = ("yellow", "green", "purple", "red", "brown", "pink")
SEAT_EMOJI = {
    "yellow": "🟨",
    "green": "🟩",
    "purple": "🟪",
    "red": "🟥",
    "brown": "🟫",
    "pink": "🩷",
}
COLOUR = discord.Colour.from_rgb(40, 150, 90)
ACHIEVEMENT_KEYS = by_last_part(
    N_("pi.achievement.speedy"), N_("pi.achievement.trickster"), N_("pi.achievement.star")
)
LEVEL_KEYS = by_last_part(N_("pi.level.easy"), N_("pi.level.normal"), N_("pi.level.advanced"))
SCORING_KEYS = by_last_part(N_("pi.scoring.wins"), N_("pi.scoring.points"))
HERO_KEYS = by_last_part(
    N_("pi.hero.pepper"), N_("pi.hero.mushroom"), N_("pi.hero.knife"), N_("pi.hero.fork")
)


def custom_id(game: int, version: int, verb: str, arg: str | None = None) -> str:
    return _custom_id(PREFIX, game, version, verb, arg)


# --- slices and pizzas --------------------------------------------------------------


def slice_mark(card: str) -> str:
    """`▲🌶️`: the shape, and the hero if it carries one."""
    _, shape, hero = parts(card)
    return SHAPE_MARK.get(shape, "?") + (HERO_EMOJI.get(hero, "") if hero else "")


def card_name(card: str) -> str:
    """`🟥 ▲🌶️`: a slice as a player sees it."""
    colour, _, _ = parts(card)
    return f"{COLOUR_EMOJI.get(colour, '')} {slice_mark(card)}"


def hero_option(action: Action, names: Sequence[str], name: Callable[[str], str]) -> str:
    """A hero's choice in words, each slice named by `name` (the buttons'
    marks, or the web table's words): the same sentence in both places."""
    if isinstance(action, Mushroom):
        if action.card is None:
            return t("pi.option.mushroom_empty")
        return t("pi.option.mushroom", card=name(action.card))
    if isinstance(action, Pepper):
        where = t("pi.pepper.top") if action.to == "top" else t("pi.pepper.bottom")
        # Each card apart, top first: "🟥 ■ 🟩 ●" ran the cards' marks together.
        label = t("pi.option.pepper", cards=join_and([name(c) for c in action.order]), where=where)
        if action.ship:
            ship = join_and([name(c) for c in action.ship])
            label = t("pi.option.pepper_ship", pepper=label, cards=ship)
        return label
    if isinstance(action, Knife):
        return t("pi.option.knife", card=name(action.card), name=names[action.player])
    if isinstance(action, Fork):
        return t(
            "pi.option.fork",
            give=name(action.give),
            take=name(action.take),
            name=names[action.player],
        )
    return action.text()


def pizza_line(colour: str, slices: Sequence[str]) -> str:
    """`🟥 ▲▲■🍄●·  4/6`: the six places, filled shapes first, in shape order."""
    ordered = sorted(slices, key=lambda c: parts(c)[1])
    marks = "".join(slice_mark(c) for c in ordered) + EMPTY_PLACE * (PIZZA_SIZE - len(slices))
    return f"{COLOUR_EMOJI.get(colour, colour)} {marks}  {len(slices)}/{PIZZA_SIZE}"


def pizzas_text(pizzas: Mapping[str, Sequence[str]]) -> str:
    if not pizzas:
        return t("pi.no_pizza")
    return "\n".join(pizza_line(colour, slices) for colour, slices in pizzas.items())


# --- the latest move, in one line -----------------------------------------------------


#: The same lines said to the player who made the move, at their own web
#: table (the status line speaks to them so too); a Knife's or a Fork's
#: line to the player whose slice it took.
YOUR_LINE = by_last_part(
    N_("pi.line.you.declined"),
    N_("pi.line.you.discarded"),
    N_("pi.line.you.hero"),
    N_("pi.line.you.placed_mushroom"),
    N_("pi.line.you.repeat"),
    N_("pi.line.you.repeat_ends"),
    N_("pi.line.you.replaced"),
    N_("pi.line.you.taken"),
    N_("pi.line.you.third_choice"),
    N_("pi.line.you.third_easy"),
    N_("pi.line.you.third_star"),
    N_("pi.line.you.turn_end"),
)
YOURS_TAKEN = by_last_part(N_("pi.line.yours.knife"), N_("pi.line.yours.fork"))


def event_line(event: ev.Event, names: Sequence[str], you: int | None = None) -> str | None:
    """One public event in words, or None for events that say nothing new;
    to `you` (a web table's viewer), their own move in the second person."""
    seat = getattr(event, "seat", None)
    who = names[seat] if isinstance(seat, int) and seat < len(names) else ""
    mine = seat is not None and seat == you

    def said(key: str, **params: object) -> str:
        if mine:
            return t(YOUR_LINE[key.rpartition(".")[2]], **params)
        return t(key, name=who, **params)

    if isinstance(event, ev.Taken):
        source = t("pi.from.ship") if event.source == "ship" else t("pi.from.deck")
        return said(N_("pi.line.taken"), card=card_name(event.card), source=source)
    if isinstance(event, ev.Placed) and event.how == "mushroom":
        return said(N_("pi.line.placed_mushroom"), card=card_name(event.card))
    if isinstance(event, ev.Repeated):
        line = N_("pi.line.repeat_ends") if event.ends_turn else N_("pi.line.repeat")
        return said(line, card=card_name(event.card))
    if isinstance(event, ev.ThirdColour):
        if event.outcome == "choice":
            return said(N_("pi.line.third_choice"), card=card_name(event.card))
        line = N_("pi.line.third_star") if event.outcome == "star" else N_("pi.line.third_easy")
        return said(line, card=card_name(event.card))
    if isinstance(event, ev.ThirdChosen):
        if event.choice == "replace":
            return said(N_("pi.line.replaced"), card=card_name(event.card))
        return said(N_("pi.line.discarded"), card=card_name(event.discarded[-1]))
    if isinstance(event, ev.HeroOpened):
        return said(N_("pi.line.hero"), hero=hero_name(event.hero))
    if isinstance(event, ev.HeroDeclined):
        return said(N_("pi.line.declined"), hero=hero_name(event.hero))
    if isinstance(event, ev.HeroApplied):
        return applied_line(event, who, names, mine, you)
    if isinstance(event, ev.TurnEnded):
        return said(N_("pi.line.turn_end"))
    if isinstance(event, ev.GameOver):
        return game_end_line(event.game, event.winner, event.reason, names)
    return None


def applied_line(
    event: ev.HeroApplied,
    who: str,
    names: Sequence[str],
    mine: bool = False,
    you: int | None = None,
) -> str:
    """A hero applied, in words; `mine`: said to whoever applied it, `you`:
    the viewer, told when the slice taken was theirs."""
    if isinstance(event, ev.MushroomApplied):
        return t("pi.line.you.mushroom") if mine else t("pi.line.mushroom", name=who)
    if isinstance(event, ev.PepperApplied):
        where = t("pi.pepper.top") if event.where == "top" else t("pi.pepper.bottom")
        if mine:
            return tn("pi.line.you.pepper", event.count, where=where)
        return tn("pi.line.pepper", event.count, name=who, where=where)
    if isinstance(event, ev.KnifeApplied):
        card, victim = card_name(event.card), names[event.player]
        if mine and event.player == event.seat:  # a slice of their own
            return t("pi.line.you.knife_own", card=card)
        if mine:
            return t("pi.line.you.knife", card=card, victim=victim)
        if event.player == you:
            return t(YOURS_TAKEN["knife"], name=who, card=card)
        return t("pi.line.knife", name=who, card=card, victim=victim)
    give, take = card_name(event.give), card_name(event.take)
    if mine:
        return t("pi.line.you.fork", give=give, take=take, victim=names[event.player])
    if event.player == you:
        return t(YOURS_TAKEN["fork"], name=who, give=give, take=take)
    return t("pi.line.fork", name=who, give=give, take=take, victim=names[event.player])


def hero_name(hero: str) -> str:
    return f"{HERO_EMOJI.get(hero, '')} {t(HERO_KEYS[hero])}" if hero in HERO_KEYS else hero


def latest_lines(
    newest_first: Iterable[ev.Event], names: Sequence[str], most: int = 3
) -> list[str]:
    """The last few things that happened this game, newest last, from its
    events newest first."""
    lines: list[str] = []
    for event in newest_first:
        if isinstance(event, ev.GameStarted | ev.GameOver | ev.MatchOver):
            break
        line = event_line(event, names)
        if line is not None:
            lines.insert(0, line)
            if len(lines) >= most:
                break
    return lines


# --- the table --------------------------------------------------------------------------


def status_line(view: PublicView, names: Sequence[str], you: int | None = None) -> str:
    """Whose move it is; `you`: the seat of the player reading, spoken to on
    their own move (the web table), never in the channel's message."""
    acting = view.to_act
    if view.phase == "match-over":
        winner = view.match_winner
        if winner is not None and winner == you:
            return t("pi.status.you_win")
        return t("pi.status.match_over", name=names[winner]) if winner is not None else ""
    if not acting:
        return t("pi.status.between_games")
    who = names[acting[0]]
    mine = acting[0] == you
    pending = view.pending
    if pending is not None:
        if pending.third is not None:
            return t("pi.status.your_third") if mine else t("pi.status.third", name=who)
        return t("pi.status.your_hero") if mine else t("pi.status.hero", name=who)
    if mine:
        return t("pi.status.your_turn", taken=view.taken)
    return t("pi.status.turn", name=who, taken=view.taken)


def settings_lines(settings: Settings) -> list[str]:
    level, scoring = chosen(settings, "level", "normal"), chosen(settings, "scoring", "wins")
    return [
        t("pi.lobby.level", level=t(LEVEL_KEYS.get(level, LEVEL_KEYS["normal"]))),
        t("pi.lobby.scoring", scoring=t(SCORING_KEYS.get(scoring, SCORING_KEYS["wins"]))),
    ]


def standing(view: PublicView, names: Sequence[str]) -> str:
    scoring = view.scoring
    lines = []
    for player in view.players:
        line = N_("pi.standing.points") if scoring == "points" else N_("pi.standing.wins")
        lines.append(t(line, name=names[player.seat], wins=player.wins, points=player.points))
    return "\n".join(lines)


def achievements_text(view: PublicView, names: Sequence[str]) -> str | None:
    held = [
        t(ACHIEVEMENT_KEYS[name], name=names[seat])
        for name, seat in view.achievements.items()
        if seat is not None and name in ACHIEVEMENT_KEYS
    ]
    return "\n".join(held) if held else None


def table(
    game: int, view: PublicView, names: Sequence[str], newest_first: Iterable[ev.Event]
) -> Reply:
    """The one public table message: every pizza, the deck, the Ship, whose
    turn and how many cards taken, the latest moves, the match standing."""
    level = view.level
    title = t("pi.table.title", game=str(view.game), level=t(LEVEL_KEYS.get(level, level)))
    embed = discord.Embed(title=title, colour=COLOUR)
    lines = [status_line(view, names)]
    lines += [f"› {line}" for line in latest_lines(newest_first, names)]
    embed.description = "\n".join(lines)[:4000]
    for player in view.players:
        if not player.playing:
            continue
        seat = player.seat
        marker = "▶ " if seat in view.to_act else ""
        colour = SEAT_EMOJI[seat_colour(seat)]
        embed.add_field(
            name=f"{marker}{colour} {names[seat]}", value=pizzas_text(player.pizzas), inline=True
        )
    embed.add_field(name=t("pi.table.deck"), value=number(view.deck_size), inline=True)
    if level == "advanced":
        ship = join_dots(card_name(c) for c in view.ship) or t("pi.table.ship_empty")
        embed.add_field(name=t("pi.table.ship"), value=ship, inline=True)
    embed.add_field(name=t("pi.table.standing"), value=standing(view, names), inline=False)
    held = achievements_text(view, names)
    if held:
        embed.add_field(name=t("pi.table.achievements"), value=held, inline=False)
    embed.set_footer(text=t("footer.game", game=str(game)))
    pictures = table_pictures(view, names)
    return Reply(embed=embed, items=turn_buttons(game, view), pictures=pictures)


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def table_pictures(view: PublicView, names: Sequence[str]) -> list[Picture]:
    """Every playing seat's pizzas as wheels, in the fields' order, and in the
    advanced level the Ship's face-up cards (PI-A1): public facts only (PI-I1)."""
    players = tuple(
        PlayerPizzas.of(seat_colour(p.seat), p.pizzas, names[p.seat])
        for p in view.players
        if p.playing
    )
    shown = [Picture("pizzas.png", pizzas_image, (players,), pizzas_alt(view, names))]
    if view.level == "advanced":
        ship = join_and([card_name(c) for c in view.ship]) or t("pi.table.ship_empty")
        alt = t("pi.alt.ship", cards=ship)
        shown.append(Picture("ship.png", ship_image, (tuple(view.ship),), alt))
    return shown


def pizzas_alt(view: PublicView, names: Sequence[str]) -> str:
    """What the pizzas' picture shows, in words: each playing seat's marker
    and pizzas, as the wheels show them (public facts only, PI-I1)."""
    said = []
    for player in (p for p in view.players if p.playing):
        pizzas = [
            tn("pi.alt.pizza", len(slices), colour=COLOUR_EMOJI.get(colour, colour))
            for colour, slices in player.pizzas.items()
            if slices
        ]
        said.append(
            t(
                "pi.alt.player",
                name=names[player.seat],
                colour=SEAT_EMOJI[seat_colour(player.seat)],
                pizzas=join_and(pizzas) or t("pi.alt.no_pizza"),
            )
        )
    return t("pi.alt.pizzas", players=join_groups(said))


def turn_buttons(game: int, view: PublicView) -> list[Item]:
    """The turn's buttons, usable only by the player to act (PI-N2, PI-A1)."""
    if not view.to_act or view.phase != "turn":
        return []
    version = view.version
    if view.pending is not None:
        return [button(t("pi.button.decide"), custom_id(game, version, "decide"), BLUE)]
    items: list[Item] = []
    if view.taken < 3:
        if view.deck_size:
            items.append(
                button(t("pi.button.take_deck"), custom_id(game, version, "take", "deck"), GREEN)
            )
        for card in dict.fromkeys(view.ship):
            label = t("pi.button.take_ship", card=card_name(card))
            items.append(button(label, custom_id(game, version, "take", card), GREEN))
    if view.taken:
        items.append(button(t("pi.button.stop"), custom_id(game, version, "stop"), RED))
    return items


# --- game and match results -------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEnd(Value):
    """The narration of one game's end within the match (`ev.GameOver`)."""

    game: int
    winner: int | None
    reason: str  # why it ended: completed, deck-empty, stalemate or take-cap
    points: tuple[int, ...]
    playing: tuple[int, ...]

    @classmethod
    def of(cls, event: ev.GameOver) -> GameEnd:
        seats = tuple(range(len(event.points)))
        return cls(
            game=event.game,
            winner=event.winner,
            reason=event.reason,
            points=event.points,
            playing=seats,
        )

    @classmethod
    def from_json(cls, data: JSON) -> GameEnd:
        return cls(
            game=data["game"],
            winner=data["winner"],
            reason=data["reason"],
            points=tuple(data["points"]),
            playing=tuple(data["playing"]),
        )


#: Why a game ended with no winner (`ev.GameOver.reason`): PI-N8, and PI-N9's two.
NO_WINNER_KEYS = {
    "deck-empty": N_("pi.result.deck_empty"),
    "stalemate": N_("pi.result.stalemate"),
    "take-cap": N_("pi.result.take_cap"),
}


def game_end_line(game: int, winner: int | None, reason: str, names: Sequence[str]) -> str:
    """One game's end in a line: who completed a pizza, or why nobody won."""
    if winner is not None:
        return t("pi.result.winner", game=str(game), name=names[winner])
    return t(NO_WINNER_KEYS.get(reason, NO_WINNER_KEYS["deck-empty"]), game=str(game))


def game_result(game: int, model: GameEnd, names: Sequence[str]) -> Reply:
    """The end of one game of the match: its winner (or why none) and the points."""
    title = game_end_line(model.game, model.winner, model.reason, names)
    lines = [
        t("pi.result.points", name=names[seat], points=points)
        for seat, points in enumerate(model.points)
        if seat in model.playing
    ]
    embed = discord.Embed(title=title, description="\n".join(lines), colour=COLOUR)
    embed.set_footer(text=t("footer.game", game=str(game)))
    return Reply(embed=embed)


def final(game: int, view: PublicView, names: Sequence[str]) -> Reply:
    """The match's final ranking and Play again."""
    lines = []
    players = {p.seat: p for p in view.players}
    for place, seats in enumerate(view.ranking or (), 1):
        for seat in seats:
            player = players[seat]
            lines.append(
                t(
                    "pi.final.line",
                    place=place,
                    name=names[seat],
                    wins=player.wins,
                    points=player.points,
                )
            )
    winner = view.match_winner
    title = t("pi.final.title", name=names[winner]) if winner is not None else t("pi.final.none")
    embed = discord.Embed(title=title, description="\n".join(lines), colour=COLOUR)
    embed.set_footer(text=t("footer.game", game=str(game)))
    return Reply(embed=embed)
