"""What the web table draws: a scene, the plain JSON the client renders.

A game's web table (`bot/games/<game>/web.py`, its `WEB`) turns what one
viewer may see (`Seen`: the public view, and the viewer's own player view and
legal actions) into a scene, in the viewer's language, with the same catalog
messages the buttons use. The client holds no rules and no words: it draws
the seats around the table, the piles in its middle and the viewer's own
cards, lets the player point at cards to put an action together, and sends
the one legal action they name.

    Scene   kind ("table"), title, status (whose move), live (the one line a
            screen reader hears: what just happened, whose move), seats,
            centre, hand, actions, defaults, choice, steps, moves, pace,
            final, after
    Seat    seat, name, avatar, colour, turn, mine, away, label (the seat in
            words), counts (what is shown at the place: icon and number),
            cards (face up before it), pizzas, marks
    Pile    id, title, label, count, back (its pattern), top (a card), cards,
            pick or act (pointing at it), anchor (where movement starts or ends)
    Card    label (what a screen reader says), art (how it is drawn: a symbol
            of the sprite, `bot.web.art`), n (a count printed on it), pick or
            act, picks (a stack: pointing again takes one more), key
    Action  label, fields (what the player picks to name it), action (its
            JSON, sent as is), direct (a button of its own)
    Move    what travels across the table since the viewer's last frame: from
            and to (anchors), the card shown while travelling, how many
    Choice  a choice made in steps (a Pepper): what it shows, then per step
            a field and its options (value, label, cards); the last step's
            options confirm, each playing the one action the choices name
    Step    a line of a paced sequence (the oven's reveal): text, a card
            turned, a mark put on an order (key), shown one by one at `pace`

A card with `pick` chooses those fields (a kind and a count, a draw); a card
with `act` plays that action at once. The Play button plays the one action
whose fields every pick matches (`defaults` are picked to begin with).

What a game's scene leaves out, the host says the same way for every game
(`played`), from the game's own presentation: whose move it is (`status`),
the narration's messages since the viewer's last frame as paced `steps` and
the `latest` of them, the viewer's legal actions in the presentation's words
(`Presentation.label`) and, once the game is over, its final result
(`Presentation.final`); the viewer's hand is headed and said empty in the
host's words. A seat's colour is its place's unless the game says.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Protocol, cast, runtime_checkable

from bot.i18n import current_locale, join_and, sentences, t
from bot.pictures.palette import SEATS
from bot.plugin.contract import AnyPresentation, Show, Table
from bot.plugin.registry import plugins, presentations
from bot.publishing.table_post import AUTO
from bot.web.art import Sprite, host_art
from bot.web.door import Seen
from engine import game
from engine.interface import Event, View

Scene = dict[str, Any]
Card = dict[str, object]
Zone = dict[str, object]
Pile = dict[str, object]


@runtime_checkable
class WebTable(Protocol):
    """A game's web table."""

    #: A symbol of the sprite that stands for the game in the launcher.
    emblem: str

    def scene(self, seen: Seen) -> Scene:
        """The scene for this viewer; only `seen` may be read."""
        ...

    def art(self, sprite: Sprite) -> None:
        """Add the game's symbols and patterns to the sprite (its pictures' own parts)."""
        ...


@cache
def web_tables() -> dict[str, WebTable]:
    """Every game's web table, as its plugin declares it (`Plugin.web`)."""
    found: dict[str, WebTable] = {}
    for name, plugin in plugins().items():
        if plugin.web is None:
            continue
        if not isinstance(plugin.web, WebTable):
            raise TypeError(f"{name}'s web table has no scene: {plugin.web!r}")
        found[name] = plugin.web
    return found


@cache
def sprite() -> str:
    """The whole art sprite: the host's, then every game's."""
    drawn = Sprite()
    host_art(drawn)
    for table in web_tables().values():
        table.art(drawn)
    return drawn.svg()


def ui() -> dict[str, str]:
    """The client's own words, in the current locale."""
    return {
        "play": t("activity.play"),
        "clear": t("activity.clear"),
        "choose": t("activity.choose"),
        "reconnecting": t("activity.reconnecting"),
        "refused": t("activity.refused"),
        "you": t("activity.you"),
        "spectator": t("activity.spectator"),
        "table": t("activity.table"),
        "steps": t("activity.steps"),
        "hand": t("activity.ui.hand"),
        "draw": t("activity.ui.draw"),
        "seats": t("activity.ui.seats"),
        "centre": t("activity.ui.centre"),
        "computer": t("activity.ui.computer"),
        "away": t("activity.ui.away"),
    }


def scene_of(seen: Seen) -> Scene:
    """The scene for `seen`, in the current locale (`use_locale` around it)."""
    table = web_tables().get(seen.name)
    if table is None:  # a game with no web table of its own: played with its buttons
        scene: Scene = {
            "title": presentations()[seen.name].title(),
            "status": t("activity.no_table"),
            "seats": [],
            "centre": [],
            "actions": [],
        }
    else:
        scene = table.scene(seen)
        played(seen, scene)
    scene["kind"] = "table"
    if seen.ended is not None:  # in place of whose move it was, as the table message
        scene["status"] = t(seen.ended)
    scene.setdefault("live", sentences(scene.get("latest") or "", scene["status"]))
    scene["live"] = spoken(scene["live"])
    for step in scene.get("steps", ()):  # each is said in the live region in turn
        step["text"] = spoken(step["text"])
    scene["ui"] = ui()
    scene["lang"] = current_locale()
    scene["pace"] = round(seen.pace * 1000)
    scene.update(seats_facts(seen))
    scene.setdefault("defaults", {})
    scene.setdefault("steps", [])
    scene.setdefault("moves", [])
    return cast(Scene, plain(scene))


def played(seen: Seen, scene: Scene) -> None:
    """Fill in what the game's scene leaves out (see above), for a game dealt."""
    view = seen.public
    if view is None:
        return
    shown = presentations()[seen.name]
    table = Table[View, Event](seen.game, view, seen.names, seen.settings)
    if "status" not in scene:
        scene["status"] = status(seen)
    if "steps" not in scene:
        said = narrated(shown, table, seen)
        scene["steps"] = [{"text": text, "paced": paced} for text, paced in said]
        scene.setdefault("latest", said[-1][0] if said else "")
    if "actions" not in scene:
        scene["actions"] = [{"label": shown.label(a), "action": a.to_json()} for a in seen.legal]
    if (hand := scene.setdefault("hand", None)) is not None:
        hand.setdefault("label", t("own_hand.title"))
        hand.setdefault("empty", t("own_hand.empty"))
    if "final" not in scene and seen.status == "finished":
        final = shown.final(table).embed
        if final is not None:
            scene["final"] = {"title": final.title, "lines": (final.description or "").split("\n")}


def status(seen: Seen) -> str:
    """Whose move it is, in a line: the viewer's, another's; or that the game is over."""
    acting = seen.public.to_act if seen.public is not None else ()
    if seen.status == "finished":
        return t("activity.status.over")
    if not acting:  # between the rules' own steps: no one to wait for
        return ""
    if seen.seat in acting:
        return t("activity.status.yours")
    return t("activity.status.turn", names=join_and([named(seen.names, s) for s in acting]))


def narrated(
    shown: AnyPresentation, table: Table[View, Event], seen: Seen
) -> list[tuple[str, bool]]:
    """The narration's messages since the viewer's last frame, as the channel
    shows them, and whether each is paced: every public event folded into the
    game's model (`narrate`), every step that shows one said (`narration`)."""
    model, said = None, list[tuple[str, bool]]()
    for version in sorted(seen.events):
        for event in seen.events[version]:
            if event.to is not None:
                continue
            model, step = shown.narrate(model, event)
            if model is not None and step.show in (Show.POST, Show.EDIT):
                reply = shown.narration(table, model, False)
                text = reply.content or (reply.embed.description if reply.embed else None)
                said.append((text or "", step.paced))
    return said


def seat_colour(index: int) -> str:
    """The colour of a seat's place at the table, unless the game says."""
    colours = list(SEATS)
    return colours[index % len(colours)]


def seat(
    seen: Seen, index: int, label: str, colour: str | None = None, **more: object
) -> dict[str, object]:
    """A seat around the table: the player's name, avatar and colour (its
    place's unless given), and whether it is theirs to move (`turn`: by
    default whether the public view awaits it); the game adds what lies at
    their place."""
    avatar = seen.avatars[index] if index < len(seen.avatars) else None
    return {
        "seat": index,
        "name": named(seen.names, index),
        "avatar": avatar,
        "colour": colour or seat_colour(index),
        "label": label,
        "turn": seen.public is not None and index in seen.public.to_act,
        "mine": index == seen.seat,
        "away": index in seen.away or index in seen.kicked,
        "computer": index in seen.computers,
        "anchor": "hand" if index == seen.seat else f"seat-{index}",
        **more,
    }


def seats_facts(seen: Seen) -> Scene:
    """The table message's word on timers, for every game: the time left on
    this move's clock, a move the bot made for someone, who is away."""
    facts: Scene = {}
    if seen.clock is not None:
        facts["clock"] = {"label": t("table.time_left"), "seconds": round(seen.clock)}
    notes = []
    if seen.auto is not None and seen.auto[1] in AUTO:
        notes.append(t(AUTO[seen.auto[1]], name=named(seen.names, seen.auto[0])))
    for index in range(len(seen.names)):
        if index in seen.kicked:
            notes.append(t("table.kicked", name=seen.names[index]))
        elif index in seen.away:
            notes.append(t("table.away", name=seen.names[index]))
    if notes:
        facts["notes"] = notes
    return facts


MARKDOWN = re.compile(r"\*\*|__|~~|`")
#: Emoji and pictographs, which a screen reader reads as their names
#: ("pineapple emoji") beside the word that already says it.
PICTOGRAPHS = re.compile(
    "[\u2190-\u21ff\u2300-\u23ff\u2460-\u27bf\u2900-\u297f\u2b00-\u2bff"
    "\u25a0-\u25ff\ufe0f\u200d\U0001f000-\U0001faff]+"
)


def spoken(text: str) -> str:
    """`text` as a screen reader should say it: its words, no pictographs."""
    return " ".join(PICTOGRAPHS.sub(" ", MARKDOWN.sub("", text)).split())


#: The characters Discord's markdown is made of: a string without any is left alone.
MARKS = frozenset("*_~`")
#: What holds no words, only ids and values: an action's JSON (kept as it is),
#: a card's art, the fields a pick sets, counts.
NO_WORDS = frozenset({"action", "art", "fields", "pick", "counts", "defaults"})


def plain(value: Any) -> Any:
    """The scene's words without Discord's markdown (the catalog's messages
    are written for messages; the web table shows them as text). An action's
    JSON is left as it is."""
    if isinstance(value, str):
        return value if MARKS.isdisjoint(value) else MARKDOWN.sub("", value)
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: v if k in NO_WORDS else plain(v) for k, v in value.items()}
    return value


def named(names: list[str], index: int | None) -> str:
    if index is not None and 0 <= index < len(names):
        return names[index]
    return t("name.unknown")


def fields(**values: object) -> dict[str, str]:
    """An action's fields as the client compares them: strings, "-" for none."""
    return {k: "-" if v is None else str(v) for k, v in values.items()}


def seat_limits(name: str, settings: Any) -> tuple[int, int]:
    least, most = game(name).seat_limits(settings)
    return int(least), int(most)
