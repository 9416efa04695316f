"""What servers and players chose, whatever the game: a server's language for
its new games and whether its messages carry pictures, a player's own
settings (play-by-post notices)."""

from __future__ import annotations

from bot.i18n import locale_of
from bot.live.preferences import Preferences
from bot.storage import Storage


class Choices:
    """Servers' and players' choices, as stored."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def server_language(self, guild_id: int | None) -> str | None:
        """The language a server chose for its new games (`language`), if any."""
        if guild_id is None:
            return None
        return await self.storage.get_meta(f"language:{guild_id}")

    async def set_server_language(self, guild_id: int, locale: str) -> None:
        await self.storage.set_meta(f"language:{guild_id}", locale)

    async def pictures(self, guild_id: int | None) -> bool:
        """Whether this server's messages carry pictures: on unless a manager
        turned them off (`/<game> settings pictures:off`, for slow connections)."""
        if guild_id is None:
            return True
        return await self.storage.get_meta(f"pictures:{guild_id}") != "off"

    async def set_pictures(self, guild_id: int, on: bool) -> None:
        await self.storage.set_meta(f"pictures:{guild_id}", "on" if on else "off")

    async def public_locale(
        self, guild_id: int | None, guild_locale: object | None, chosen: str | None = None
    ) -> str:
        """The language of a server's public messages: the host's choice for
        this game, else the server's chosen language, else the server's own
        Discord locale, else English."""
        saved = None if chosen else await self.server_language(guild_id)
        return locale_of(chosen or saved or guild_locale)

    async def preferences(self, user_id: int) -> Preferences:
        """A player's own settings, whatever the game."""
        return Preferences.of(await self.storage.preferences(user_id))

    async def notify(self, user_id: int, on: bool) -> None:
        """Play-by-post DMs on a player's turns and decisions, in every game."""
        await self.storage.set_preferences(
            user_id, notify=on or None, dm_refused=None, dm_refused_told=None
        )
