"""#32.1: which Discord routes one move of each kind uses, pinned, in both
games. Discord's global rate limit (50 requests a second per bot token,
across all its shards and processes) counts every route but an
interaction's callback and its token's routes (follow-ups, and edits and
deletes of what it made or was answered on). A person's move publishes
through their own interaction (bot.publishing.routes), so it costs no global-limited
call; a computer's move or a timeout rides on the latest person's token
while it lives, and only without one uses the channel routes, within the
bot's budget (`bot.publishing.routes.Budget`, tested at the end).

Two real games together are the point: the routes differ by how a game
moves (Mamma Mia!'s turn that hands over, Pizza Island's takes that keep
the turn and edit the table clicked on, a reveal's decisions), and the pins
say that every kind of move of both shipped games keeps to them.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from typing import Any

from bot.clocks.timers import PING_AFTER
from bot.games.mammamia import render as mm_render
from bot.games.pizzaisland import render as pi_render
from bot.i18n import t
from bot.kit import budget
from bot.kit.budget import BOT_RATE
from bot.kit.clock import ManualClock
from bot.publishing import publisher
from bot.publishing.routes import TOKEN_LIFE
from engine import mammamia as engine
from engine.pizzaisland import actions as pi

from fakediscord.routing import BotRequest
from fakediscord.server import FakeDiscord
from tests.mammamia.driver import Players
from tests.pizzaisland.driver import IslandPlayers

CALLBACK = "token POST /interactions/{id}/{token}/callback"
FOLLOW_UP = "token POST /webhooks/{id}/{token}"
TOKEN_EDIT = "token PATCH /webhooks/{id}/{token}/messages/{id}"
TOKEN_DELETE = "token DELETE /webhooks/{id}/{token}/messages/{id}"
ORIGINAL_EDIT = "token PATCH /webhooks/{id}/{token}/messages/@original"
ORIGINAL_DELETE = "token DELETE /webhooks/{id}/{token}/messages/@original"
CHANNEL_POST = "global POST /channels/{id}/messages"
CHANNEL_EDIT = "global PATCH /channels/{id}/messages/{id}"
CHANNEL_DELETE = "global DELETE /channels/{id}/messages/{id}"
#: What a person's move may use: its own answer, and token routes.
TOKEN_ROUTES = {
    CALLBACK,
    FOLLOW_UP,
    TOKEN_EDIT,
    TOKEN_DELETE,
    ORIGINAL_EDIT,
    ORIGINAL_DELETE,
}


def route(req: BotRequest) -> str:
    """`token PATCH /webhooks/{id}/{token}/messages/{id}`: its class, the route
    with its ids and token taken out."""
    path = re.sub(r"/itok_[\w-]+", "/{token}", req.path)
    path = re.sub(r"/[0-9]+", "/{id}", path)
    return f"{'global' if req.global_limited else 'token'} {req.method} {path}"


def token_of(req: BotRequest) -> str | None:
    found = re.search(r"/(itok_[\w-]+)", req.path)
    return found.group(1) if found else None


class Calls:
    """The bot's requests from now on."""

    def __init__(self, server: FakeDiscord) -> None:
        self.server = server
        self.start = len(server.requests)

    @property
    def requests(self) -> list[BotRequest]:
        return self.server.requests[self.start :]

    def routes(self) -> Counter[str]:
        return Counter(route(r) for r in self.requests)

    def global_limited(self) -> int:
        return sum(1 for r in self.requests if r.global_limited)

    def tokens(self) -> set[str]:
        return {tok for r in self.requests if (tok := token_of(r)) is not None}


def posted_through(calls: Calls, token: str) -> bool:
    """Whether a follow-up of the given interaction was among the calls."""
    return any(route(r) == FOLLOW_UP and token_of(r) == token for r in calls.requests)


def interaction_token(server: FakeDiscord, result: Any) -> str:
    return next(tok for tok, rec in server.interactions.items() if rec is result)


# --- Mamma Mia! ------------------------------------------------------------------------


async def mm_two(server: FakeDiscord, bots: Any, seed: int = 21, **options: Any) -> Players:
    await bots.start()
    players = Players(server, bots, server.users[:2], seed=seed)
    await players.open("classic", **{"turn_timer": "off", **options})
    return players


def a_turn(players: Players) -> tuple[Any, dict[str, Any]]:
    """Whoever must play, and a legal turn as `/mammamia play` options."""
    state = players.live.state
    seat = state.to_act()[0]
    turn = next(a for a in engine.legal_actions(state, seat) if isinstance(a, engine.Turn))
    options: dict[str, Any] = {
        "ingredient": turn.ingredient,
        "count": turn.count,
        "draw": turn.draw or "supply",
    }
    if turn.order:
        options["order"] = turn.order
    return players.user_of(seat), options


async def test_mm_a_persons_play_edits_the_table_in_place_through_a_token(
    discord_server: FakeDiscord, bots: Any
) -> None:
    """Issue 45.4: the turn passes and the table stays where it is, edited
    through the token that posted it; the next player's mention waits for
    the clock's ping (none comes here: nobody waits long)."""
    players = await mm_two(discord_server, bots)
    mover, options = a_turn(players)
    table_id = players.live.row.table_message_id
    calls = Calls(discord_server)
    await discord_server.slash(mover, None, "mammamia", "play", options=options)
    await bots.idle()
    assert calls.routes() == Counter(
        {
            CALLBACK: 1,  # "you played …", privately
            TOKEN_EDIT: 1,  # the table, now naming the next player, in place
        }
    )
    assert players.live.row.table_message_id == table_id
    table = discord_server.get_message(table_id)
    waited = players.user_of(players.live.state.current)
    assert f"<@{waited.id}>" in table.content, "the table names whoever must act"
    assert not [m for m in calls.requests if m.method == "POST" and "callback" not in m.path]


async def test_mm_a_play_by_the_hand_controls_costs_no_global_call(
    discord_server: FakeDiscord, bots: Any
) -> None:
    players = await mm_two(discord_server, bots)
    mover = players.user_of(players.live.state.current)
    table = discord_server.get_message(players.live.row.table_message_id)
    calls = Calls(discord_server)
    label = mm_render.t("table.button.hand")
    hand = (await discord_server.click(mover, table, label=label)).message
    hand = await players.pick_a_turn(mover, hand)
    play = hand.find_button(prefix=f"mm:{players.game}:0:play:")
    await discord_server.click(mover, hand, play["custom_id"])
    await bots.idle()
    assert calls.routes() == Counter(
        {
            CALLBACK: 3,  # the hand, the turn picked (redrawn in place), played (likewise)
            TOKEN_EDIT: 1,  # the table, in place
        }
    )
    assert calls.global_limited() == 0


async def test_mm_a_table_whose_token_ages_is_reposted_through_the_movers_token(
    discord_server: FakeDiscord, bots: Any, monkeypatch: Any
) -> None:
    """A table kept in place for long must not fall back to the channel's
    edits (globally limited) when its token dies: at a hand-over where the
    token that reaches it has little life left (here: any, FRESH made
    longer than a token lives), it is posted anew through the mover's token,
    with the mention, and the old one deleted through its still-live token."""
    monkeypatch.setattr(publisher, "FRESH", 2 * TOKEN_LIFE)
    players = await mm_two(discord_server, bots)
    old = players.live.row.table_message_id
    mover, options = a_turn(players)
    calls = Calls(discord_server)
    played = await discord_server.slash(mover, None, "mammamia", "play", options=options)
    await bots.idle()
    assert calls.routes() == Counter({CALLBACK: 1, FOLLOW_UP: 1, TOKEN_DELETE: 1})
    assert posted_through(calls, interaction_token(discord_server, played))
    assert discord_server.get_message(old).deleted
    table = discord_server.get_message(players.live.row.table_message_id)
    assert table.notified == {players.user_of(players.live.state.current).id}


async def until_a_decision(players: Players, stage: str) -> None:
    """Play on until a person must decide (MM-R8..R10) at `stage`."""
    for _ in range(400):
        state = players.live.state
        pending = state.pending
        if state.phase == "reveal" and pending is not None and pending.stage == stage:
            return
        await players.step()
    raise AssertionError(f"no {stage} decision came")


async def test_mm_a_pay_decision_and_the_paced_narration_after_it_ride_on_tokens(
    discord_server: FakeDiscord, bots: Any
) -> None:
    bots.pace = 0.01  # each paced step of the reveal pauses (and is an edit of its own)
    players = await mm_two(discord_server, bots, seed=5)
    await until_a_decision(players, "pay")
    owner = players.user_of(players.live.state.pending.owner)
    version = players.live.version
    calls = Calls(discord_server)
    decided = await players.click_decision(owner, f"mm:{players.game}:{version}:pay:no")
    await bots.idle()
    routes = calls.routes()
    assert calls.global_limited() == 0, routes
    assert set(routes) <= TOKEN_ROUTES, routes
    assert routes[CALLBACK] == 1  # the click, answered by updating the reveal in place
    # The reveal goes on, each paced step an edit of the narration message
    # through a token (the decider's, answered on it, or the one that posted it).
    assert routes[ORIGINAL_EDIT] + routes[TOKEN_EDIT] >= 1
    assert interaction_token(discord_server, decided) in calls.tokens()


async def test_mm_every_decision_costs_no_global_call(
    discord_server: FakeDiscord, bots: Any
) -> None:
    players = await mm_two(discord_server, bots, seed=5)
    decided: Counter[str] = Counter()
    for _ in range(300):
        state = players.live.state
        if state.phase == "over" or sum(decided.values()) >= 10:
            break
        pending = state.pending if state.phase == "reveal" else None
        calls = Calls(discord_server)
        await players.step()
        if pending is not None:
            assert calls.global_limited() == 0, (pending.stage, calls.routes())
            assert set(calls.routes()) <= TOKEN_ROUTES
            decided[pending.stage] += 1
    assert decided["pay"] and decided["choose"], decided


async def test_mm_a_computers_move_rides_on_the_persons_interaction_before_it(
    discord_server: FakeDiscord, bots: Any
) -> None:
    await bots.start()
    players = Players(discord_server, bots, discord_server.users[:1], seed=3)
    await players.open("classic", computers=("easy",), turn_timer="off")
    while players.live.row.seats[players.live.state.current].agent is not None:
        await players.step()
    mover, options = a_turn(players)
    version = players.live.version
    calls = Calls(discord_server)
    await discord_server.slash(mover, None, "mammamia", "play", options=options)
    await bots.idle()
    assert players.live.version >= version + 2, "the computer moved after the person"
    routes = calls.routes()
    assert calls.global_limited() == 0, routes
    assert set(routes) <= TOKEN_ROUTES
    assert routes[CALLBACK] == 1, "only the person's move was an interaction"


async def timed_two(server: FakeDiscord, bots: Any, game: str) -> Any:
    bots.clock = ManualClock()
    await bots.start()
    if game == "mammamia":
        players: Any = Players(server, bots, server.users[:2], seed=21)
        await players.open("classic", turn_timer="1m")
    else:
        players = IslandPlayers(server, bots, server.users[:2], seed=21)
        await players.open(turn_timer="1m")
    return players


def acting(players: Any) -> int:
    live = players.live
    return int(live.rules.to_act(live.state)[0])


async def test_mm_a_reminder_and_a_timeout_ride_on_the_last_persons_token(
    discord_server: FakeDiscord, bots: Any
) -> None:
    players = await timed_two(discord_server, bots, "mammamia")
    await players.step()  # a person's move: its token carries what follows
    seat, version = acting(players), players.live.version
    calls = Calls(discord_server)
    await bots.advance(31)  # the half-way reminder: the table anew, with a mention
    assert calls.routes() == Counter({FOLLOW_UP: 1, TOKEN_DELETE: 1})
    calls = Calls(discord_server)
    await bots.advance(30)  # the timeout: the bot plays for the seat
    assert players.live.version == version + 1 and acting(players) != seat
    # The table, edited in place: the next player's mention waits for the
    # ping. The hand they keep open already offers their turn: not redrawn.
    assert calls.routes() == Counter({TOKEN_EDIT: 1})


async def test_mm_the_ping_after_a_wait_moves_the_table_down_through_tokens(
    discord_server: FakeDiscord, bots: Any
) -> None:
    """Issue 45.4: PING_AFTER seconds into a wait the table comes down with
    the waited person's mention: a post through the last person's token and
    the old table deleted through the token that reaches it."""
    players = await timed_two(discord_server, bots, "mammamia")
    await players.step()
    seat = acting(players)
    calls = Calls(discord_server)
    await bots.advance(PING_AFTER + 1)
    assert calls.routes() == Counter({FOLLOW_UP: 1, TOKEN_DELETE: 1})
    table = discord_server.get_message(players.live.row.table_message_id)
    assert table.notified == {players.user_of(seat).id}


async def test_mm_a_timeout_with_no_live_token_uses_the_channel_within_the_budget(
    discord_server: FakeDiscord, bots: Any
) -> None:
    """After a restart no interaction of the game's is known: what the bot
    does by itself goes through the channel, each call from the budget."""
    players = await timed_two(discord_server, bots, "mammamia")
    await players.step()
    await bots.stop()
    await bots.start()  # the same clock, the same database: the game resumes
    await bots.idle()
    version = players.live.version
    calls = Calls(discord_server)
    await bots.advance(61)  # the ping, the reminder and the timeout, at once
    assert players.live.version == version + 1
    # The table stays and is edited (one call; its mention left to the ping).
    assert calls.routes() == Counter({CHANNEL_EDIT: 1})


# --- Pizza Island ------------------------------------------------------------------------


async def pi_two(server: FakeDiscord, bots: Any, seed: int = 21, **options: Any) -> IslandPlayers:
    await bots.start()
    players = IslandPlayers(server, bots, server.users[:2], seed=seed)
    await players.open(**{"turn_timer": "off", **options})
    return players


async def test_pi_a_take_that_keeps_the_turn_edits_the_table_it_was_clicked_on(
    discord_server: FakeDiscord, bots: Any
) -> None:
    players = await pi_two(discord_server, bots)
    mover = players.user_of(acting(players))
    calls = Calls(discord_server)
    label = pi_render.t("pi.button.take_deck")
    await discord_server.click(mover, players.table(), label=label)
    await bots.idle()
    assert players.live.rules.to_act(players.live.state)[0] == acting(players)
    routes = calls.routes()
    assert calls.global_limited() == 0, routes
    assert set(routes) <= TOKEN_ROUTES and routes[CALLBACK] == 1
    assert routes[FOLLOW_UP] == 0, "the same player goes on: no new table, no mention"


async def test_pi_every_move_of_a_person_costs_no_global_call(
    discord_server: FakeDiscord, bots: Any
) -> None:
    players = await pi_two(discord_server, bots, seed=5)
    kinds: Counter[str] = Counter()
    for _ in range(60):
        live = players.live
        if live.rules.is_over(live.state):
            break
        kind = "decide" if live.state.pending is not None else "turn"
        calls = Calls(discord_server)
        await players.step()
        routes = calls.routes()
        assert calls.global_limited() == 0, (kind, routes)
        assert set(routes) <= TOKEN_ROUTES, (kind, routes)
        if routes[FOLLOW_UP]:  # the turn passed: the new table, the old one gone
            assert routes[TOKEN_DELETE] + routes[ORIGINAL_DELETE] >= 1, routes
        kinds[kind] += 1
    assert kinds["turn"] and kinds["decide"], kinds


async def test_pi_a_computers_move_rides_on_the_persons_interaction_before_it(
    discord_server: FakeDiscord, bots: Any
) -> None:
    await bots.start()
    players = IslandPlayers(discord_server, bots, discord_server.users[:1], seed=3)
    await players.open(computers=("easy",), turn_timer="off")
    moved = 0
    for _ in range(40):
        live = players.live
        if live.row.seats[acting(players)].agent is not None:
            await players.step()
            continue
        version = live.version
        calls = Calls(discord_server)
        await players.step()
        if players.live.version > version + 1:
            moved += 1  # a computer moved within this step
        assert calls.global_limited() == 0, calls.routes()
    assert moved, "the computer moved after a person"


async def test_pi_a_timeout_rides_on_the_last_persons_token(
    discord_server: FakeDiscord, bots: Any
) -> None:
    players = await timed_two(discord_server, bots, "pizza-island")
    players.prefer = {pi.Stop: 50.0}  # the turn passes: a timeout comes for the other
    await players.step()
    version = players.live.version
    calls = Calls(discord_server)
    await bots.advance(61)
    assert players.live.version > version
    assert calls.global_limited() == 0, calls.routes()
    assert set(calls.routes()) <= TOKEN_ROUTES - {CALLBACK}


# --- whole games, and the budget ---------------------------------------------------------


async def test_a_persons_move_costs_at_most_a_third_of_a_global_call_over_whole_games(
    discord_server: FakeDiscord, bots: Any
) -> None:
    """#32 Done when: ≤ 0.3 global-limited calls per person's move on average
    over whole games of both games (here, none but the lobby's)."""
    await bots.start()
    moves = calls = 0
    mm = Players(discord_server, bots, discord_server.users[:3], seed=8)
    await mm.open("classic", turn_timer="off")
    counted = Calls(discord_server)
    await mm.play_to_end()
    await bots.idle()
    moves += len(mm.live.record["actions"])
    calls += counted.global_limited()
    island = IslandPlayers(discord_server, bots, discord_server.users[:3], seed=8)
    island.channel = discord_server.add_channel("island")
    await island.open(turn_timer="off")
    counted = Calls(discord_server)
    await island.play_to_end()
    moves += len(island.live.rules.actions_of(island.live.record))
    calls += counted.global_limited()
    assert moves > 100
    assert calls / moves <= 0.3, (calls, moves)


async def test_moves_no_interaction_carries_keep_to_the_bots_budget(
    discord_server: FakeDiscord, bots: Any, monkeypatch: Any
) -> None:
    """#42.1: games the bot plays by itself after a restart (every seat left:
    no person's token to ride on) post through the channel, never faster
    than the budget: at most BOT_RATE requests in any second for the whole
    bot (40, of Discord's 50), here scaled down so the test sees it bite.
    Not BOT_RATE plus a burst: any second, however the calls bunch."""
    assert BOT_RATE <= 45
    rate = 4
    monkeypatch.setattr(budget, "BOT_RATE", rate)
    granted: list[float] = []
    take = budget.Budget.take

    async def recorded(self: budget.Budget) -> int:
        place = await take(self)
        granted.append(time.monotonic())
        return place

    monkeypatch.setattr(budget.Budget, "take", recorded)
    await bots.start()
    for index in range(6):
        channel = discord_server.add_channel(f"auto-{index}")
        host, guest = (discord_server.add_user(f"P{index}{who}") for who in "ab")
        options = {"variant": "classic", "turn_timer": "off"}
        lobby = await discord_server.slash(host, channel, "mammamia", "new", options=options)
        await discord_server.click(guest, lobby.message, label=t("lobby.button.join"))
        await discord_server.click(host, lobby.message, label=t("lobby.button.start"))
        await bots.idle()
        for user in (host, guest):  # both leave: the bot plays both seats to the end
            confirm = (await discord_server.slash(user, channel, "mammamia", "leave")).message
            await discord_server.click(user, confirm, label=t("leave.confirm"))
    await bots.stop()
    before = len(discord_server.requests)
    granted.clear()
    await bots.start()  # no interaction of theirs: the channel carries every move
    start = time.monotonic()
    await asyncio.sleep(4.0)
    end = time.monotonic()
    await bots.stop()
    # Every request the global limit counts went through the budget (the
    # log-in's own among them), and it let no more through in any second.
    counted = [r for r in discord_server.requests[before:] if r.global_limited]
    assert len(counted) == len(granted)
    assert len([r for r in counted if start <= r.at < end]) > 2 * rate, "the games went on"
    for i, first in enumerate(granted):
        within = sum(1 for at in granted[i:] if at < first + 1.0)
        assert within <= rate, f"{within} global calls in one second"
    assert discord_server.limits.limited == []
