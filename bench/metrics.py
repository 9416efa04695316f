"""What a load run measures about interactions, and percentiles of it."""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fakediscord.interactions import InteractionResult

#: Discord's limit for the initial response; later is "late" (and refused, 10062).
DEADLINE = 3.0
LATE = re.compile(r"after ([0-9.]+)s")


@dataclass(frozen=True)
class Sample:
    kind: str
    phase: str
    outcome: str  # ok, late, never, rejected
    latency: float  # seconds from dispatch to the initial response; inf if never


def sample_of(kind: str, phase: str, rec: InteractionResult) -> Sample:
    if rec.response is not None:
        return Sample(kind, phase, "ok", rec.response.elapsed)
    rules = {v.rule: v for v in rec.violations}
    if "response_deadline" in rules:
        found = LATE.search(rules["response_deadline"].detail)
        return Sample(kind, phase, "late", float(found.group(1)) if found else DEADLINE)
    if "no_response" in rules:
        return Sample(kind, phase, "never", math.inf)
    return Sample(kind, phase, "rejected", math.inf)


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile; nan for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def ms(value: float) -> float | None:
    """Milliseconds, rounded; None for nothing measured or never (JSON has no inf)."""
    if math.isnan(value) or math.isinf(value):
        return None
    return round(value * 1000, 1)


def latency_summary(samples: list[Sample]) -> dict[str, Any]:
    values = [s.latency for s in samples]
    outcomes: dict[str, int] = defaultdict(int)
    for s in samples:
        outcomes[s.outcome] += 1
    return {
        "count": len(samples),
        "p50_ms": ms(percentile(values, 50)),
        "p90_ms": ms(percentile(values, 90)),
        "p99_ms": ms(percentile(values, 99)),
        "max_ms": ms(max(values)) if values else None,
        "late": outcomes["late"],
        "never": outcomes["never"],
        "rejected": outcomes["rejected"],
    }


@dataclass
class Metrics:
    samples: list[Sample] = field(default_factory=list)
    harness_errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    stuck: int = 0  # a player waited 20 s for their move to show
    #: Told the kind of each interaction of the play, as it is answered, and
    #: the bytes its answer uploaded (bench.beside).
    mirror: Callable[[str, int], None] | None = None

    def record(self, kind: str, phase: str, rec: InteractionResult) -> Sample:
        sample = sample_of(kind, phase, rec)
        self.samples.append(sample)
        if self.mirror is not None and phase == "play":
            self.mirror(kind, rec.uploaded)
        return sample

    def of_phase(self, phase: str) -> list[Sample]:
        return [s for s in self.samples if s.phase == phase]

    def by_kind(self, phase: str) -> dict[str, dict[str, Any]]:
        kinds: dict[str, list[Sample]] = defaultdict(list)
        for s in self.of_phase(phase):
            kinds[s.kind].append(s)
        return {kind: latency_summary(found) for kind, found in sorted(kinds.items())}
