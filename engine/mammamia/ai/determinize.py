"""A seat's information set, and sampling a whole `State` from it.

An `Observation` is built from `engine.player_view` (the public table and the
seat's own hand) and the seat's `Memory` of public events; nothing else of the
real state is read. `determinize` deals every card the seat cannot see at
random, consistently with what it knows: hand and pile sizes, each colour's
order cards, the orders seen delivered, the orders not made that lie under
their owner's pile (MM-R5) or were drawn back from there, the oven's
remembered plays, the used pile, the supply's size and the MAMMA MIA card's
holder (MM-T7).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from dataclasses import dataclass, field

from ..cards import BOXES, MAMMA_MIA, Box
from ..reveal import remainder
from ..state import HELP, Pending, State
from ..views import PlayerView, PublicView, player_view
from .memory import Memory, Slot


@dataclass(frozen=True)
class Observation:
    """All a seat knows: its view and its remembered oven and used pile."""

    seat: int
    view: PlayerView
    oven: tuple[Slot, ...]  # one per oven card, in play order
    used: tuple[str, ...]
    made: dict[int, tuple[str, ...]]
    rewards: dict[int, int]
    # per seat: orders known under its order pile (top to bottom), and orders
    # known in its hand, drawn back from there (`Memory.pile_bottoms`)
    bottoms: dict[int, tuple[str, ...]] = field(default_factory=dict)
    held: dict[int, tuple[str, ...]] = field(default_factory=dict)

    @property
    def box(self) -> Box:
        return BOXES[self.view.variant]

    @property
    def hand(self) -> list[str]:
        return list(self.view.hand)

    def known_oven(self) -> list[str | None]:
        return [slot.card for slot in self.oven]

    def key(self, salt: int) -> int:
        """A seed for one decision: the same knowledge gives the same number."""
        text = json.dumps(
            [
                salt,
                self.seat,
                self.view.to_json(),
                [(s.card, s.owner) for s in self.oven],
                self.used,
            ],
            sort_keys=True,
            separators=(",", ":"),
        )
        return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


UNKNOWN = Slot(None, None)  # an oven card whose play the seat forgot


def _top(view: PublicView) -> list[str]:
    """The latest play's cards, face up on top of the oven (MM-T7, MM-V2),
    as many as the oven holds."""
    last = view.last_play
    if not (last and last.kind):
        return []
    cards = [last.kind] * last.count + ([last.order] if last.order else [])
    return cards[len(cards) - min(len(cards), view.oven_size) :]


def oven_slots(view: PublicView, memory: Memory | None) -> list[Slot]:
    """The oven as the seat knows it, a slot a card: its memory of the plays
    and the latest play on top. Without a memory, only that play."""
    size = view.oven_size
    slots = list(memory.oven) if memory is not None else []
    if len(slots) > size:  # out of step: keep the cards revealed last
        slots = slots[len(slots) - size :]
    slots = [UNKNOWN] * (size - len(slots)) + slots
    top = _top(view)
    if top:
        seat = view.last_play.seat if view.last_play else None
        slots[size - len(top) :] = [Slot(card, seat) for card in top]
    return slots


def known_oven(view: PublicView, memory: Memory | None) -> list[str | None]:
    """`oven_slots`' cards (None where forgotten), without their slots."""
    size = view.oven_size
    known = [s.card for s in memory.oven[-size:]] if memory is not None and size else []
    cards: list[str | None] = [None] * (size - len(known))
    cards += known
    top = _top(view)
    if top:
        cards[size - len(top) :] = top
    return cards


def observe(state: State, seat: int, memory: Memory | None) -> Observation:
    """The seat's information set. Without a memory nothing of the oven is known."""
    view = player_view(state, seat)
    slots = oven_slots(view, memory)
    used = list(memory.used) if memory is not None else []
    used = used[: view.used_size]
    made = {s: tuple(m) for s, m in memory.made.items()} if memory is not None else {}
    rewards = dict(memory.rewards) if memory is not None else {}
    bottoms, held = {}, {}
    if memory is not None:
        for player in view.players:
            s = player.seat
            bottoms[s], held[s] = memory.pile_bottoms(s, player.order_pile_size)
    return Observation(seat, view, tuple(slots), tuple(used), made, rewards, bottoms, held)


def pending_of(view: PublicView) -> Pending | None:
    """The decision awaited, rebuilt from the view (the help queue from pile sizes)."""
    data = view.pending
    if data is None:
        return None
    seats = view.seats
    piles = [p.order_pile_size for p in view.players]
    asking: tuple[int, ...] = ()
    if data.stage == HELP and data.asking is not None:  # clockwise from the asked seat
        first, owner = data.asking, data.owner
        queue, seat = [], first
        while seat != owner:
            if seat == first or piles[seat]:
                queue.append(seat)
            seat = (seat + 1) % seats
        asking = tuple(queue)
    return Pending(
        order=data.order,
        owner=data.owner,
        stage=data.stage,
        options=data.options,
        covered=data.covered,
        choice=data.choice,
        missing=tuple(data.missing.items()),
        short=data.short,
        ask=tuple(data.ask.items()),
        asking=asking,
    )


def determinize(obs: Observation, rnd: random.Random) -> State:
    """One world the seat cannot tell from the real one."""
    view, me = obs.view, obs.seat
    box = obs.box
    seats = view.seats
    players = view.players
    colours = tuple(p.colour for p in players)
    plus = box.variant == "plus"
    hand_sizes = [p.hand_size for p in players]
    pile_sizes = [p.order_pile_size for p in players]
    table = {k: view.table.get(k, 0) for k in box.kinds}

    # Ingredients nobody has seen where they are.
    keep = box.copies - box.removed[seats]
    unseen = Counter({k: keep for k in box.kinds})
    unseen.subtract(c for c in obs.view.hand if c in box.kindset)
    unseen.subtract(table)
    unseen.subtract(s.card for s in obs.oven if s.card in box.kindset)
    unseen.subtract(obs.used)

    # Orders: what is known to be where, per colour.
    pending_order = view.pending.order if view.pending else None
    known_orders = {c for c in obs.view.hand if c not in box.kindset}
    known_orders |= {s.card for s in obs.oven if s.card is not None}
    if pending_order:
        known_orders.add(pending_order)
    delivered: list[list[str]] = []
    for seat in range(seats):
        shown = players[seat].delivered
        if shown is not None:
            delivered.append(list(shown))
        else:
            delivered.append(list(obs.made.get(seat, ())))
        known_orders.update(delivered[seat])

    hands: list[list[str]] = [[] for _ in range(seats)]
    piles: list[list[str]] = [[] for _ in range(seats)]
    oven: list[str | None] = obs.known_oven()
    hands[me] = list(obs.view.hand)
    forgotten = [i for i, s in enumerate(obs.oven) if s.card is None]
    pending = pending_of(view)
    asker, reserved = -1, []
    if pending is not None and pending.stage == HELP and pending.owner != me:
        asker = pending.owner  # PL-H1: whoever asks holds the rest of what is missing
        rest_needed = () if pending.short else remainder(pending.missing, pending.ask)
        reserved = [kind for kind, n in rest_needed for _ in range(n)]
    for seat in range(seats):
        mine = [o for o in box.order_ids(colours[seat]) if o not in known_orders]
        bottom = [o for o in obs.bottoms.get(seat, ()) if o in mine]
        held = [o for o in obs.held.get(seat, ()) if o in mine and seat != me]
        mine = [o for o in mine if o not in bottom and o not in held]
        rnd.shuffle(mine)
        top = pile_sizes[seat] - len(bottom)  # MM-R5: orders not made lie underneath
        piles[seat] = mine[:top] + bottom
        rest = mine[top:] + held
        if plus:  # PL-H3: helper orders went face down from the pile's top
            taken = rest[: obs.rewards.get(seat, 0)]
            delivered[seat] += taken
            rest = rest[len(taken) :]
        if seat != me:
            room = hand_sizes[seat] - (len(reserved) if seat == asker else 0)
            hands[seat] = rest[:room]
            rest = rest[room:]
        for i in forgotten:  # orders in plays the seat forgot
            if not rest:
                break
            if oven[i] is None and obs.oven[i].owner == seat:
                oven[i] = rest.pop()

    pool = [k for k, n in unseen.items() for _ in range(max(n, 0))]
    rnd.shuffle(pool)

    def deal(n: int) -> list[str]:
        n = max(n, 0)
        taken = pool[:n]
        del pool[:n]
        while len(taken) < n:  # only if the memory is out of step with the table
            taken.append(box.kinds[int(rnd.random() * len(box.kinds))])
        return taken

    for kind in reserved:
        if kind in pool:
            pool.remove(kind)
            hands[asker].append(kind)
    for seat in range(seats):
        if seat != me:
            hands[seat] += deal(hand_sizes[seat] - len(hands[seat]))
    for i in forgotten:
        if oven[i] is None:
            oven[i] = deal(1)[0]
    used = list(obs.used) + deal(view.used_size - len(obs.used))
    holder = next((p.seat for p in players if p.mamma_mia), None)
    in_supply = box.has_mamma_mia and holder is None
    supply = deal(view.supply_size - in_supply)
    if in_supply:
        supply.insert(int(rnd.random() * (len(supply) + 1)), MAMMA_MIA)

    delivered_pile: list[str] = []
    if plus:
        for seat in range(seats):
            delivered_pile += delivered[seat]
    return State(
        box=box,
        seats=seats,
        colours=colours,
        help=view.help,
        last_round=view.last_round,
        phase=view.phase,
        round=view.round,
        current=view.current,
        supply=supply,
        oven=[c for c in oven if c is not None],
        table=table,
        used=used,
        hands=hands,
        order_piles=piles,
        delivered=delivered,
        delivered_pile=delivered_pile,
        mamma_mia=holder,
        revealer=view.revealer,
        turns_left=view.turns_left,
        pending=pending,
        last_play=view.last_play,
        winners=tuple(view.winners),
        rng=rnd.getrandbits(64),
        version=view.version,
    )
