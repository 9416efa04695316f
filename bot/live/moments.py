"""Who must act now, and the table post a new state owes them.

When a person must act at a new moment (a turn, a decision, a reminder) the
table names them with a mention, once. Which moment is new is settled when
the action is committed (`intent`, stored with it), so a restart never
mentions twice and never forgets to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.live.presence import Presence
from bot.live.public_messages import Intent, Ping, Published


@dataclass(frozen=True)
class Moment:
    """Who must act now, as the table names it: the moment's key (one per turn
    or decision), each seat asked as (user, name) — user None when the bot
    plays it, never mentioned — and whether the turn's reminder is due."""

    key: str | None
    asked: tuple[tuple[int | None, str], ...] = ()
    reminder: bool = False

    @property
    def users(self) -> list[int]:
        return [user for user, _ in self.asked if user is not None]


def moment_of(live: Any, view: Any, presence: Presence) -> Moment:
    key = live.shown.moment(view)
    if key is None:
        return Moment(None)
    armed = presence.armed_for(live.version)
    reminder = armed is not None and armed.reminded
    # A question put to several seats at once names every person asked.
    seats = list(live.rules.asked(live.state)) or [live.rules.to_act(live.state)[0]]
    asked = tuple(
        (
            None if presence.kicked[s] or presence.away[s] else live.row.seats[s].user_id,
            live.names()[s],
        )
        for s in seats
    )
    return Moment(key, asked, reminder)


def intent(live: Any, published: Published, presence: Presence) -> Published:
    """The table post a new state owes (stored with the action that led to it):
    a new moment that asks a person mentions them, once; so does its
    reminder. A clock re-armed by a kick or a player back (the reminder gone)
    is still the same moment."""
    now = moment_of(live, live.public_view(), presence)
    said = published.ping
    new = said.key != now.key or (now.reminder and not said.reminded)
    mentions = new and bool(now.users)
    published = published.but(ping=Ping(now.key, now.reminder))
    if mentions:
        dm = not now.reminder
        return published.but(intent=Intent(live.version, now.key, True, dm))
    return published
