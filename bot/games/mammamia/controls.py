"""Mamma Mia!'s controls: the private hand and its turn controls, and the
reveal's decision buttons (MM-R4, MM-R8..R10, PL-R2, PL-R3, PL-H1..H3).

Decision buttons sit on the public reveal message, and on the table when it
was posted below the reveal (`bot.publishing.publisher.carried_decision`);
only the player who must decide may use them (`Component.seated`). Choices
that would show the owner's hand (which cards pay a Bombastica, what to ask
for) are offered in an ephemeral picker only the owner sees.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache

import discord

from bot.flow import questions as asking
from bot.flow.service import Outcome
from bot.games.mammamia import render
from bot.games.mammamia.hand import Draft, Plain, chosen, hand, plain_turns
from bot.games.mammamia.render import PREFIX, custom_id
from bot.i18n import current_locale, join_and, sentences, t
from bot.interactions.components import (
    Component,
    acknowledge,
    channel_id,
    edit,
    gone,
    reply,
    service_of,
    update,
)
from bot.interactions.paging import page_of, turned
from bot.kit.reply import Reply, select
from bot.live import answer_cache as answers
from bot.live.live import Live
from bot.live.presence import GAME, NARRATION
from bot.live.refusals import ServiceError, seat_for
from engine.mammamia import GAME as RULES
from engine.mammamia import State, next_turns, variant_of
from engine.mammamia import events as ev
from engine.mammamia.actions import Action, Ask, Choose, Help, Pass, Pay, Turn
from engine.mammamia.views import PlayerView, PublicView

Cards = tuple[tuple[str, int], ...]


def state_of(live: Live) -> State:
    """The engine state of a game of this kind (the host holds any game's)."""
    assert isinstance(live.state, State), live.row.game
    return live.state


def public_of(live: Live) -> PublicView:
    """The public view, as this game's own (the host holds any game's)."""
    view = live.public_view()
    assert isinstance(view, PublicView), live.row.game
    return view


def view_of(live: Live, seat: int) -> PlayerView:
    """`seat`'s view, as this game's own."""
    view = live.player_view(seat)
    assert isinstance(view, PlayerView), live.row.game
    return view


def legal_of(live: Live, seat: int) -> list[Action]:
    """`seat`'s legal actions, as this game's own."""
    return [action for action in live.legal(seat) if isinstance(action, Action)]


def turns_of(live: Live, seat: int) -> list[Action]:
    """The turns `seat`'s hand offers: its legal turns on its turn, else those
    of its next turn (the engine's `next_turns` is both). Worked out once a
    version: a move's answer, its key and the readied hand all ask."""
    return live.remember(("turns", seat), lambda: next_turns(state_of(live), seat))


def plain_of(live: Live, seat: int) -> Plain:
    """`turns_of` as plain tuples (`plain_turns`), once a version: the hand's
    key and its menus compare them."""
    return live.remember(("plain", seat), lambda: plain_turns(turns_of(live, seat)))


def hand_reply(
    live: Live, seat: int, draft: Draft | None = None, notice: str | None = None
) -> Reply:
    def make(said: str | None = None) -> Reply:
        view, turns = view_of(live, seat), turns_of(live, seat)
        plain = plain_of(live, seat)
        return hand(live.id, view, live.names(), turns, draft, said, live.keep, plain)

    made_of = hand_key(seat, draft)(live)
    if made_of is None:  # a reveal or the end: the hand says whose turn it is
        if notice is not None:  # what was just played: said once
            return make(notice)
        return answers.answer(live, "hand", seat, _code(draft), make=make)
    # In the turn phase a seat's cards and next turns stay the same while the
    # others move: the hand looked at between its owner's moves, and the one
    # a move answers with (its notice apart), is one already built. One is
    # kept for each seat with no pick, one with its latest pick.
    place = ("hand", seat, draft is None or draft == NO_PICK)
    shown = live.keep(place, made_of, make).copy()
    if notice and shown.embed is not None:  # in the turn phase a notice is all it says
        shown.embed.description = notice
    return shown


def played_notice(outcome: Outcome) -> str:
    """What the player just did, and the cards they drew (private to them)."""
    action = outcome.action
    played = (
        (action.ingredient, action.count, bool(action.order)) if isinstance(action, Turn) else None
    )
    drawn: list[str] = []
    laid = 0
    for event in outcome.events:
        if isinstance(event, ev.Drew) and event.to == outcome.seat:
            drawn += event.cards
        if isinstance(event, ev.MammaMiaLaid) and event.seat == outcome.seat:
            laid += 1
    variant = variant_of(outcome.live.row.settings)
    return _notice(played, laid, tuple(drawn), variant, current_locale())


# Kept by language: the same few plays and draws are said move after move.
@lru_cache(maxsize=4096)
def _notice(
    played: tuple[str, int, bool] | None,
    laid: int,
    drawn: tuple[str, ...],
    variant: str,
    locale: str,
) -> str:
    """`played`: the cards played and whether with an order card, None for a pass."""
    if played is None:
        text = t("played.pass")
    else:
        cards = render.amount(played[0], played[1])
        text = t("played.with_order", cards=cards) if played[2] else t("played.plain", cards=cards)
    told = [text, *[t("played.mamma_mia")] * laid]
    if drawn:
        told.append(t("played.drew", cards=drawn_words(variant, drawn)))
    return sentences(*told)


def ready_hand(
    seat: int, draft: Draft | None = None, notice: str | None = None
) -> Callable[[Live], Reply | None]:
    """The hand as it should show when the seat's turn comes (None: nothing to
    play): its pick kept, and the word on the player's last move."""

    def redraw(live: Live) -> Reply | None:
        if not turns_of(live, seat):
            return None
        return hand_reply(live, seat, draft, notice)

    return redraw


def hand_key(
    seat: int, draft: Draft | None = None, notice: str | None = None
) -> Callable[[Live], Hashable]:
    """What `hand_reply(live, seat, draft, notice)` is made of, in the turn
    phase (in a reveal or at the end the hand says more: None, not keyed)."""
    code = _code(draft)

    def key(live: Live) -> Hashable:
        # What the seat holds and may play, worked out once a version: a
        # move's answer, its kept hand and the hand readied at a hand-over
        # each ask.
        locale = current_locale()
        held = live.remember(("hand_key", seat, locale), lambda: _held_key(live, seat, locale))
        return None if held is None else (held, code, notice)

    return key


def _held_key(live: Live, seat: int, locale: str) -> Hashable:
    view = view_of(live, seat)
    if view.phase != "turn":
        return None
    mine = view.players[seat]
    # The turns as plain tuples (a Turn's fields, a Pass's fewer): compared
    # in C at every hand readied or kept, where the actions' own equality is
    # a Python call each.
    turns = plain_of(live, seat)
    held = (view.hand, view.hand_orders, mine.order_pile_size, mine.colour)
    return (locale, view.variant, live.row.seats[seat].name, held, turns)


#: A hand with nothing picked yet, and its code.
NO_PICK = Draft()
_NO_PICK_CODE = NO_PICK.encode()


def _code(draft: Draft | None) -> str:
    return _NO_PICK_CODE if draft is None else draft.encode()


def keep_hand(
    interaction: discord.Interaction,
    live: Live,
    seat: int,
    shown: Reply,
    sent: discord.Message | None = None,
    draft: Draft | None = None,
    notice: str | None = None,
    said: str | None = None,
) -> None:
    """The hand just shown (`shown`: the interaction's answer, or `sent`) is
    the one the bot readies at this player's next turn, if it must
    (`bot.publishing.hands`), keeping its pick and its `notice` (the word on
    the player's own move; not a refusal, which the turn makes stale: `said`,
    the words `shown` says when they are not `notice`)."""
    publisher = service_of(interaction).publisher
    if publisher is None:
        return
    message = sent
    if message is None and interaction.type == discord.InteractionType.component:
        message = interaction.message  # a click redraws the hand it is on
    names = [a.filename for a in message.attachments] if message is not None else []
    publisher.hands.keep(
        live.id,
        seat,
        live.version,
        interaction,
        ready_hand(seat, draft, notice),
        shown,
        sent.id if sent is not None else None,
        names,
        (hand_key(seat, draft, notice), hand_key(seat, draft, said or notice)(live)),
    )


def drawn_words(variant: str, drawn: Sequence[str]) -> str:
    """`🍄 2 mushrooms and 🟩 Misto`: ingredients counted by kind (never
    "mushroom and mushroom"), then each order card, in the order first drawn."""
    kinds = Counter(c for c in drawn if c in render.KIND_EMOJI)
    said: list[str] = []
    for card in dict.fromkeys(drawn):
        if card in kinds:
            said.append(render.amount(card, kinds[card]))
        else:
            said += [render.card_title(variant, card)] * drawn.count(card)
    return join_and(said)


async def show_hand(interaction: discord.Interaction, live: Live) -> None:
    seat = seat_for(live, interaction.user.id)
    await service_of(interaction).back(live, interaction.user.id)  # an away player is back
    shown = hand_reply(live, seat)
    sent = await reply(interaction, shown)
    keep_hand(interaction, live, seat, shown, sent)


async def act_turn(
    interaction: discord.Interaction, make: Callable[[int], Action], version: int | None = None
) -> Outcome:
    svc = service_of(interaction)
    live = await svc.games.running(channel_id(interaction))
    return await svc.act(live.id, interaction.user.id, make, version, interaction)


# --- the hand ------------------------------------------------------------------


class HandButton(Component, prefix=PREFIX, verb="hand"):
    """The table's My hand button (RoboDanny's "reopen your board"): the hand
    as it is now, whichever table it was clicked on."""

    playing = True

    async def act(self, interaction: discord.Interaction) -> None:
        await show_hand(interaction, await service_of(interaction).games.live(self.click.game))


class _DraftSelect(Component):
    """A choice in the hand's turn controls: redraw them with the new draft,
    on the owner's turn or while others play (a pick for their next turn)."""

    playing = private = True

    async def act(self, interaction: discord.Interaction) -> None:
        live = await service_of(interaction).games.live(self.click.game)
        seat = seat_for(live, interaction.user.id)
        draft = Draft.decode(self.click.arg)
        if self.click.values:
            draft = draft.with_(self.verb, self.click.values[0])
        shown = hand_reply(live, seat, draft)
        await edit(interaction, shown)
        keep_hand(interaction, live, seat, shown, draft=draft)


class TurnSelect(_DraftSelect, prefix=PREFIX, verb="turn"):
    """A whole turn in one choice."""


class CardsSelect(_DraftSelect, prefix=PREFIX, verb="cards"):
    """How many cards of which kind."""


class FinishSelect(_DraftSelect, prefix=PREFIX, verb="finish"):
    """The order card (or none) and the draw that go with the cards."""


class OrderSelect(_DraftSelect, prefix=PREFIX, verb="order"):
    """An order card alone: on hands sent before the order and the draw were
    chosen together (`FinishSelect`)."""


class DrawSelect(_DraftSelect, prefix=PREFIX, verb="draw"):
    """A draw alone, as `OrderSelect`."""


class PlayButton(Component, prefix=PREFIX, verb="play"):
    """Plays the turn picked, checked against the legal turns now. Out of
    turn it says whose turn it is, privately, and keeps the pick."""

    playing = private = True

    async def act(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        live = await service.games.live(self.click.game)
        seat = seat_for(live, interaction.user.id)
        draft = Draft.decode(self.click.arg)
        state = state_of(live)
        if state.phase != "turn" or state.current != seat:
            whose = render.status_line(public_of(live), live.names())
            picked = chosen(draft, turns_of(live, seat)) is not None
            notice = sentences(whose, t("hand.pick_kept")) if picked else whose
            shown = hand_reply(live, seat, draft, notice)
            await edit(interaction, shown)
            keep_hand(interaction, live, seat, shown, draft=draft, said=notice)
            return
        action = chosen(draft, legal_of(live, seat))
        if action is None:  # only a turn the player picked plays
            await edit(interaction, hand_reply(live, seat, None, t("hand.choose")))
            return
        user = interaction.user.id
        outcome = await service.act(live.id, user, lambda s: action, None, interaction)
        notice = played_notice(outcome)
        shown = hand_reply(live, seat, None, notice)
        await edit(interaction, shown)
        keep_hand(interaction, live, seat, shown, notice=notice)


# --- the reveal's decisions ---------------------------------------------------------


class _Decision(Component):
    """A decision on the reveal message: only its decider, and only while it
    is open; the publisher redraws the message."""

    current = seated = True

    async def decide(self, interaction: discord.Interaction, make: Callable[[int], Action]) -> None:
        click = self.click
        await service_of(interaction).act(
            click.game, interaction.user.id, make, click.version, interaction
        )
        await acknowledge(interaction)


class ChooseButton(_Decision, prefix=PREFIX, verb="choose"):
    async def act(self, interaction: discord.Interaction) -> None:
        kinds = tuple((self.click.arg or "").split("+"))
        await self.decide(interaction, lambda seat: Choose(seat, kinds))


class PayButton(_Decision, prefix=PREFIX, verb="pay"):
    async def act(self, interaction: discord.Interaction) -> None:
        if self.click.arg not in ("yes", "no"):
            raise gone()  # no such button was drawn
        if self.click.arg == "no":
            await self.decide(interaction, lambda seat: Pay(seat, False))
            return
        pending = public_of(self.live).pending
        if pending is not None and pending.short:  # MM-R10: which cards, privately
            await self._bombastica_picker(interaction, pending.short)
            return
        await self.decide(interaction, lambda seat: Pay(seat, True))

    async def _bombastica_picker(self, interaction: discord.Interaction, short: int) -> None:
        seat = seat_for(self.live, interaction.user.id)
        legal = legal_of(self.live, seat)
        payments = [a for a in legal if isinstance(a, Pay) and a.cards]
        if not payments:
            raise ServiceError("cannot_pay_bombastica", RULES.name, count=short)
        picker = _picker(self.live, self.click.version, "payset", payments, t("pick.pay"))
        await reply(interaction, picker)


class AskButton(_Decision, prefix=PREFIX, verb="ask"):
    """PL-H1: the owner picks which missing cards to ask for, privately."""

    async def act(self, interaction: discord.Interaction) -> None:
        seat = seat_for(self.live, interaction.user.id)
        legal = legal_of(self.live, seat)
        asks = [a for a in legal if isinstance(a, Ask)]
        if not asks:
            raise ServiceError("cannot_ask", RULES.name)
        picker = _picker(self.live, self.click.version, "askset", asks, t("pick.ask"))
        await reply(interaction, picker)


def _cards_value(cards: Cards) -> str:
    return ",".join(f"{k}={n}" for k, n in cards)


def _cards_of(value: str) -> Cards:
    pairs = [part.split("=", 1) for part in value.split(",") if "=" in part]
    return tuple((k, int(n)) for k, n in pairs if n.isdigit())


def _picker(
    live: Live, version: int, verb: str, actions: Sequence[Pay | Ask], prompt: str, page: int = 0
) -> Reply:
    """An ephemeral select of the legal ways to pay or ask; when there are
    more than one select holds, in pages, the last option of each leading
    to the next page (none is left out)."""
    options = []
    for action in actions:
        cards = action.cards or ()
        options.append((render.cards(dict(cards)), _cards_value(cards), False))
    menu = select(custom_id(live.id, version, verb), page_of(options, page), placeholder=prompt)
    return Reply(content=prompt, items=[menu])


class _Picked(_Decision):
    private = True

    def action(self, seat: int, cards: Cards) -> Action:
        raise NotImplementedError

    def choices(self, seat: int) -> list[Pay | Ask]:
        raise NotImplementedError

    async def act(self, interaction: discord.Interaction) -> None:
        click = self.click
        value = click.values[0] if click.values else ""
        page = turned(value)
        if page is not None:
            seat = seat_for(self.live, interaction.user.id)
            prompt = t("pick.pay") if isinstance(self, PaySetSelect) else t("pick.ask")
            picker = _picker(self.live, click.version, self.verb, self.choices(seat), prompt, page)
            await edit(interaction, picker)
            return
        cards = _cards_of(value)
        await service_of(interaction).act(
            click.game,
            interaction.user.id,
            lambda s: self.action(s, cards),
            click.version,
            interaction,
        )
        shown = render.cards(dict(cards))
        if isinstance(self, PaySetSelect):
            text = t("pick.paid", cards=shown)
        else:
            text = t("pick.asked", cards=shown)
        await update(interaction, content=text, view=None)


class PaySetSelect(_Picked, prefix=PREFIX, verb="payset"):
    def action(self, seat: int, cards: Cards) -> Action:
        return Pay(seat, True, cards)

    def choices(self, seat: int) -> list[Pay | Ask]:
        legal = RULES.legal_actions(state_of(self.live), seat)
        return [a for a in legal if isinstance(a, Pay) and a.cards]


class AskSetSelect(_Picked, prefix=PREFIX, verb="askset"):
    def action(self, seat: int, cards: Cards) -> Action:
        return Ask(seat, cards)

    def choices(self, seat: int) -> list[Pay | Ask]:
        return [a for a in RULES.legal_actions(state_of(self.live), seat) if isinstance(a, Ask)]


#: A help request's answers: help, refuse, or refuse every request for the
#: rest of the reveal or of the game (a standing answer, `bot.flow.questions`).
HELP_ANSWERS = {"yes": None, "no": None, "no-round": NARRATION, "no-game": GAME}


class HelpButton(Component, prefix=PREFIX, verb="help"):
    """PL-H2: every player who may help is asked at once, each pressing for
    themselves; the host applies the answers in the rule's order once they
    settle it (`bot.flow.questions`). Whether a player holds the cards stays theirs:
    all who may be asked see the buttons, and Help without the cards gets a
    private refusal. The answer is taken in place: the request, on the
    reveal, then names who has answered (not how); no message is added.
    Refusing for the round or the game answers every request to come at
    once, the same whatever the player holds."""

    current = True

    async def act(self, interaction: discord.Interaction) -> None:
        click = self.click
        if click.arg not in HELP_ANSWERS:
            raise gone()  # no such button was drawn
        accept = click.arg == "yes"
        service = service_of(interaction)
        await asking.answer(
            service,
            click.game,
            interaction.user.id,
            lambda s: Help(s, accept),
            click.version,
            interaction,
            HELP_ANSWERS[click.arg],
        )
        await acknowledge(interaction)


ITEMS: tuple[type[Component], ...] = (
    HandButton,
    TurnSelect,
    CardsSelect,
    FinishSelect,
    OrderSelect,
    DrawSelect,
    PlayButton,
    ChooseButton,
    PayButton,
    AskButton,
    PaySetSelect,
    AskSetSelect,
    HelpButton,
)

__all__ = [
    "ITEMS",
    "Pass",
    "Turn",
    "act_turn",
    "hand_reply",
    "keep_hand",
    "played_notice",
    "show_hand",
]
