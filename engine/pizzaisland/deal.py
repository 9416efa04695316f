"""Dealing a game of the match from the match seed (PI-N1, PI-A3 Speedy).

Game `n` of a match with seed `s` is the box in a fixed order shuffled by the
engine's PRNG seeded with `mix(s, n)`; its first seat is drawn after the
shuffle from the same PRNG among the seats of that game, unless one of them
holds Speedy (PI-A3: they always win the draw). So a record lists each deal,
and `append` adds the next one when a game ends, the same on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import rng
from .cards import BOX


@dataclass(frozen=True, slots=True)
class Deal:
    first: int | None
    deck: tuple[str, ...]  # top first

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"deck": list(self.deck)}
        if self.first is not None:
            out = {"first": self.first, **out}
        return out


def deal(seed: int, game: int, playing: tuple[int, ...], speedy: int | None) -> Deal:
    """Game number `game` (from 1) of the match dealt from `seed`."""
    state = rng.seed_state(rng.mix(seed, game))
    deck = list(BOX)
    state = rng.shuffle(state, deck)
    if speedy is not None and speedy in playing:
        first = speedy
    else:
        state, index = rng.below(state, len(playing))
        first = playing[index]
    return Deal(first, tuple(deck))
