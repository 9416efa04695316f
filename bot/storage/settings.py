"""The bot's own settings, by key: the `SettingStore` interface.

What a server chose (`language:<guild>`, `pictures:<guild>`) and what the bot
remembers about itself (`commands_hash:<scope>`, the commands last synced):
short text values under string keys, the table `meta`.
"""

from __future__ import annotations

import abc

__all__ = ["SettingStore"]


class SettingStore(abc.ABC):
    """Key/value settings; a write is committed before it returns."""

    @abc.abstractmethod
    async def get_meta(self, key: str) -> str | None:
        """The value under `key`, or None if none was ever set."""

    @abc.abstractmethod
    async def set_meta(self, key: str, value: str) -> None:
        """Set (or replace) the value under `key`."""
