"""Which Discord shards this process owns, and so which games.

Discord routes a guild to shard `(guild_id >> 22) % shard_count`; a game
belongs to a channel, a channel to a guild, a guild to one shard, so a game
is only ever loaded, timed and published by the one process owning its shard.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shards:
    """`count` shards in all, of which this process runs `ids` (None: all of
    them, as one unsharded process does)."""

    count: int = 1
    ids: tuple[int, ...] | None = None

    @property
    def sharded(self) -> bool:
        return self.ids is not None

    def of(self, guild_id: int | None) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % self.count

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process handles the guild's games (a game with no guild:
        shard 0, where Discord delivers direct messages)."""
        return self.ids is None or self.of(guild_id) in self.ids


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
