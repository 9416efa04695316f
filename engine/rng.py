"""The engine's own PRNG, so one seed gives the same game on every machine.

Python's `random.shuffle` may change between versions; SplitMix64 and a plain
Fisher-Yates shuffle will not.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def next_state(state: int) -> tuple[int, int]:
    """One SplitMix64 step: (new state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, a uniform integer in [0, n)), by rejection so there is no bias."""
    limit = ((1 << 64) // n) * n
    while True:
        state, x = next_state(state)
        if x < limit:
            return state, x % n


def shuffle(state: int, cards: list[str]) -> int:
    """Fisher-Yates shuffle of `cards` in place; returns the new PRNG state.

    Each SplitMix64 output gives three 21-bit numbers (piles are far shorter
    than 2**21 cards), each mapped to [0, n) by Lemire's multiply-shift with
    rejection, so there is no bias. Written out in one loop: shuffles are a
    tenth of a simulated game's time."""
    if len(cards) >= _BITS21:
        raise ValueError("too many cards to shuffle")
    spare, left = 0, 0  # unused 21-bit chunks of the last output
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        threshold = (_BITS21 - n) % n
        while True:
            if not left:
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                spare, left = z ^ (z >> 31), 3
            m = (spare & _LOW21) * n
            spare >>= 21
            left -= 1
            if (m & _LOW21) >= threshold:
                break
        j = m >> 21
        cards[i], cards[j] = cards[j], cards[i]
    return state


_BITS21 = 1 << 21
_LOW21 = _BITS21 - 1


def seed_state(seed: int) -> int:
    return seed & _MASK


def mix(*parts: int) -> int:
    """A stable 64-bit hash of some integers (SplitMix64 steps): a seed made
    of others (a game's deal, an agent's memory, a tournament's seats)."""
    state = 0x243F6A8885A308D3
    for part in parts:
        state, value = next_state((state ^ (part & _MASK)) & _MASK)
        state ^= value
    return next_state(state)[1]


def seeds(seed: int, count: int) -> list[int]:
    """`count` seeds drawn from one by the engine's PRNG (one per game of a run)."""
    state, found = seed_state(seed), []
    for _ in range(count):
        state, value = next_state(state)
        found.append(value >> 1)
    return found
