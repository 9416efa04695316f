"""Which Discord shards a process owns, and so which games.

Discord routes a guild to shard `(guild_id >> 22) % shard_count`; a game
belongs to a channel, a channel to a guild, a guild to one shard, so a game
is only ever loaded, timed and published by the one process owning its shard.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shards:
    """`count` shards in all, of which a process runs `ids` (None: all of them,
    as one unsharded process does). A game outside a guild (guild_id None)
    counts as guild 0, which Discord also puts on shard 0."""

    count: int = 1
    ids: frozenset[int] | None = None

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"shard count must be at least 1, not {self.count}")
        outside = sorted(i for i in self.ids or () if not 0 <= i < self.count)
        if outside:
            raise ValueError(f"shard ids {outside} are not below the count {self.count}")

    @classmethod
    def of(cls, count: int, ids: Iterable[int]) -> Shards:
        return cls(count, frozenset(ids))

    @property
    def sharded(self) -> bool:
        return self.ids is not None

    @property
    def share(self) -> float:
        """This process's share of the bot: its shards over all of them."""
        return 1.0 if self.ids is None else len(self.ids) / self.count

    def shard_of(self, guild_id: int | None) -> int:
        return ((guild_id or 0) >> 22) % self.count

    def holds(self, guild_id: int | None) -> bool:
        """Whether this process handles the guild's games."""
        return self.ids is None or self.shard_of(guild_id) in self.ids


#: One process running every shard: the default.
EVERY = Shards()


def parse_ids(text: str, count: int) -> tuple[int, ...]:
    """`0-3`, `4,6` or `0-1,5` → shard ids; ValueError when malformed or out of range."""
    ids: list[int] = []
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(part)
        low, high = int(first), int(last) if dash else int(first)
        if low > high:
            raise ValueError(part)
        ids += range(low, high + 1)
    if not ids or max(ids) >= count or len(set(ids)) != len(ids):
        raise ValueError(text)
    return tuple(sorted(ids))
