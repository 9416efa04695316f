"""Each seat's place at the web table shows its pizzas slice by slice, every
slice it holds in its place, and its score (issue 40, a real table): whole
random matches, checked at every move against the engine's public view."""

from __future__ import annotations

from public_games import drawn, played

from engine import game


def test_pizza_island_seats_show_their_pizzas_slice_by_slice() -> None:
    rules = game("pizza-island")
    settings = {o.name: o.default for o in rules.options}
    names = ["Ana", "Ben", "Cleo"]
    most = 0
    for view in played("pizza-island", 3, 5):
        shown = drawn("pizza-island", view, settings, names)["seats"]
        for seat, player in zip(shown, view.players, strict=True):
            held = sum(len(slices) for slices in player.pizzas.values())
            placed = sum(1 for p in seat["pizzas"] for place in p["places"] if "key" in place)
            assert placed == held
            most = max(most, held)
            score = player.points if view.scoring == "points" else player.wins
            assert [c["n"] for c in seat["counts"]] == [score]
    assert most >= 3, "the seats' pizzas filled as the match went on"
