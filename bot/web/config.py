"""The Activity's own configuration (read from the environment by `bot.app.config`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ActivityConfig:
    """Where the bot serves its Activity (the table inside Discord), and the
    application's OAuth2 credentials the server exchanges a player's code with."""

    port: int  # 0: any free port (tests)
    client_secret: str
    client_id: int | None = None  # None: the bot's own application id
    host: str = "127.0.0.1"  # the user's tunnel or reverse proxy reaches it here

    def __repr__(self) -> str:
        # The secret, like the token, must never reach a log line.
        return (
            f"ActivityConfig(port={self.port!r}, client_secret='***', "
            f"client_id={self.client_id!r}, host={self.host!r})"
        )
