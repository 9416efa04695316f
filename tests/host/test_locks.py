"""#42.3 The lock files pin the whole tree: every dependency pyproject.toml
declares (and every extra `make` installs) at a version its range admits,
with the hashes pip checks (`--require-hashes`), and the three locks agree:
what a running bot needs (run.lock, the Dockerfile's), what `make run` and
the image's build add (compile.lock), what the tests add (test.lock).
`make lock` writes them again after a change of pyproject.toml."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
LOCKS = ROOT / "requirements"
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==([^\s;]+)(?:\s*;\s*([^\\]+?))?\s*\\?$")


def pins(lock: str) -> dict[str, str]:
    """Name -> version of every package a lock pins, each with its hashes."""
    found: dict[str, str] = {}
    lines = (LOCKS / lock).read_text().splitlines()
    for index, line in enumerate(lines):
        match = PIN.match(line)
        if match is None:
            continue
        following = lines[index + 1] if index + 1 < len(lines) else ""
        assert following.strip().startswith("--hash=sha256:"), f"{lock}: {line} has no hash"
        found[canonicalize_name(match[1])] = match[2]
    return found


def declared(*extras: str) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = list(project["dependencies"])
    for extra in extras:
        names += project["optional-dependencies"][extra]
    return [Requirement(name) for name in names]


def test_each_lock_pins_what_pyproject_declares_within_its_range() -> None:
    for lock, extras in (
        ("run.lock", ()),
        ("compile.lock", ("compile",)),
        ("test.lock", ("compile", "test")),
    ):
        pinned = pins(lock)
        for requirement in declared(*extras):
            name = canonicalize_name(requirement.name)
            assert name in pinned, f"{lock} pins no {name}: `make lock`"
            assert requirement.specifier.contains(pinned[name], prereleases=True), (
                f"{lock} pins {name}=={pinned[name]}, outside {requirement.specifier}: `make lock`"
            )


def test_the_locks_agree_on_every_version() -> None:
    run, compile_, test = pins("run.lock"), pins("compile.lock"), pins("test.lock")
    assert run.items() <= compile_.items() <= test.items()


def test_the_runtime_imports_are_declared() -> None:
    """What the bot imports itself, not only through discord.py."""
    names = {canonicalize_name(r.name) for r in declared()}
    assert {"aiohttp", "yarl", "discord-py", "aiosqlite", "asyncpg"} <= names
    licence = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["license"]
    assert licence == "MIT", "an SPDX expression, not a table (PEP 639)"
