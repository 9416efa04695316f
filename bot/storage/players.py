"""Each player's own data: the `PlayerStore` interface.

A user's preferences hold whatever game they play (e.g. a DM on their turn);
forgetting a player takes them out of the statistics and out of the ended
games they sat at.
"""

from __future__ import annotations

import abc

from engine.interface import JSON

__all__ = ["PlayerStore"]


class PlayerStore(abc.ABC):
    """Per-user preferences, and forgetting a user. Every write is committed
    before it returns."""

    @abc.abstractmethod
    async def preferences(self, user_id: int) -> JSON:
        """A user's own settings (`notify`, and whether DMs to them were refused)."""

    @abc.abstractmethod
    async def set_preferences(self, user_id: int, **changes: object) -> JSON:
        """Change some of a user's settings (None removes one); returns them all."""

    @abc.abstractmethod
    async def claim_preference(self, user_id: int, key: str) -> bool:
        """Set the flag `key` unless it is set already; True if this call set it.
        Read and written in one transaction, so of several concurrent claims
        exactly one wins: what is said once is said once."""

    @abc.abstractmethod
    async def forget_player(self, user_id: int) -> int:
        """Leave a user out of the statistics: delete their results and ratings,
        and keep only a seat name in the games they played, in one transaction.
        Returns the number of results deleted."""
