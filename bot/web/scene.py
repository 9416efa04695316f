"""What the web table draws: a scene, the plain JSON the client renders.

A game's web table (`bot/games/<game>/web.py`, its `WEB`) turns what one
viewer may see (`Seen`: the public view, and the viewer's own player view and
legal actions) into a scene, in the viewer's language, with the same catalog
messages the buttons use. The client holds no rules and no words: it draws
the zones and cards, lets the player point at cards and options to put an
action together, and sends the one legal action they name.

    Scene    title, status, zones, actions, defaults, steps, final, ui
    Zone     a region of the table: id, label, cards, lines, mine, turn
    Card     label (what a screen reader says), face (what is printed on it),
             tone (its look), count, down (face down), pick, act
    Action   label, fields (what the player picks to name it), action (its
             JSON, sent as is), direct (a button of its own)

A card with `pick` chooses those fields (a kind and a count, a draw); a card
with `act` plays that action at once. The Play button plays the one action
whose fields every pick matches (`defaults` are picked to begin with).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Protocol, cast, runtime_checkable

from bot.i18n import t
from bot.plugin.registry import plugins, presentations
from bot.publishing.table_post import AUTO
from bot.web.door import Seen
from engine import game

Scene = dict[str, Any]
Card = dict[str, Any]
Zone = dict[str, Any]


@runtime_checkable
class WebTable(Protocol):
    """A game's web table."""

    def scene(self, seen: Seen) -> Scene:
        """The scene for this viewer; only `seen` may be read."""
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
    }


def lobby_scene(seen: Seen) -> Scene:
    """A lobby as the web table shows it: its seats, waiting for Start."""
    most = game(seen.name).seat_limits(seen.settings)[1]
    cards: list[Card] = [
        {"label": name, "face": f"{i + 1}. {name}", "tone": "seat"}
        for i, name in enumerate(seen.names)
    ]
    return {
        "title": t("lobby.title", game=presentations()[seen.name].title()),
        "status": t("activity.lobby_waiting"),
        "zones": [
            {"id": "seats", "label": t("lobby.seats", count=len(cards), max=most), "cards": cards}
        ],
        "actions": [],
    }


def scene_of(seen: Seen) -> Scene:
    """The scene for `seen`, in the current locale (`use_locale` around it)."""
    table = web_tables().get(seen.name)
    if seen.public is None:
        scene = lobby_scene(seen)
    elif table is None:  # a game with no web table of its own: played with its buttons
        scene = {
            "title": presentations()[seen.name].title(),
            "status": t("activity.no_table"),
            "zones": [],
            "actions": [],
        }
    else:
        scene = table.scene(seen)
    if seen.ended is not None:  # in place of whose move it was, as the table message
        scene["status"] = t(seen.ended)
    scene["ui"] = ui()
    scene.update(seats_facts(seen))
    scene.setdefault("defaults", {})
    scene.setdefault("steps", [])
    return cast(Scene, plain(scene))


def seats_facts(seen: Seen) -> Scene:
    """The table message's word on timers, for every game: the time left on
    this move's clock, a move the bot made for someone, who is away."""
    facts: Scene = {}
    if seen.clock is not None:
        facts["clock"] = {"label": t("table.time_left"), "seconds": round(seen.clock)}
    notes = []
    if seen.auto is not None and seen.auto[1] in AUTO:
        notes.append(t(AUTO[seen.auto[1]], name=named(seen.names, seen.auto[0])))
    for seat in range(len(seen.names)):
        if seat in seen.kicked:
            notes.append(t("table.kicked", name=seen.names[seat]))
        elif seat in seen.away:
            notes.append(t("table.away", name=seen.names[seat]))
    if notes:
        facts["notes"] = notes
    return facts


MARKDOWN = re.compile(r"\*\*|__|~~|`")


def plain(value: Any) -> Any:
    """The scene's words without Discord's markdown (the catalog's messages
    are written for messages; the web table shows them as text). An action's
    JSON is left as it is."""
    if isinstance(value, str):
        return MARKDOWN.sub("", value)
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: v if k == "action" else plain(v) for k, v in value.items()}
    return value


def named(names: list[str], seat: int | None) -> str:
    if seat is not None and 0 <= seat < len(names):
        return names[seat]
    return t("name.unknown")


def fields(**values: Any) -> dict[str, str]:
    """An action's fields as the client compares them: strings, "-" for none."""
    return {k: "-" if v is None else str(v) for k, v in values.items()}
