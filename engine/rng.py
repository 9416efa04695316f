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

    Each SplitMix64 output gives two 32-bit numbers, each mapped to [0, n) by
    Lemire's multiply-shift with rejection (no bias). Written out in one loop:
    shuffles are a tenth of a simulated game's time."""
    spare = -1  # the unused low half of the last output, if any
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        threshold = (0x100000000 - n) % n
        while True:
            if spare >= 0:
                x, spare = spare, -1
            else:
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                x, spare = z >> 32, z & 0xFFFFFFFF
            m = x * n
            if (m & 0xFFFFFFFF) >= threshold:
                break
        j = m >> 32
        cards[i], cards[j] = cards[j], cards[i]
    return state


def seed_state(seed: int) -> int:
    return seed & _MASK
