"""The host's refusals: what a player is told when the host will not do what
they asked, and the words those refusals use.

A refusal is a `ServiceError`: a host refusal (its `code` names a catalog
entry, `REFUSALS`), or a game's refusal (the engine's code, which that game's
presentation puts in words). Every front end says them the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, get_args, overload

from bot.i18n import N_, Nn_, by_last_part, default_catalog, t
from bot.plugin.registry import presentation
from engine import ActionError

if TYPE_CHECKING:
    from bot.live.live import Live


#: The code of each host refusal: its catalog message is `error.<code>` (`REFUSALS`).
HostRefusal = Literal[
    "already_seated",
    "already_started",
    "busy_with",
    "channel_busy",
    "channel_deleted",
    "export_running",
    "game_over",
    "left_game",
    "lobby_full",
    "lobby_only",
    "no_channel",
    "no_computer",
    "no_finished_game",
    "no_game",
    "no_lobby",
    "not_a_player",
    "not_host",
    "not_in_game",
    "not_manager",
    "not_seated",
    "other_game",
    "other_lobby",
    "stale",
    "stale_button",
    "stopping",
    "too_few_players",
    "unknown_command",
    "unknown_game",
    "watch_player",
]


class ServiceError(Exception):
    """A refusal the player can act on: a host refusal (`code`, one of
    `HostRefusal`, names a catalog entry), or a game's refusal (its engine's
    code, which the words of `game`'s presentation explain)."""

    @overload
    def __init__(self, code: HostRefusal, game: None = None, **params: object) -> None: ...

    @overload
    def __init__(self, code: str, game: str, **params: object) -> None: ...

    def __init__(self, code: str, game: str | None = None, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.game = game
        self.params = params


def seat_for_target(live: Live, user_id: int) -> int:
    seat = live.seat_of(user_id)
    if seat is None:
        raise ServiceError("not_a_player")
    return seat


def seat_for(live: Live, user_id: int) -> int:
    seat = live.seat_of(user_id)
    if seat is None:
        raise ServiceError("not_in_game")
    return seat


def named(illegal: ActionError, live: Live) -> ServiceError:
    """The engine's refusal, for the game's words, with the seat it names
    turned into a player's name."""
    params = dict(illegal.params)
    names = live.names()
    if "seat" in params:
        seat = params.pop("seat")
        params["name"] = names[seat] if 0 <= seat < len(names) else str(seat)
    return ServiceError(illegal.code, live.row.game, **params)


#: The message of each host refusal (a `ServiceError` of no game), by its code.
REFUSALS = by_last_part(
    N_("error.already_seated"),
    N_("error.already_started"),
    N_("error.busy_with"),
    N_("error.channel_busy"),
    N_("error.channel_deleted"),
    N_("error.export_running"),
    N_("error.game_over"),
    N_("error.left_game"),
    Nn_("error.lobby_full"),
    N_("error.lobby_only"),
    N_("error.no_channel"),
    N_("error.no_computer"),
    N_("error.no_finished_game"),
    N_("error.no_game"),
    N_("error.no_lobby"),
    N_("error.not_a_player"),
    N_("error.not_host"),
    N_("error.not_in_game"),
    N_("error.not_manager"),
    N_("error.not_seated"),
    N_("error.other_game"),
    N_("error.other_lobby"),
    N_("error.stale"),
    N_("error.stale_button"),
    N_("error.stopping"),
    Nn_("error.too_few_players"),
    N_("error.unknown_command"),
    N_("error.unknown_game"),
    N_("error.watch_player"),
)
assert set(REFUSALS) == set(get_args(HostRefusal)), "a host refusal with no words, or words of none"


def slash(game: str, command: str) -> str:
    """A command of `game`'s group as the player types it, in their
    language: `/<group> <command>`."""
    group = presentation(game).command
    english = default_catalog().messages("en")
    for key in (f"command.{group}.{command}.name", f"command.{command}.name"):
        if key in english:
            return f"/{group} {t(key)}"
    return f"/{group} {command}"
