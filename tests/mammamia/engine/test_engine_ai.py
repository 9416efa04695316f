"""The computer players (engine/mammamia/ai): legal moves, replayable decisions, no
peeking at hidden cards (MM-T7, MM-V1), forgetful memory, the tournament."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from engine.__main__ import main
from engine.mammamia import GAME, State, apply, is_legal, new_game, player_view, step
from engine.mammamia.actions import ORDERS, Turn
from engine.mammamia.ai import AGENTS, DIFFICULTIES, HeuristicAgent, IsmctsAgent, make_agent
from engine.mammamia.ai.determinize import determinize, observe
from engine.mammamia.ai.memory import Memory
from engine.mammamia.ai.plan import plan_turn, weight
from engine.mammamia.cards import BOXES, MAMMA_MIA, ORDER_CARDS
from engine.mammamia.events import Event
from engine.mammamia.state import OVER, TURN
from engine.tally import wilson
from engine.tournament import play as play_any
from engine.tournament import tournament as tournament_any


def play(variant: str, seats: int, seed: int, agents: list[Any]) -> State:
    final: State = play_any(GAME, {"variant": variant}, seats, seed, agents)
    return final


def tournament(names: list[str], variant: str, seats: int, games: int, seed: int) -> Any:
    return tournament_any(GAME, names, {"variant": variant}, seats, games, seed)


SEAT_COUNTS = [("classic", n) for n in range(2, 6)] + [("plus", n) for n in range(2, 7)]


def _midgame(variant: str, seats: int, seed: int, actions: int) -> tuple[State, list[Event]]:
    """A game after `actions` heuristic moves, with every event so far."""
    state, events = new_game(variant, seats, seed=seed)
    agents = [HeuristicAgent(seed + s, seat=s, events=events) for s in range(seats)]
    for _ in range(actions):
        seat = state.to_act()[0]
        new: list[Event] = []
        step(state, agents[seat].choose(state, seat), new)
        events += new
        for agent in agents:
            agent.observe(new)
    return state, events


def _turn_state(variant: str, seats: int, seed: int, actions: int) -> tuple[State, list[Event]]:
    """Like `_midgame`, moved on to the next phase-1 turn."""
    state, events = _midgame(variant, seats, seed, actions)
    agent = HeuristicAgent(seed, events=events)
    while state.phase != TURN:
        seat = state.to_act()[0]
        state, new = apply(state, agent.choose(state, seat))
        events += new
    return state, events


@pytest.mark.parametrize(("variant", "seats"), SEAT_COUNTS)
def test_agents_play_whole_games_legally(variant: str, seats: int) -> None:
    """Every agent's every move is legal (`step` checks it) in whole games.
    The searches run on 4 playouts a decision: 4 candidates, halved once, each
    playout to the game's end (every path of the search, at a small cost);
    larger budgets play whole games, every move pinned, in
    test_engine_ai_pinned.py."""
    agents = [
        IsmctsAgent(1, seat=0, playouts=4),
        HeuristicAgent(2, seat=1, recall=0.5),
        *[
            AGENTS[("random", "heuristic", "ismcts")[s % 3]](s, seat=s)
            if s % 3
            else AGENTS["random"](s)
            for s in range(2, seats)
        ],
    ]
    for agent in agents:  # a search of a few playouts: its moves are what is checked
        if isinstance(agent, IsmctsAgent):
            agent.search = dataclasses.replace(agent.search, steps=400, playouts=4, wide_steps=400)
    final = play(variant, seats, 40 + seats, agents)
    assert final.phase == OVER and final.winners


def test_agents_without_events_still_play_legally() -> None:
    """An agent never shown an event knows no oven card but still plays."""
    state, _ = new_game("classic", 3, seed=5)
    agents = [HeuristicAgent(0), IsmctsAgent(0, playouts=5), HeuristicAgent(1)]
    while state.phase != OVER:
        seat = state.to_act()[0]
        action = agents[seat].choose(state, seat)
        assert is_legal(state, action)
        step(state, action)


@pytest.mark.parametrize("variant", ["classic", "plus"])
def test_same_seed_same_move(variant: str) -> None:
    state, events = _midgame(variant, 3, seed=9, actions=14)
    seat = state.to_act()[0]
    moves = {
        IsmctsAgent(77, seat=seat, playouts=40, events=events).choose(state, seat) for _ in range(2)
    }
    assert len(moves) == 1


def test_a_game_of_search_agents_replays_exactly() -> None:
    def run() -> str:
        agents = [IsmctsAgent(s, seat=s, playouts=6) for s in range(2)]
        return play("classic", 2, 3, agents).fingerprint()

    assert run() == run()


def _hide_differently(state: State, seat: int, seed: int) -> State:
    """The same position with every card the seat cannot see dealt otherwise:
    other hands' ingredients swapped with the supply's, the supply and the
    other order piles reshuffled, a new PRNG state."""
    other = state.copy()
    rnd = random.Random(seed)
    kinds = other.box.kindset
    for s in range(other.seats):
        if s == seat:
            continue
        hand = other.hands[s]
        for i, card in enumerate(hand):
            spots = [j for j, c in enumerate(other.supply) if c in kinds and c != card]
            if card in kinds and spots:
                j = rnd.choice(spots)
                hand[i], other.supply[j] = other.supply[j], card
        rnd.shuffle(other.order_piles[s])
    rnd.shuffle(other.supply)
    other.rng ^= 0x5DEECE66D
    return other


@pytest.mark.parametrize(("variant", "seats", "seed"), [("classic", 3, 4), ("plus", 4, 6)])
def test_hidden_cards_do_not_change_the_move(variant: str, seats: int, seed: int) -> None:
    """MM-V1 for agents: states that differ only in what the seat cannot know
    give the same decision for the same agent seed."""
    state, events = _turn_state(variant, seats, seed, actions=10)
    seat = state.to_act()[0]
    other = _hide_differently(state, seat, seed)
    assert other.fingerprint() != state.fingerprint()
    assert player_view(other, seat) == player_view(state, seat)
    for make in (
        lambda: HeuristicAgent(5, seat=seat, events=events),
        lambda: IsmctsAgent(5, seat=seat, playouts=30, events=events),
    ):
        assert make().choose(state, seat) == make().choose(other, seat)


def test_a_forgotten_oven_is_not_peeked_at() -> None:
    """With nothing recalled, the oven's contents (beyond its size and who
    played) do not change the move."""
    state, events = _turn_state("classic", 2, 8, actions=6)
    seat = state.to_act()[0]
    assert any(c in state.box.kindset for c in state.oven)
    other = state.copy()
    last = state.last_play
    assert last is not None
    covered = len(state.oven) - last.count - (last.order is not None)
    for i, card in enumerate(other.oven[:covered]):  # swap with the supply's cards
        spots = [j for j, c in enumerate(other.supply) if c != MAMMA_MIA and c != card]
        if card in other.box.kindset and spots:
            j = spots[i % len(spots)]
            other.oven[i], other.supply[j] = other.supply[j], card
    assert other.oven != state.oven
    assert player_view(other, seat) == player_view(state, seat)
    for recall_none in (
        lambda: HeuristicAgent(3, seat=seat, recall=0.0, events=events),
        lambda: IsmctsAgent(3, seat=seat, recall=0.0, playouts=30, events=events),
    ):
        assert recall_none().choose(state, seat) == recall_none().choose(other, seat)


def test_determinized_worlds_keep_the_public_facts() -> None:
    state, events = _midgame("classic", 4, seed=12, actions=17)
    seat = state.to_act()[0]
    obs = observe(state, seat, Memory.from_events(events, seat))
    rnd = random.Random(1)
    for _ in range(5):
        world = determinize(obs, rnd)
        assert player_view(world, seat) == player_view(state, seat)
        assert sorted(world.all_cards()) == sorted(state.all_cards())
        assert world.oven == state.oven  # perfect memory: every play recalled
        assert world.pending == state.pending


@pytest.mark.parametrize(
    ("variant", "seats", "seed"), [("classic", 2, 3), ("classic", 4, 5), ("plus", 3, 2)]
)
def test_orders_not_made_are_known_under_their_pile(variant: str, seats: int, seed: int) -> None:
    """MM-R5: an order not made is seen going under its owner's order pile, so
    every seat knows the pile's bottom cards until they are drawn back, and
    then knows them in that hand; the sampled worlds keep them there."""
    state, events = new_game(variant, seats, seed=seed)
    agents = [HeuristicAgent(seed, seat=s, events=events) for s in range(seats)]
    rnd = random.Random(seed)
    known_under = known_held = 0
    while state.phase != OVER:
        seat = state.to_act()[0]
        obs = agents[seat].observation(state, seat)
        world = determinize(obs, rnd)
        for s in range(seats):
            pile, under, held = state.order_piles[s], obs.bottoms[s], obs.held[s]
            assert tuple(pile[len(pile) - len(under) :]) == under
            assert world.order_piles[s][len(pile) - len(under) :] == list(under)
            for order in held:
                assert order not in pile  # drawn back: in the hand, or played since
                assert (order in world.hands[s]) == (order in state.hands[s])
            known_under += len(under)
            known_held += len(held)
        new: list[Event] = []
        step(state, agents[seat].choose(state, seat), new)
        for agent in agents:
            agent.observe(new)
    assert known_under and known_held


def test_forgetful_memory_recalls_some_plays_reproducibly() -> None:
    state, events = _midgame("classic", 4, seed=2, actions=12)
    perfect = Memory.from_events(events, 0)
    forgetful = Memory.from_events(events, 0, recall=0.5, seed=3)
    again = Memory(0, 0.5, 3)
    for event in events:  # one at a time, as the bot would feed it
        again.observe([event])
    assert again.oven == forgetful.oven
    assert len(forgetful.oven) == len(perfect.oven) == len(state.oven)
    assert [s.owner for s in forgetful.oven] == [s.owner for s in perfect.oven]
    kept = [f.card for f in forgetful.oven]
    assert None in kept and any(kept)
    assert all(f.card in (None, p.card) for f, p in zip(forgetful.oven, perfect.oven, strict=True))
    assert Memory.from_events(events, 0, recall=0.5, seed=4).oven != forgetful.oven


def test_memory_changes_the_move_only_through_recalled_plays() -> None:
    """At a round's start the oven is empty: every memory level plays alike."""
    state, events = new_game("classic", 3, seed=21)
    seat = state.to_act()[0]
    moves = {
        IsmctsAgent(4, seat=seat, recall=r, playouts=30, events=events).choose(state, seat)
        for r in (0.0, 0.4, 1.0)
    }
    assert len(moves) == 1


def test_an_agent_rebuilt_from_past_events_decides_alike() -> None:
    """After a bot restart the agent is made from the stored events."""
    state, events = _midgame("plus", 3, seed=14, actions=20)
    seat = state.to_act()[0]
    live = IsmctsAgent(9, seat=seat, playouts=25)
    for i in range(0, len(events), 7):
        live.observe(events[i : i + 7])
    rebuilt = IsmctsAgent(9, seat=seat, playouts=25, events=events)
    assert live.memory == rebuilt.memory
    assert live.choose(state, seat) == rebuilt.choose(state, seat)


def test_private_events_of_other_seats_are_ignored() -> None:
    _, events = new_game("classic", 2, seed=1)
    memory = Memory.from_events(events, 0)
    assert memory.events == sum(1 for e in events if e.to in (None, 0))


def test_difficulties_make_agents() -> None:
    state, events = new_game("classic", 2, seed=3)
    seat = state.to_act()[0]
    for name in DIFFICULTIES:
        agent = make_agent(name, 5, seat=seat, events=events)
        if isinstance(agent, IsmctsAgent):  # the difficulty's search, on a small budget
            agent.search = dataclasses.replace(agent.search, steps=400, wide_steps=400)
        assert is_legal(state, agent.choose(state, seat))


def test_bombastica_payment_is_named_without_listing_every_way() -> None:
    """MM-R7, MM-R10: the payer names cards; the agent does not enumerate them all."""
    from engine_helpers import begin, do, position

    record = position(
        "classic",
        2,
        hands=[
            ["salami"] * 4 + ["pepper"] * 3 + ["mushroom"] * 3 + ["yellow-bombastica"],
            ["olive", "olive"],
        ],
        supply=["pepper"],
        table={"olive": 5},
    )
    state = begin(record)
    state, _ = do(
        state, "turn salami 1 order=yellow-bombastica draw=none", "turn olive 1 draw=supply"
    )
    assert state.pending is not None and state.pending.short
    for agent in (HeuristicAgent(0, seat=0), IsmctsAgent(0, seat=0, playouts=30)):
        action = agent.choose(state, 0)
        assert is_legal(state, action) and action.accept  # type: ignore[union-attr]


def test_wilson_interval() -> None:
    low, high = wilson(80, 100)
    assert 0.71 < low < 0.72 and 0.86 < high < 0.87
    assert wilson(0, 0) == (0.0, 1.0)


def test_tournament_rotates_seats_and_counts_shared_wins() -> None:
    result = tournament(["heuristic", "random"], "classic", 3, 4, seed=2)
    data = result.to_json()
    assert data["games"] == 4
    agents = data["agents"]
    assert agents["heuristic"]["seat_games"] + agents["random"]["seat_games"] == 12
    assert sum(a["wins"] for a in agents.values()) == pytest.approx(4)


def test_tournament_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--agents", "ismcts,heuristic,random", "--seats", "3"]
    code = main([*argv, "--games", "3", "--seed", "4", "--option", "ismcts.playouts=5"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"variant", "seats", "games", "seed", "seconds", "agents"}
    assert set(data["agents"]) == {"ismcts", "heuristic", "random"}
    for tally in data["agents"].values():
        assert set(tally) >= {"win_rate", "ci95", "seat_games", "seconds_per_decision"}
        assert tally["ci95"][0] <= tally["win_rate"] <= tally["ci95"][1]


def test_heuristic_beats_random_clearly() -> None:
    """A small-N sanity check; the real figures come from the tournament command."""
    data = tournament(["heuristic", "random"], "classic", 2, 60, seed=5).to_json()
    assert data["agents"]["heuristic"]["win_rate"] >= 0.75


@pytest.mark.slow
def test_ismcts_beats_heuristic() -> None:
    data = tournament(["ismcts", "heuristic"], "classic", 2, 40, seed=6).to_json()
    assert data["agents"]["ismcts"]["win_rate"] >= 0.6


@pytest.mark.slow
def test_heuristic_beats_random_in_most_games() -> None:
    data = tournament(["heuristic", "random"], "classic", 2, 400, seed=7).to_json()
    assert data["agents"]["heuristic"]["win_rate"] >= 0.8


def test_boxes_cover_every_seat_count() -> None:
    assert {(v, n) for v, n in SEAT_COUNTS} == {
        (b.variant, n) for b in BOXES.values() for n in range(b.min_seats, b.max_seats + 1)
    }


def test_the_command_lines_settings_are_the_games_declared_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each option a game declares is a flag (`--variant plus`), or `--set
    NAME=VALUE` where the flag is taken (`help`, PL-H); a setting the game
    refuses, or an unknown one, exits 2 with the reason."""
    argv = ["simulate", "--variant", "plus", "--set", "help=on", "--seats", "4", "--games", "2"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["help"] == "on"
    assert main(["simulate", "--set", "help=on", "--games", "2"]) == 2  # help is Plus only
    assert main(["simulate", "--variant", "deluxe", "--games", "2"]) == 2
    assert "variant" in capsys.readouterr().err


def test_tournament_refuses_an_option_its_agent_does_not_take(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--option easy.steps=...` would change nothing (easy does not search):
    the command says so before playing, as for an option no search has."""
    for option in ("easy.steps=400", "hard.bogus=1"):
        argv = ["tournament", "--agents", "easy,hard", "--option", option, "--games", "2"]
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert option.split(".")[0] in err and "Traceback" not in err


def test_mm_heuristic_weighs_each_boxs_own_cards() -> None:
    """The boxes share card ids but not their cards: a classic Misto is 5
    cards (MM-C2), a Plus one 6 (PL-C2); a classic Minimale asks 1 + 3, a Plus
    one 1 + 4 (MM-R9, PL-R4). The heuristic weighs each by its own box, and
    the same where the boxes agree (Normale, Monotoni, Bombastica)."""
    classic, plus = ORDER_CARDS["classic"], ORDER_CARDS["plus"]
    assert weight(classic["green-misto"], "classic") == 5
    assert weight(plus["green-misto"], "plus") == 6
    assert weight(classic["green-minimale"], "classic") == 4
    assert weight(plus["green-minimale"], "plus") == 5
    for same in ("green-salami", "green-monotoni", "green-bombastica"):
        assert weight(classic[same], "classic") == weight(plus[same], "plus")


def test_mm_heuristic_places_the_heavier_order_of_its_own_box() -> None:
    """Two orders this play makes sure of, at no cost: the heuristic places
    the heavier. In classic a Normale (5 cards) outweighs a Minimale (4); with
    Plus's weights the two tied and the Minimale went first by its id."""
    table = {"salami": 4, "pineapple": 1, "mushroom": 3, "pepper": 3, "olive": 3}
    hand = ["mushroom", "yellow-minimale", "yellow-salami"]
    move = plan_turn(0, BOXES["classic"], "yellow", 2, hand, table, [], 5, 20)
    assert move == Turn(0, "mushroom", 1, "yellow-salami", ORDERS)
