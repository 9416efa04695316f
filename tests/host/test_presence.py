"""bot.live.presence: the armed deadline is stored once (the game's deadline_at)."""

from __future__ import annotations

from datetime import UTC, datetime

import discord

from bot.i18n import t
from bot.kit.reply import Reply
from bot.live.presence import Answers, Armed, Auto, Presence
from bot.publishing.table_post import presence_notes

DEADLINE = datetime(2025, 1, 1, 12, 0, 30, tzinfo=UTC)


def test_timeout_is_the_reminder_deadline_plus_the_rest() -> None:
    stored = {"armed": {"version": 3, "reminded": False, "rest": 30.0}}
    presence = Presence.of(stored, 2, DEADLINE)
    assert presence.armed is not None
    assert presence.armed.due == DEADLINE.timestamp() + 30


def test_once_reminded_the_deadline_is_the_timeout() -> None:
    stored = {"armed": {"version": 3, "reminded": True, "rest": 30.0}}
    presence = Presence.of(stored, 2, DEADLINE)
    assert presence.armed is not None
    assert presence.armed.due == DEADLINE.timestamp()
    assert Presence.of(stored, 2, None).armed == Armed(3, reminded=True, rest=30.0, due=None)


def test_the_timeout_is_never_stored_in_the_presence() -> None:
    # A presence written before deadline_at was the only deadline carried its own.
    old = {"armed": {"version": 1, "due": 5.0, "half": 2.0, "reminded": False}}
    presence = Presence.of(old, 2, DEADLINE)
    assert presence.armed is not None and presence.armed.due == DEADLINE.timestamp()
    assert presence.to_json()["armed"] == {"version": 1, "reminded": False, "rest": None}


def test_what_is_written_reads_back_the_same() -> None:
    presence = Presence(
        timeouts=[0, 2],
        away=[False, True],
        kicked=[False, False],
        armed=Armed(4, rest=30.0, ask=True),
        auto=Auto(4, 1, "timeout"),
        answers=Answers(3, {0: {"type": "help", "cards": []}}),
        unattended=7,
    )
    stored = presence.to_json()
    assert stored["answers"] == {"version": 3, "seats": {"0": {"type": "help", "cards": []}}}
    again = Presence.of(stored, 2, DEADLINE)
    assert again.armed == Armed(4, rest=30.0, ask=True, due=DEADLINE.timestamp() + 30)
    assert (again.auto, again.answers) == (presence.auto, presence.answers)
    assert again.unattended == 7
    assert Presence.of({}, 2).unattended == 0, "a presence stored before the count: none yet"
    assert again.auto_at(4) == presence.auto and again.auto_at(5) is None
    assert again.armed_for(4) is again.armed and again.armed_for(3) is None


def test_a_table_shows_time_left_only_on_a_persons_clock() -> None:
    """A computer's pause, or a move the bot makes at once (an away seat, the
    seats it plays answering a question first), is armed with a timeout but
    no timer: the table and the web table showed it as "Time runs out: 0:00"
    while a person's question was still open. A person's turn or decision
    timer (the clocks with a half-way reminder) is shown, reminded or not."""
    computer = Armed(4, due=DEADLINE.timestamp())  # `deadlines.arm`: start + computer_pause
    person = Armed(4, rest=30.0, due=DEADLINE.timestamp() + 30)
    reminded = Armed(4, reminded=True, rest=30.0, due=DEADLINE.timestamp())
    assert computer.shown is None
    assert (person.shown, reminded.shown) == (person.due, reminded.due)
    for armed, shown in ((computer, False), (person, True), (reminded, True)):
        reply = Reply(embed=discord.Embed(title="table"))
        presence = Presence([0, 0], [False, False], [False, False], armed=armed)
        presence_notes(reply, presence, 4, ["Ana", "Ben"])
        assert reply.embed is not None
        assert (t("table.time_left") in [f.name for f in reply.embed.fields]) == shown, armed
