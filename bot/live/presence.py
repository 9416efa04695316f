"""Who is at the table: timeouts in a row, away and kicked seats, what the
game's deadline is armed for, and the last move the bot made for someone.
Stored per game, as JSON (`Presence.to_json`, read back by `Presence.of`).

The deadline itself is stored once, in the game's `deadline_at` column, which
the timers query. `Armed` stores only what that deadline is for: the turn of
`version`, and, while the half-way reminder is still to come, the seconds
`rest` from the reminder to the timeout. Its `due` (the timeout, which the
table shows) is worked out from the column when the presence is read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from engine.value import JSON


@dataclass(slots=True)
class Armed:
    """What the stored deadline is for."""

    version: int  # the game's version whose move it times
    reminded: bool = False  # the half-way reminder was said
    rest: float | None = None  # seconds from the reminder to the timeout, if one is to come
    ask: bool = False  # a question's clock: the seats the bot plays answer first
    # The stored deadline is the ping (the mention owed if the person has not
    # acted by then), and `after` the seconds from it to the reminder or the
    # timeout (None: no clock after it).
    pinging: bool = False
    after: float | None = None
    due: float | None = None  # the timeout in epoch seconds; derived, never stored

    @classmethod
    def of(cls, data: JSON, deadline: datetime | None) -> Armed:
        """The stored record ("due" and "half", which earlier versions stored,
        are worked out from `deadline` instead)."""
        armed = cls(
            version=int(data.get("version", -1)),
            reminded=bool(data.get("reminded")),
            rest=None if data.get("rest") is None else float(data["rest"]),
            ask=bool(data.get("ask")),
            pinging=bool(data.get("pinging")),
            after=None if data.get("after") is None else float(data["after"]),
        )
        armed.due = armed.timeout(deadline)
        return armed

    def to_json(self) -> JSON:
        data: JSON = {"version": self.version, "reminded": self.reminded, "rest": self.rest}
        if self.ask:
            data["ask"] = True
        if self.pinging:
            data["pinging"] = True
            data["after"] = self.after
        return data

    @property
    def shown(self) -> float | None:
        """The timeout a table shows as time left: a person's turn or decision
        timer (the clocks with a half-way reminder), never a computer's pause,
        nor a move the bot makes at once (for an away seat, or the seats it
        plays answering a question first), which would read as no time left."""
        return self.due if self.rest is not None else None

    def reminder_pending(self) -> bool:
        """Whether the stored deadline is the half-way reminder, not the timeout."""
        return not self.reminded and self.rest is not None

    def timeout(self, deadline: datetime | None) -> float | None:
        """When the armed move times out, in epoch seconds; None when it never does."""
        stage = self.after_ping(deadline)
        if stage is None:
            return None
        rest = self.rest if self.reminder_pending() and self.rest is not None else 0.0
        return stage.timestamp() + rest

    def after_ping(self, deadline: datetime | None) -> datetime | None:
        """The deadline of the clock's next stage once its ping is past: the
        reminder or the timeout (`deadline` itself when no ping is to come)."""
        if deadline is None or not self.pinging:
            return deadline
        return None if self.after is None else deadline + timedelta(seconds=self.after)

    def times(self, version: int) -> bool:
        """Whether it is armed for the move of `version`."""
        return self.version == version


@dataclass(frozen=True, slots=True)
class Auto:
    """A move the bot made for a person at `version`, and why (`timeout`,
    `away`, `kicked`)."""

    version: int
    seat: int
    why: str

    def to_json(self) -> JSON:
        return {"version": self.version, "seat": self.seat, "why": self.why}


@dataclass(frozen=True, slots=True)
class Answers:
    """Answers to a question put to several seats at once (`bot.flow.questions`), not
    yet applied: each seat's action in its JSON form, for the question of
    state `version`."""

    version: int
    seats: dict[int, JSON]
    pressed: tuple[int, ...] = ()  # the seats whose person answered (not the bot for them)

    def to_json(self) -> JSON:
        data: JSON = {"version": self.version, "seats": {str(s): a for s, a in self.seats.items()}}
        if self.pressed:
            data["pressed"] = list(self.pressed)
        return data


@dataclass(frozen=True, slots=True)
class Standing:
    """A person's answer given once for every question put to their seat
    (`bot.flow.questions`) for the rest of the narration under way (a
    reveal) or of the game: the same answer whatever the question, so it
    says nothing of what they hold."""

    answer: JSON  # the action, in its JSON form
    scope: str  # NARRATION or GAME

    def to_json(self) -> JSON:
        return {"answer": self.answer, "scope": self.scope}


#: How long a standing answer holds: to the next narration message, or the game's end.
NARRATION, GAME = "narration", "game"


@dataclass
class Presence:
    timeouts: list[int]
    away: list[bool]
    kicked: list[bool]
    armed: Armed | None = None
    auto: Auto | None = None
    answers: Answers | None = None
    #: Moves in a row made while every seat was played by the bot (`bot.live.deadlines`).
    unattended: int = 0
    standing: dict[int, Standing] = field(default_factory=dict)  # by seat
    extra: JSON = field(default_factory=dict)

    @classmethod
    def of(cls, data: JSON, seats: int, deadline: datetime | None = None) -> Presence:
        """The stored presence of a game whose `deadline_at` is `deadline`."""
        armed, auto, answers = data.get("armed"), data.get("auto"), data.get("answers")
        return cls(
            timeouts=list(data.get("timeouts", [0] * seats)),
            away=list(data.get("away", [False] * seats)),
            kicked=list(data.get("kicked", [False] * seats)),
            armed=Armed.of(armed, deadline) if armed else None,
            auto=Auto(int(auto["version"]), int(auto["seat"]), str(auto["why"])) if auto else None,
            answers=(
                Answers(
                    int(answers["version"]),
                    {int(s): a for s, a in (answers.get("seats") or {}).items()},
                    tuple(int(s) for s in answers.get("pressed") or ()),
                )
                if answers
                else None
            ),
            unattended=int(data.get("unattended", 0)),
            standing={
                int(seat): Standing(stood["answer"], str(stood["scope"]))
                for seat, stood in (data.get("standing") or {}).items()
            },
        )

    def to_json(self) -> JSON:
        return {
            "timeouts": self.timeouts,
            "away": self.away,
            "kicked": self.kicked,
            "armed": None if self.armed is None else self.armed.to_json(),
            "auto": None if self.auto is None else self.auto.to_json(),
            "answers": None if self.answers is None else self.answers.to_json(),
            "unattended": self.unattended,
            "standing": {str(s): stood.to_json() for s, stood in self.standing.items()},
        }

    def absent(self, seat: int) -> bool:
        """Played by the bot at once: kicked, or away after timing out."""
        return self.kicked[seat] or self.away[seat]

    def armed_for(self, version: int) -> Armed | None:
        """The clock of the move of `version`, if that is what is armed."""
        return self.armed if self.armed is not None and self.armed.times(version) else None

    def auto_at(self, version: int) -> Auto | None:
        """The move the bot made for someone, if it made the move of `version`."""
        return self.auto if self.auto is not None and self.auto.version == version else None
