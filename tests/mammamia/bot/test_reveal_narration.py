"""The oven reveal's narration fits a minute and 30 lines whatever the oven
holds (MM-R1..R10, PL-H: every outcome is told; issue 29, point 2)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping

import orjson
import pytest

from bot.games.mammamia import PACE, PRESENTATION, narration
from bot.i18n import LOCALES, use_locale
from bot.plugin.contract import Show
from engine import game
from engine.mammamia import events as ev
from engine.mammamia.cards import BOXES
from engine.value import Value

from tests.mammamia.driver import narration_lines

SEATS = 6


def _oven(variant: str, cards: int, rng: random.Random) -> list[ev.Event]:
    """The public events of a reveal of `cards` cards, every fifth an order,
    with help requests, refusals and every kind of outcome."""
    box = BOXES[variant]
    orders = [o for colour in box.orders for o in box.order_ids(colour)]
    events: list[ev.Event] = [ev.RevealStarted(seat=0, round=1, oven=cards, table={})]
    table: dict[str, int] = {}
    for i in range(cards):
        if i % 5 != 4:
            kind = rng.choice(box.kinds)
            table[kind] = table.get(kind, 0) + 1
            events.append(ev.Revealed(card=kind, table=dict(table)))
            continue
        order, seat = rng.choice(orders), rng.randrange(SEATS)
        events.append(ev.Revealed(card=order, table=dict(table)))
        if rng.random() < 0.4:
            events.append(ev.Asked(seat=seat, order=order, cards={"olive": 2}))
            for other in range(SEATS):
                if other != seat:
                    events.append(ev.HelpRefused(seat=other, owner=seat))
        if rng.random() < 0.5:
            helper = rng.choice([None, (seat + 1) % SEATS])
            events.append(
                ev.Made(
                    seat=seat,
                    order=order,
                    choice=[],
                    table={},
                    paid={"olive": 1} if helper is None else {},
                    helper=helper,
                    given={},
                    left=dict(table),
                )
            )
        else:
            events.append(ev.Returned(seat=seat, order=order, reason="no_help"))
    events.append(ev.RoundEnded(round=1, table=dict(table)))
    events.append(ev.RoundStarted(round=2, first=1, supply=40))
    return events


def _narrated(events: list[ev.Event]) -> tuple[float, list[narration.Reveal]]:
    """The pauses the publisher would sleep at the normal pace, and the model
    at each step the message shows."""
    model, seconds, shown = None, 0.0, []
    for event in events:
        model, step = PRESENTATION.narrate(model, event)
        if step.show is not Show.NOTHING and model is not None:
            shown.append(narration.Reveal.from_json(model.to_json()))
        if step.paced:
            seconds += PACE["normal"]
    return seconds, shown


@pytest.mark.parametrize("cards", [10, 40, 90, 400])
@pytest.mark.parametrize("variant", ["classic", "plus"])
def test_any_reveal_takes_at_most_a_minute_and_30_lines(variant, cards):
    names = [f"Player {i}" for i in range(SEATS)]
    seconds, shown = _narrated(_oven(variant, cards, random.Random(cards)))
    assert seconds <= narration.MINUTE
    beats = min(cards // 5, narration.MAX_BEATS)
    assert seconds == pytest.approx(PACE["normal"] * beats), "each outcome pauses, up to a bound"
    assert shown[-1].done and shown[-1].shown == cards
    for locale in LOCALES:
        with use_locale(locale):
            for model in shown:
                reply = narration.reveal(1, model, variant, names)
                assert narration_lines(reply.embed.to_dict()) <= 30, (locale, cards)


def test_ingredients_show_with_the_next_outcome_not_each_on_its_own():
    events = _oven("plus", 90, random.Random(1))
    _, shown = _narrated(events)
    outcomes = sum(isinstance(e, ev.Made | ev.Returned) for e in events)
    assert len(shown) == 1 + outcomes + 2  # the post, each outcome, the round's end and next


def test_a_help_request_and_its_refusals_are_one_line():
    names = ["Ana", "Bo", "Cleo", "Dario"]
    model = narration.Reveal(round=1, revealer=0, total=3, done=True)
    model.lines += [
        narration.Line(type=narration.ASKED, seat=0, cards={"olive": 2}),
        narration.Line(type=narration.REFUSED, seat=1),
        narration.Line(type=narration.REFUSED, seat=2),
        narration.Line(type=narration.REFUSED, seat=3),
        narration.Line(type=narration.RETURNED, seat=0, order="purple-misto", reason="no_help"),
    ]
    with use_locale("en"):
        told = narration.story(model, "plus", names)
    assert told[0] == "🙋 Ana asks for 🫒 2 olives · 🙅 3 do not help: Bo, Cleo, and Dario"
    assert len(told) == 2


def test_a_reveal_stored_before_the_bound_reads_on():
    """The narration stored by an earlier version (no pause count, a line per
    refusal) is read and told the new way."""
    stored = {
        "round": 2,
        "revealer": 1,
        "total": 30,
        "shown": 12,
        "table": {"olive": 3},
        "last": "olive",
        "lines": [
            {"type": "asked", "seat": 0, "cards": {"olive": 2}},
            {"type": "refused", "seat": 1},
            {"type": "refused", "seat": 2},
        ],
        "done": False,
        "first": None,
    }
    model = PRESENTATION.load_narration(stored)
    assert model.beats == 0
    model, step = PRESENTATION.narrate(
        model, ev.Returned(seat=0, order="purple-misto", reason="no_help")
    )
    assert step.show is Show.EDIT and step.paced and model is not None and model.beats == 1
    model.done = True
    with use_locale("en"):
        told = narration.story(model, "plus", ["Ana", "Bo", "Cleo"])
    assert told[0].endswith("🙅 2 do not help: Bo and Cleo")


def _generic(value: object) -> object:
    """`Value.to_json`'s form walked field by field, as every value's is."""
    if isinstance(value, Value):
        omitted = value.OMITTED_IF_NONE
        return {
            f.name: _generic(getattr(value, f.name))
            for f in dataclasses.fields(value)  # type: ignore[arg-type]
            if not (getattr(value, f.name) is None and f.name in omitted)
        }
    if isinstance(value, tuple | list):
        return [_generic(item) for item in value]
    if isinstance(value, Mapping):
        return {key: _generic(item) for key, item in value.items()}
    return value


@pytest.mark.parametrize("variant", ["classic", "plus"])
def test_a_models_json_is_the_generic_form_written_out(variant):
    """The reveal's model is stored at every move of a round, so its JSON
    form is written by hand: the very text the generic form stored, at each
    step of whole games and of made-up reveals with every kind of line."""
    rules = game("mammamia")
    models: list[narration.Reveal] = []
    for seed in range(6):
        rng = random.Random(seed)
        state, events = rules.start(rules.new_record({"variant": variant}, 4, seed))
        model = None
        while True:
            for event in events:
                if event.to is None:
                    model, _ = PRESENTATION.narrate(model, event)
                    if model is not None:
                        models.append(narration.Reveal.from_json(model.to_json()))
            if rules.is_over(state):
                break
            seat = (list(rules.asked(state)) or [rules.to_act(state)[0]])[0]
            state, events = rules.apply(state, rng.choice(list(rules.legal_actions(state, seat))))
    models += _narrated(_oven(variant, 90, random.Random(2)))[1]
    assert any(line.helper is not None for m in models for line in m.lines)
    assert any(line.cards for m in models for line in m.lines)
    for model in models:
        assert orjson.dumps(model.to_json()) == orjson.dumps(_generic(model))
