"""The compiled hot modules (engine/compiled.py) and the compiled rival bots
(bench.rivals) play the same moves as their pure-Python sources, and are set
aside the moment any source they were built on changes."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from bench import rivals
from bench.same_moves import moves
from engine import compiled

#: Small budgets: every path of the search (the wide one at four seats) and of
#: the rivals runs, on 8 playouts a decision. The games in pure Python are
#: most of this module's CPU, and the budget sets it; every move of every
#: game is compared, whatever the budget.
TINY = {
    "hard": {"steps": 400, "wide_steps": 600, "playouts": 8},
    "rival-mc": {"playouts": 8, "low": 2, "high": 3},
    "rival-mc-2": {"playouts": 8, "low": 2, "high": 3},
}
GAMES = [
    ("classic", 2, 31, ["heuristic", "easy"]),
    ("classic", 4, 32, ["hard", "heuristic"]),
    ("plus", 3, 33, ["heuristic", "hard"]),  # four seats: 342 moves, four times the CPU
    ("classic", 4, 34, ["rival-mc-2", "rival-heuristic", "rival-mc", "rival-heuristic-2"]),
]

PLAY = """
import hashlib, json, sys
from bench.same_moves import moves
from engine import compiled
import engine
from bench import rivals
games, tiny = json.loads(sys.argv[1])
digests = [
    hashlib.sha256("\\n".join(moves(v, n, s, [a[i % len(a)] for i in range(n)], tiny)).encode())
    .hexdigest()
    for v, n, s, a in games
]
active = compiled.active() or compiled.active(rivals.COMPILED)
print(json.dumps({"compiled": active, "digests": digests}))
"""


def _digests() -> list[str]:
    digests = []
    for variant, seats, seed, agents in GAMES:
        lineup = [agents[s % len(agents)] for s in range(seats)]
        played = moves(variant, seats, seed, lineup, TINY)
        digests.append(hashlib.sha256("\n".join(played).encode()).hexdigest())
    return digests


def test_pure_python_plays_what_this_process_plays() -> None:
    """Run with ENGINE_PURE=1 the sources play every move this process plays
    (compiled when built and current, as `make test` leaves them), the
    rivals' too."""
    env = {**os.environ, compiled.PURE: "1"}
    arg = json.dumps([GAMES, TINY])
    command = [sys.executable, "-c", PLAY, arg]
    done = subprocess.run(command, cwd=compiled.ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    pure = json.loads(done.stdout)
    assert pure["compiled"] is False
    assert pure["digests"] == _digests()


@pytest.mark.parametrize("build", [compiled.ENGINE, rivals.COMPILED], ids=lambda b: b.name)
def test_the_modules_in_use_are_compiled_exactly_when_current(build: compiled.Build) -> None:
    wanted = os.environ.get(compiled.PURE) != "1"
    assert compiled.active(build) == (compiled.current(build) and wanted)


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the engine's sources, as if built: the games' hot modules
    listed, an empty file for each file a build makes, and the sources' hash."""
    shutil.copytree(compiled.ROOT / "engine", tmp_path / "engine", ignore=_not_sources)
    monkeypatch.setattr(compiled, "ROOT", tmp_path)
    monkeypatch.delenv(compiled.PURE, raising=False)
    compiled.listing().parent.mkdir(parents=True)
    compiled.listing().write_text("\n".join(compiled.declared()) + "\n")
    for path in compiled.extensions():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
    compiled.manifest().write_text(compiled.sources_hash() + "\n")
    finders = [f for f in sys.meta_path if not isinstance(f, compiled.FromBuild)]
    monkeypatch.setattr(sys, "meta_path", finders)
    return tmp_path


def _not_sources(folder: str, names: list[str]) -> list[str]:
    return [n for n in names if not n.endswith(".py") and not Path(folder, n).is_dir()]


def test_a_build_is_current_until_any_engine_source_changes(tree: Path) -> None:
    assert compiled.current()
    rules = tree / "engine" / "mammamia" / "cards.py"  # not compiled, but read by those that are
    rules.write_text(rules.read_text() + "\n# changed\n")
    assert not compiled.current()


@pytest.mark.parametrize("lost", [0, -1])  # a module's file; the shared part
def test_a_partial_build_is_not_current(tree: Path, lost: int) -> None:
    compiled.built()[lost].unlink()
    assert not compiled.current()


def test_a_current_build_is_found_in_its_own_folder(tree: Path) -> None:
    before = len(sys.meta_path)
    assert compiled.choose() is True
    finder = sys.meta_path[0]
    for name in (*compiled.modules(), compiled.SHARED):
        spec = finder.find_spec(name, None)
        assert spec is not None and spec.origin == str(compiled.extension(name))
        assert str(spec.origin).startswith(str(tree / "build" / "engine-compiled"))
    assert finder.find_spec("engine.mammamia.cards", None) is None  # never compiled: as ever
    assert compiled.choose() is True
    assert len(sys.meta_path) == before + 1  # one finder, however often asked


def test_a_stale_build_is_set_aside_and_said(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    compiled.manifest().write_text("0" * 64 + "\n")
    before = list(sys.meta_path)
    assert compiled.choose() is False
    assert sys.meta_path == before  # every module its source
    assert "make compiled" in capsys.readouterr().err


def test_pure_python_when_asked(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(compiled.PURE, "1")
    before = list(sys.meta_path)
    assert compiled.choose() is False and sys.meta_path == before


def test_without_a_build_nothing_changes(tree: Path) -> None:
    for path in compiled.built():
        path.unlink()
    before = list(sys.meta_path)
    assert compiled.choose() is False
    assert sys.meta_path == before


def test_each_game_names_its_own_hot_modules() -> None:
    """The engine's build compiles what the games declare (`Game.hot_modules`,
    found through `engine.games()`), and nothing of a game that names none."""
    declared = compiled.declared()
    assert declared == tuple(m for g in engine.games().values() for m in g.hot_modules)
    assert "engine.mammamia.game" in declared
    assert all(m.startswith(f"engine.{m.split('.')[1]}.") for m in declared)
    assert all(compiled.source(m).exists() for m in declared)


def test_the_build_says_what_it_compiled(tree: Path) -> None:
    """`engine` is imported before any game: the build's own list, not the
    games, says which modules are compiled; a list not built is no build."""
    assert compiled.modules() == compiled.declared()
    compiled.listing().unlink()
    assert compiled.modules() == () and not compiled.current()
    assert compiled.choose() is False


@pytest.mark.parametrize("build", [compiled.ENGINE, rivals.COMPILED], ids=lambda b: b.name)
def test_nothing_compiled_lies_beside_the_sources(build: compiled.Build) -> None:
    """Python would load such a file ahead of its source whatever the switch
    says (an earlier way of building put them there; a build removes them)."""
    assert compiled.strays(build) == []


def test_a_rival_build_hashes_the_engine_it_was_built_on(tree: Path) -> None:
    """The rivals are compiled against the engine's types: an engine change
    makes their build stale too."""
    sources = Path(rivals.__file__).parent
    shutil.copytree(sources, tree / "bench" / "rivals", ignore=_not_sources)
    before = compiled.sources_hash(rivals.COMPILED)
    rules = tree / "engine" / "mammamia" / "cards.py"
    rules.write_text(rules.read_text() + "\n# changed\n")
    assert compiled.sources_hash(rivals.COMPILED) != before
