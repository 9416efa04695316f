"""Each seat's place at the web table says what the physical table shows of
it (issue 40, a real table): its cards in hand, its order pile and its
delivered pizzas counted at its place, its turn lit. Whole random games,
checked at every move against the engine's public view, as a spectator
sees them (tests/support/public_games.py)."""

from __future__ import annotations

from public_games import drawn, played

from engine import game


def test_mamma_mia_seats_count_their_hand_order_pile_and_deliveries() -> None:
    delivered_seen = False
    for variant, seats in (("classic", 3), ("plus", 5)):
        rules = game("mammamia")
        settings = {o.name: o.default for o in rules.options} | {"variant": variant}
        names = ["Ana", "Ben", "Cleo", "Dario", "Eve"][:seats]
        for view in played("mammamia", seats, 7, variant=variant):
            shown = drawn("mammamia", view, settings, names)["seats"]
            for index, (seat, player) in enumerate(zip(shown, view.players, strict=True)):
                delivered = None if player.delivered is None else len(player.delivered)
                counts = [c["n"] for c in seat["counts"]]
                assert counts == [player.hand_size, player.order_pile_size, delivered], index
                assert seat["turn"] == (index in view.to_act and view.phase != "over")
                delivered_seen |= bool(delivered)
    assert delivered_seen, "pizzas were delivered in these games"
