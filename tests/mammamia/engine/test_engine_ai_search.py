"""The search and the heuristic's plans (engine/mammamia/ai/ismcts.py, plan.py),
and no decision of any difficulty that depends on a card the seat cannot
know (MM-T7, MM-V1): every unseen card re-dealt, the decision stays."""

from __future__ import annotations

import random

import pytest

from engine.mammamia import State, legal_actions, new_game, player_view, step
from engine.mammamia.actions import Action, Turn
from engine.mammamia.ai import HeuristicAgent, IsmctsAgent, ismcts, make_agent
from engine.mammamia.ai.determinize import Observation, determinize, observe
from engine.mammamia.ai.memory import Memory
from engine.mammamia.ai.plan import candidates, plan_turn
from engine.mammamia.cards import BOXES
from engine.mammamia.events import Event
from engine.mammamia.state import CHOOSE, HELP, OVER, PAY, REVEAL, TURN


def _position(variant: str, seats: int, seed: int, actions: int) -> tuple[State, list[Event]]:
    """A phase-1 turn after some heuristic moves, with every event so far."""
    state, events = new_game(variant, seats, seed=seed)
    agents = [HeuristicAgent(seed + s, seat=s, events=events) for s in range(seats)]
    done = 0
    while done < actions or state.phase != TURN:
        seat = state.to_act()[0]
        new: list[Event] = []
        step(state, agents[seat].choose(state, seat), new)
        events += new
        for agent in agents:
            agent.observe(new)
        done += 1
    return state, events


# Every difficulty as it ships, the searches on smaller budgets, and the
# agents they are made of.
AGENT_MAKERS = {
    "heuristic": lambda seat, ev: HeuristicAgent(5, seat=seat, events=ev),
    "easy": lambda seat, ev: make_agent("easy", 5, seat=seat, events=ev),
    "medium": lambda seat, ev: make_agent("medium", 5, seat, ev, {"playouts": 25}),
    "hard": lambda seat, ev: make_agent("hard", 5, seat, ev, {"steps": 1500, "wide_steps": 1500}),
    "ismcts": lambda seat, ev: IsmctsAgent(5, seat=seat, playouts=25, events=ev),
    "ismcts-wide": lambda seat, ev: IsmctsAgent(
        5, seat=seat, wide_seats=2, wide_steps=1500, events=ev
    ),
}


@pytest.mark.parametrize("name", sorted(AGENT_MAKERS))
@pytest.mark.parametrize(
    ("variant", "seats", "seed", "actions"),
    [("classic", 3, 31, 11), ("plus", 4, 32, 14), ("classic", 3, 34, 60), ("classic", 2, 33, 12)],
)
def test_every_unseen_card_redealt_leaves_the_decision(
    name: str, variant: str, seats: int, seed: int, actions: int
) -> None:
    """MM-T7, MM-V1: a world dealt anew from what the seat may know (other
    hands, order piles, supply, forgotten oven plays, the PRNG) gives the
    same decision; in the second round, too, where orders not made lie known
    under their piles or were drawn back (MM-R5)."""
    state, events = _position(variant, seats, seed, actions)
    seat = state.to_act()[0]
    make = AGENT_MAKERS[name]
    recall = make(seat, []).memory.recall
    memory = Memory.from_events(events, seat, recall, make(seat, []).memory.seed)
    obs = observe(state, seat, memory)
    assert state.round == 1 or (any(obs.bottoms.values()) and any(obs.held.values()))
    rnd = random.Random(seed)
    moves = {make(seat, events).choose(state, seat)}
    changed = 0
    for _ in range(3):
        other = determinize(obs, rnd)
        assert player_view(other, seat) == player_view(state, seat)
        changed += other.fingerprint() != state.fingerprint()
        moves.add(make(seat, events).choose(other, seat))
    assert changed == 3
    assert len(moves) == 1


def _reveal_positions(seed: int, stages: set[str]) -> list[tuple[State, list[Event]]]:
    """Reveal decisions of a Plus game with help (MM-R4, MM-R10, PL-H1, PL-H2)
    with more than one legal answer, one per stage, with every event before."""
    state, events = new_game("plus", 4, seed=seed)
    agents = [HeuristicAgent(seed + s, seat=s, events=events) for s in range(4)]
    found: dict[str, tuple[State, list[Event]]] = {}
    while state.phase != OVER and set(found) != stages:
        seat = state.to_act()[0]
        pending = state.pending
        stage = pending.stage if state.phase == REVEAL and pending is not None else None
        if stage is not None and stage not in found and len(legal_actions(state, seat)) > 1:
            found[stage] = (state.copy(), list(events))
        new: list[Event] = []
        step(state, agents[seat].choose(state, seat), new)
        events += new
        for agent in agents:
            agent.observe(new)
    return list(found.values())


@pytest.mark.parametrize("name", sorted(AGENT_MAKERS))
def test_every_unseen_card_redealt_leaves_a_reveal_decision(name: str) -> None:
    """MM-V1 in the reveal: the choice of kind, paying or asking for help, and
    helping (PL-H2) depend only on what the deciding seat may know."""
    positions = _reveal_positions(41, {CHOOSE, PAY, HELP})
    assert {p.pending.stage for p, _ in positions if p.pending} == {CHOOSE, PAY, HELP}
    make = AGENT_MAKERS[name]
    for state, events in positions:
        seat = state.to_act()[0]
        blank = make(seat, []).memory
        memory = Memory.from_events(events, seat, blank.recall, blank.seed)
        obs = observe(state, seat, memory)
        rnd = random.Random(7)
        moves = {make(seat, events).choose(state, seat)}
        for _ in range(3):
            other = determinize(obs, rnd)
            assert player_view(other, seat) == player_view(state, seat)
            assert other.fingerprint() != state.fingerprint()
            moves.add(make(seat, events).choose(other, seat))
        assert len(moves) == 1


def test_the_heuristic_places_an_order_the_oven_covers() -> None:
    """MM-R3: an order played now is checked against the table plus the
    oven revealed before it; the heuristic places one the oven will cover."""
    hand = ["salami", "salami", "pepper", "olive", "olive", "mushroom", "yellow-olive"]
    table = {"salami": 0, "pineapple": 1, "mushroom": 0, "pepper": 0, "olive": 2}
    oven = ["olive", "olive", None]
    move = plan_turn(0, new_game("classic", 2)[0].box, "yellow", 2, hand, table, oven, 7, 30)
    assert move.order == "yellow-olive"  # type: ignore[union-attr]
    assert move.ingredient != "olive"  # type: ignore[union-attr]  # the oven has 4 already


def test_the_heuristic_draws_orders_when_it_holds_few() -> None:
    """MM-T3: one source; with fewer than two orders the heuristic takes orders."""
    box = new_game("classic", 2)[0].box
    hand = ["salami", "salami", "pepper", "olive", "olive", "mushroom", "mushroom"]
    table = dict.fromkeys(box.kinds, 0)
    move = plan_turn(0, box, "yellow", 2, hand, table, [], 7, 30)
    assert move.order is None and move.draw == "orders"  # type: ignore[union-attr]
    assert move.count == 1  # type: ignore[union-attr]  # one card shed, not a group


def test_search_candidates_start_with_the_heuristic_move() -> None:
    state, _ = _position("classic", 2, 4, actions=6)
    seat = state.to_act()[0]
    args = (seat, state.box, state.colours[seat], 2, state.hands[seat], state.table, state.oven)
    found = candidates(*args, len(state.order_piles[seat]), len(state.supply), 8)
    assert found[0] == plan_turn(*args, len(state.order_piles[seat]), len(state.supply))
    assert 1 < len(found) <= 8 and len(set(found)) == len(found)


def _searched(
    seats: int, actions: int, **options: bool
) -> tuple[list[str], list[Action], list[Action]]:
    """In a classic position, the hand of the seat to move and the turns
    searched for it (any number), without `options` and with them."""
    state, _ = _position("classic", seats, 4, actions=actions)
    seat = state.to_act()[0]
    hand = state.hands[seat]
    args = (seat, state.box, state.colours[seat], seats, hand, state.table, state.oven)
    rest = (len(state.order_piles[seat]), len(state.supply), 99)
    return hand, candidates(*args, *rest), candidates(*args, *rest, **options)


def test_search_candidates_can_pair_every_amount_with_every_order() -> None:
    """`every`: each amount searched is tried with each order in hand and with
    none, as the rival's strong bot does, besides the plain candidates."""
    hand, narrow, wide = _searched(4, 12, every=True)
    ids = {c for c in hand if c not in BOXES["classic"].kindset}
    assert ids and set(narrow) < set(wide) and len(set(wide)) == len(wide)
    turns = [t for t in wide if isinstance(t, Turn)]
    for amount in {(t.ingredient, t.count) for t in turns}:
        placed = {t.order for t in turns if (t.ingredient, t.count) == amount}
        assert placed == ids | {None}, amount


def test_the_search_goes_wide_only_at_tables_of_wide_seats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`wide_seats=4`: from 4 seats on every amount meets every order, on the
    `wide_steps` budget and `wide_width` turns; at fewer seats the search is
    as before."""
    searched: list[tuple[int, int, bool]] = []
    root_moves = ismcts.root_moves

    def spy(obs: Observation, rnd: random.Random, width: int, every: bool = False) -> object:
        searched.append((obs.view.seats, width, every))
        return root_moves(obs, rnd, width, every)

    monkeypatch.setattr(ismcts, "root_moves", spy)
    for seats in (2, 4):
        state, events = _position("classic", seats, 4, actions=6)
        seat = state.to_act()[0]
        options = {"wide_seats": 4, "steps": 300, "wide_steps": 500, "wide_width": 30}
        IsmctsAgent(5, seat=seat, events=events, **options).choose(state, seat)
    assert searched == [(2, 24, False), (4, 30, True)]
