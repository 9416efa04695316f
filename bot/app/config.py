"""Process configuration, read from the environment (and `.env`, if present).

Everything the bot needs to know about its surroundings is one frozen `Config`,
built once at start-up by `load_config`. Tests pass an explicit mapping so they
never depend on the developer's shell or `.env`.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import discord.gateway
import discord.http
import yarl
from dotenv import find_dotenv, load_dotenv

from bot.i18n import t
from bot.kit.shards import EVERY, Shards, parse_ids
from bot.web.config import ActivityConfig

#: The SQLite file's name in the folder it defaults to (`default_db_path`).
DB_NAME = "bot.sqlite3"
#: Where versions before 0.2 kept it by default: relative to wherever the bot started.
OLD_DEFAULT_DB_PATH = Path("data") / DB_NAME
DEFAULT_LOG_LEVEL = logging.INFO
LOG_LEVELS = {
    "DEBUG": logging.DEBUG,
    "INFO": logging.INFO,
    "WARNING": logging.WARNING,
    "ERROR": logging.ERROR,
    "CRITICAL": logging.CRITICAL,
}


class ConfigError(Exception):
    """The environment does not describe a runnable bot; the message says how to fix it."""


@dataclass(frozen=True, slots=True)
class Config:
    token: str
    db_path: Path = field(default_factory=lambda: default_db_path(os.environ))
    # PostgreSQL (postgresql://…) instead of the SQLite file: for several processes.
    database_url: str | None = None
    # Commands are synced to this guild at once (global sync can take a while to show).
    dev_guild_id: int | None = None
    log_level: int = DEFAULT_LOG_LEVEL
    # A Discord-compatible server to talk to instead of discord.com (end-to-end tests).
    api_base: str | None = None
    gateway_url: str | None = None
    # Which Discord shards this process runs (SHARD_COUNT, SHARD_IDS); all when unsharded.
    shards: Shards = EVERY
    # The Discord Activity (bot.web): served only when ACTIVITY_PORT is set.
    activity: ActivityConfig | None = None
    # Prometheus metrics (bot.kit.metrics): served only when METRICS_PORT is set.
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"

    def __repr__(self) -> str:
        # The token must never reach a log line or a traceback.
        level = logging.getLevelName(self.log_level)
        return (
            f"Config(token='***', db_path={str(self.db_path)!r}, "
            f"database_url={_hide_password(self.database_url)!r}, "
            f"dev_guild_id={self.dev_guild_id!r}, log_level={level!r}, "
            f"api_base={self.api_base!r}, gateway_url={self.gateway_url!r}, "
            f"shards={self.shards!r}, activity={self.activity!r}, "
            f"metrics_port={self.metrics_port!r}, metrics_host={self.metrics_host!r})"
        )


def load_config(env: Mapping[str, str] | None = None) -> Config:
    """Build the `Config` from `env`, or from `os.environ` after loading `.env`.

    Raises `ConfigError` with an actionable message when a value is missing or wrong.
    """
    relative_to = Path.cwd()
    if env is None:
        # usecwd: the `.env` next to where the operator runs the bot, not next to
        # this file (which may live in site-packages). Real environment wins.
        dotenv = find_dotenv(usecwd=True)
        if dotenv and _text(os.environ, "DATABASE_PATH") is None:
            relative_to = Path(dotenv).parent  # a path in .env is relative to its folder
        load_dotenv(dotenv, override=False)
        env = os.environ

    token = _text(env, "DISCORD_TOKEN")
    if token is None:
        raise ConfigError(t("config.missing_token"))

    db = _text(env, "DATABASE_PATH")
    return Config(
        token=token,
        db_path=relative_to / Path(db).expanduser() if db is not None else default_db_path(env),
        database_url=_database_url(env, "DATABASE_URL"),
        dev_guild_id=_snowflake(env, "DEV_GUILD_ID"),
        log_level=_log_level(env, "LOG_LEVEL"),
        # discord.py appends paths like "/channels/1" to the API base.
        api_base=_strip_slash(_url(env, "DISCORD_API_BASE", ("http", "https"))),
        gateway_url=_url(env, "DISCORD_GATEWAY_URL", ("ws", "wss")),
        shards=_shards(env),
        activity=_activity(env),
        metrics_port=_port(env, "METRICS_PORT"),
        metrics_host=_text(env, "METRICS_HOST") or "127.0.0.1",
    )


def default_db_path(env: Mapping[str, str]) -> Path:
    """Where the database lives when DATABASE_PATH is not set: the service's
    state folder under systemd (StateDirectory=), else the user's data folder
    (XDG_DATA_HOME, ~/.local/share), never wherever the process happened to start."""
    state = _text(env, "STATE_DIRECTORY")
    if state is not None:
        return Path(state.split(":")[0]) / DB_NAME
    data = _text(env, "XDG_DATA_HOME")
    base = Path(data) if data is not None else Path.home() / ".local" / "share"
    return base / "mammamia-bot" / DB_NAME


def storage_target(config: Config) -> str | Path:
    """What `open_storage` opens: DATABASE_URL if set, else the SQLite file."""
    return config.database_url or config.db_path


def apply_endpoint_overrides(config: Config) -> None:
    """Point discord.py at `config`'s API and gateway instead of discord.com.

    discord.py reads these class attributes for every request and every new
    gateway connection, so they must be set before the bot logs in.
    """
    if config.api_base is not None:
        discord.http.Route.BASE = config.api_base
    if config.gateway_url is not None:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway_url)


def _text(env: Mapping[str, str], name: str) -> str | None:
    """The variable's value, or None when unset or blank (an empty line in `.env`)."""
    value = env.get(name, "").strip()
    return value or None


def _snowflake(env: Mapping[str, str], name: str) -> int | None:
    value = _text(env, name)
    if value is None:
        return None
    if not value.isdigit() or int(value) == 0:
        raise ConfigError(t("config.bad_snowflake", name=name, value=value))
    return int(value)


def _log_level(env: Mapping[str, str], name: str) -> int:
    value = _text(env, name)
    if value is None:
        return DEFAULT_LOG_LEVEL
    level = LOG_LEVELS.get(value.upper())
    if level is None:
        choices = ", ".join(LOG_LEVELS)
        raise ConfigError(t("config.bad_log_level", name=name, value=value, choices=choices))
    return level


def _url(env: Mapping[str, str], name: str, schemes: tuple[str, ...]) -> str | None:
    value = _text(env, name)
    if value is None:
        return None
    url = yarl.URL(value)
    if url.scheme not in schemes or not url.host:
        raise ConfigError(t("config.bad_url", name=name, value=value, schemes=" or ".join(schemes)))
    return value


def _shards(env: Mapping[str, str]) -> Shards:
    """SHARD_COUNT and SHARD_IDS (e.g. `0-3`): this process runs those shards."""
    count_text, ids_text = _text(env, "SHARD_COUNT"), _text(env, "SHARD_IDS")
    if count_text is None:
        if ids_text is not None:
            raise ConfigError(t("config.shard_ids_without_count"))
        return EVERY
    if not count_text.isdigit() or int(count_text) == 0:
        raise ConfigError(t("config.bad_shard_count", value=count_text))
    count = int(count_text)
    if ids_text is None:
        return Shards.of(count, range(count))
    try:
        return Shards.of(count, parse_ids(ids_text, count))
    except ValueError:
        raise ConfigError(t("config.bad_shard_ids", value=ids_text, count=count)) from None


def _port(env: Mapping[str, str], name: str) -> int | None:
    """A port to listen on (0: any free one), or None when unset."""
    text = _text(env, name)
    if text is None:
        return None
    if not text.isdigit() or int(text) > 65535:
        raise ConfigError(t("config.bad_port", name=name, value=text))
    return int(text)


def _activity(env: Mapping[str, str]) -> ActivityConfig | None:
    """ACTIVITY_PORT turns the Activity on; it then needs the client secret."""
    port = _port(env, "ACTIVITY_PORT")
    if port is None:
        return None
    secret = _text(env, "DISCORD_CLIENT_SECRET")
    if secret is None:
        raise ConfigError(t("config.missing_client_secret"))
    return ActivityConfig(
        port=port,
        client_secret=secret,
        client_id=_snowflake(env, "DISCORD_CLIENT_ID"),
        host=_text(env, "ACTIVITY_HOST") or "127.0.0.1",
    )


def _database_url(env: Mapping[str, str], name: str) -> str | None:
    value = _text(env, name)
    if value is None:
        return None
    # A socket URL (postgresql://user@/db?host=/run/postgresql) has no host: allowed.
    if yarl.URL(value).scheme not in ("postgresql", "postgres"):
        raise ConfigError(
            t("config.bad_url", name=name, value=_hide_password(value), schemes="postgresql")
        )
    return value


def _hide_password(url: str | None) -> str | None:
    """A database URL fit for a log line."""
    if url is None:
        return None
    parsed = yarl.URL(url)
    return str(parsed.with_password("***")) if parsed.password else url


def _strip_slash(url: str | None) -> str | None:
    return None if url is None else url.rstrip("/")
