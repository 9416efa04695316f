"""Mamma Mia!'s hot modules compiled with mypyc, when they are built and current.

The search's playouts spend their time in these modules (the heuristic's
turn, its reveal decisions and the engine's steps), spread thin over
CPython's interpreter; compiled by mypyc from the same source they play the
same moves in about half the time (docs/computer-players.md).

`make compiled` builds them in place (`make test` and `make run` do) with
`build()`, which records a hash of the engine's sources. Nothing else
changes: without a build (no mypyc, setuptools or C compiler), after a
failed one, once any source of the engine has changed since the build
(`current()` is false), or with `ENGINE_PURE=1` in the environment,
`engine` imports them all from their sources, as pure Python. Never some of
each: compiled together, they call one another directly, so one stale
module would bring its old code into the rest.
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
ROOT = Path(__file__).resolve().parent.parent
#: The engine's sources' hash at the last successful build.
MANIFEST = Path(__file__).with_name("compiled.sha256")
PURE = "ENGINE_PURE"
#: The build (its group name places the modules' shared part beside this module).
_SETUP = """
from setuptools import setup
from mypyc.build import mypycify
setup(name="engine-compiled", ext_modules=mypycify({paths!r}, group_name="engine.compiled"))
"""


def source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def sources_hash() -> str:
    """One hash of the engine's every source: the compiled modules were built
    on what they import too (a NamedTuple's fields are read by position)."""
    digest = hashlib.sha256()
    for path in sorted(ROOT.joinpath("engine").rglob("*.py")):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def extensions() -> list[Path]:
    """The files a build makes for this interpreter: each module's, and the
    shared part they all load (`engine/compiled__mypyc…`)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    files = [source(m).with_name(source(m).stem + suffix) for m in MODULES]
    return [*files, ROOT / "engine" / f"compiled__mypyc{suffix}"]


def built() -> list[Path]:
    """The files of a build that are present."""
    return [path for path in extensions() if path.exists()]


def current() -> bool:
    """Every file is built, from the sources as they are now."""
    if len(built()) != len(extensions()) or not MANIFEST.exists():
        return False
    return MANIFEST.read_text().strip() == sources_hash()


class FromSource(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' sources, ahead of their extension files."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source(fullname))


def choose() -> bool:
    """Import the compiled modules if they are current and wanted, else their
    sources (called by `engine` before any of them is imported); True if compiled."""
    if not built():
        return False
    if os.environ.get(PURE) != "1" and current():
        return True
    if not any(isinstance(f, FromSource) for f in sys.meta_path):
        sys.meta_path.insert(0, FromSource())
    return False


def active() -> bool:
    """The modules in use are the compiled ones (once imported)."""
    plan = sys.modules.get(MODULES[0])
    return plan is not None and not str(plan.__file__).endswith(".py")


def build() -> bool:
    """Compile the modules with mypyc, move them into place and record the
    sources' hash; False (leaving pure Python) if mypyc, setuptools, a C
    compiler or Python's headers are missing, or the build fails."""
    MANIFEST.unlink(missing_ok=True)
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    header = Path(sysconfig.get_paths()["include"], "Python.h")
    tools = all(importlib.util.find_spec(m) for m in ("mypyc", "setuptools"))
    if not tools or not shutil.which(compiler) or not header.exists():
        print("engine.compiled: no mypyc, setuptools, C compiler or Python.h: stays pure Python")
        return False
    before = sources_hash()
    lib = ROOT / "build" / "compiled"
    shutil.rmtree(lib, ignore_errors=True)
    paths = [str(source(m).relative_to(ROOT)) for m in MODULES]
    setup = _SETUP.format(paths=paths)
    command = [sys.executable, "-c", setup, "build_ext", "--build-lib", str(lib)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    made = sorted(lib.rglob("*" + importlib.machinery.EXTENSION_SUFFIXES[0]))
    if done.returncode != 0 or len(made) != len(extensions()):
        print(done.stdout[-4000:], done.stderr[-4000:], sep="\n", file=sys.stderr)
        print("engine.compiled: the build failed; the engine stays pure Python", file=sys.stderr)
        return False
    for path in made:  # a new file each: a running process keeps the one it opened
        os.replace(path, ROOT / path.relative_to(lib))
    MANIFEST.write_text(before + "\n")
    return True
