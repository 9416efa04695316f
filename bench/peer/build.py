"""Build the bundle that `bench.peer.compare`, `bench.peer.speed` and
tests/bench/test_peer.py load, from a checkout of the peer's repository.

The peer's code is not ours to ship, so the user checks it out (at the commit
of the version wanted: the later `src/game/bot.ts` or the earlier one) and
this bundles its game modules with esbuild, the one the Activity's client
installs from the npm registry (`make activity`), as one CommonJS module for
Node 20:

    python -m bench.peer.build PEER_CHECKOUT PEER-2.cjs
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ESBUILD = Path(__file__).resolve().parents[2] / "activity" / "node_modules" / ".bin" / "esbuild"

#: What the driver (bench/peer/driver.cjs) calls, from the files that define it.
ENTRY = """\
export * from './src/game/setup';
export * from './src/game/engine';
export * from './src/game/scoring';
export * from './src/game/bot';
export * from './src/game/rollout';
export { resetCardIds, makeIngredientCard } from './src/game/cards';
export { PERSONAL_INGREDIENT } from './src/game/colors';
"""


def build(checkout: Path, out: Path, esbuild: Path = ESBUILD) -> None:
    """Bundle the checkout's game modules into `out`; raises if esbuild is
    missing or the checkout lacks a module the driver needs."""
    if not esbuild.exists():
        raise FileNotFoundError(f"{esbuild}: run `make activity` first (it installs esbuild)")
    command = [
        str(esbuild),
        "--bundle",
        "--platform=node",
        "--format=cjs",
        "--target=node20",
        "--loader=ts",
        "--sourcefile=peer-entry.ts",
        f"--outfile={out.resolve()}",
        "--log-level=warning",
    ]
    done = subprocess.run(command, input=ENTRY, cwd=checkout, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip() or f"esbuild exited {done.returncode}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.peer.build", description=__doc__)
    parser.add_argument("checkout", type=Path, help="the peer's repository (holds src/game/)")
    parser.add_argument("out", type=Path, help="the bundle to write, e.g. PEER-2.cjs")
    args = parser.parse_args(argv)
    try:
        build(args.checkout, args.out)
    except (OSError, RuntimeError) as err:
        print(f"python -m bench.peer.build: {err}", file=sys.stderr)
        return 1
    print(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
