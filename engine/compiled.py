"""Mamma Mia!'s hot modules compiled with mypyc, when they are built and current.

The search's playouts spend their time in these modules (the heuristic's
turn, its reveal decisions and the engine's steps), spread thin over
CPython's interpreter; compiled by mypyc from the same source they play the
same moves in about half the time (docs/computer-players.md).

`python -m engine.compiled` (`make compiled`; `make test` and `make run` run
it) builds them into a folder of their own, `build/engine-compiled/`, with a
hash of the engine's sources, unless the build there is current. `engine`
imports them from there (a finder put first on `sys.meta_path`) only when
every file is there, built from the sources as they are now, and
`ENGINE_PURE=1` is not set; otherwise nothing is changed and every module is
its source, as pure Python. Never some of each: compiled together, they call
one another directly. Nothing compiled lies beside the sources, so a
checkout of another commit never picks up this one's build.

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
from pathlib import Path
from types import ModuleType

#: The modules compiled, together (each only ever called with the types it declares).
MODULES = (
    "engine.mammamia.ai.plan",
    "engine.mammamia.ai.policy",
    "engine.mammamia.flow",
    "engine.mammamia.game",
    "engine.mammamia.reveal",
    "engine.mammamia.turn",
)
#: The part they share (mypyc's group), named after this module.
SHARED = "engine.compiled__mypyc"
ROOT = Path(__file__).resolve().parent.parent
#: Where a build lives: the modules' files in the packages' layout, and the hash.
BUILD = ROOT / "build" / "engine-compiled"
PURE = "ENGINE_PURE"
_SETUP = """
from setuptools import setup
from mypyc.build import mypycify
setup(name="engine-compiled", ext_modules=mypycify({paths!r}, group_name="engine.compiled"))
"""


def source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def manifest() -> Path:
    """The engine's sources' hash at the build."""
    return BUILD / "sources.sha256"


def sources_hash() -> str:
    """One hash of the engine's every source: the compiled modules were built
    on what they import too (a NamedTuple's fields are read by position)."""
    digest = hashlib.sha256()
    for path in sorted(ROOT.joinpath("engine").rglob("*.py")):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def extension(module: str, folder: Path | None = None) -> Path:
    """A module's file in a build (this interpreter's suffix)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return (folder or BUILD).joinpath(*module.split(".")).with_suffix(suffix)


def extensions(folder: Path | None = None) -> list[Path]:
    """The files a build makes: each module's and the shared part."""
    return [extension(m, folder) for m in (*MODULES, SHARED)]


def built() -> list[Path]:
    """The files of a build that are present."""
    return [path for path in extensions() if path.exists()]


def current() -> bool:
    """Every file is built, from the sources as they are now."""
    if len(built()) != len(extensions()) or not manifest().exists():
        return False
    return manifest().read_text().strip() == sources_hash()


class FromBuild(importlib.abc.MetaPathFinder):
    """Finds the compiled modules (and their shared part) in the build."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != SHARED and fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, extension(fullname))


def choose() -> bool:
    """Import the compiled modules if they are current and wanted (called by
    `engine` before any of them is imported); True if so. A build left stale
    by a change of the sources is said once, on stderr."""
    if os.environ.get(PURE) == "1" or not built():
        return False
    if not current():
        print(
            "engine: the compiled modules are older than the sources; pure Python"
            " until `make compiled`",
            file=sys.stderr,
        )
        return False
    if not any(isinstance(f, FromBuild) for f in sys.meta_path):
        sys.meta_path.insert(0, FromBuild())
    return True


def active() -> bool:
    """The modules in use are the compiled ones (once imported)."""
    plan = sys.modules.get(MODULES[0])
    return plan is not None and not str(plan.__file__).endswith(".py")


def toolchain() -> bool:
    """mypyc, setuptools, a C compiler and Python's headers are all here."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    header = Path(sysconfig.get_paths()["include"], "Python.h")
    tools = all(importlib.util.find_spec(m) for m in ("mypyc", "setuptools"))
    return tools and shutil.which(compiler) is not None and header.exists()


def strays() -> list[Path]:
    """Compiled files beside the sources (where an earlier way of building put
    them), which Python would load ahead of the sources, switch or no switch."""
    return sorted(ROOT.joinpath("engine").rglob("*" + importlib.machinery.EXTENSION_SUFFIXES[0]))


def build() -> bool:
    """Compile the modules with mypyc into a fresh folder, with the sources'
    hash, and put it in place of the last build; False (the last build, if
    any, set aside) if the build fails."""
    for path in strays():
        path.unlink()
    before = sources_hash()
    fresh = BUILD.with_name(BUILD.name + ".new")
    shutil.rmtree(fresh, ignore_errors=True)
    paths = [str(source(m).relative_to(ROOT)) for m in MODULES]
    command = [sys.executable, "-c", _SETUP.format(paths=paths), "build_ext"]
    command += ["--build-lib", str(fresh), "--build-temp", str(ROOT / "build" / "temp")]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0 or not all(p.exists() for p in extensions(fresh)):
        print(done.stdout[-4000:], done.stderr[-4000:], sep="\n", file=sys.stderr)
        shutil.rmtree(BUILD, ignore_errors=True)
        return False
    (fresh / "sources.sha256").write_text(before + "\n")
    shutil.rmtree(BUILD, ignore_errors=True)  # a running process keeps the files it opened
    fresh.rename(BUILD)
    return True


def main() -> int:
    """Build unless current; 1 if the tools are all here and the build failed
    (a red `make test`), 0 if they are not (the engine stays pure Python)."""
    if current() and not strays():
        print("engine.compiled: the build is current")
        return 0
    if not toolchain():
        print("engine.compiled: no mypyc, setuptools, C compiler or Python.h: pure Python")
        return 0
    if build():
        print(f"engine.compiled: built into {BUILD.relative_to(ROOT)}")
        return 0
    print("engine.compiled: the build failed", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
