"""What a seat remembers of the public events: the oven's plays, the used pile,
the orders made, and what went on and off each order pile (so it knows the
orders not made that lie under it).

The oven is covered in the physical game (MM-T7), so remembering it is the
skill. A `Memory` with `recall` 1.0 remembers every play; with less it recalls
each play (kind, count and order card put in the oven) with that probability,
decided by a hash of its seed and the play's place in the game, so the same
seed forgets the same plays however the events arrive (one by one, in
batches, or all at once after a restart).

Only events a seat may see are used: public ones and those sent to it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ...rng import mix
from ..actions import ORDERS
from ..events import (
    Drawn,
    Event,
    GameStart,
    HelperScored,
    Made,
    Played,
    Returned,
    Revealed,
    RoundStarted,
)


@dataclass(frozen=True, slots=True)
class Slot:
    """One oven card as remembered: `card` None if its play was forgotten.
    Who played it stays known (the pile grows in front of everyone)."""

    card: str | None
    owner: int | None


@dataclass
class Memory:
    seat: int | None = None
    recall: float = 1.0
    seed: int = 0
    oven: list[Slot] = field(default_factory=list)  # play order: first is revealed next
    used: list[str] = field(default_factory=list)  # the used pile's known cards, this round
    made: dict[int, list[str]] = field(default_factory=dict)  # orders seen made, by owner
    rewards: dict[int, int] = field(default_factory=dict)  # PL-H3 unseen helper orders
    # What happened to each order pile this game, for `pile_bottoms`:
    # ("draw", n) from the top, ("return", order) under it (MM-R5, face up
    # at the reveal before it goes), ("top", 1) a helper's reward (PL-H3).
    piles: dict[int, list[tuple[str, int | str]]] = field(default_factory=dict)
    round: int = 1
    plays: int = 0  # plays this round, for the recall hash
    events: int = 0  # events taken in, for callers checking they are in step

    def sees(self, event: Event) -> bool:
        return event.public or event.to == self.seat

    def observe(self, events: Iterable[Event]) -> None:
        for event in events:
            if self.sees(event):
                self._take(event)

    def recalls(self, round_: int, play: int) -> bool:
        if self.recall >= 1.0:
            return True
        if self.recall <= 0.0:
            return False
        return mix(self.seed, round_, play) / 2**64 < self.recall

    def _take(self, event: Event) -> None:
        self.events += 1
        if isinstance(event, Played):
            cards = [event.ingredient] * event.count + ([event.order] if event.order else [])
            known = self.recalls(self.round, self.plays)
            self.plays += 1
            self.oven += [Slot(c if known else None, event.seat) for c in cards]
        elif isinstance(event, Revealed):
            if self.oven:
                self.oven.pop(0)
        elif isinstance(event, Made):
            for part in (event.table, event.paid, event.given):
                for ingredient, n in part.items():
                    self.used += [ingredient] * n
            self.made.setdefault(event.seat, []).append(event.order)
        elif isinstance(event, HelperScored):
            self.rewards[event.seat] = self.rewards.get(event.seat, 0) + 1
            self.piles.setdefault(event.seat, []).append(("top", 1))
        elif isinstance(event, Drawn):
            if event.source == ORDERS:
                self.piles.setdefault(event.seat, []).append(("draw", event.count))
        elif isinstance(event, Returned):
            self.piles.setdefault(event.seat, []).append(("return", event.order))
        elif isinstance(event, RoundStarted | GameStart):
            if isinstance(event, GameStart):
                self.made, self.rewards, self.piles = {}, {}, {}
            self.round = event.round
            self.oven, self.used, self.plays = [], [], 0

    @classmethod
    def from_events(
        cls, events: Iterable[Event], seat: int | None, recall: float = 1.0, seed: int = 0
    ) -> Memory:
        """A memory rebuilt from a game's past events (after a restart)."""
        memory = cls(seat, recall, seed)
        memory.observe(events)
        return memory

    def known_oven(self) -> list[str | None]:
        return [slot.card for slot in self.oven]

    def pile_bottoms(self, seat: int, size: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The orders known to lie at the bottom of `seat`'s order pile, top
        to bottom, given its `size` now, and those drawn back from there into
        its hand. An order that was not made went face up under the pile
        (MM-R5) and comes back only once every card above it is drawn. Worked
        out backwards from `size` for the pile's size before each change, then
        forwards."""
        log = self.piles.get(seat, [])
        before = size
        for what, value in reversed(log):
            if what == "return":
                before -= 1
            else:
                before += int(value)
        if before < 0:  # out of step with the table: know nothing
            return (), ()
        above = before  # unknown cards above the known ones
        bottom: list[str] = []
        held: list[str] = []
        for what, value in log:
            if what == "return":
                order = str(value)
                if order in held:
                    held.remove(order)
                bottom.append(order)
                continue
            n = int(value)
            taken = min(n, above)
            above -= taken
            drawn, bottom = bottom[: n - taken], bottom[n - taken :]
            if what == "draw":
                held += drawn
        return tuple(bottom), tuple(held)
