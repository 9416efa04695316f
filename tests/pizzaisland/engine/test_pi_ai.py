"""Computer players: legal moves, no peeking at hidden cards (PI-I1: every
unseen card re-dealt, each difficulty decides alike), the timer's safe
move, and a small heuristic-vs-random check (the full figures
are in the README, measured by `python -m engine tournament`)."""

from __future__ import annotations

import json
import random

import pytest

from engine.pizzaisland import GAME, State, check
from engine.pizzaisland.actions import Decline, Discard, Replace, Stop, Take
from engine.pizzaisland.ai import make_agent
from engine.pizzaisland.ai.ismcts import IsmctsAgent, determinize
from engine.pizzaisland.events import Event, GameOver
from engine.pizzaisland.game import legal_actions
from engine.pizzaisland.views import player_view
from engine.tally import wilson
from engine.tournament import tournament

from pi_helpers import do, position


def test_pi_safe_move_stop_after_a_card_else_take_from_the_deck() -> None:
    state = position(top=["red-a", "red-b"])
    assert GAME.safe_move(state, 0) == Take(0, "deck")
    do(state, 0, "take deck")
    assert GAME.safe_move(state, 0) == Stop(0)


def test_pi_safe_move_declines_a_hero() -> None:
    state = position(top=["red-c-knife"], pizzas={1: {"green": ["green-a"]}})
    do(state, 0, "take deck")
    assert GAME.safe_move(state, 0) == Decline(0)


def test_pi_n5_safe_move_the_third_colour_option_that_loses_fewer() -> None:
    one = {0: {"red": ["red-a", "red-b", "red-c"], "green": ["green-a"]}}
    state = position(top=["yellow-a"], pizzas=one)
    do(state, 0, "take deck")
    assert GAME.safe_move(state, 0) == Replace(0, "green")  # loses one slice, keeps one
    two = {0: {"red": ["red-a", "red-b", "red-c"], "green": ["green-a", "green-b"]}}
    state = position(top=["yellow-a"], pizzas=two)
    do(state, 0, "take deck")
    assert GAME.safe_move(state, 0) == Discard(0, "green-b")


#: The search on a smaller budget than it ships with (300 iterations): each
#: iteration samples its own world and walks the same code, so its moves and
#: what it may read are checked alike at any budget. The shipped budget plays
#: a whole match in tests/pizzaisland/bot/test_pi_bot.py (`real_computers`).
SMALL = {"hard": {"iterations": 60}}


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_pi_agents_play_legal_moves(difficulty: str) -> None:
    """60 actions of an advanced match between two agents of a difficulty
    (`GAME.named_agent`, the search on `SMALL`'s budget): each move legal."""
    record = GAME.new_record({"level": "advanced"}, 2, 5)
    state, events = GAME.start(record)
    options = SMALL.get(difficulty)
    agents = [GAME.named_agent(difficulty, 5, seat, options, events) for seat in range(2)]
    for _ in range(60):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        action = agents[seat].choose(state, seat)
        check(state, action)
        state, events = GAME.apply(state, action)
        for s, agent in enumerate(agents):
            agent.observe([e for e in events if e.to in (None, s)])


def test_pi_i1_search_does_not_read_the_hidden_deck_order() -> None:
    """Two worlds the seat cannot tell apart (the deck below its view
    reordered) give the search the same move."""
    state = position(top=["red-a", "green-b"], pizzas={0: {"red": ["red-b"], "green": ["green-a"]}})
    do(state, 0, "take deck")
    other = state.copy()
    other.deck = [*other.deck[:1], *reversed(other.deck[1:])]
    one = IsmctsAgent(3, iterations=60).choose(state, 0)
    two = IsmctsAgent(3, iterations=60).choose(other, 0)
    assert one == two


def test_pi_heuristic_beats_random() -> None:
    result = tournament(GAME, ["heuristic", "random"], {"level": "normal"}, 2, 40, 7)
    heuristic = result.tallies["heuristic"]
    assert heuristic.wins / heuristic.seat_games >= 0.7
    low, high = wilson(heuristic.wins, heuristic.seat_games)
    assert low < heuristic.wins / heuristic.seat_games < high


def test_pi_agent_difficulties_map_to_agents() -> None:
    assert type(make_agent("hard", 1, 0)).__name__ == "IsmctsAgent"
    assert type(make_agent("easy", 1, 0)).__name__ == "HeuristicAgent"


def _positions(level: str, seats: int, seed: int) -> list[tuple[State, list[Event]]]:
    """Decisions of a match of heuristic seats with more than one legal
    answer (every 5th turn's, and every hero's and third-colour choice),
    with every event so far."""
    state, events = GAME.start(GAME.new_record({"level": level}, seats, seed))
    events = list(events)
    agents = [GAME.agent("medium", seed + s, s, events) for s in range(seats)]
    found: list[tuple[State, list[Event]]] = []
    n = 0
    while not GAME.is_over(state) and len(found) < 12:
        seat = GAME.to_act(state)[0]
        decision = state.pending is not None
        if (decision or n % 5 == 0) and len(legal_actions(state, seat)) > 1:
            found.append((state.copy(), list(events)))
        n += 1
        new: list[Event] = []
        GAME.step(state, agents[seat].choose(state, seat), new)
        events += new
    return found


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
@pytest.mark.parametrize(("level", "seats", "seed"), [("advanced", 2, 3), ("advanced", 4, 8)])
def test_pi_i1_every_unseen_card_redealt_leaves_the_decision(
    difficulty: str, level: str, seats: int, seed: int
) -> None:
    """PI-I1: a world dealt anew from what the seat may know (the deck below
    what it saw, the match seed that deals the next games) gives the same
    decision, for every difficulty (the search on `SMALL`'s budget)."""
    positions = _positions(level, seats, seed)
    assert any(s.pending is not None for s, _ in positions)
    rnd = random.Random(seed)
    changed = 0
    for state, events in positions:
        seat = GAME.to_act(state)[0]
        mine = [e for e in events if e.to in (None, seat)]
        options = SMALL.get(difficulty)
        agent = GAME.named_agent(difficulty, 7, seat, options, mine)
        known = list(getattr(agent, "known_top", []))
        move = agent.choose(state, seat)
        for _ in range(2):
            other = determinize(state, seat, known, rnd)
            other.seed = rnd.getrandbits(62)
            assert player_view(other, seat) == player_view(state, seat)
            changed += other.deck != state.deck
            assert GAME.named_agent(difficulty, 7, seat, options, mine).choose(other, seat) == move
    assert changed >= len(positions)


def test_pi_n9_a_locked_table_of_agents_ends_at_the_360th_take() -> None:
    """Four computers (easy and medium in turn) reach a table where nobody can
    complete a pizza and four cards go round the deck: one player keeps taking
    a third colour and swapping a one-slice pizza for it (PI-N5 b), the others
    take a repeat and stop. Each swap places a slice, so the count of takes
    with nothing placed never reaches 36; the game ends, with no winner, at its
    360th take (both rules of PI-N9), and the match goes on to its end."""
    from engine.rng import mix
    from engine.tournament import make, seeds, show

    seed, deal, rotation, names = 63004, 4, 1, ("easy", "medium")
    game_seed = list(seeds(seed, deal + 1))[deal]
    lineup = [names[(s + rotation) % 2] for s in range(4)]
    agents = [make(GAME, n, mix(seed, deal, rotation, s), s) for s, n in enumerate(lineup)]
    state, events = GAME.start(GAME.new_record({}, 4, game_seed))
    show(agents, events)
    endings: list[tuple[int | None, str, int]] = []
    idle = 0
    for _ in range(3_000):  # a whole match is a few hundred actions a game
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        takes, events = state.takes, []
        GAME.step(state, agents[seat].choose(state, seat), events)
        show(agents, events)
        idle = max(idle, state.idle)
        endings += [(e.winner, e.reason, takes + 1) for e in events if isinstance(e, GameOver)]
    assert GAME.is_over(state)
    assert (None, "take-cap", 360) in endings and idle < 36


def test_pi_n9_a_tournament_plays_the_locked_table_to_its_end(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The deal above, in the run it came from (`--seed 63004`, easy and medium
    at 4 seats): every match ends, and `--max-actions` still stops a longer
    one and counts it apart, in no tally, the run going on to its end."""
    from engine.__main__ import main

    argv = ["tournament", "--game", "pizza-island", "--agents", "easy,medium", "--seats", "4"]
    assert main([*argv, "--games", "10", "--seed", "63004"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 10 and out["unfinished"] == 0
    code = main([*argv, "--games", "10", "--seed", "63004", "--max-actions", "500"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["games"] == 10 and out["unfinished"] == 1
    tallies = out["agents"]
    assert sum(t["seat_games"] for t in tallies.values()) == 9 * 4
    assert sum(t["wins"] for t in tallies.values()) == pytest.approx(9)
    with pytest.raises(SystemExit) as refused:
        main([*argv, "--max-actions", "0"])
    assert refused.value.code == 2 and "1 or more" in capsys.readouterr().err
