"""Who must act now, and the table post a new state owes them.

A person is mentioned when the game starts waiting for them and did not
wait for them a step before: never by the post that reports their own
action, never again while they go on with their own turn (a run of takes, a
reveal's successive decisions of one owner), at most once per wait, and once
more by a turn timer's half-way reminder. Which moment is new, and whom it
mentions, is settled when the action is committed (`intent`, stored with
it), so a restart never mentions twice and never forgets to.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.live.live import Live
from bot.live.presence import Presence
from bot.live.public_messages import Intent, Ping, Published
from engine.interface import View


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


def moment_of(live: Live, view: View, presence: Presence) -> Moment:
    key = live.shown.moment(view)
    if key is None:
        return Moment(None)
    armed = presence.armed_for(live.version)
    reminder = armed is not None and armed.reminded
    # A question put to several seats at once names every person asked.
    question = list(live.rules.asked(live.state))
    seats = question or [live.rules.to_act(live.state)[0]]
    standing = presence.standing if question else {}
    # The bot answers for the away and the kicked, and a standing answer for
    # its person (`Presence.standing`): the game waits for none of them.
    asked = tuple(
        (
            None if presence.absent(s) or s in standing else live.row.seats[s].user_id,
            live.names()[s],
        )
        for s in seats
    )
    return Moment(key, asked, reminder)


def intent(
    live: Live,
    published: Published,
    presence: Presence,
    acting: frozenset[int] = frozenset(),
    later: bool = False,
) -> Published:
    """The table post a new state owes (stored with the action that led to it):
    a new moment mentions the persons it asks whom the moment before did not
    wait for (the turn passes to them: the table comes down to them), once;
    a reminder mentions everyone it reminds. The persons `acting` (whose
    action this state reports) are waited for already. A clock re-armed by a
    kick or a player back (the reminder gone) is still the same moment.

    `later`: a turn or decision passing to one person may leave the table in
    place, its mention owed only when the clock's ping falls due (a
    question put to several keeps its post at once). Such a mention not yet
    said is owed no more once its person acts, or the moment passes."""
    now = moment_of(live, live.public_view(), presence)
    said = published.ping
    users = tuple(now.users)
    owed = published.intent
    if owed is not None and owed.later:  # a ping not yet said: still owed?
        left = tuple(u for u in owed.users or () if u not in acting)
        if owed.key != now.key or not left:
            published = published.but(intent=None)
        elif left != owed.users:
            published = published.but(intent=replace(owed, users=left))
    # A question the bot answers for everyone asked (standing answers, the
    # away) waits for nobody: whom the game waited for stays as it was.
    question = bool(live.rules.asked(live.state))
    waiting = users or (said.users or () if question else ())
    published = published.but(ping=Ping(now.key, now.reminder, waiting))
    if said.key != now.key:
        waited = set(said.users or ()) if said.key is not None else set()
        waited |= acting
        fresh = tuple(u for u in users if u not in waited)
        if fresh:
            wait = later and not question and not now.reminder
            return published.but(intent=Intent(live.version, now.key, True, True, fresh, wait))
    elif now.reminder and not said.reminded and users:
        return published.but(intent=Intent(live.version, now.key, True, False, users))
    return published
