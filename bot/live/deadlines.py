"""When a game's next move is due, worked out when the move before it is
committed (and stored in the same write): a computer seat after a short
pause, a person away or gone at once, a person after the game's turn or
decision timer, half-way reminded; every clock starting once the players can
see the move, that is after the narration of what led to it.

A question put to several seats at once has one clock for all of it; the
seats the bot plays answer first (`ask`), at once.
"""

from __future__ import annotations

from datetime import UTC, datetime

from bot.i18n import N_
from bot.live.live import Live
from bot.live.presence import Armed, Presence
from engine.interface import Setting, chosen, seconds_of

#: `turn_timer` choices of every game's `new`, in seconds; None is off.
TURN_TIMERS: dict[str, int | None] = {
    "off": None,
    "1m": 60,
    "2m": 120,
    "5m": 300,
    "1h": 3600,
    "24h": 86400,
}
DEFAULT_TURN_TIMER = "2m"
DECISION_SECONDS = 60
COMPUTER_PAUSE = 1.5  # seconds a computer seat "thinks" before it moves, like a person
#: Moves in a row made while every seat is played by the bot (computers, people
#: away or gone) after which the bot ends the game: nobody is playing it. Well
#: past any whole game played so (at most 735 actions in 2,900 seeded games of
#: every game at its largest tables, played by the computers that play such
#: seats).
UNATTENDED_MOVES = 2000


def turn_seconds(settings: dict[str, Setting]) -> int | None:
    return TURN_TIMERS.get(chosen(settings, "turn_timer", DEFAULT_TURN_TIMER))


def arm(
    live: Live,
    presence: Presence,
    now: float,
    delay: float,
    computer_pause: float,
    ping_after: float | None = None,
) -> datetime | None:
    """Arm the next move's clock in `presence` (its `armed`); the deadline the
    timers must act on first, if any. `delay`: seconds of narration before the
    players see the move; `ping_after`: seconds after it at which a person
    whose turn it is gets their mention if they have not acted (the ping:
    before the reminder, which mentions anyway)."""
    acting = live.rules.to_act(live.state)
    due = half = None
    ask = False
    if acting:
        start = now + delay
        if live.rules.asked(live.state):  # one clock for the whole question
            ask = any(
                seat_played_by_bot(live, presence, s) or s in presence.standing
                for s in live.rules.asked(live.state)
            )
            seconds: float | None = seconds_of(
                live.row.settings, "decision_timer", DECISION_SECONDS
            )
            if ask:
                due = start  # those the bot plays answer first, at once
            elif seconds:
                due, half = start + seconds, start + seconds / 2
        elif live.row.seats[acting[0]].agent is not None:
            due = start + computer_pause
        elif presence.absent(acting[0]):
            due = start  # away or kicked: played at once
        else:
            deciding = live.public_view().pending is not None
            seconds = (
                seconds_of(live.row.settings, "decision_timer", DECISION_SECONDS)
                if deciding
                else turn_seconds(live.row.settings)
            )
            if seconds:
                due, half = start + seconds, start + seconds / 2
    # One stored deadline: the ping first if there is one, the reminder if
    # there is one, then the timeout.
    rest = None if half is None or due is None else due - half
    first = half if half is not None else due
    armed = presence.armed = Armed(
        live.version, rest=rest, ask=ask, due=due if first is not None else None
    )
    person = bool(acting) and not live.rules.asked(live.state)
    person = person and not seat_played_by_bot(live, presence, acting[0])
    if ping_after is not None and person:
        ping = now + delay + ping_after
        if first is None or ping < first:
            armed.pinging = True
            armed.after = None if first is None else first - ping
            return datetime.fromtimestamp(ping, UTC)
    return None if first is None else datetime.fromtimestamp(first, UTC)


def seat_played_by_bot(live: Live, presence: Presence, seat: int) -> bool:
    """A computer seat, or a person's seat the bot plays (away or kicked)."""
    return live.row.seats[seat].agent is not None or presence.absent(seat)


def count_unattended(live: Live, presence: Presence) -> bool:
    """Count a move into `presence.unattended` (back to 0 while anyone plays);
    True once nobody has played for `UNATTENDED_MOVES` moves: the game ends."""
    nobody = all(seat_played_by_bot(live, presence, s) for s in range(len(live.row.seats)))
    presence.unattended = presence.unattended + 1 if nobody else 0
    return unattended(presence)


def unattended(presence: Presence) -> bool:
    """The game was ended because nobody was playing it."""
    return presence.unattended >= UNATTENDED_MOVES


def ended_early(presence: Presence) -> str:
    """Why a game ended before its end, as the catalog's key: nobody was
    playing it any more, or its host or a moderator ended it."""
    return N_("table.ended_unattended") if unattended(presence) else N_("table.ended_early")


def arm_people(live: Live, presence: Presence, now: float) -> datetime | None:
    """The clock of a question once the seats the bot plays have answered: the
    people asked get the decision timer, half-way reminded."""
    seconds = seconds_of(live.row.settings, "decision_timer", DECISION_SECONDS)
    if not seconds:
        presence.armed = Armed(live.version)
        return None
    due, half = now + seconds, now + seconds / 2
    presence.armed = Armed(live.version, rest=due - half, due=due)
    return datetime.fromtimestamp(half, UTC)
