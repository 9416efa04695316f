"""bot.config: reading the environment, helpful errors, endpoint overrides."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import discord.gateway
import discord.http
import pytest
import yarl

from bot.config import (
    DEFAULT_DB_PATH,
    Config,
    ConfigError,
    apply_endpoint_overrides,
    load_config,
    storage_target,
)

TOKEN = "MTIz.fake.token"
PROJECT_ROOT = Path(__file__).resolve().parents[1]


def test_defaults_with_only_a_token() -> None:
    config = load_config({"DISCORD_TOKEN": TOKEN})
    assert config == Config(token=TOKEN)
    assert config.db_path == DEFAULT_DB_PATH == Path("data/mammamia.sqlite3")
    assert config.dev_guild_id is None
    assert config.log_level == logging.INFO
    assert (config.api_base, config.gateway_url) == (None, None)


def test_every_variable_is_read() -> None:
    config = load_config(
        {
            "DISCORD_TOKEN": f"  {TOKEN}\n",
            "MAMMAMIA_DB": "/var/lib/mm/db.sqlite3",
            "MAMMAMIA_DEV_GUILD": "123456789012345678",
            "LOG_LEVEL": "debug",
            "DISCORD_API_BASE": "http://127.0.0.1:8787/api/v10/",
            "DISCORD_GATEWAY_URL": "ws://127.0.0.1:8787/gateway",
        }
    )
    assert config.token == TOKEN
    assert config.db_path == Path("/var/lib/mm/db.sqlite3")
    assert config.dev_guild_id == 123456789012345678
    assert config.log_level == logging.DEBUG
    assert config.api_base == "http://127.0.0.1:8787/api/v10"  # no trailing slash
    assert config.gateway_url == "ws://127.0.0.1:8787/gateway"


@pytest.mark.parametrize("env", [{}, {"DISCORD_TOKEN": ""}, {"DISCORD_TOKEN": "   "}])
def test_missing_token_says_how_to_get_one(env: dict[str, str]) -> None:
    with pytest.raises(ConfigError) as error:
        load_config(env)
    message = str(error.value)
    for hint in ("Developer Portal", "Bot", "Reset Token", ".env", "DISCORD_TOKEN="):
        assert hint in message


def test_blank_optional_values_mean_unset() -> None:
    # `.env.example` copied as is leaves these empty.
    env = {
        "DISCORD_TOKEN": TOKEN,
        "MAMMAMIA_DB": "",
        "MAMMAMIA_DEV_GUILD": "",
        "LOG_LEVEL": "",
        "DISCORD_API_BASE": "",
        "DISCORD_GATEWAY_URL": "",
    }
    assert load_config(env) == Config(token=TOKEN)


@pytest.mark.parametrize("value", ["abc", "-5", "0", "12.5", "1e9"])
def test_dev_guild_must_be_an_id(value: str) -> None:
    with pytest.raises(ConfigError, match="MAMMAMIA_DEV_GUILD"):
        load_config({"DISCORD_TOKEN": TOKEN, "MAMMAMIA_DEV_GUILD": value})


def test_log_level_must_be_a_level_name() -> None:
    with pytest.raises(ConfigError, match="DEBUG, INFO, WARNING, ERROR, CRITICAL"):
        load_config({"DISCORD_TOKEN": TOKEN, "LOG_LEVEL": "LOUD"})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DISCORD_API_BASE", "ws://127.0.0.1/api/v10"),
        ("DISCORD_API_BASE", "127.0.0.1:8787"),
        ("DISCORD_GATEWAY_URL", "http://127.0.0.1/gateway"),
        ("DISCORD_GATEWAY_URL", "ws://"),
    ],
)
def test_endpoint_urls_are_checked(name: str, value: str) -> None:
    with pytest.raises(ConfigError, match=name):
        load_config({"DISCORD_TOKEN": TOKEN, name: value})


def test_repr_hides_the_token() -> None:
    config = load_config({"DISCORD_TOKEN": TOKEN})
    assert TOKEN not in repr(config)
    assert TOKEN not in str(config)


def test_dotenv_in_the_working_directory_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=from-dotenv\nLOG_LEVEL=WARNING\n")
    monkeypatch.chdir(tmp_path)
    # A private environment: load_dotenv writes into os.environ.
    monkeypatch.setattr(os, "environ", {"LOG_LEVEL": "ERROR"})
    config = load_config()
    assert config.token == "from-dotenv"
    assert config.log_level == logging.ERROR  # the real environment wins over .env


def test_endpoint_overrides_reach_discord_py(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", gateway)

    apply_endpoint_overrides(Config(token=TOKEN))
    assert discord.http.Route.BASE == "https://discord.com/api/v10"
    assert gateway == discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY

    config = load_config(
        {
            "DISCORD_TOKEN": TOKEN,
            "DISCORD_API_BASE": "http://127.0.0.1:8787/api/v10",
            "DISCORD_GATEWAY_URL": "ws://127.0.0.1:8787/gateway",
        }
    )
    apply_endpoint_overrides(config)
    route = discord.http.Route("GET", "/channels/{channel_id}", channel_id=5)
    assert route.url == "http://127.0.0.1:8787/api/v10/channels/5"
    expected_gateway = yarl.URL("ws://127.0.0.1:8787/gateway")
    assert expected_gateway == discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY


def test_python_m_bot_without_token_exits_2_with_the_hint(tmp_path: Path) -> None:
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(PROJECT_ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,  # no .env here
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "Reset Token" in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_database_url_selects_postgres_and_hides_its_password() -> None:
    url = "postgresql://mm:s3cret@db.example:5432/mammamia"
    config = load_config({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": url})
    assert config.database_url == url
    assert storage_target(config) == url
    assert "s3cret" not in repr(config)
    assert storage_target(load_config({"DISCORD_TOKEN": TOKEN})) == DEFAULT_DB_PATH


def test_database_url_must_be_postgresql() -> None:
    with pytest.raises(ConfigError, match="DATABASE_URL"):
        load_config({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "mysql://x@y/z"})
