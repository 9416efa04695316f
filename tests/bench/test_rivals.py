"""The benchmark opponents (bench/rivals): the peer's published rules, each
as it decides, tie-breaks included; whole games legal (MM-T1..T4, MM-R4)."""

from __future__ import annotations

import json

import pytest

from bench.rivals import RivalHeuristicAgent, RivalMcAgent
from bench.rivals.heuristic import decide, turn
from bench.rivals.montecarlo import samples_for
from engine.__main__ import main
from engine.mammamia import GAME
from engine.mammamia.actions import ORDERS, SUPPLY, Pass, Pay, Turn
from engine.mammamia.ai import HeuristicAgent
from engine.mammamia.cards import CLASSIC
from engine.mammamia.state import OVER, PAY, Pending
from engine.mammamia.turn import draws, pass_draws
from engine.tournament import play as play_any
from engine.tournament import tournament

EMPTY = dict.fromkeys(CLASSIC.kinds, 0)


def _turn(hand: list[str], version: int = 1, colour: str = "purple", **facts: object) -> object:
    """The simple bot's turn for seat 0 of 2 with these cards; an empty oven
    and large piles unless `tally`, `pile`, `supply` or `oven` say."""
    args: dict[str, object] = {"tally": EMPTY, "oven": [], "pile": 6, "supply": 30} | facts
    return turn(
        0,
        CLASSIC,
        colour,
        2,
        hand,
        args["tally"],  # type: ignore[arg-type]
        args["oven"],  # type: ignore[arg-type]
        args["pile"],  # type: ignore[arg-type]
        args["supply"],  # type: ignore[arg-type]
        version,
    )


def _play(move: object) -> tuple[str, int, str | None]:
    assert isinstance(move, Turn)
    return move.ingredient, move.count, move.order


def test_ties_among_the_smallest_groups_go_to_the_first_in_hand() -> None:
    """Shedding one spare card: of equally small groups, the kind met first
    in the hand (its draw order), not the first in kind order."""
    tally = EMPTY | {"pepper": 1}  # green-mushroom lacks 4 mushrooms: no play
    for first in ("olive", "salami"):
        hand = [first, *{"olive", "salami"} - {first}, "pineapple", "pineapple", "green-mushroom"]
        assert _play(_turn(hand, colour="green", tally=tally)) == (first, 1, None)


def test_the_personal_ingredient_is_kept_only_on_a_tie() -> None:
    """Purple's personal olive: a single olive goes before a pair of salami,
    but of two singles the other one goes."""
    tally = EMPTY | {"olive": 1}
    assert _play(_turn(["olive", "salami", "salami", "purple-mushroom"], tally=tally))[0] == "olive"
    assert _play(_turn(["olive", "salami", "purple-mushroom"], tally=tally))[0] == "salami"


def test_an_order_that_gives_no_play_sheds_a_spare_card() -> None:
    """The most complete order (fewest cards missing) lacks only what the
    hand does not hold: it sheds one card rather than feed the next order."""
    tally = EMPTY | {"olive": 1, "salami": 3}
    hand = ["pepper", "pepper", "mushroom", "purple-salami", "purple-pepper"]
    assert _play(_turn(hand, tally=tally)) == ("mushroom", 1, None)


def test_the_largest_group_for_a_bombastica_is_the_first_in_hand() -> None:
    tally = EMPTY | {"olive": 8}
    hand = ["pepper", "pepper", "salami", "salami", "purple-bombastica"]
    assert _play(_turn(hand, tally=tally)) == ("pepper", 2, None)


def test_no_stall_when_the_order_left_is_already_covered() -> None:
    """The supply's last cards are drawn even with an order left in hand,
    when the oven alone covers it (nothing to top up)."""
    tally = EMPTY | {"olive": 1, "pepper": 4, "salami": 4}
    hand = ["mushroom"] * 3 + ["purple-pepper", "purple-salami"]
    move = _turn(hand, tally=tally, supply=3)
    assert _play(move) == ("mushroom", 1, "purple-pepper")
    assert isinstance(move, Turn) and move.draw == SUPPLY


def test_a_bombastica_is_never_placed_to_be_paid_from_hand() -> None:
    tally = EMPTY | {"olive": 9}
    hand = ["salami"] * 3 + ["pepper"] * 3 + ["purple-bombastica"]
    assert _play(_turn(hand, tally=tally, supply=3)) == ("salami", 3, None)


@pytest.mark.parametrize(("version", "placed"), [(1, None), (2, "purple-misto")])
def test_the_later_bot_tops_up_two_short(version: int, placed: str | None) -> None:
    """Misto lacks mushroom and pepper after the pineapple played: the hand
    holds both; version 1 places only one card short, version 2 two."""
    tally = EMPTY | {"olive": 1, "salami": 1}
    hand = ["mushroom", "pepper", "pineapple", "salami", "purple-misto"]
    assert _play(_turn(hand, version, tally=tally)) == ("pineapple", 1, placed)


@pytest.mark.parametrize(("version", "kind"), [(1, "salami"), (2, "pepper")])
def test_the_later_bot_keeps_back_what_its_placed_orders_need(version: int, kind: str) -> None:
    """An order in the oven lacking 1 salami: version 2 sheds a pepper
    rather than the salami it would pay with."""
    tally = EMPTY | {"olive": 1, "salami": 3}
    hand = ["salami", "pepper", "pepper", "mushroom", "mushroom"]
    move = _turn(hand, version, tally=tally, oven=["salami", "purple-salami", "olive"])
    assert _play(move) == (kind, 1, None)


@pytest.mark.parametrize(("version", "draw"), [(1, SUPPLY), (2, ORDERS)])
def test_the_later_bot_draws_a_second_order(version: int, draw: str) -> None:
    hand = ["salami", "pepper", "mushroom", "mushroom", "purple-monotoni"]
    move = _turn(hand, version)
    assert _play(move) == ("salami", 1, None)
    assert isinstance(move, Turn) and move.draw == draw


def test_no_ingredient_passes_with_the_bots_draw() -> None:
    assert _turn(["purple-salami", "purple-misto"]) == Pass(0, SUPPLY)
    assert _turn([]) == Pass(0, ORDERS)


def test_the_strong_bots_playouts_a_candidate() -> None:
    """420 split evenly, rounded to the nearest (halves up), within [24, 90]."""
    assert samples_for(8, 420, 24, 90) == 53  # 52.5
    assert samples_for(3, 420, 24, 90) == 90
    assert samples_for(20, 420, 24, 90) == 24
    assert samples_for(11, 420, 24, 90) == 38  # 38.2


@pytest.mark.parametrize("version", [1, 2])
def test_rival_agents_play_whole_games_legally(version: int) -> None:
    """`step` refuses an illegal move (MM-T1..T4, MM-R4); Plus too (PL-H1)."""
    for variant, seats in (("classic", 2), ("classic", 4), ("plus", 4)):
        agents = [
            RivalHeuristicAgent(1, seat=0, version=version),
            RivalMcAgent(2, seat=1, version=version, playouts=4, low=1, high=2),
            *[HeuristicAgent(s, seat=s) for s in range(2, seats)],
        ]
        final = play_any(GAME, {"variant": variant}, seats, 90 + seats, agents)
        assert final.phase == OVER and final.winners


def test_the_tournament_takes_the_rivals_from_their_module() -> None:
    """`python -m engine tournament --agents-from bench.rivals`: the benchmark
    opponents play beside the game's own agents."""
    from bench.rivals import AGENTS

    data = tournament(
        GAME, ["easy", "rival-heuristic-2"], {}, 2, 4, seed=3, extra=AGENTS["mammamia"]
    ).to_json()
    assert set(data["agents"]) == {"easy", "rival-heuristic-2"}
    assert sum(a["wins"] for a in data["agents"].values()) == pytest.approx(4)


def test_the_command_line_names_the_rivals(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--agents", "heuristic,rival-mc-2", "--agents-from", "bench.rivals"]
    options = ["--option", "rival-mc-2.playouts=8", "--option", "rival-mc-2.low=1"]
    options += ["--option", "rival-mc-2.high=2"]
    assert main([*argv, *options, "--seats", "2", "--games", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["agents"]) == {"heuristic", "rival-mc-2"}
    assert main(["tournament", "--agents", "heuristic,rival-mc-2"]) == 2  # no module named


def test_our_heuristic_beats_the_later_rival_heuristic() -> None:
    """A small-N check; the figures come from the tournament command."""
    from bench.rivals import AGENTS

    names = ["heuristic", "rival-heuristic-2"]
    data = tournament(GAME, names, {}, 2, 200, seed=11, extra=AGENTS["mammamia"]).to_json()
    assert data["agents"]["heuristic"]["win_rate"] >= 0.55


@pytest.mark.parametrize("version", [1, 2])
def test_the_bots_draw_is_the_engines_at_every_size(version: int) -> None:
    """The draw rules are the engine's (MM-T3, MM-T4's valve): at every hand
    size and pile, the bot's draw is one `engine.mammamia.turn` allows, and
    the only one when it allows one (with a full hand and no ingredient, the
    valve's card from the supply, or none once it is empty)."""
    orders = [f"purple-{x}" for x in ("salami", "pineapple", "mushroom", "pepper", "misto")]
    for size in range(CLASSIC.hand + 1):
        for ingredients in (0, min(size, 2)):
            hand = ["salami"] * ingredients + (orders * 2)[: size - ingredients]
            for pile in (0, 3):
                for supply in (0, 1, 30):
                    move = _turn(hand, version, pile=pile, supply=supply)
                    if isinstance(move, Pass):
                        allowed = pass_draws(CLASSIC, size, pile, supply)
                    else:
                        assert isinstance(move, Turn)
                        left = size - move.count - (move.order is not None)
                        allowed = draws(CLASSIC, left, pile, supply)
                    assert move.draw in allowed
                    if len(allowed) == 1:
                        assert move.draw == allowed[0]
    assert _turn(orders + orders[:2], version) == Pass(0, SUPPLY)
    assert _turn(orders + orders[:2], version, supply=0) == Pass(0, None)


@pytest.mark.parametrize("version", [1, 2])
def test_a_bombastica_short_of_15_is_never_paid_from_hand(version: int) -> None:
    """MM-R7 lets the owner pay a Bombastica's shortfall from hand; the
    peer's engine fails it outright, so its bot declines to pay, hand or no
    hand (an order short of cards it does hold is paid, as its bot does)."""
    hand = ["salami"] * 5 + ["olive"] * 2
    table = EMPTY | {"salami": 6, "olive": 6}
    short = Pending("purple-bombastica", 0, PAY, short=3)
    assert decide(0, CLASSIC, hand, table, short, False) == Pay(0, False)
    missing = Pending("purple-salami", 0, PAY, choice=(), missing=(("salami", 2),))
    assert decide(0, CLASSIC, hand, table, missing, False) == Pay(0, True)
