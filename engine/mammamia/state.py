"""The game state: every card's place, whose move it is, and the hidden PRNG.

A `State` is plain mutable data with a cheap `copy()`. The public functions in
`engine.game` never change a state their caller holds: they copy first.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .cards import BOXES, MAMMA_MIA, Box

SCHEMA_VERSION = 1

TURN, REVEAL, OVER = "turn", "reveal", "over"
CHOOSE, PAY, HELP = "choose", "pay", "help"

Cards = tuple[tuple[str, int], ...]  # an ordered, hashable {kind: count}


class Pending(NamedTuple):
    """A revealed order waiting for its owner's (or an asked helper's) decision.

    `options` are the open choices (MM-R10); `covered` says they are all fully
    met by the table, so one must be taken. `missing` is what the table lacks
    for the fixed `choice`; a Bombastica instead lacks `short` cards of any kind.
    `asking` is the queue of seats still to be asked for help, current first.
    """

    order: str
    owner: int
    stage: str
    options: tuple[tuple[str, ...], ...] = ()
    covered: bool = False
    choice: tuple[str, ...] | None = None
    missing: Cards = ()
    short: int = 0
    ask: Cards = ()
    asking: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"order": self.order, "owner": self.owner, "stage": self.stage}
        if self.options:
            data["options"] = [list(o) for o in self.options]
            data["covered"] = self.covered
        if self.choice is not None:
            data["choice"] = list(self.choice)
        data["missing"] = dict(self.missing)
        if self.short:
            data["short"] = self.short
        if self.ask:
            data["ask"] = dict(self.ask)
            data["asking"] = list(self.asking)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Pending:
        return cls(
            order=data["order"],
            owner=data["owner"],
            stage=data["stage"],
            options=tuple(tuple(o) for o in data.get("options", ())),
            covered=data.get("covered", False),
            choice=tuple(data["choice"]) if data.get("choice") is not None else None,
            missing=tuple(data.get("missing", {}).items()),
            short=data.get("short", 0),
            ask=tuple(data.get("ask", {}).items()),
            asking=tuple(data.get("asking", ())),
        )


class LastPlay(NamedTuple):
    """The latest play of phase 1, all the public table shows of it (MM-T7, MM-V2)."""

    seat: int
    kind: str | None  # None: a pass (MM-T4) or a skip (PL-T2)
    count: int = 0  # type: ignore[assignment]  # a field, shadowing tuple.count
    order: str | None = None
    skipped: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "ingredient": self.kind,
            "count": self.count,
            "order": self.order,
            "skipped": self.skipped,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LastPlay:
        return cls(data["seat"], data["ingredient"], data["count"], data["order"], data["skipped"])


@dataclass(slots=True)
class State:
    """Everything about one game. Piles are top card first, except `oven`,
    which is in the order the cards were played (MM-R1)."""

    box: Box
    seats: int
    colours: tuple[str, ...]
    help: bool
    last_round: int  # MM-E1, PL-E1
    phase: str = TURN
    round: int = 1
    current: int = 0  # whose turn it is in phase 1
    supply: list[str] = field(default_factory=list)
    oven: list[str] = field(default_factory=list)
    table: dict[str, int] = field(default_factory=dict)
    used: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    order_piles: list[list[str]] = field(default_factory=list)
    delivered: list[list[str]] = field(default_factory=list)
    delivered_pile: list[str] = field(default_factory=list)  # plus: face down, top first
    mamma_mia: int | None = None  # the seat with the MAMMA MIA card in front of it
    revealer: int | None = None
    turns_left: int | None = None  # PL-T4: turns left in a round that began with no supply
    pending: Pending | None = None
    last_play: LastPlay | None = None
    winners: tuple[int, ...] = ()
    rng: int = 0
    reshuffles: tuple[tuple[str, ...], ...] = ()
    version: int = 0  # actions applied so far

    @property
    def variant(self) -> str:
        return self.box.variant

    def copy(self) -> State:
        """A deep enough copy: every list and dict is new; frozen parts are shared."""
        return State(
            self.box,
            self.seats,
            self.colours,
            self.help,
            self.last_round,
            self.phase,
            self.round,
            self.current,
            self.supply[:],
            self.oven[:],
            self.table.copy(),
            self.used[:],
            [h[:] for h in self.hands],
            [p[:] for p in self.order_piles],
            [d[:] for d in self.delivered],
            self.delivered_pile[:],
            self.mamma_mia,
            self.revealer,
            self.turns_left,
            self.pending,
            self.last_play,
            self.winners,
            self.rng,
            self.reshuffles,
            self.version,
        )

    def seat_of(self, order: str) -> int:
        return self.colours.index(order.split("-", 1)[0])

    def to_act(self) -> tuple[int, ...]:
        """Who may act now: one seat in phase 1; the order's owner, or the asked
        helper, during the reveal; nobody when the game is over."""
        if self.phase == TURN:
            return (self.current,)
        if self.phase == REVEAL and self.pending is not None:
            if self.pending.stage == HELP:
                return (self.pending.asking[0],)
            return (self.pending.owner,)
        return ()

    # --- JSON -------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole state (record-format STATE), hidden parts included."""
        players = []
        for seat in range(self.seats):
            players.append(
                {
                    "seat": seat,
                    "colour": self.colours[seat],
                    "hand": list(self.hands[seat]),
                    "order_pile": list(self.order_piles[seat]),
                    "delivered": list(self.delivered[seat]),
                    "mamma_mia": self.mamma_mia == seat,
                }
            )
        return {
            "schema": SCHEMA_VERSION,
            "variant": self.variant,
            "seats": self.seats,
            "help": self.help,
            "last_round": self.last_round,
            "phase": self.phase,
            "round": self.round,
            "to_act": list(self.to_act()),
            "current": self.current,
            "supply": list(self.supply),
            "oven": list(self.oven),
            "table": {k: n for k, n in self.table.items() if n},
            "used": list(self.used),
            "players": players,
            "delivered_pile": list(self.delivered_pile),
            "revealer": self.revealer,
            "turns_left": self.turns_left,
            "pending": self.pending.to_json() if self.pending else None,
            "last_play": self.last_play.to_json() if self.last_play else None,
            "winners": list(self.winners),
            "rng": self.rng,
            "reshuffles": [list(r) for r in self.reshuffles],
            "version": self.version,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        if data.get("schema") != SCHEMA_VERSION:
            raise ValueError(f"unknown state schema {data.get('schema')!r}")
        box = BOXES[data["variant"]]
        players = data["players"]
        holder = [p["seat"] for p in players if p["mamma_mia"]]
        return cls(
            box=box,
            seats=data["seats"],
            colours=tuple(p["colour"] for p in players),
            help=data["help"],
            last_round=data["last_round"],
            phase=data["phase"],
            round=data["round"],
            current=data["current"],
            supply=list(data["supply"]),
            oven=list(data["oven"]),
            table={k: data["table"].get(k, 0) for k in box.kinds},
            used=list(data["used"]),
            hands=[list(p["hand"]) for p in players],
            order_piles=[list(p["order_pile"]) for p in players],
            delivered=[list(p["delivered"]) for p in players],
            delivered_pile=list(data["delivered_pile"]),
            mamma_mia=holder[0] if holder else None,
            revealer=data["revealer"],
            turns_left=data["turns_left"],
            pending=Pending.from_json(data["pending"]) if data["pending"] else None,
            last_play=LastPlay.from_json(data["last_play"]) if data["last_play"] else None,
            winners=tuple(data["winners"]),
            rng=data["rng"],
            reshuffles=tuple(tuple(r) for r in data["reshuffles"]),
            version=data["version"],
        )

    def fingerprint(self) -> str:
        """A hash of the whole state; a replay must give the same one (issue: replay = live)."""
        canonical = self.to_json()
        for player in canonical["players"]:  # order within these carries no meaning
            player["hand"].sort()
            player["delivered"].sort()
        canonical["used"].sort()
        text = json.dumps(canonical, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    # --- MM-V3 ------------------------------------------------------------

    def all_cards(self) -> list[str]:
        """Every card in play, wherever it is; MM-V3 says each is in exactly one place."""
        cards = self.supply + self.oven + self.used
        for kind, n in self.table.items():
            cards += [kind] * n
        for seat in range(self.seats):
            cards += self.hands[seat] + self.order_piles[seat]
        if self.variant == "plus":
            cards += self.delivered_pile
        else:
            for pile in self.delivered:
                cards += pile
        if self.pending is not None:
            cards.append(self.pending.order)
        if self.mamma_mia is not None:
            cards.append(MAMMA_MIA)
        return cards
