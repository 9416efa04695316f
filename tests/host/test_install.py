"""#42.3 The bot installs like a Python package: the wheel, built from the
sources as they are, carries the Activity's built client; installed in a
fresh virtual environment by deploy/install.sh (what the Dockerfile runs:
every dependency at the version and hash requirements/run.lock pins), its
console script runs against the loopback Discord from a folder of its own,
not the checkout, serves the Activity's page and client, answers a command,
and stops on SIGTERM with exit code 0.

It names the shipped games because the wheel is what ships: the project's
package and console script, and the real games it carries (the test game
is not in it).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from bot.i18n import t

from fakediscord.server import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "activity" / "dist"
#: What a wheel is built from: the package's sources, its metadata, the built client.
SOURCES = ("bot", "cogs", "engine", "activity/dist", "requirements", "deploy")
FILES = ("pyproject.toml", "setup.py", "MANIFEST.in", "LICENSE", "README.md")


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def shipped() -> dict[str, str]:
    """This environment, less the tests' own game (tests/conftest.py): an
    installed bot has the games it ships with."""
    return {k: v for k, v in os.environ.items() if k != "GAME_PACKAGES"}


def run(*command: str | Path, cwd: Path, timeout: float = 600) -> str:
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=shipped(),
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout


def install(tmp: Path, *options: str) -> Path:
    """The wheel built from a copy of the sources (as `make wheel` does),
    installed in a fresh virtual environment by deploy/install.sh (with
    `options`): the environment's folder."""
    assert (CLIENT / "app.js").exists(), "the Activity's client is built (`make activity`)"
    tree = tmp / "source"
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info", "node_modules")
    for folder in SOURCES:
        shutil.copytree(ROOT / folder, tree / folder, ignore=ignore)
    for name in FILES:
        shutil.copy2(ROOT / name, tree / name)
    wheels = tmp / "dist"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    run(*pip, "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", wheels, tree, cwd=tree)
    (wheel,) = wheels.glob("mammamia_bot-*.whl")
    venv = tmp / "venv"
    env_python = {**shipped(), "PYTHON": sys.executable}
    done = subprocess.run(
        ["sh", str(tree / "deploy" / "install.sh"), str(venv), str(wheel), *options],
        capture_output=True,
        text=True,
        timeout=900,
        env=env_python,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1].startswith("mammamia-bot 0."), done.stdout
    return venv


@pytest.fixture
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install(tmp_path_factory.mktemp("install"))


@pytest.mark.slow
def test_the_dockerfiles_install_compiles_the_engine(tmp_path: Path) -> None:
    """`deploy/install.sh … --compiled`, as the Dockerfile runs it: the
    engine's hot modules compiled with mypyc and in use in the installed
    bot, without the compiler's tools left in its environment (minutes)."""
    venv = install(tmp_path, "--compiled")
    python = venv / "bin" / "python"
    check = "import engine.compiled as c, engine.mammamia.game; print(c.active())"
    assert run(python, "-c", check, cwd=tmp_path).strip() == "True"
    left = run(python, "-m", "pip", "list", "--format=freeze", cwd=tmp_path).lower()
    assert "mypy" not in left, left


async def test_the_installed_bot_runs_serves_the_activity_and_stops_cleanly(
    discord_server: FakeDiscord, installed: Path, tmp_path: Path
) -> None:
    server = discord_server
    site = next((installed / "lib").glob("python3*/site-packages"))
    for name in ("app.js", "app.css"):  # the wheel carries the built client
        shipped = site / "bot" / "web" / "client" / name
        assert shipped.read_bytes() == (CLIENT / name).read_bytes(), name
    # Every package the bot imports at run time is installed from the run lock
    # (one imported but undeclared would fail here, not on a server).
    python = installed / "bin" / "python"
    run(python, "-c", "import bot.app.client, bot.web.app, cogs.games, aiohttp, yarl", cwd=tmp_path)
    licence = (
        "import importlib.metadata as m; print(m.metadata('mammamia-bot')['License-Expression'])"
    )
    assert run(python, "-c", licence, cwd=tmp_path).strip() == "MIT"

    activity, metrics = free_port(), free_port()
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),  # no .env of the checkout's, no data of the developer's
        "DISCORD_TOKEN": server.token,
        "DEV_GUILD_ID": str(server.guild.id),
        "DISCORD_API_BASE": server.api_base,
        "DISCORD_GATEWAY_URL": server.gateway_url,
        "ACTIVITY_PORT": str(activity),
        "DISCORD_CLIENT_SECRET": server.activities.client_secret,
        "METRICS_PORT": str(metrics),
    }
    log = tmp_path / "bot.log"
    with log.open("wb") as out:
        proc = await asyncio.create_subprocess_exec(
            installed / "bin" / "mammamia-bot", cwd=tmp_path, env=env, stdout=out, stderr=out
        )
    try:
        async with asyncio.timeout(120):
            while not server.guild_commands.get(server.guild.id) or b"Serving the Activity" not in (
                log.read_bytes()
            ):
                assert proc.returncode is None, log.read_text()[-3000:]
                await asyncio.sleep(0.05)
        # The database in the user's data folder, not where the process started.
        assert (tmp_path / ".local/share/mammamia-bot/bot.sqlite3").exists()
        assert not (tmp_path / "data").exists()
        async with aiohttp.ClientSession() as session:
            base = f"http://127.0.0.1:{activity}"
            inside = "?frame_id=f&instance_id=i"  # as Discord opens it
            async with session.get(f"{base}/{inside}") as response:
                page = await response.text()
                assert response.status == 200
            script = page.split('<script type="module" src="')[1].split('"')[0]
            assert script.startswith("assets/app.") and script.endswith(".js")
            async with session.get(f"{base}/{script}") as response:  # the wheel's client
                assert response.status == 200
                assert await response.read() == (CLIENT / "app.js").read_bytes()
        # Commands are synced before the gateway is up: healthy once it is,
        # as an orchestrator polling the check would find.
        async with asyncio.timeout(60):
            while True:
                health = await asyncio.create_subprocess_exec(
                    installed / "bin" / "mammamia-bot",
                    "health",
                    cwd=tmp_path,
                    env=env,
                    stdout=asyncio.subprocess.PIPE,
                    stderr=asyncio.subprocess.PIPE,
                )
                said, unwell = await health.communicate()
                if health.returncode == 0:
                    break
                assert b'"database": "answers"' in unwell, unwell
                await asyncio.sleep(0.2)
        assert b'"gateway": "connected"' in said, said
        lobby = await server.slash(server.users[0], None, "mammamia", "new")
        assert lobby.message is not None and lobby.message.find_button(t("lobby.button.join"))
        proc.send_signal(signal.SIGTERM)
        async with asyncio.timeout(10):
            code = await proc.wait()
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    text = log.read_text()
    assert code == 0, text[-3000:]
    assert "Traceback" not in text and "\x1b[" not in text, text[-3000:]
    assert text.rstrip().endswith("bot: Stopped")
