"""#42.4 Deployable: the Dockerfile builds exactly what tests/host/test_install.py
installs (the wheel from compile.lock's tools, deploy/install.sh), runs it as
a user of its own with its data in a volume and its health checked; the
systemd unit is one systemd accepts; a backup taken while the bot runs
restores a bot that goes on. (No Docker engine runs here: the image itself
is not built by the tests; docs/deploy.md says so.)
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from test_bot_crash import BotProcess, play_a_turn, quiet, untimed_lobby

from fakediscord.server import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
#: The project's name (its distribution, command, unit, folder), as pyproject.toml
#: declares it; its wheel's file name has it with an underscore.
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["name"]
WHEEL = PROJECT.replace("-", "_")
#: The service's own user and its PostgreSQL role and database: the name without "-bot".
SHORT = PROJECT.removesuffix("-bot")
DOCKERFILE = (ROOT / "Dockerfile").read_text()


def stages() -> list[str]:
    return re.split(r"^FROM ", DOCKERFILE, flags=re.MULTILINE)[1:]


def test_the_dockerfile_builds_what_the_install_test_installs() -> None:
    client, build, run = stages()
    assert client.startswith("node:20") and "npm ci" in client and "npm run" in client
    # The wheel, built as test_install builds it, with compile.lock's tools.
    assert "-r requirements/compile.lock" in build
    assert "pip wheel --quiet --no-deps --no-build-isolation -w dist ." in build
    assert f"sh deploy/install.sh /opt/{PROJECT} dist/{WHEEL}-*.whl --compiled" in build
    for copied in re.findall(r"^COPY (?!--from)(.+) \S+$", build, flags=re.MULTILINE):
        for name in copied.split():
            assert (ROOT / name).exists(), f"the Dockerfile copies {name}, which is not there"
    # What runs: no compiler, no Node (fonts only from Debian, for the
    # pictures' names); a user of its own; the data in a volume.
    installed = re.findall(r"apt-get install -y --no-install-recommends ([^\\&\n]+)", run)
    assert installed and all(
        package.startswith("fonts-") for line in installed for package in line.split()
    ), installed
    assert run.count("apt-get install") == len(installed) and "node" not in run
    assert re.search(rf"^USER {SHORT}$", run, flags=re.MULTILINE)
    assert 'VOLUME ["/data"]' in run and "DATABASE_PATH=/data/bot.sqlite3" in run
    assert f'CMD ["{PROJECT}", "health"]' in run and "STOPSIGNAL SIGTERM" in run
    assert run.rstrip().endswith(f'CMD ["{PROJECT}"]')


def test_compose_runs_the_image_with_a_volume_and_an_optional_postgresql() -> None:
    compose = (ROOT / "compose.yaml").read_text()
    assert "build: ." in compose and "data:/data" in compose
    assert "DATABASE_PATH: /data/bot.sqlite3" in compose and 'METRICS_PORT: "9108"' in compose
    postgres = (ROOT / "compose.postgres.yaml").read_text()
    url = f"postgresql://{SHORT}:${{POSTGRES_PASSWORD}}@postgres:5432/{SHORT}"
    assert f"DATABASE_URL: {url}" in postgres
    assert "condition: service_healthy" in postgres and "pg_isready" in postgres


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd is not installed")
def test_systemd_accepts_the_unit(tmp_path: Path) -> None:
    unit = (ROOT / "deploy" / f"{PROJECT}.service").read_text()
    program = f"/opt/{PROJECT}/bin/{PROJECT}"
    assert f"ExecStart={program}" in unit
    assert f"StateDirectory={PROJECT}" in unit and "KillSignal=SIGTERM" in unit
    # The same unit, its program one that exists here.
    here = tmp_path / f"{PROJECT}.service"
    here.write_text(unit.replace(program, sys.executable))
    done = subprocess.run(
        ["systemd-analyze", "verify", str(here)], capture_output=True, text=True, timeout=60
    )
    complaints = [line for line in done.stderr.splitlines() if here.name in line]
    assert done.returncode == 0 and complaints == [], done.stderr


async def test_a_backup_taken_while_the_bot_runs_restores_a_bot_that_goes_on(
    discord_server: FakeDiscord, tmp_path: Path
) -> None:
    server = discord_server
    ana, ben = server.users[:2]
    db = tmp_path / "games.sqlite3"
    copy = tmp_path / "backups" / "bot.sqlite3"
    bot = BotProcess(server, tmp_path)
    try:
        await bot.start()
        lobby = await untimed_lobby(server, ana)
        await server.click(ben, lobby, label="Join")
        await server.click(ana, lobby, label="Start")
        await quiet(server)
        await play_a_turn(server, db)
        await quiet(server)
        env = {**os.environ, **bot.env, "PYTHONPATH": str(ROOT), "DATABASE_PATH": str(db)}
        env["DISCORD_TOKEN"] = server.token
        done = subprocess.run(
            [sys.executable, "-m", "bot", "backup", str(copy)],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert str(copy) in done.stdout
        await play_a_turn(server, db)  # the bot goes on; the backup keeps what it had
        await quiet(server)
    finally:
        await bot.stop()
    with contextlib.closing(sqlite3.connect(copy)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        (backed_up,) = conn.execute("SELECT version FROM games").fetchone()
    assert backed_up == 1

    # Restore: the copy in the database's place, then start the bot.
    for stale in tmp_path.glob("games.sqlite3*"):
        stale.unlink()
    shutil.copy2(copy, db)
    try:
        await bot.start()
        await quiet(server)
        await play_a_turn(server, db)
        await quiet(server)
    finally:
        await bot.stop()
    with contextlib.closing(sqlite3.connect(db)) as conn:
        assert conn.execute("SELECT version FROM games").fetchone() == (2,)


def test_make_run_needs_no_node_when_the_activity_is_off(tmp_path: Path) -> None:
    """`make run` with no npm anywhere on PATH and ACTIVITY_PORT empty gets as
    far as the bot itself (which here finds no Discord to reach)."""
    bare = tmp_path / "bin"  # a PATH with make's shell tools and no Node, no npm
    bare.mkdir()
    for tool in ("sh", "test", "touch", "nproc"):
        found = shutil.which(tool)
        if found is not None:
            (bare / tool).symlink_to(found)
    env = {
        "PATH": str(bare),
        "HOME": str(tmp_path),
        "DISCORD_TOKEN": "not-a-token",
        "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",  # nothing listens: unreachable
        "DATABASE_PATH": str(tmp_path / "bot.sqlite3"),
        "ACTIVITY_PORT": "",  # blank: off, whatever a .env says
    }
    make = shutil.which("make")
    assert make is not None
    done = subprocess.run(
        # As if the Activity's sources had changed: its page would be built again.
        [make, "--no-print-directory", "-W", "activity/package-lock.json", "run"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    said = done.stdout + done.stderr
    assert "npm" not in said, said[-2000:]
    assert "Cannot reach Discord at http://127.0.0.1:9/api/v10" in said, said[-2000:]
