"""Do the rival agents decide as the peer's bots do? `python -m bench.peer.compare`.

    python -m bench.peer.compare --bundle PEER.cjs --version 1 --positions 1500

Writes positions (`bench.peer.positions`) with our rival heuristic's answers,
asks the peer's own bot about each through the Node driver and a bundle of
the peer's code (built by `python -m bench.peer.build` from the user's checkout of
the peer's repository: docs/computer-players.md), and prints
how often they agree, by decision, with the first disagreements. A draw is
compared only where it matters: not when the hand is full after the play
(the peer then "draws" nothing from either pile) or both piles are empty.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from .positions import Position, positions

DRIVER = Path(__file__).with_name("driver.cjs")
HAND = 7  # the classic hand (MM-T3)


def ask_peer(bundle: str, peers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The peer's answers, one per position, from the Node driver."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("Node (node) is not on PATH")
    lines = "".join(json.dumps(p) + "\n" for p in peers)
    done = subprocess.run(
        [node, str(DRIVER), bundle, "turns"],
        input=lines,
        capture_output=True,
        text=True,
        check=True,
    )
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def _draw(peer: dict[str, Any], count: int, order: str | None, draw: str | None) -> str | None:
    """A draw as it acts: none with a full hand or nothing to draw."""
    left = len(peer["ingredients"]) + len(peer["orders"]) - count - (order is not None)
    if left >= HAND or (not peer["supply"] and not peer["pile"]):
        return None
    return draw


def verdict(position: Position, theirs: dict[str, Any]) -> str | None:
    """None if the two agree, else the first step where they differ."""
    peer, ours = position.peer, position.ours
    if peer.get("reveal"):
        field = "pay" if peer["decision"] == "pay" else "kind"
        return None if ours[field] == theirs[field] else peer["decision"]
    for field in ("kind", "count", "order"):
        if ours[field] != theirs[field]:
            return field
    mine = _draw(peer, ours["count"], ours["order"], ours["draw"])
    other = _draw(peer, theirs["count"], theirs["order"], theirs["draw"])
    return None if mine == other else "draw"


def compare(bundle: str, version: int, count: int, seed: int = 1) -> dict[str, Any]:
    found = list(positions(version, count, seed))
    answers = ask_peer(bundle, [p.peer for p in found])
    if len(answers) != len(found):
        raise RuntimeError(f"{len(answers)} answers for {len(found)} positions")
    kinds: Counter[str] = Counter()
    differ: Counter[str] = Counter()
    examples: list[dict[str, Any]] = []
    for position, theirs in zip(found, answers, strict=True):
        kind = position.peer.get("decision", "turn")
        kinds[kind] += 1
        why = verdict(position, theirs)
        if why is not None:
            differ[why] += 1
            if len(examples) < 5:
                examples.append({"position": position.peer, "ours": position.ours, "peer": theirs})
    agree = len(found) - sum(differ.values())
    return {
        "version": version,
        "positions": len(found),
        "by_decision": dict(kinds),
        "agree": agree,
        "agreement": round(agree / len(found), 4) if found else None,
        "differ_at": dict(differ),
        "examples": examples,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", required=True, help="a CommonJS bundle of the peer's code")
    parser.add_argument("--version", type=int, choices=(1, 2), required=True)
    parser.add_argument("--positions", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    result = compare(args.bundle, args.version, args.positions, args.seed)
    print(json.dumps(result, indent=1))
    return 0 if result["agree"] == result["positions"] else 1


if __name__ == "__main__":
    sys.exit(main())
