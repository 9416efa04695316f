"""Computer players against the benchmark rival (engine/mammamia/ai/rival.py, plan.py):
legal whole games, and no decision that depends on a card the seat cannot
know (MM-T7, MM-V1): every unseen card re-dealt, the decision stays."""

from __future__ import annotations

import random

import pytest

from engine.mammamia import State, legal_actions, new_game, player_view, step
from engine.mammamia.actions import Action, Turn
from engine.mammamia.ai import (
    DIFFICULTIES,
    HeuristicAgent,
    IsmctsAgent,
    RivalHeuristicAgent,
    RivalMcAgent,
    ismcts,
    make_agent,
    rival,
)
from engine.mammamia.ai.determinize import Observation, determinize, observe
from engine.mammamia.ai.memory import Memory
from engine.mammamia.ai.plan import candidates, plan_turn
from engine.mammamia.ai.tournament import play, tournament
from engine.mammamia.cards import BOXES
from engine.mammamia.events import Event
from engine.mammamia.state import CHOOSE, HELP, OVER, PAY, REVEAL, TURN


def _cheap_mc(seed: int, seat: int, events: list[Event] | None = None) -> RivalMcAgent:
    return RivalMcAgent(seed, seat=seat, playouts=4, low=1, high=2, events=events or ())


@pytest.mark.parametrize(("variant", "seats"), [("classic", 2), ("classic", 4), ("plus", 4)])
def test_rival_agents_play_whole_games_legally(variant: str, seats: int) -> None:
    """`step` refuses an illegal move (MM-T1..T4, MM-R4, PL-H1..H3)."""
    agents = [
        RivalHeuristicAgent(1, seat=0),
        _cheap_mc(2, 1),
        *[HeuristicAgent(s, seat=s) for s in range(2, seats)],
    ]
    final = play(variant, seats, 90 + seats, agents)
    assert final.phase == OVER and final.winners


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


# hard's own options, on smaller budgets
HARD_SMALL = {**DIFFICULTIES["hard"][1], "max_steps": 1500, "wide_steps": 1500}
AGENT_MAKERS = {
    "heuristic": lambda seat, ev: HeuristicAgent(5, seat=seat, events=ev),
    "easy": lambda seat, ev: make_agent("easy", 5, seat=seat, events=ev),
    "ismcts": lambda seat, ev: IsmctsAgent(5, seat=seat, iterations=25, events=ev),
    "medium": lambda seat, ev: IsmctsAgent(5, seat=seat, recall=0.7, iterations=25, events=ev),
    "hard": lambda seat, ev: IsmctsAgent(5, seat=seat, events=ev, **HARD_SMALL),
    "ismcts-wide": lambda seat, ev: IsmctsAgent(5, seat=seat, every=2, max_steps=1500, events=ev),
    "ismcts-tree": lambda seat, ev: IsmctsAgent(5, seat=seat, paired=0, iterations=25, events=ev),
    "rival-heuristic": lambda seat, ev: RivalHeuristicAgent(5, seat=seat, events=ev),
    "rival-mc": lambda seat, ev: _cheap_mc(5, seat, ev),
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


def test_search_candidates_can_try_each_draw_source() -> None:
    """`draws`: each turn searched is followed by the same turn with the other
    draw source (MM-T3: one source a turn), as the rival's strong bot
    searches the draw; the plays searched stay the same."""
    _, narrow, both = _searched(2, 6, draws=True)
    assert set(narrow) < set(both) and len(set(both)) == len(both)
    plays = {(t.ingredient, t.count, t.order) for t in narrow if isinstance(t, Turn)}
    turns = [t for t in both if isinstance(t, Turn)]
    assert {(t.ingredient, t.count, t.order) for t in turns} == plays
    for played in plays:
        drawn = {t.draw for t in turns if (t.ingredient, t.count, t.order) == played}
        assert drawn == {"orders", "supply"}, played


def test_the_search_goes_wide_only_at_tables_of_every_seats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`every=4`: from 4 seats on every amount meets every order, on the
    `wide_steps` budget and `wide_width` turns; at fewer seats the search is
    as before. `draws=3`: up to 3 seats each turn meets each draw source."""
    searched: list[tuple[object, ...]] = []
    search = ismcts.paired_search

    def spy(obs: Observation, *args: object) -> object:
        searched.append((args[1], args[4], args[6], args[7]))
        return search(obs, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(ismcts, "paired_search", spy)
    for seats in (2, 4):
        state, events = _position("classic", seats, 4, actions=6)
        seat = state.to_act()[0]
        agent = IsmctsAgent(
            5,
            seat=seat,
            every=4,
            max_steps=300,
            wide_steps=500,
            wide_width=30,
            draws=3,
            events=events,
        )
        agent.choose(state, seat)
    assert searched == [(24, 300, False, True), (30, 500, True, False)]


def test_playouts_can_play_the_other_seats_by_the_rival_heuristic(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`play_out(..., rivals)`: the seats in `rivals`, and only they, play
    `rival.world_move`; the game still ends legally (`step` refuses a bad move)."""
    asked: list[int] = []
    move = rival.world_move

    def spy(world: State, seat: int) -> Action:
        asked.append(seat)
        return move(world, seat)

    monkeypatch.setattr(rival, "world_move", spy)
    state, _ = _position("classic", 3, 8, actions=5)
    plain = state.copy()
    ismcts.play_out(plain, random.Random(1))
    assert plain.phase == OVER and not asked
    modelled = state.copy()
    ismcts.play_out(modelled, random.Random(1), rivals=frozenset({1, 2}))
    assert modelled.phase == OVER and set(asked) == {1, 2}


def _modelled(monkeypatch: pytest.MonkeyPatch) -> list[frozenset[int]]:
    """The `rivals` of every playout the search plays from now on."""
    modelled: list[frozenset[int]] = []
    play_out = ismcts.play_out

    def spy(world: State, rnd: random.Random, until: float, rivals: frozenset[int]) -> None:
        modelled.append(rivals)
        play_out(world, rnd, until, rivals)

    monkeypatch.setattr(ismcts, "play_out", spy)
    return modelled


@pytest.mark.parametrize("others", [0, 1, 2])
def test_the_search_models_the_other_seats_as_told(
    monkeypatch: pytest.MonkeyPatch, others: int
) -> None:
    """`others`: in the playouts the other seats play the heuristic (0), the
    rival heuristic (1), or each in every other world (2), so about half the
    playouts each."""
    modelled = _modelled(monkeypatch)
    state, events = _position("classic", 3, 4, actions=6)
    seat = state.to_act()[0]
    obs = observe(state, seat, Memory.from_events(events, seat))
    ismcts.paired_search(obs, 1000, 24, 9, 5, 3000, others=others)
    rest = frozenset({0, 1, 2} - {seat})
    assert set(modelled) == {0: {frozenset()}, 1: {rest}, 2: {frozenset(), rest}}[others]
    if others == 2:
        assert abs(modelled.count(frozenset()) - modelled.count(rest)) <= len(modelled) / 3


def test_hard_mixes_the_models_only_at_tables_of_mixed_seats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`mixed=2`: at 2 seats the search mixes the two models of the other
    seat; at 4 it plays them all by the heuristic, as before."""
    modelled = _modelled(monkeypatch)
    for seats in (2, 4):
        state, events = _position("classic", seats, 4, actions=6)
        seat = state.to_act()[0]
        IsmctsAgent(5, seat=seat, max_steps=3000, mixed=2, events=events).choose(state, seat)
        assert len(set(modelled)) == (2 if seats == 2 else 1), seats
        modelled.clear()


def test_tournament_takes_difficulties_and_rivals() -> None:
    data = tournament(["easy", "rival-heuristic"], "classic", 2, 4, seed=3).to_json()
    assert set(data["agents"]) == {"easy", "rival-heuristic"}
    assert sum(a["wins"] for a in data["agents"].values()) == pytest.approx(4)


def test_heuristic_beats_the_rival_heuristic() -> None:
    """A small-N check; the README's figures come from the tournament command."""
    data = tournament(["heuristic", "rival-heuristic"], "classic", 2, 200, seed=11).to_json()
    assert data["agents"]["heuristic"]["win_rate"] >= 0.58


def test_rival_mc_deals_unseen_orders_as_first_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    """The benchmark stays as measured: `rival-mc` samples its worlds without
    knowing which orders lie under the piles (MM-R5), unless told to
    (`piles=1`)."""
    state, events = _position("classic", 3, 34, 60)
    seat = state.to_act()[0]
    seen: list[Observation] = []

    def spy(obs: Observation, rnd: random.Random) -> State:
        seen.append(obs)
        return determinize(obs, rnd)

    monkeypatch.setattr(rival, "determinize", spy)
    _cheap_mc(5, seat, events).choose(state, seat)
    assert seen and not any(any(o.bottoms.values()) for o in seen)
    seen.clear()
    RivalMcAgent(5, seat=seat, playouts=4, low=1, high=2, piles=1, events=events).choose(
        state, seat
    )
    assert seen and all(any(o.bottoms.values()) for o in seen)
