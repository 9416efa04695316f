"""Components and set-up from a seed: MM-C1, MM-C2, MM-S1..S5, PL-C1, PL-C2, PL-S1, PL-S2."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.mammamia import legal_actions, new_game, step
from engine.mammamia.cards import ALL_KINDS, CLASSIC_KINDS, MAMMA_MIA, ORDER_CARDS, PERSONAL
from engine.mammamia.reveal import options, requirement

SEEDS = range(60)


def kinds_count(state) -> Counter[str]:
    return Counter(c for c in state.all_cards() if c in ALL_KINDS)


def orders_of(state) -> list[str]:
    return [c for c in state.all_cards() if c not in ALL_KINDS and c != MAMMA_MIA]


def needs(card, choice=()) -> dict[str, int]:
    return dict(requirement(card, choice))


# --- MM-C1, MM-S1 / PL-C1, PL-S1 -----------------------------------------------


def test_mm_c1_classic_box_holds_65_ingredients_and_one_mamma_mia_card():
    state, _ = new_game("classic", 5, seed=3)
    cards = Counter(state.all_cards())
    assert kinds_count(state) == Counter({k: 13 for k in CLASSIC_KINDS})
    assert sum(kinds_count(state).values()) == 65
    assert cards[MAMMA_MIA] == 1
    assert "shrimp" not in cards
    assert len(orders_of(state)) == 5 * 8


@pytest.mark.parametrize(("seats", "removed"), [(5, 0), (4, 1), (3, 3), (2, 5)])
def test_mm_s1_classic_removes_cards_per_kind_by_player_count(seats, removed):
    state, _ = new_game("classic", seats, seed=seats)
    assert kinds_count(state) == Counter({k: 13 - removed for k in CLASSIC_KINDS})


def test_pl_c1_plus_box_holds_90_ingredients_and_no_mamma_mia_card():
    state, _ = new_game("plus", 6, seed=3)
    assert kinds_count(state) == Counter({k: 15 for k in ALL_KINDS})
    assert MAMMA_MIA not in state.all_cards()
    assert state.mamma_mia is None
    assert len(orders_of(state)) == 6 * 15


@pytest.mark.parametrize(("seats", "removed"), [(6, 0), (5, 1), (4, 3), (3, 5), (2, 7)])
def test_pl_s1_plus_removes_cards_per_kind_by_player_count(seats, removed):
    state, _ = new_game("plus", seats, seed=seats)
    assert kinds_count(state) == Counter({k: 15 - removed for k in ALL_KINDS})


# --- MM-C2 -----------------------------------------------------------------------


@pytest.mark.parametrize("colour", ["yellow", "green", "brown", "purple", "red"])
def test_mm_c2_classic_orders_of_a_colour(colour):
    cards = {cid: c for cid, c in ORDER_CARDS["classic"].items() if c.colour == colour}
    p = PERSONAL[colour]
    others = [k for k in CLASSIC_KINDS if k != p]
    assert sorted(cards) == sorted(
        [f"{colour}-{x}" for x in others]
        + [f"{colour}-{n}" for n in ("misto", "bombastica", "monotoni", "minimale")]
    )
    for x in others:  # 4 x Normale: 1 P + 4 X
        assert needs(cards[f"{colour}-{x}"]) == {p: 1, x: 4}
    assert needs(cards[f"{colour}-misto"]) == {k: 1 for k in CLASSIC_KINDS}
    bomb = cards[f"{colour}-bombastica"]
    assert bomb.shape == "bombastica"
    assert bomb.amount == 15
    mono = cards[f"{colour}-monotoni"]
    assert sorted(k for (k,) in mono.choices()) == sorted(others)
    for (y,) in mono.choices():
        assert needs(mono, (y,)) == {p: 1, y: 6}
    mini = cards[f"{colour}-minimale"]
    for (y,) in mini.choices():
        assert needs(mini, (y,)) == {p: 1, y: 3}
    assert p not in mini.kinds


def test_mm_c2_order_ids_and_needs_spelled_out_for_green():
    green = ORDER_CARDS["classic"]
    assert needs(green["green-salami"]) == {"pepper": 1, "salami": 4}
    assert needs(green["green-olive"]) == {"pepper": 1, "olive": 4}
    assert "green-pepper" not in green
    assert "green-shrimp" not in green


# --- PL-C2 [reconstructed] -----------------------------------------------------------


def test_pl_c2_yellow_plus_orders_exactly():
    """Yellow: P = pineapple, N1 = mushroom, N2 = pepper, N3 = olive."""
    y = {cid: c for cid, c in ORDER_CARDS["plus"].items() if c.colour == "yellow"}
    assert len(y) == 15
    for x in ("salami", "mushroom", "pepper", "olive", "shrimp"):  # cards 1-5
        assert needs(y[f"yellow-{x}"]) == {"pineapple": 1, x: 4}
    assert needs(y["yellow-misto"]) == {k: 1 for k in ALL_KINDS}  # 6
    assert needs(y["yellow-duo"]) == {"pineapple": 1, "mushroom": 2, "pepper": 2}  # 7
    assert y["yellow-bombastica"].shape == "bombastica"  # 8
    assert y["yellow-bombastica"].amount == 15
    mono = y["yellow-monotoni"]  # 9
    assert needs(mono, ("olive",)) == {"pineapple": 1, "olive": 6}
    assert sorted(mono.kinds) == sorted(["salami", "mushroom", "pepper", "olive", "shrimp"])
    chi = y["yellow-chiottona"]  # 10
    assert needs(chi, ("salami", "olive")) == {"pineapple": 1, "salami": 4, "olive": 4}
    assert len(chi.choices()) == 10
    assert all(len(set(c)) == 2 and "pineapple" not in c for c in chi.choices())
    pic = y["yellow-piccola"]  # 11: olive crossed out, 5 of one kind != olive
    assert pic.crossed == "olive"
    assert sorted(k for (k,) in pic.choices()) == sorted(
        ["salami", "pineapple", "mushroom", "pepper", "shrimp"]
    )
    assert needs(pic, ("salami",)) == {"salami": 5}
    assert y["yellow-mini-1"].crossed == "pepper"  # 12
    assert needs(y["yellow-mini-1"]) == {"pineapple": 3}
    assert y["yellow-mini-2"].crossed == "olive"  # 13
    assert needs(y["yellow-mini-2"]) == {"mushroom": 3}
    mini = y["yellow-minimale"]  # 14
    assert needs(mini, ("salami",)) == {"pineapple": 1, "salami": 4}
    mm = y["yellow-mammamia"]  # 15: N1 or N3 (PL-C2 card 15, corrected)
    assert mm.choices() == [("mushroom",), ("olive",)]
    assert needs(mm, ("olive",)) == {"pineapple": 1, "olive": 5}


@pytest.mark.parametrize("colour", ["yellow", "green", "brown", "purple", "red", "pink"])
def test_pl_c2_plus_orders_of_every_colour(colour):
    order = list(ALL_KINDS)
    p = PERSONAL[colour]
    n1, n2, n3 = (order[(order.index(p) + i) % 6] for i in (1, 2, 3))
    cards = {cid: c for cid, c in ORDER_CARDS["plus"].items() if c.colour == colour}
    names = ["misto", "duo", "bombastica", "monotoni", "chiottona", "piccola"]
    names += ["mini-1", "mini-2", "minimale", "mammamia"]
    others = [k for k in ALL_KINDS if k != p]
    assert sorted(cards) == sorted([f"{colour}-{x}" for x in others + names])
    assert needs(cards[f"{colour}-duo"]) == {p: 1, n1: 2, n2: 2}
    assert cards[f"{colour}-piccola"].crossed == n3
    assert (n3,) not in cards[f"{colour}-piccola"].choices()
    assert (cards[f"{colour}-mini-1"].crossed, needs(cards[f"{colour}-mini-1"])) == (n2, {p: 3})
    assert (cards[f"{colour}-mini-2"].crossed, needs(cards[f"{colour}-mini-2"])) == (n3, {n1: 3})
    assert cards[f"{colour}-mammamia"].choices() == [(n1,), (n3,)]  # card 15
    assert needs(cards[f"{colour}-mammamia"], (n3,)) == {p: 1, n3: 5}
    table = dict.fromkeys(ALL_KINDS, 1)
    assert (p,) not in options(cards[f"{colour}-minimale"], table)
    assert needs(cards[f"{colour}-minimale"], (n1,)) == {p: 1, n1: 4}


# --- MM-S2..S5 / PL-S2 ---------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_mm_s2_mm_s4_each_seat_has_its_colours_orders(seats):
    piles = set()
    for seed in range(20):
        state, _ = new_game("classic", seats, seed=seed)
        for seat in range(seats):
            colour = state.colours[seat]
            pile, held = state.order_piles[seat], state.hands[seat]
            orders_held = [c for c in held if c not in ALL_KINDS]
            assert len(pile) == 7
            assert len(orders_held) == 1  # MM-S4: the top card joins the hand
            assert sorted(pile + orders_held) == sorted(
                ORDER_CARDS["classic"][c].id
                for c in ORDER_CARDS["classic"]
                if c.startswith(colour + "-")
            )
            assert len(held) == 7
        piles.add(tuple(state.order_piles[0]))
    assert len(piles) > 15  # MM-S2: shuffled


def test_mm_s3_mamma_mia_card_never_in_a_starting_hand_but_shuffled_into_the_supply():
    places = Counter()
    for seats in (2, 3, 4, 5):
        for seed in range(150):
            state, _ = new_game("classic", seats, seed=seed)
            assert state.mamma_mia is None
            assert state.supply.count(MAMMA_MIA) == 1
            for seat in range(seats):
                ingredients = [c for c in state.hands[seat] if c in ALL_KINDS]
                assert len(ingredients) == 6  # six dealt, none of them the MAMMA MIA card
                assert MAMMA_MIA not in state.hands[seat]
            places[state.supply.index(MAMMA_MIA) * 4 // len(state.supply)] += 1
    assert set(places) == {0, 1, 2, 3}  # anywhere in the supply, not always at one end


def test_mm_s3_mamma_mia_card_can_be_the_top_of_the_supply():
    tops = [
        seed for seed in range(3000) if new_game("classic", 5, seed=seed)[0].supply[0] == MAMMA_MIA
    ]
    assert tops  # the card may come at once: dealt first, shuffled in after


@pytest.mark.parametrize(
    "variant,seats", [("classic", 2), ("classic", 5), ("plus", 3), ("plus", 6)]
)
def test_mm_s5_starting_player_is_random_and_play_goes_clockwise(variant, seats):
    firsts = {new_game(variant, seats, seed=seed)[0].current for seed in range(200)}
    assert firsts == set(range(seats))
    state, _ = new_game(variant, seats, seed=11)
    for _ in range(seats * 2):
        seat = state.current
        step(state, legal_actions(state, seat)[0])
        if state.phase != "turn":
            break
        assert state.current == (seat + 1) % seats


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_pl_s2_plus_deals_8_ingredients_and_one_order(seats):
    state, _ = new_game("plus", seats, seed=seats * 7)
    keep = 15 - {6: 0, 5: 1, 4: 3, 3: 5, 2: 7}[seats]
    for seat in range(seats):
        held = state.hands[seat]
        assert len(held) == 9
        assert sum(c in ALL_KINDS for c in held) == 8
        assert next(c for c in held if c not in ALL_KINDS).startswith(state.colours[seat] + "-")
        assert len(state.order_piles[seat]) == 14
    assert len(state.supply) == 6 * keep - 8 * seats
    assert MAMMA_MIA not in state.supply
