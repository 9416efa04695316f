"""The end of a game and the match around it: points (PI-W2), wins (PI-W1),
extra games of the tied (PI-W2), Achievements changing hands (PI-A3), and
the match's places."""

from __future__ import annotations

from .events import Events, GameOver, MatchOver, emit
from .state import (
    ACHIEVEMENTS,
    ADVANCED,
    GAME_OVER,
    MATCH_OVER,
    POINTS,
    STAR,
    WINS,
    State,
)

WINS_NEEDED = 2  # PI-W1
REGULAR_GAMES = 3  # PI-W2


def game_points(state: State, winner: int | None) -> tuple[int, ...]:
    """PI-W2: 1 per slice in one's pizzas, +1 per playing seat for the winner;
    a seat sitting out an extra game scores 0."""
    points = []
    for seat in range(state.seats):
        if seat not in state.playing:
            points.append(0)
            continue
        bonus = len(state.playing) if seat == winner else 0
        points.append(state.slices(seat) + bonus)
    return tuple(points)


def end_game(state: State, winner: int | None, reason: str, events: Events) -> None:
    """PI-N7 / N8 / N9: score the game, award the Achievements, decide the match."""
    state.winner = winner
    state.current = None
    state.pending = None
    points = game_points(state, winner)
    for seat, p in enumerate(points):
        state.points[seat] += p
    if winner is not None:
        state.wins[winner] += 1
    state.results.append((winner, points))
    if state.level == ADVANCED:
        award(state)
    decide(state)
    emit(events, GameOver(state.game, winner, reason, points, dict(state.achievements)))
    if state.match_winner is None:
        state.phase = GAME_OVER
        return
    state.phase = MATCH_OVER
    if events is not None:
        places = tuple(tuple(p) for p in ranking(state))
        total = (tuple(state.points), tuple(state.wins))
        events.append(MatchOver(state.match_winner, total[0], total[1], places))


def award(state: State) -> None:
    """PI-A3: each card goes to the last to earn it this game; unearned, the
    holder keeps it. Star asks that every application was of one kind."""
    for name in ACHIEVEMENTS:
        earned = state.earned.get(name, [])
        if name == STAR:
            earned = [(t, s) for t, s in earned if len(set(state.applied[s])) == 1]
        if earned:
            state.achievements[name] = max(earned)[1]


def decide(state: State) -> None:
    """Who won the match, or which seats play the next game."""
    if state.scoring == WINS:
        leaders = [s for s in range(state.seats) if state.wins[s] >= WINS_NEEDED]
        if leaders:
            state.match_winner = leaders[0]
        return
    winner, points = state.results[-1]
    if state.extra is None:
        if len(state.results) < REGULAR_GAMES:
            return
        contenders, scores = tuple(range(state.seats)), state.points
    else:
        if winner is not None:  # the extra game's winner wins the match
            state.match_winner = winner
            return
        contenders, scores = state.extra, list(points)
    best = max(scores[s] for s in contenders)
    tied = tuple(s for s in contenders if scores[s] == best)
    if len(tied) == 1:
        state.match_winner = tied[0]
    else:
        state.extra = tied


def next_playing(state: State) -> tuple[int, ...]:
    """The seats of the next game: everyone, or the tied seats (PI-W2)."""
    return state.extra if state.extra is not None else tuple(range(state.seats))


def ranking(state: State) -> list[list[int]]:
    """The match's places, best first: the match winner, then by wins (PI-W1)
    or by points (PI-W2), then points; seats equal on all share a place."""

    def key(seat: int) -> tuple[int, ...]:
        first = int(seat == state.match_winner)
        if state.scoring == POINTS:
            return (first, state.points[seat])
        return (first, state.wins[seat], state.points[seat])

    places: list[list[int]] = []
    last: tuple[int, ...] | None = None
    for seat in sorted(range(state.seats), key=lambda s: (key(s), -s), reverse=True):
        if places and key(seat) == last:
            places[-1].append(seat)
        else:
            places.append([seat])
        last = key(seat)
    for place in places:
        place.sort()
    return places
