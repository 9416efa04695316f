"""Pictures: valid and small images, cached by what they show, drawn from
public data only where they are public (MM-V1, PI-I1), with every kind and
colour told apart by a shape or pattern as well as a colour."""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import io
import itertools
import os
import pickle
import random
import signal
import sys
import typing
from collections import OrderedDict

import discord
import pytest
from PIL import Image

from bench.pictures import samples
from bench.pictures.__main__ import cases as bench_cases
from bot.games.mammamia.pictures import (
    HAND_W,
    MARGIN,
    PILE_ROW,
    PILE_STEP,
    HandPicture,
    Need,
    OrderFace,
    Outcome,
    Ranked,
    Table,
    _hand_image,
    _reveal_image,
    card_palette,
    glyphs,
    hand_image,
    outcomes_of,
    ranking_image,
    ranking_of,
    reveal_image,
    revealed_of,
)
from bot.games.mammamia.pictures import cards as mm_cards
from bot.games.mammamia.pictures.palette import KINDS, PLAYERS
from bot.games.pizzaisland.pictures import (
    Pizza,
    PlayerPizzas,
    draw_panel,
    panel_corner,
    pizzas_image,
    pizzas_size,
    seen_cards_image,
    ship_image,
)
from bot.games.pizzaisland.pictures.cards import SHAPES, SLICES
from bot.kit import processes
from bot.kit.reply import Picture, Reply
from bot.pictures import worker as picture_worker
from bot.pictures.canvas import PHONE_W, SMALLEST_DIGITS, Pen
from bot.pictures.palette import BACKGROUND, LIGHT, PANEL, SEATS
from bot.pictures.worker import render
from engine.mammamia import new_game, player_view, public_view
from engine.mammamia.cards import ORDER_CARDS
from engine.mammamia.events import Made, Returned, Revealed
from engine.mammamia.state import OVER
from engine.pizzaisland.cards import CARDS

from browser import chromium

LIMIT = 200 * 1024


def opened(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    assert len(data) <= LIMIT
    return image


@pytest.fixture(scope="module")
def game() -> tuple[list[typing.Any], list[typing.Any]]:
    return samples.play("plus", 4, 5)


# --- valid, small, of the expected size ------------------------------------


def hand(orders: int, colour: str = "green") -> HandPicture:
    ids = [o for o in ORDER_CARDS["plus"] if o.startswith(colour)][:orders]
    return HandPicture(
        colour,
        (("olive", 3), ("salami", 2), ("shrimp", 1)),
        tuple(OrderFace.of("plus", o) for o in ids),
        15 - orders,
    )


@pytest.mark.parametrize(("orders", "height"), [(0, 124), (1, 248), (2, 248), (3, 362), (9, 704)])
def test_hand_image_size_grows_by_rows_of_two_orders(orders: int, height: int) -> None:
    assert opened(hand_image(hand(orders))).size == (346, height)


def _pile(pen: Pen, at: tuple[float, float], kind: str, count: int) -> None:
    """A pile as the whole drawing placed it: its sprite at twice the size."""
    left, top = mm_cards.PILE_PAD[0], mm_cards.PILE_PAD[1]
    pen.paste(mm_cards.pile_sprite(kind, count), (at[0] - left, at[1] - top))


def _hand_drawn_whole(hand: HandPicture) -> bytes:
    """The hand as it was drawn before it was put together from parts: the
    whole picture at twice the size, halved, given the cards' palette."""
    room = HAND_W - 2 * MARGIN - (mm_cards.PILE_W + 28)
    per_row = int((room + PILE_STEP - mm_cards.PILE_W) // PILE_STEP)
    pile_rows = max(1, -(-len(hand.ingredients) // per_row))
    rows = -(-len(hand.orders) // 2)
    top = MARGIN + 12
    orders_y = top + pile_rows * PILE_ROW - 2
    height = orders_y + rows * (mm_cards.ORDER_H + 14) + MARGIN - (14 if rows else 24)
    pen = Pen(HAND_W, height)
    for i, (kind, count) in enumerate(hand.ingredients):
        row, col = divmod(i, per_row)
        _pile(pen, (MARGIN + col * PILE_STEP, top + row * PILE_ROW), kind, count)
    pile_x = HAND_W - MARGIN - mm_cards.PILE_W - 8
    pen.line([(pile_x - 16, top - 8), (pile_x - 16, top + mm_cards.PILE_H)], PANEL, 2)
    mm_cards.face_down_pile(pen, (pile_x, top), hand.colour, hand.order_pile)
    for i, face in enumerate(hand.orders):
        row, col = divmod(i, 2)
        pen.paste(mm_cards.order_sprite(face), (MARGIN + col * 164, orders_y + row * 114))
    return card_palette().png(pen.halved())


def same_picture(png: bytes, whole: bytes) -> bool:
    """Whether two PNGs show the very same pixels: the same palette indices
    and the same colours (a picture put together from bands deflated once is
    not the same bytes as Pillow's PNG of the whole: `bot.pictures.bands`)."""
    mine, theirs = opened(png), opened(whole)
    return (
        mine.mode == theirs.mode == "P"
        and mine.size == theirs.size
        and mine.tobytes() == theirs.tobytes()
        and mine.convert("RGB").tobytes() == theirs.convert("RGB").tobytes()
    )


def test_a_hand_put_together_from_parts_is_the_same_picture_pixel_for_pixel() -> None:
    """A hand is pasted together from parts halved once (`canvas.Sheet`) and
    deflated by bands: the very pixels of the whole picture drawn at twice
    the size and halved, for hands of real games, every colour, order piles
    of 0 to 15, and the most piles a hand can hold (three rows of them)."""
    hands = [
        h
        for variant, seats in (("classic", 4), ("plus", 5))
        for h in samples.hands(variant, seats, 2)
    ]
    most = tuple((kind, 9) for kind in KINDS)
    hands += [
        dataclasses.replace(hands[0], colour=colour, order_pile=size, ingredients=most)
        for colour in PLAYERS
        for size in (0, 1, 2, 3, 4, 15)
    ]
    for picture in hands[::3]:
        assert same_picture(_hand_image.__wrapped__(picture), _hand_drawn_whole(picture)), picture


def _reveal_drawn_whole(
    table: Table | None, revealed: str | OrderFace | None, outcomes: tuple[Outcome, ...]
) -> bytes:
    """The reveal as it was drawn before it was put together from parts."""
    card_w, card_h = mm_cards.ORDER_W * 0.9, mm_cards.ORDER_H * 0.9
    rows = -(-len(outcomes) // 2)
    y = MARGIN
    spot = (MARGIN, y, MARGIN + 160, y + 126)
    if revealed is not None:
        y += 126 + 16
    piles = table.piles if table is not None else ()
    piles_y = y + 12
    y += -(-len(piles) // 4) * PILE_ROW
    outcomes_y = y + (14 if rows and piles else 0)
    pen = Pen(HAND_W, max(outcomes_y + rows * (card_h + 22) - (22 if rows else 0) + MARGIN, 42))
    if revealed is not None:
        pen.rect(spot, PANEL, LIGHT, 2, 12)
    if isinstance(revealed, str):
        at = (spot[0] + (160 - 58 * 1.3) / 2, spot[1] + (126 - 80 * 1.3) / 2)
        mm_cards.ingredient_card(pen, at, revealed, 1.3)
    elif isinstance(revealed, OrderFace):
        at = (spot[0] + (160 - 150 * 0.92) / 2, spot[1] + (126 - 100 * 0.92) / 2)
        mm_cards.order_card(pen, at, revealed, 0.92)
    for i, (kind, count) in enumerate(piles):
        row, col = divmod(i, 4)
        _pile(pen, (MARGIN + col * 76, piles_y + row * PILE_ROW), kind, count)
    for i, outcome in enumerate(outcomes):
        row, col = divmod(i, 2)
        x, top = MARGIN + col * (card_w + 44), outcomes_y + row * (card_h + 22)
        pen.paste(mm_cards.order_sprite(outcome.order, 0.9), (x, top))
        mm_cards.outcome_mark(pen, (x + card_w - 4, top + 4), outcome.result, 16)
    return card_palette().png(pen.halved())


def test_a_reveal_put_together_from_parts_is_the_same_picture_pixel_for_pixel() -> None:
    """Each step of the oven reveal and each page of a round's summary, put
    together from parts as the hand: the same pixels as drawn whole."""
    shown = [
        r
        for variant, seats in (("classic", 5), ("plus", 6))
        for r in samples.reveals(variant, seats, 3)
    ]
    assert any(r.table is None for r in shown) and any(isinstance(r.revealed, str) for r in shown)
    for r in shown[::4]:
        args = (r.table, r.revealed, r.outcomes)
        assert same_picture(_reveal_image.__wrapped__(*args), _reveal_drawn_whole(*args)), r


def test_reveal_image_size_and_budget_over_a_whole_game() -> None:
    shown = samples.reveals("classic", 5, 1)
    assert shown
    for sample in shown[:: max(1, len(shown) // 12)]:
        image = opened(reveal_image(sample.table, sample.revealed, sample.outcomes))
        rows = -(-len(sample.outcomes) // 2)
        top = 142 if sample.revealed is not None else 0
        piles = 2 * 106 if sample.table is not None else 0  # five kinds, four to a row
        gap = 14 if rows and piles else 0
        assert image.size == (346, 16 + top + piles + gap + rows * 112 - (22 if rows else 0) + 16)


def test_ranking_image_has_one_row_per_player() -> None:
    ranked = samples.ranking("classic", 5, 2)
    assert opened(ranking_image(ranked)).size == (346, 32 + 5 * 96)  # a row: name, token, fan


def test_pizzas_image_one_player_a_row() -> None:
    # A row: the player's name, then their marker and pizzas.
    assert opened(pizzas_image(samples.PIZZAS)).size == (343, 704)
    assert opened(pizzas_image(samples.PIZZAS[:1])).size == (343, 190)


def test_pizzas_from_panels_kept_are_the_picture_drawn_whole() -> None:
    """A move changes one player's pizzas: the other players' panels are kept
    from the picture before and pasted; the picture is the very bytes of
    drawing every panel into it at once, through a game where one seat's
    pizzas grow at a time (names of every script, heroes, empty seats)."""
    rng = random.Random(29)
    names = ["", "Ana", "Ben Łukasiewicz", "クレオ", "陳大文", "x" * 80]

    def player() -> PlayerPizzas:
        pizzas = {}
        for colour in rng.sample(["red", "green", "yellow"], rng.randint(0, 2)):
            pool = [card for card in CARDS if card.startswith(colour + "-")]
            pizzas[colour] = [rng.choice(pool) for _ in range(rng.randint(1, 6))]
        return PlayerPizzas.of(rng.choice(list(SEATS)), pizzas, rng.choice(names))

    for seats in (1, 2, 4, 5):
        players = [player() for _ in range(seats)]
        for _ in range(8):
            players[rng.randrange(seats)] = player()
            shown = tuple(players)
            whole = Pen(*pizzas_size(seats))
            for i, one in enumerate(shown):
                draw_panel(whole, one, *panel_corner(i))
            assert pizzas_image(shown) == whole.encode(), (seats, shown)


def test_ship_and_seen_cards_sizes() -> None:
    assert opened(ship_image(samples.SHIP)).size == (266, 130)
    assert opened(ship_image(())).size == (266, 130)  # three empty places (PI-A1)
    assert opened(seen_cards_image(samples.SEEN)).size == (348, 32 + 2 * 138 - 12)


def _clear_caches() -> None:
    """Forget every drawn picture and sprite, so the next draw draws it all."""
    for module in list(sys.modules.values()):
        name = getattr(module, "__name__", "")
        if name.startswith(("bot.pictures", "bot.games.")) and ".pictures" in name + ".pictures":
            for value in vars(module).values():
                if hasattr(value, "cache_clear"):
                    value.cache_clear()


def test_every_picture_reads_on_a_phone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: a picture shown 320 px wide (a phone) keeps its digits at
    least 11 px: none is wider than `PHONE_W`, none draws a digit smaller
    than `SMALLEST_DIGITS` (the Plus reveal was 674 px wide, its badges'
    digits 7 px at a phone's width)."""
    sizes: list[float] = []
    digits = Pen.digits

    def noted(
        self: Pen,
        centre: typing.Any,
        number: typing.Any,
        size: float,
        *a: typing.Any,
        **k: typing.Any,
    ) -> None:
        sizes.append(size)
        digits(self, centre, number, size, *a, **k)

    monkeypatch.setattr(Pen, "digits", noted)
    for name, (draw, inputs) in bench_cases().items():
        for args in inputs[:: max(1, len(inputs) // 25)]:
            _clear_caches()
            sizes.clear()
            width, _ = opened(draw(*args)).size
            assert width <= PHONE_W, name
            smallest = min(sizes, default=SMALLEST_DIGITS)
            assert smallest >= SMALLEST_DIGITS, (name, smallest)
            assert smallest * min(1.0, 320 / width) >= 11, (name, smallest, width)


def test_a_picture_is_mostly_background_at_its_margins() -> None:
    image = opened(hand_image(hand(2))).convert("RGB")
    assert image.getpixel((2, 2)) == BACKGROUND
    assert image.getpixel((image.width - 2, image.height - 2)) == BACKGROUND


# --- cached by what they show -----------------------------------------------


def test_hand_cache_returns_the_same_bytes_object_for_an_equal_view(game: typing.Any) -> None:
    snapshots, _ = game
    state = snapshots[10]
    seat = state.to_act()[0]
    first = HandPicture.of(player_view(state, seat))
    second = HandPicture.of(player_view(state.copy(), seat))
    assert first == second and first is not second
    assert hand_image(first) is hand_image(second)
    other = dataclasses.replace(first, order_pile=first.order_pile + 1)
    assert hand_image(other) != hand_image(first)


def test_hands_and_reveals_go_to_the_worker_pickled_as_equal_values() -> None:
    """They pickle as plain tuples (their own `__reduce__`), every field kept,
    and an order face comes back as one object however often it is sent."""
    hands = samples.hands("plus", 5, 2)
    reveals = samples.reveals("plus", 6, 2)
    assert any(r.revealed is not None and not isinstance(r.revealed, str) for r in reveals)
    for sent in [(h,) for h in hands] + [(r.table, r.revealed, r.outcomes) for r in reveals]:
        assert pickle.loads(pickle.dumps(sent)) == sent
    held = next(h for h in hands if h.orders)
    first, second = pickle.loads(pickle.dumps(held)), pickle.loads(pickle.dumps(held))
    assert first == held and first.orders[0] is second.orders[0]
    assert hand_image(first) == hand_image(dataclasses.replace(held))


def test_every_picture_is_cached_by_value() -> None:
    sample = samples.reveals("classic", 3, 4)[5]
    copy = samples.reveals("classic", 3, 4)[5]
    assert reveal_image(sample.table, sample.revealed, sample.outcomes) is reveal_image(
        copy.table, copy.revealed, copy.outcomes
    )
    ranked = samples.ranking("classic", 3, 4)
    assert ranking_image(ranked) is ranking_image(tuple(dataclasses.replace(r) for r in ranked))
    mine = PlayerPizzas.of("red", {"green": ["green-a"], "red": ["red-b-mushroom"]})
    same = PlayerPizzas.of("red", {"red": ["red-b-mushroom"], "green": ["green-a"]})
    assert pizzas_image((mine,)) is pizzas_image((same,))  # key order means nothing
    assert ship_image(("red-a", "green-c")) is ship_image(tuple(["red-a", "green-c"]))
    assert seen_cards_image(("red-a",)) is seen_cards_image(tuple(["red-a"]))
    assert seen_cards_image(("red-a", "green-b")) != seen_cards_image(("green-b", "red-a"))


def _drawn_where(picture: HandPicture) -> bytes:
    return f"{os.getpid()}:".encode() + hand_image(picture)


async def test_render_draws_in_a_worker_process_and_remembers() -> None:
    data = await render(_drawn_where, hand(3))
    pid, _, png = data.partition(b":")
    assert int(pid) != os.getpid(), "drawn away from the event loop's interpreter"
    assert png == hand_image(hand(3))
    assert await render(_drawn_where, hand(3)) is data  # drawn before: from memory


class WorkerCalls:
    """Every call that reaches the picture worker's pipe, by function name."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[str] = []
        run = picture_worker._worker.run
        monkeypatch.setattr(picture_worker, "_recent", OrderedDict())  # nothing drawn before

        async def counted(fn: typing.Any, *args: typing.Any) -> bytes:
            self.calls.append(fn.__name__)
            return await run(fn, *args)

        monkeypatch.setattr(picture_worker._worker, "run", counted)


def a_hand_picture(orders: int) -> Picture:
    shown = hand(orders, "red")
    return Picture("hand.png", hand_image, (shown,), "a hand")


async def test_a_picture_drawn_before_is_never_asked_of_the_worker_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """#45.3: the pictures drawn are kept by a compact key (a 12-byte hash of
    what the picture shows), consulted before anything goes down the pipe:
    equal pictures asked for by other objects, or twice at once, are drawn
    once."""
    worker = WorkerCalls(monkeypatch)
    first, again, other = a_hand_picture(2), a_hand_picture(2), a_hand_picture(3)
    assert first is not again and first.key == again.key != other.key
    assert len(first.key) == 24  # hex: what goes in the attachment's name too
    together = await asyncio.gather(
        render(first.draw, *first.args, key=first.key),
        render(again.draw, *again.args, key=again.key),
    )
    assert together[0] is together[1] and worker.calls == ["hand_image"]
    assert await render(again.draw, *again.args, key=again.key) is together[0]
    assert await render(other.draw, *other.args, key=other.key) != together[0]
    assert worker.calls == ["hand_image", "hand_image"]


async def test_a_message_showing_the_picture_already_neither_draws_nor_uploads_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """#45.3: an edit of a message whose attachments are these very pictures
    (their names carry their keys) leaves them alone: no drawing, no upload."""
    worker = WorkerCalls(monkeypatch)
    picture = a_hand_picture(4)
    shown = Reply(embed=discord.Embed(title="hand"), pictures=[picture])
    await shown.draw(True, [f"hand-{picture.key[:10]}.png"])
    assert worker.calls == [] and shown.files is None  # left as the message has them
    assert "attachments" not in shown.kwargs(edit=True)
    assert shown.shown() == [picture.name]
    assert shown.embed is not None and shown.embed.image.url == f"attachment://{picture.name}"
    changed = Reply(embed=discord.Embed(title="hand"), pictures=[a_hand_picture(5)])
    await changed.draw(True, [picture.name])  # another picture: drawn and sent
    assert worker.calls == ["hand_image"] and changed.files is not None
    assert len(changed.kwargs(edit=True)["attachments"]) == 1


async def test_the_worker_answers_over_its_pipe_and_is_replaced_when_killed() -> None:
    """The pipe to a worker (bot.kit.processes.Pipe): answers in any order of
    asking, an error raised in the bot, a killed worker replaced for the
    calls under way and the next."""
    pipe = processes.Pipe("test-pictures")
    try:
        shown = [hand(n) for n in range(5)]
        drawn = await asyncio.gather(*(pipe.run(_drawn_where, h) for h in shown))
        first = pipe.pid
        assert first is not None and first != os.getpid()
        assert [d.partition(b":")[2] for d in drawn] == [hand_image(h) for h in shown]
        with pytest.raises(ValueError, match="digits only"):
            await pipe.run(_refused)
        os.kill(first, signal.SIGKILL)
        again = await asyncio.gather(*(pipe.run(_drawn_where, h) for h in shown))
        assert pipe.pid not in (None, first)
        assert [d.partition(b":")[2] for d in again] == [hand_image(h) for h in shown]
    finally:
        pipe.stop()


def _refused() -> bytes:
    Pen(10, 10).digits((5, 5), "x", 4, (0, 0, 0))
    return b""


# --- hidden stays hidden (MM-V1, PL-R5, PI-I1) ------------------------------


def _field_names(cls: type, seen: set[type] | None = None) -> set[str]:
    """Every field name reachable from a dataclass through its field types."""
    seen = seen if seen is not None else set()
    if cls in seen or not dataclasses.is_dataclass(cls):
        return set()
    seen.add(cls)
    hints = typing.get_type_hints(cls)
    names = set()
    for f in dataclasses.fields(cls):
        names.add(f.name)
        for arg in _type_leaves(hints[f.name]):
            names |= _field_names(arg, seen)
    return names


def _type_leaves(hint: typing.Any) -> list[typing.Any]:
    args = typing.get_args(hint)
    if not args:
        return [hint]
    return [leaf for a in args for leaf in _type_leaves(a)]


@pytest.mark.parametrize("cls", [Table, Outcome, Ranked, PlayerPizzas, Pizza])
def test_mm_v1_public_inputs_have_no_place_for_a_hand_or_order_pile(cls: type) -> None:
    names = _field_names(cls)
    assert names  # the walk found the fields
    hidden = ("hand", "order_pile", "supply", "deck")
    assert not {n for n in names if any(h in n for h in hidden)}


def _hide_differently(state: typing.Any) -> typing.Any:
    """The same public table with every hand and order pile changed but of
    the same sizes (MM-T7: the sizes are public, the cards are not)."""
    other = state.copy()
    other.hands = [["olive"] * len(h) for h in other.hands]
    other.order_piles = [list(reversed(p)) for p in other.order_piles]
    return other


def test_mm_v1_public_pictures_do_not_change_with_hidden_cards(game: typing.Any) -> None:
    snapshots, events = game
    for state in snapshots[:: max(1, len(snapshots) // 25)]:
        if state.phase == OVER:
            continue  # the hands' ingredient counts are shown at the end (MM-E1)
        twin = _hide_differently(state)
        mine, theirs = public_view(state), public_view(twin)
        assert mine == theirs
        table = Table.of_view(mine)
        assert reveal_image(table, None, ()) is reveal_image(Table.of_view(theirs), None, ())
    table = Table.of_view(public_view(snapshots[-1]))
    outcomes = outcomes_of("plus", events)
    assert any(o.result == "returned" for o in outcomes)
    assert len(outcomes) == sum(isinstance(e, Made | Returned) for e in events)
    last = next(e for e in reversed(events) if isinstance(e, Revealed))
    data = reveal_image(table, revealed_of("plus", last.card), outcomes)
    assert opened(data).width == 346


def test_mm_v1_public_builders_refuse_a_players_view(game: typing.Any) -> None:
    snapshots, _ = game
    state = snapshots[-1]
    assert state.phase == OVER
    with pytest.raises(ValueError):
        Table.of_view(player_view(state, 0))
    with pytest.raises(ValueError):
        ranking_of(player_view(state, 0))
    ranked = ranking_of(public_view(state))
    assert ranked == ranking_of(public_view(state))
    assert [r.place for r in ranked] == sorted(r.place for r in ranked)
    assert {r.colour for r in ranked} == set(state.colours)


def test_pl_r5_ranking_waits_for_the_end_of_a_plus_game(game: typing.Any) -> None:
    snapshots, _ = game
    with pytest.raises(ValueError):
        ranking_of(public_view(snapshots[5]))


def test_mm_v1_private_events_are_refused() -> None:
    _, events = new_game("classic", 3, seed=1)
    private = next(e for e in events if not e.public)  # a dealt hand (MM-S4)
    with pytest.raises(ValueError):
        Outcome.of("classic", private)


# --- order faces say what each order needs (MM-C2, PL-C2) -------------------


def test_mm_c2_normale_needs_one_personal_and_four_of_another() -> None:
    face = OrderFace.of("classic", "green-salami")
    assert face == OrderFace("green", (Need("kind", 1, ("pepper",)), Need("kind", 4, ("salami",))))


def test_mm_r7_bombastica_needs_fifteen_or_more_of_any_kind() -> None:
    (need,) = OrderFace.of("classic", "red-bombastica").needs
    assert (need.glyph, need.count, need.more) == ("any", 15, True)
    assert len(need.kinds) == 5


def test_mm_r9_minimale_shows_the_fewest_glyph() -> None:
    needs = OrderFace.of("classic", "yellow-minimale").needs
    assert [n.glyph for n in needs] == ["kind", "fewest"] and needs[1].count == 3


def test_pl_r1_mini_and_piccola_show_the_crossed_out_kind_first() -> None:
    # salami's N1, N2, N3 are pineapple, mushroom, pepper (PL-C2)
    assert OrderFace.of("plus", "red-mini-1").needs == (
        Need("crossed", 1, ("mushroom",)),
        Need("kind", 3, ("salami",)),
    )
    piccola = OrderFace.of("plus", "red-piccola").needs
    assert piccola[0] == Need("crossed", 1, ("pepper",))
    assert piccola[1].glyph == "any" and "pepper" not in piccola[1].kinds


def test_pl_r2_chiottona_shows_two_chosen_kinds_and_pl_r3_mamma_mia_an_either() -> None:
    chiottona = OrderFace.of("plus", "pink-chiottona").needs
    assert [n.glyph for n in chiottona] == ["kind", "any", "any"]
    mammamia = OrderFace.of("plus", "red-mammamia").needs
    assert mammamia[1] == Need("either", 5, ("pineapple", "pepper"))


def test_every_order_card_of_both_boxes_draws() -> None:
    for variant, cards in ORDER_CARDS.items():
        faces = tuple(OrderFace.of(variant, o) for o in sorted(cards))
        for start in range(0, len(faces), 9):
            picture = HandPicture("red", (), faces[start : start + 9], 0)
            assert opened(hand_image(picture)).width == 346


# --- colour and a second channel (colour-blind players) ---------------------


def test_kinds_have_distinct_colours_and_distinct_symbols() -> None:
    assert len({s.colour for s in KINDS.values()}) == len(KINDS)
    assert len({s.symbol for s in KINDS.values()}) == len(KINDS)


@pytest.mark.parametrize("table", [PLAYERS, SLICES])
def test_colours_have_distinct_colours_and_distinct_patterns(table: dict[str, typing.Any]) -> None:
    assert len({s.colour for s in table.values()}) == len(table)
    assert len({s.pattern for s in table.values()}) == len(table)
    assert "plain" not in {s.pattern for s in table.values()}


def test_pi_c1_shapes_are_distinct() -> None:
    assert len(set(SHAPES.values())) == 3


def _silhouette(kind: str) -> set[tuple[int, int]]:
    pen = Pen(40, 40)
    glyphs.kind(pen, (20, 20), 18, kind)
    image = pen.image.convert("RGB")
    return {
        (x, y)
        for x in range(0, image.width, 2)
        for y in range(0, image.height, 2)
        if image.getpixel((x, y)) != BACKGROUND
    }


def test_kind_symbols_differ_in_shape_not_only_in_colour() -> None:
    shapes = {k: _silhouette(k) for k in KINDS}
    for a, b in itertools.combinations(KINDS, 2):
        overlap = len(shapes[a] & shapes[b]) / len(shapes[a] | shapes[b])
        assert overlap < 0.8, (a, b, overlap)


def test_pictures_hold_digits_only() -> None:
    pen = Pen(10, 10)
    pen.digits((5, 5), 15, 8, (0, 0, 0))
    for text in ("x", "15+", "٣", "-1"):
        with pytest.raises(ValueError):
            pen.digits((5, 5), text, 8, (0, 0, 0))


def test_pi_card_ids_are_checked() -> None:
    with pytest.raises(ValueError):
        ship_image(("blue-a",))
    with pytest.raises(ValueError):
        seen_cards_image(("red-d-knife",))


async def test_a_browser_shows_the_pictures_put_together_from_bands_pixel_for_pixel() -> None:
    """Chromium (Discord's desktop client and its web page) decodes hands and
    reveals whose PNG is joined from bands deflated apart (`bot.pictures.bands`)
    to the very colours Pillow decodes: a stream of blocks flushed to a byte
    is plain deflate to any PNG decoder."""
    shown = [hand_image(h) for h in samples.hands("plus", 5, 2)[::20]]
    shown += [
        reveal_image(r.table, r.revealed, r.outcomes) for r in samples.reveals("plus", 6, 2)[::20]
    ]
    async with chromium() as browser:
        page = await browser.new_page()
        for png in shown:
            expected = opened(png).convert("RGBA")
            url = "data:image/png;base64," + base64.b64encode(png).decode()
            decoded = await page.evaluate(DECODED, url)
            assert decoded["size"] == list(expected.size)
            assert base64.b64decode(decoded["rgba"]) == expected.tobytes()


#: The page's script: a PNG's size and pixels (RGBA, row by row, in base64)
#: as the browser decodes them.
DECODED = """async (url) => {
  const image = new Image();
  image.src = url;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext("2d", { colorSpace: "srgb" });
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
  let binary = "";
  for (let i = 0; i < data.length; i += 0x8000) {
    binary += String.fromCharCode.apply(null, data.subarray(i, i + 0x8000));
  }
  return { size: [canvas.width, canvas.height], rgba: btoa(binary) };
}"""
