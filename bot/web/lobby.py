"""The table before a game and after it: the launcher (no game in the
channel: choose a game and its options), the lobby (the seats, the people
with the table open, computers, Start) and, after a game, Play again. Each is
drawn for one viewer in their language, from the lobby's stored row and the
people the hub sees at the table; the options a client sends are checked
against the game's own (`bot.games.options`), never taken as they come.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.i18n import N_, t, tn
from bot.plugin.options import LANGUAGE, ON_OFF, TURN_TIMER, option_keys
from bot.plugin.registry import presentation, presentations
from bot.publishing.lobby_post import TIMER_KEYS, level_name
from bot.storage import GameRow, GameStatus
from bot.web.scene import Scene, plain, seat_limits, ui, web_tables
from engine import Option
from engine.interface import chosen

#: The words of a yes/no setting's two choices.
HOST_CHOICES = {"on": N_("command.choice.on"), "off": N_("command.choice.off")}


@dataclass(frozen=True)
class Person:
    """Someone with the table open in this channel."""

    user_id: int
    name: str
    avatar: str | None  # the page's address of their avatar


def game_options(name: str) -> tuple[Option, ...]:
    """Every setting a lobby of this game is opened with, the host's last."""
    shown = presentation(name)
    return (*shown.rules.options, *shown.options, TURN_TIMER, LANGUAGE)


def chosen_options(name: str, given: object) -> tuple[dict[str, str], str | None] | None:
    """The options a client sent for a new lobby, and its language; None if
    any is not one of the game's choices. An empty value is the default."""
    if not isinstance(given, dict) or len(given) > 16:
        return None
    known = {option.name: option for option in game_options(name)}
    options: dict[str, str] = {}
    for key, value in given.items():
        option = known.get(key)
        if option is None or not isinstance(value, str):
            return None
        if value == "":
            continue
        if value not in option.choices:
            return None
        options[key] = value
    language = options.pop(LANGUAGE.name, None)
    return options, language


def launcher_scene(people: list[Person], you: int) -> Scene:
    """No game in the channel: every game, its options, and who is here."""
    games = []
    for name, shown in presentations().items():
        table = web_tables().get(name)
        settings = []
        for option in game_options(name):
            _, description, words = option_keys(shown.command, option)
            if option.choices == ON_OFF:  # a yes/no option: the host's words for on and off
                words = {c: HOST_CHOICES[c] for c in ON_OFF}
            choices = [{"value": c, "label": t(words[c])} for c in option.choices]
            if option.default is None:
                choices.insert(0, {"value": "", "label": t("activity.lobby.default_choice")})
            settings.append(
                {
                    "name": option.name,
                    "label": t(description),
                    "choices": choices,
                    "value": option.default or "",
                    "flag": option.choices == ON_OFF,
                }
            )
        least, most = seat_limits(name, {})
        games.append(
            {
                "name": name,
                "title": shown.title(),
                "emblem": table.emblem if table is not None else None,
                "players": tn("activity.launcher.players", most, min=least),
                "options": settings,
            }
        )
    return finish(
        {
            "kind": "launcher",
            "title": t("activity.launcher.title"),
            "status": t("activity.launcher.status"),
            "games": games,
            "people": _people(people, (), you),
            "actions": [{"verb": "open", "label": t("activity.launcher.open")}],
        }
    )


def lobby_scene(row: GameRow, people: list[Person], you: int, avatars: list[str | None]) -> Scene:
    """A lobby: its settings, its seats, who else is here, and what this viewer may do."""
    shown = presentation(row.game)
    least, most = seat_limits(row.game, row.settings)
    seated = [s.user_id for s in row.seats]
    host = row.host_id == you
    mine = you in seated
    seats = [
        {
            "name": s.name,
            "avatar": avatars[i] if i < len(avatars) else None,
            "computer": s.agent is not None,
            "host": s.user_id is not None and s.user_id == row.host_id,
            "you": s.user_id == you,
        }
        for i, s in enumerate(row.seats)
    ]
    actions: list[dict[str, object]] = []
    room = len(row.seats) < most
    if not mine and room:
        actions.append({"verb": "join", "label": t("lobby.button.join"), "main": True})
    if mine:
        actions.append({"verb": "leave", "label": t("lobby.button.leave")})
    if host:
        if room:
            levels = [
                {"value": level, "label": level_name(level), "about": shown.level_about(level)}
                for level in shown.rules.difficulties
            ]
            actions.append(
                {"verb": "addbot", "label": t("lobby.button.add_computer"), "levels": levels}
            )
        if any(s.agent is not None for s in row.seats):
            actions.append({"verb": "rmbot", "label": t("lobby.button.remove_computer")})
        ready = len(row.seats) >= least
        actions.append(
            {"verb": "start", "label": t("lobby.button.start"), "main": True, "ready": ready}
        )
        actions.append({"verb": "cancel", "label": t("lobby.button.cancel")})
    if host:
        status = (
            t("activity.lobby.start_when_ready")
            if len(row.seats) >= least
            else tn("error.too_few_players", least, min=least)
        )
    elif mine:
        status = t("activity.lobby_waiting")
    else:
        status = t("activity.lobby.take_a_seat")
    settings = shown.settings_lines(row.settings)
    settings.append(t(TIMER_KEYS.get(chosen(row.settings, "turn_timer", "2m"), TIMER_KEYS["2m"])))
    return finish(
        {
            "kind": "lobby",
            "title": t("lobby.title", game=shown.title()),
            "status": status,
            "settings": settings,
            "seats_title": t("lobby.seats", count=len(row.seats), max=most),
            "seats": seats,
            "people": _people(people, seated, you),
            "actions": actions,
        }
    )


def after_game(row: GameRow, you: int) -> list[dict[str, str]]:
    """After a game: Play again (for its players) and another game (for anyone)."""
    if row.status not in (GameStatus.FINISHED, GameStatus.CANCELLED):
        return []
    again = []
    if any(s.user_id == you for s in row.seats):
        again.append({"verb": "again", "label": t("final.button.again")})
    again.append({"verb": "browse", "label": t("activity.lobby.another_game")})
    return again


def _people(people: list[Person], seated: Any, you: int) -> list[dict[str, object]]:
    return [
        {
            "name": p.name,
            "avatar": p.avatar,
            "seated": p.user_id in seated,
            "you": p.user_id == you,
        }
        for p in people
    ]


def finish(scene: Scene) -> Scene:
    scene["ui"] = ui() | {
        "people": t("activity.lobby.people"),
        "host": t("lobby.host_title"),
        "settings": t("activity.lobby.settings"),
        "level": t("computer.pick"),
    }
    scene["live"] = scene["status"]
    return dict(plain(scene))
