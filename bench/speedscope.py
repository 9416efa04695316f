"""Where the samples of a py-spy speedscope profile fall, as text.

    python -m bench.speedscope profile.json [--top 25] [--match bot/]

Inclusive share: the samples in which a function is anywhere on the stack
(counted once per sample); self share: the samples in which it is on top.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any


def shares(profile: dict[str, Any]) -> tuple[int, Counter[str], Counter[str]]:
    frames = profile["shared"]["frames"]
    names = [f"{f['name']} ({Path(f.get('file', '?')).name})" for f in frames]
    total = 0
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    for thread in profile["profiles"]:
        for stack, weight in zip(thread["samples"], thread["weights"], strict=True):
            total += weight
            for name in {names[i] for i in stack}:
                inclusive[name] += weight
            if stack:
                own[names[stack[-1]]] += weight
    return total, inclusive, own


def table(path: Path, top: int, match: str | None) -> str:
    total, inclusive, own = shares(json.loads(path.read_text()))
    lines = [f"{total} samples in {path}", "", "inclusive %  function"]
    picked = [(n, c) for n, c in inclusive.most_common() if match is None or match in n]
    lines += [f"{100 * c / total:10.1f}  {n}" for n, c in picked[:top]]
    lines += ["", "self %  function"]
    lines += [f"{100 * c / total:6.1f}  {n}" for n, c in own.most_common(top)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.speedscope")
    p.add_argument("profile", type=Path)
    p.add_argument("--top", type=int, default=25)
    p.add_argument("--match", help="only functions whose name or file contains this")
    a = p.parse_args(argv)
    print(table(a.profile, a.top, a.match))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
