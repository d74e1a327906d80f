"""House-rule A/B tests: two option sets played on the same game seeds.

Game ``i`` of variant A and game ``i`` of variant B share their seed (dice and agent
streams), so each headline metric is compared pair by pair: binary outcomes with the
exact McNemar test on the discordant pairs, means with a paired bootstrap over games
(a fixed number of resamples drawn from an RNG seeded by the run seed, so the p-values
are reproducible)."""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable, Sequence
from typing import Any

from .backends import LabError
from .metrics import binom_two_sided, hit_limit

BOOTSTRAP = 2000
PURE_PYTHON_WORK = 2_000_000
"""Resampled values drawn in plain Python at most (200 games x 2000 resamples = 400,000)."""
MAX_SPEC = 2000

Record = dict[str, Any]


def parse_variant(text: str, what: str) -> dict[str, str]:
    """``-o key=value -o key=value`` (or bare ``key=value`` words) as options."""
    if len(text) > MAX_SPEC:
        raise LabError(f"{what} is longer than {MAX_SPEC} characters")
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise LabError(f"{what}: {exc}") from None
    out: dict[str, str] = {}
    expect = False
    for word in words:
        if word in ("-o", "--option") and not expect:
            expect = True
            continue
        key, sep, value = word.partition("=")
        if not sep or not key.strip():
            raise LabError(f"{what}: {word[:60]!r} must look like key=value")
        out[key.strip()] = value.strip()
        expect = False
    if expect:
        raise LabError(f"{what}: -o needs a key=value after it")
    return out


BINARY: dict[str, Callable[[Record], bool | None]] = {
    "first_seat_wins": lambda r: None if r["winner"] is None else r["winner"] == 0,
    "agent0_wins": lambda r: r["winner"] is not None and (r["winner"] + r["index"]) % 2 == 0,
    "draw": lambda r: r["winner"] is None,
    "limit_reached": hit_limit,
}
"""Per-game yes/no outcomes (None: the game does not count, e.g. a draw for the seat test)."""

MEANS: dict[str, Callable[[Record], float | None]] = {
    "length_steps": lambda r: float(r["steps"]),
    "length_turns": lambda r: None if r["turns"] is None else float(r["turns"]),
    "lead_changes": lambda r: float(r["lead_changes"]),
    "branching_factor": lambda r: float(r["branching"]),
    "decisiveness": lambda r: r["decisive_at"],
}


def mcnemar(a: Sequence[Record], b: Sequence[Record], outcome: Callable[[Record], bool | None]) -> dict[str, Any]:
    pairs = [(outcome(x), outcome(y)) for x, y in zip(a, b, strict=True)]
    pairs_a = [p for p, _ in pairs if p is not None]
    pairs_b = [q for _, q in pairs if q is not None]
    only_a = sum(1 for p, q in pairs if p is True and q is False)
    only_b = sum(1 for p, q in pairs if p is False and q is True)
    rate_a = sum(pairs_a) / len(pairs_a) if pairs_a else 0.0
    rate_b = sum(pairs_b) / len(pairs_b) if pairs_b else 0.0
    return {"a": round(rate_a, 4), "b": round(rate_b, 4), "difference": round(rate_b - rate_a, 4),
            "discordant": [only_a, only_b], "p_value": round(binom_two_sided(only_a, only_a + only_b), 6),
            "test": "exact McNemar on the games where A and B differ"}


def bootstrap(a: Sequence[Record], b: Sequence[Record], value: Callable[[Record], float | None], rng: random.Random) -> dict[str, Any] | None:
    pairs = [(va, vb) for va, vb in ((value(x), value(y)) for x, y in zip(a, b, strict=True)) if va is not None and vb is not None]
    if not pairs:
        return None
    n = len(pairs)
    diffs = [vb - va for va, vb in pairs]
    mean = sum(diffs) / n
    samples = _resampled_means(diffs, rng)
    below = sum(1 for s in samples if s <= 0)
    above = sum(1 for s in samples if s >= 0)
    p = min(1.0, max(1, 2 * min(below, above)) / BOOTSTRAP)  # never 0: below 1/BOOTSTRAP is all it can tell
    return {"a": round(sum(va for va, _ in pairs) / n, 4), "b": round(sum(vb for _, vb in pairs) / n, 4),
            "difference": round(mean, 4),
            "ci95": [round(samples[int(0.025 * BOOTSTRAP)], 4), round(samples[int(0.975 * BOOTSTRAP) - 1], 4)],
            "p_value": round(p, 6), "test": f"paired bootstrap over games ({BOOTSTRAP} resamples)"}


def _resampled_means(diffs: list[float], rng: random.Random) -> list[float]:
    """BOOTSTRAP means of resamples of ``diffs``, sorted; numpy (seeded from ``rng``)
    once the work is too big for a Python loop."""
    n = len(diffs)
    if n * BOOTSTRAP <= PURE_PYTHON_WORK:
        return sorted(sum(diffs[rng.randrange(n)] for _ in range(n)) / n for _ in range(BOOTSTRAP))
    try:
        import numpy as np
    except ImportError:
        raise LabError("comparing this many games needs numpy: pip install 'dicefront[lab]'") from None
    generator = np.random.default_rng(rng.getrandbits(64))
    values = np.asarray(diffs)
    means = [float(values[generator.integers(0, n, n)].mean()) for _ in range(BOOTSTRAP)]
    return sorted(means)


def compare(a: Sequence[Record], b: Sequence[Record], seed: int) -> list[dict[str, Any]]:
    """The difference (B - A) and its significance for each headline metric."""
    if [r["seed"] for r in a] != [r["seed"] for r in b]:
        raise LabError("the two variants were not played on the same seeds")
    rng = random.Random(f"dicefront-lab-compare:{seed}")
    out = [{"metric": name, **mcnemar(a, b, fn)} for name, fn in BINARY.items()]
    for name, value in MEANS.items():
        result = bootstrap(a, b, value, rng)
        if result is not None:
            out.append({"metric": name, **result})
    return out
