"""The floor measured beside the play, at the same moments: what `bench.bot_load`
divides the bot's cost by.

The null bot (`bench.null_bot`) runs on a shard of its own while the real bot
plays, and owns a server of its own, whose channels each show a copy of a
real game's table. Each interaction the players send the bot in play is, once it is
answered, sent again to the null bot: a typed command as the same command
(through its command tree), any other as a press of the copied table's hand
button, the presses of each 50 ms spread evenly over the next 50 ms. So the
null bot answers as many interactions, at the play's pace, on the same
cores in the same seconds. A floor measured after
the play, in the bot's place, met other seconds of a shared machine: its
figure swung by half from one run to the next, more than the bot's own cost
changed (docs/performance.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections import deque
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any

from .botproc import BotProcess
from .floor import TYPED_OPTIONS, answering, hand_button
from .loopback import PICTURE, LoadDiscord
from .metrics import Sample, sample_of
from fakediscord.interactions import InteractionResult
from fakediscord.models import FakeChannel, FakeGuild, FakeMessage, FakeUser

#: Seconds the null bot is given, after the play, to answer what was sent beside it.
DRAIN = 5.0
#: Seconds between two looks at what the play asked (and what it asked is sent over).
TICK = 0.05


async def _until(moment: float) -> None:
    delay = moment - time.monotonic()
    if delay > 0:
        await asyncio.sleep(delay)


@dataclass
class Seat:
    """One of the null bot's channels: its presser and its copy of a table."""

    channel: FakeChannel
    user: FakeUser
    table: FakeMessage


@dataclass
class Beside:
    """The null bot beside the play; `asked` is `Metrics.mirror`."""

    server: LoadDiscord
    null: BotProcess
    seats: list[Seat]
    kinds: deque[tuple[str, int]] = field(default_factory=deque)  # asked, not sent yet
    samples: list[Sample] = field(default_factory=list)
    asked_count: int = 0
    pictures: int = 0  # of those asked, answered with a picture
    pictured: int = 0  # of the null bot's answers, those with a picture
    open: bool = False
    _free: asyncio.Queue[Seat] = field(default_factory=asyncio.Queue)
    _pacer: asyncio.Task[None] | None = None
    _pressing: set[asyncio.Task[None]] = field(default_factory=set)
    _start: float = 0.0
    _cpu_before: float = 0.0
    _load_before: tuple[float, float, float] = (0.0, 0.0, 0.0)

    @staticmethod
    async def table_copies(
        server: LoadDiscord, guild: FakeGuild, count: int, table: FakeMessage
    ) -> list[Seat]:
        """`count` channels in `guild`, each with a player and a copy of `table`."""
        body = {"content": table.content, "embeds": table.embeds, "components": table.components}
        seats = []
        for n in range(count):
            channel = server.add_channel(f"floor-{n:04d}", guild=guild)
            user = server.add_user(f"F{n:04d}", guild=guild)
            seats.append(Seat(channel, user, await server.create_message(channel, body, [])))
        return seats

    def asked(self, kind: str, uploaded: int) -> None:
        """The players sent the bot an interaction of `kind`, its answer
        uploading `uploaded` bytes: one more for the null bot, whose answer
        uploads as many (a picture of that size)."""
        if self.open:
            self.asked_count += 1
            self.pictures += bool(uploaded)
            self.kinds.append((kind, uploaded))

    async def warm(self) -> None:
        """Connected is not ready: one answer of each kind first (its imports done)."""
        for kind, picture in (("slash:hand", 0), ("slash:play", 0), ("button", 0), ("button", 1)):
            mark = PICTURE.set(picture)
            try:
                for _ in range(50):
                    if (await self._send(self.seats[0], kind)).response is not None:
                        break
            finally:
                PICTURE.reset(mark)

    def start(self) -> None:
        self.open = True
        for seat in self.seats:
            self._free.put_nowait(seat)
        self._pacer = asyncio.create_task(self._pace())
        self._cpu_before = self.null.cpu_seconds()
        self._start = time.monotonic()
        self._load_before = os.getloadavg()

    async def stop(self) -> dict[str, Any]:
        """No more asked; what was asked answered (or `DRAIN` s passed): the floor."""
        self.open = False
        deadline = time.monotonic() + DRAIN
        while (self.kinds or self._pressing) and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        took = time.monotonic() - self._start
        cpu = self.null.cpu_seconds() - self._cpu_before
        for task in (self._pacer, *self._pressing):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        answered = [s.latency for s in self.samples if s.outcome == "ok"]
        # Late answers cost the null bot as much as those in time.
        sent = sum(1 for s in self.samples if s.outcome in ("ok", "late"))
        return {
            "measured": "beside the play",
            "channels": len(self.seats),
            "asked": self.asked_count,
            "paced_per_second": round(self.asked_count / took, 1),
            "pressed": "typed commands as typed, the rest by the hand button",
            # The bot's answers that uploaded a picture, and the null bot's.
            "answered_with_a_picture": self.pictures,
            "null_bot_answered_with_a_picture": self.pictured,
            "seconds": round(took, 1),
            "load_average_before_after": [
                round(self._load_before[0], 2),
                round(os.getloadavg()[0], 2),
            ],
            **answering(answered, sent, cpu, took, self.asked_count),
        }

    async def _pace(self) -> None:
        """What was asked in the last tick, sent spread evenly over the next:
        as the floor after the play was paced (its presses evenly spaced), at
        the play's pace of the moment, one tick behind it. Sent as soon as
        asked, the presses left in the bursts in which the harness reads the
        bot's answers, and the null bot read several at once."""
        while True:
            tick = time.monotonic()
            due = len(self.kinds)
            for n in range(due):
                await _until(tick + TICK * n / due)
                seat = await self._free.get()
                press = asyncio.create_task(self._press(seat, self.kinds.popleft()))
                self._pressing.add(press)
                press.add_done_callback(self._pressing.discard)
            await _until(tick + TICK)

    async def _press(self, seat: Seat, asked: tuple[str, int]) -> None:
        kind, uploaded = asked
        PICTURE.set(uploaded)  # this task's interaction: its token tells the null bot
        try:
            rec = await self._send(seat, kind)
            self.pictured += bool(rec.uploaded)
            self.samples.append(sample_of(kind, "floor", rec))
            self.server.forget_old()
        except (LookupError, ValueError, RuntimeError):
            pass  # counted as not answered: the floor did not keep pace
        finally:
            self._free.put_nowait(seat)

    def _send(self, seat: Seat, kind: str) -> Awaitable[InteractionResult]:
        name = kind.removeprefix("slash:")
        if kind.startswith("slash:") and name in TYPED_OPTIONS:
            return self.server.slash(
                seat.user, seat.channel, "mammamia", name, options=TYPED_OPTIONS[name]
            )
        return self.server.click(seat.user, seat.table, hand_button(seat.table))
