"""The games' hot modules compiled with mypyc, when they are built and current.

Each game names its hot modules (`Game.hot_modules`): Mamma Mia!'s search
spends its playouts in its heuristic's turn, its reveal decisions and the
engine's steps, spread thin over CPython's interpreter; compiled by mypyc
from the same source they play the same moves in about half the time
(docs/computer-players.md). The build asks `engine.games()` which modules
they are and writes the list into the build; importing `engine` reads it
there, before any game module is imported.

`python -m engine.compiled` (`make compiled`; `make test` and `make run` run
it) builds them into a folder of their own, `build/engine-compiled/`, with a
hash of the engine's sources, unless the build there is current. `engine`
imports them from there (a finder put first on `sys.meta_path`) only when
every file is there, built from the sources as they are now, and
`ENGINE_PURE=1` is not set; otherwise nothing is changed and every module is
its source, as pure Python. Never some of each: compiled together, they call
one another directly. Nothing compiled lies beside the sources, so a
checkout of another commit never picks up this one's build.

`Build` names such a build; `bench.rivals` compiles the peer's simple bot,
its strong bot's playouts, the same way (`make compiled-rivals`).

This is the engine's one module that touches files and runs a process, and
only to build, or to read the build's hash when `engine` is imported.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

#: The part the engine's compiled modules share (mypyc's group), named after this module.
SHARED = "engine.compiled__mypyc"
ROOT = Path(__file__).resolve().parent.parent
PURE = "ENGINE_PURE"
_SETUP = """
from setuptools import setup
from mypyc.build import mypycify
setup(name={name!r}, ext_modules=mypycify({paths!r}, group_name={group!r}))
"""


@dataclass(frozen=True)
class Build:
    """Modules compiled together into `build/<name>/`, current while every
    source under `hashed` (folders of the repository) and the modules'
    packages is as it was built. `modules` None: every game's hot modules."""

    name: str
    modules: tuple[str, ...] | None
    #: mypyc's group; the modules' shared part is the module `<group>__mypyc`.
    group: str
    hashed: tuple[str, ...]
    #: The make target that builds it.
    target: str = "compiled"

    @property
    def shared(self) -> str:
        return self.group + "__mypyc"

    @property
    def folder(self) -> Path:
        return ROOT / "build" / self.name


#: The engine's: every game's hot modules. `bench.rivals` names another.
ENGINE = Build("engine-compiled", None, "engine.compiled", ("engine",))


def declared(build: Build = ENGINE) -> tuple[str, ...]:
    """The modules to compile now: the build's own, else those every game
    names (`engine.games()`, which imports the games: only to build)."""
    if build.modules is not None:
        return build.modules
    from engine import games

    return tuple(module for rules in games().values() for module in rules.hot_modules)


def modules(build: Build = ENGINE) -> tuple[str, ...]:
    """The build's modules as built: its own, else the list the build wrote
    (none when nothing is built). Read without importing any game."""
    if build.modules is not None:
        return build.modules
    listed = listing(build)
    return tuple(listed.read_text().split()) if listed.exists() else ()


def listing(build: Build = ENGINE) -> Path:
    """The modules a build of every game's hot modules compiled, a line each."""
    return build.folder / "modules.txt"


def source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def manifest(build: Build = ENGINE) -> Path:
    """The sources' hash at the build."""
    return build.folder / "sources.sha256"


def sources_hash(build: Build = ENGINE, names: tuple[str, ...] | None = None) -> str:
    """One hash of every source the build read: the compiled modules were
    built on what they import too (a NamedTuple's fields are read by position)."""
    digest = hashlib.sha256()
    names = modules(build) if names is None else names
    packages = {m.split(".")[0] for m in names} - set(build.hashed)
    for folder in (*build.hashed, *sorted(packages)):
        for path in sorted(ROOT.joinpath(folder).rglob("*.py")):
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def extension(module: str, folder: Path | None = None) -> Path:
    """A module's file in a build (this interpreter's suffix)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return (folder or ENGINE.folder).joinpath(*module.split(".")).with_suffix(suffix)


def extensions(
    build: Build = ENGINE, folder: Path | None = None, names: tuple[str, ...] | None = None
) -> list[Path]:
    """The files a build makes: each module's and the shared part."""
    names = modules(build) if names is None else names
    return [extension(m, folder or build.folder) for m in (*names, build.shared)]


def built(build: Build = ENGINE) -> list[Path]:
    """The files of a build that are present."""
    return [path for path in extensions(build) if path.exists()]


def current(build: Build = ENGINE) -> bool:
    """Every file is built, from the sources as they are now."""
    if not modules(build) or len(built(build)) != len(extensions(build)):
        return False
    if not manifest(build).exists():
        return False
    return manifest(build).read_text().strip() == sources_hash(build)


class FromBuild(importlib.abc.MetaPathFinder):
    """Finds one build's compiled modules (and their shared part) in it."""

    def __init__(self, build: Build = ENGINE) -> None:
        self.build = build
        self.modules = modules(build)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.build.shared and fullname not in self.modules:
            return None
        return importlib.util.spec_from_file_location(
            fullname, extension(fullname, self.build.folder)
        )


def choose(build: Build = ENGINE) -> bool:
    """Import the build's modules compiled if it is current and wanted
    (called before any of them is imported); True if so. A build left stale
    by a change of the sources is said once, on stderr."""
    if os.environ.get(PURE) == "1" or not modules(build) or not built(build):
        return False
    if not current(build):
        print(
            f"{build.group}: the compiled modules are older than the sources; pure Python"
            f" until `make {build.target}`",
            file=sys.stderr,
        )
        return False
    if not any(isinstance(f, FromBuild) and f.build == build for f in sys.meta_path):
        sys.meta_path.insert(0, FromBuild(build))
    return True


def active(build: Build = ENGINE) -> bool:
    """The modules in use are the compiled ones (once imported)."""
    names = modules(build)
    first = sys.modules.get(names[0]) if names else None
    return first is not None and not str(first.__file__).endswith(".py")


def toolchain() -> bool:
    """mypyc, setuptools, a C compiler and Python's headers are all here."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    header = Path(sysconfig.get_paths()["include"], "Python.h")
    tools = all(importlib.util.find_spec(m) for m in ("mypyc", "setuptools"))
    return tools and shutil.which(compiler) is not None and header.exists()


def strays(build: Build = ENGINE) -> list[Path]:
    """Compiled files beside the build's sources (where an earlier way of
    building put them), which Python would load ahead of the sources, switch
    or no switch."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    names = {*modules(build), *declared(build)}
    folders = sorted({source(m).parent for m in names} | {source(build.group).parent})
    return sorted({p for folder in folders for p in folder.rglob("*" + suffix)})


def build_now(build: Build = ENGINE) -> bool:
    """Compile the modules with mypyc into a fresh folder, with the sources'
    hash, and put it in place of the last build; False (the last build, if
    any, set aside) if the build fails."""
    for path in strays(build):
        path.unlink()
    names = declared(build)
    if not names:
        shutil.rmtree(build.folder, ignore_errors=True)
        return True  # no game names a hot module: nothing to build
    before = sources_hash(build, names)
    fresh = build.folder.with_name(build.name + ".new")
    shutil.rmtree(fresh, ignore_errors=True)
    paths = [str(source(m).relative_to(ROOT)) for m in names]
    setup = _SETUP.format(name=build.name, paths=paths, group=build.group)
    command = [sys.executable, "-c", setup, "build_ext", "--build-lib", str(fresh)]
    command += ["--build-temp", str(ROOT / "build" / "temp" / build.name)]
    # A cache of mypy's own for each build: `make` runs the engine's and the
    # rivals' builds at once, and one SQLite cache between them was "locked".
    cache = ROOT / "build" / "temp" / build.name / "mypy-cache"
    env = os.environ | {"MYPY_CACHE_DIR": str(cache)}
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env)
    if done.returncode != 0 or not all(p.exists() for p in extensions(build, fresh, names)):
        print(done.stdout[-4000:], done.stderr[-4000:], sep="\n", file=sys.stderr)
        shutil.rmtree(build.folder, ignore_errors=True)
        return False
    if build.modules is None:
        (fresh / listing(build).name).write_text("".join(f"{m}\n" for m in names))
    (fresh / manifest(build).name).write_text(before + "\n")
    shutil.rmtree(build.folder, ignore_errors=True)  # a running process keeps the files it opened
    fresh.rename(build.folder)
    return True


def main(build: Build = ENGINE) -> int:
    """Build unless current; 1 if the tools are all here and the build failed
    (a red `make test`), 0 if they are not (the modules stay pure Python)."""
    if current(build) and not strays(build):
        print(f"{build.group}: the build is current")
        return 0
    if not toolchain():
        print(f"{build.group}: no mypyc, setuptools, C compiler or Python.h: pure Python")
        return 0
    if build_now(build):
        print(f"{build.group}: built into {build.folder.relative_to(ROOT)}")
        return 0
    print(f"{build.group}: the build failed", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
