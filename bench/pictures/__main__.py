"""`python -m bench.pictures [--save DIR]`: how long each picture takes to
draw and how big it is, over inputs from real games (not run in CI).

Each input is drawn uncached (the picture cache is bypassed; the small caches
of pattern tiles and turned card backs stay warm, as in a running bot). The
first draw of the run, with every cache cold, is shown apart. A hand or a
reveal is put together from bands of rows deflated once (`bot.pictures.bands`),
kept as in a running bot: each game's hands follow one another, so most of a
hand's bands were deflated for that seat's hand before it; the mean CPU
counts the parts and bands drawn for the first time, the median a typical
picture, and the last line how many bands were deflated and how many found.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bot.games.mammamia import pictures as mammamia
from bot.games.pizzaisland import pictures as pizzaisland
from bot.pictures.canvas import pattern_tile

from . import samples

LIMIT_MS, LIMIT_BYTES = 30.0, 200 * 1024


def cases() -> dict[str, tuple[Callable[..., bytes], list[tuple[Any, ...]]]]:
    """Each picture's uncached drawing function and realistic argument tuples."""
    hands = [
        h
        for variant, seats, seed in (("classic", 4, 1), ("plus", 5, 2), ("plus", 3, 3))
        for h in samples.hands(variant, seats, seed)
    ]
    reveals = [
        (r.table, r.revealed, r.outcomes)
        for variant, seats, seed in (("classic", 5, 1), ("plus", 6, 2))
        for r in samples.reveals(variant, seats, seed)
    ]
    rankings = [
        (samples.ranking(variant, seats, seed),)
        for variant in ("classic", "plus")
        for seats in (2, 4, 5)
        for seed in range(4)
    ]
    players = samples.PIZZAS
    pizzas = [(players[:n],) for n in (1, 2, 3, 4)] * 5
    ships = [(samples.SHIP[:n],) for n in (0, 1, 2, 3)] * 5
    seen = [(samples.SEEN[:n],) for n in (3, 4, 5, 6)] * 5
    return {
        "hand": (mammamia._hand_image.__wrapped__, [(h,) for h in hands]),
        "reveal": (mammamia._reveal_image.__wrapped__, reveals),
        "ranking": (mammamia._ranking_image.__wrapped__, rankings),
        "pizzas": (pizzaisland._pizzas_image.__wrapped__, pizzas),
        "ship": (pizzaisland._ship_image.__wrapped__, ships),
        "seen_cards": (pizzaisland._seen_cards_image.__wrapped__, seen),
    }


def measure(fn: Callable[..., bytes], inputs: Sequence[tuple[Any, ...]]) -> dict[str, float]:
    times, cpu, sizes = [], [], []
    for args in inputs:
        start, used = time.perf_counter(), time.process_time()
        data = fn(*args)
        cpu.append((time.process_time() - used) * 1000)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(data))
    return {
        "n": len(inputs),
        "median_cpu_ms": statistics.median(cpu),
        "mean_cpu_ms": statistics.mean(cpu),
        "median_ms": statistics.median(times),
        "p95_ms": statistics.quantiles(times, n=20)[-1],
        "max_ms": max(times),
        "median_kb": statistics.median(sizes) / 1024,
        "max_kb": max(sizes) / 1024,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.pictures")
    parser.add_argument("--save", type=Path, help="also save the largest of each picture here")
    args = parser.parse_args(argv)
    table = cases()
    pattern_tile.cache_clear()
    mammamia._rotated_back.cache_clear()
    fn, inputs = table["hand"]
    start = time.perf_counter()
    fn(*inputs[0])
    cold = (time.perf_counter() - start) * 1000
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average {load}; first draw with cold caches {cold:.1f} ms")
    print(
        f"{'picture':<11}{'n':>5}{'median CPU ms':>15}{'mean CPU ms':>13}{'median ms':>11}"
        f"{'p95 ms':>9}"
        f"{'max ms':>9}{'median KB':>11}{'max KB':>9}"
    )
    worst_ms = worst_bytes = 0.0
    for name, (fn, inputs) in table.items():
        row = measure(fn, inputs)
        worst_ms, worst_bytes = max(worst_ms, row["max_ms"]), max(worst_bytes, row["max_kb"])
        print(
            f"{name:<11}{row['n']:>5.0f}{row['median_cpu_ms']:>15.2f}{row['mean_cpu_ms']:>13.2f}"
            f"{row['median_ms']:>11.1f}"
            f"{row['p95_ms']:>9.1f}"
            f"{row['max_ms']:>9.1f}"
            f"{row['median_kb']:>11.1f}{row['max_kb']:>9.1f}"
        )
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
            biggest = max(inputs, key=lambda a: len(fn(*a)))
            (args.save / f"{name}.png").write_bytes(fn(*biggest))
    bands = mammamia.card_palette().bands
    print(f"hands and reveals: {bands.drawn} bands deflated, {bands.reused} found deflated")
    verdict = "within" if worst_ms <= LIMIT_MS and worst_bytes * 1024 <= LIMIT_BYTES else "OVER"
    print(f"{verdict} the budget of {LIMIT_MS:.0f} ms and {LIMIT_BYTES // 1024} KB a picture")
    print("(CPU ms is the process's own; the other times are wall-clock: on a loaded")
    print(" machine a max reflects the scheduler as well)")


if __name__ == "__main__":
    main()
