"""bot.app.config: reading the environment, helpful errors, endpoint overrides."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import discord.gateway
import discord.http
import pytest
import yarl

from bot.app.config import (
    Config,
    ConfigError,
    apply_endpoint_overrides,
    default_db_path,
    load_config,
    storage_target,
)
from bot.kit.shards import Shards, parse_ids
from bot.web.config import ActivityConfig

TOKEN = "MTIz.fake.token"
PROJECT_ROOT = Path(__file__).resolve().parents[2]
#: The project's name, as pyproject.toml declares it: its data folder's name.
PROJECT = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text())["project"]["name"]


def test_defaults_with_only_a_token(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("STATE_DIRECTORY", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    config = load_config({"DISCORD_TOKEN": TOKEN})
    assert config == Config(token=TOKEN)
    assert config.db_path == Path.home() / f".local/share/{PROJECT}/bot.sqlite3"
    assert config.dev_guild_id is None
    assert config.log_level == logging.INFO
    assert (config.api_base, config.gateway_url) == (None, None)


def test_every_variable_is_read() -> None:
    config = load_config(
        {
            "DISCORD_TOKEN": f"  {TOKEN}\n",
            "DATABASE_PATH": "/var/lib/mm/db.sqlite3",
            "DEV_GUILD_ID": "123456789012345678",
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


def test_the_default_database_is_where_a_service_keeps_its_data_never_the_cwd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#42.4: not `data/bot.sqlite3` under wherever the process started."""
    monkeypatch.chdir(tmp_path)
    found = load_config({"DISCORD_TOKEN": TOKEN, "STATE_DIRECTORY": f"/var/lib/{PROJECT}"})
    assert found.db_path == Path(f"/var/lib/{PROJECT}/bot.sqlite3")  # systemd's StateDirectory=
    found = load_config({"DISCORD_TOKEN": TOKEN, "XDG_DATA_HOME": "/home/ana/.data"})
    assert found.db_path == Path(f"/home/ana/.data/{PROJECT}/bot.sqlite3")
    assert load_config({"DISCORD_TOKEN": TOKEN}).db_path.is_absolute()


def test_a_relative_database_path_in_env_is_relative_to_the_env_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`.env.example`'s `DATABASE_PATH=data/bot.sqlite3` means the folder of
    the `.env`, wherever below it the bot is started; in the environment
    itself, a relative path is the shell's: relative to where it runs."""
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\nDATABASE_PATH=data/bot.sqlite3\n")
    below = tmp_path / "somewhere" / "else"
    below.mkdir(parents=True)
    monkeypatch.chdir(below)
    for name in ("DISCORD_TOKEN", "DATABASE_PATH"):
        monkeypatch.setenv(name, "")  # restored after the test; blank is unset
        monkeypatch.delenv(name)
    try:
        assert load_config().db_path == tmp_path / "data" / "bot.sqlite3"
        monkeypatch.setenv("DATABASE_PATH", "mine.sqlite3")
        assert load_config().db_path == below / "mine.sqlite3"
    finally:
        os.environ.pop("DISCORD_TOKEN", None)


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
        "DATABASE_PATH": "",
        "DEV_GUILD_ID": "",
        "LOG_LEVEL": "",
        "DISCORD_API_BASE": "",
        "DISCORD_GATEWAY_URL": "",
        "METRICS_PORT": "",
        "METRICS_HOST": "",
    }
    assert load_config(env) == Config(token=TOKEN)


@pytest.mark.parametrize("value", ["abc", "-1", "65536", "91.08"])
def test_metrics_port_must_be_a_port(value: str) -> None:
    with pytest.raises(ConfigError, match="METRICS_PORT"):
        load_config({"DISCORD_TOKEN": TOKEN, "METRICS_PORT": value})


@pytest.mark.parametrize("value", ["abc", "-5", "0", "12.5", "1e9"])
def test_dev_guild_must_be_an_id(value: str) -> None:
    with pytest.raises(ConfigError, match="DEV_GUILD_ID"):
        load_config({"DISCORD_TOKEN": TOKEN, "DEV_GUILD_ID": value})


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


def test_python_m_bot_with_no_network_says_so_in_one_line(tmp_path: Path) -> None:
    """A token, but Discord cannot be reached: one line that says what to do."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(PROJECT_ROOT),
        "DISCORD_TOKEN": "not.a.token",
        "DATABASE_PATH": str(tmp_path / "games.sqlite3"),
        "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",  # nothing listens on port 9
        "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/gateway",
    }
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if "Cannot reach Discord" in line]
    assert len(lines) == 1 and "127.0.0.1:9" in lines[0]


#: Each game's engine tests: a test folder named engine, not a package.
ENGINE_TESTS = sorted(
    str(folder.relative_to(PROJECT_ROOT))
    for folder in (PROJECT_ROOT / "tests").glob("*/engine")
    if not (folder / "__init__.py").exists()
)


def test_bare_pytest_collects_the_engine_tests() -> None:
    """`pytest` (not only `python -m pytest`) finds the real `engine` package,
    not a test folder named engine."""
    assert ENGINE_TESTS, "the games' engine tests are found"
    pytest_bin = Path(sys.executable).parent / "pytest"
    result = subprocess.run(
        [str(pytest_bin), "--collect-only", "-q", "-p", "no:cacheprovider", *ENGINE_TESTS],
        cwd=PROJECT_ROOT,
        env={"PATH": os.environ.get("PATH", "")},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    for folder in ENGINE_TESTS:
        for module in (PROJECT_ROOT / folder).glob("test_*.py"):
            assert f"{folder}/{module.name}: " in result.stdout, module


def test_shards_default_to_every_shard_in_one_process() -> None:
    config = load_config({"DISCORD_TOKEN": "t"})
    assert config.shards == Shards() and not config.shards.sharded
    assert config.shards.holds(123) and config.shards.holds(None)


def test_shard_count_and_ids_choose_this_process_range() -> None:
    config = load_config({"DISCORD_TOKEN": "t", "SHARD_COUNT": "4", "SHARD_IDS": "0-1"})
    assert config.shards == Shards.of(4, (0, 1))
    assert load_config({"DISCORD_TOKEN": "t", "SHARD_COUNT": "3"}).shards.ids == {0, 1, 2}
    assert parse_ids("0-1,3", 4) == (0, 1, 3)
    guild = (7 << 22) | 12345  # shard (guild_id >> 22) % count
    assert Shards.of(4, (3,)).holds(guild) and not Shards.of(4, (0, 1)).holds(guild)


@pytest.mark.parametrize(
    ("count", "ids"), [("0", None), ("x", None), ("4", "4"), ("4", "2-1"), ("4", "a"), (None, "0")]
)
def test_bad_shard_settings_say_how_to_fix_them(count: str | None, ids: str | None) -> None:
    env = {"DISCORD_TOKEN": "t"}
    if count is not None:
        env["SHARD_COUNT"] = count
    if ids is not None:
        env["SHARD_IDS"] = ids
    with pytest.raises(ConfigError) as err:
        load_config(env)
    assert "SHARD_" in str(err.value)


def test_database_url_selects_postgres_and_hides_its_password() -> None:
    url = "postgresql://mm:s3cret@db.example:5432/games"
    config = load_config({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": url})
    assert config.database_url == url
    assert storage_target(config) == url
    assert "s3cret" not in repr(config)
    assert storage_target(load_config({"DISCORD_TOKEN": TOKEN})) == default_db_path({})


def test_database_url_must_be_postgresql() -> None:
    with pytest.raises(ConfigError, match="DATABASE_URL"):
        load_config({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "mysql://x@y/z"})


def test_the_activity_is_off_unless_a_port_is_given() -> None:
    assert load_config({"DISCORD_TOKEN": TOKEN}).activity is None
    assert load_config({"DISCORD_TOKEN": TOKEN, "ACTIVITY_PORT": " "}).activity is None


def test_the_activity_reads_its_port_secret_id_and_host() -> None:
    config = load_config(
        {
            "DISCORD_TOKEN": TOKEN,
            "ACTIVITY_PORT": "8089",
            "DISCORD_CLIENT_SECRET": "s3cret",
            "DISCORD_CLIENT_ID": "123456789012345678",
            "ACTIVITY_HOST": "0.0.0.0",
        }
    )
    assert config.activity == ActivityConfig(
        port=8089, client_secret="s3cret", client_id=123456789012345678, host="0.0.0.0"
    )
    assert "s3cret" not in repr(config)  # like the token, never in a log line
    defaults = load_config(
        {"DISCORD_TOKEN": TOKEN, "ACTIVITY_PORT": "0", "DISCORD_CLIENT_SECRET": "x"}
    )
    assert defaults.activity == ActivityConfig(port=0, client_secret="x")
    assert defaults.activity.host == "127.0.0.1"


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"ACTIVITY_PORT": "80a"}, "ACTIVITY_PORT"),
        ({"ACTIVITY_PORT": "70000"}, "65535"),
        ({"ACTIVITY_PORT": "8089"}, "DISCORD_CLIENT_SECRET"),
        ({"ACTIVITY_PORT": "8089", "DISCORD_CLIENT_SECRET": "x", "DISCORD_CLIENT_ID": "x"}, "x"),
    ],
)
def test_bad_activity_settings_say_how_to_fix_them(env: dict[str, str], says: str) -> None:
    with pytest.raises(ConfigError) as error:
        load_config({"DISCORD_TOKEN": TOKEN, **env})
    assert says in str(error.value)
