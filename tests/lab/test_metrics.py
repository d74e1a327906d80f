"""Statistics of the balance summary."""

from __future__ import annotations

import math

import pytest

from dicefront.lab.metrics import binom_two_sided, histogram, lengths, per_agent, percentile, seat_advantage


def _brute_binom(k: int, n: int) -> float:
    pmf = [math.comb(n, i) / 2**n for i in range(n + 1)]
    return min(1.0, sum(p for p in pmf if p <= pmf[k] * (1 + 1e-9)))


@pytest.mark.parametrize(("k", "n"), [(0, 1), (3, 10), (5, 10), (9, 10), (40, 100), (60, 100), (0, 0)])
def test_binomial_test_matches_the_definition(k: int, n: int) -> None:
    expected = 1.0 if n == 0 else _brute_binom(k, n)
    assert binom_two_sided(k, n) == pytest.approx(expected, rel=1e-9)


def test_binomial_test_large_n_is_finite() -> None:
    assert binom_two_sided(52_000, 100_000) < 1e-20
    assert binom_two_sided(50_000, 100_000) == 1.0


def test_percentiles_and_histogram() -> None:
    values = list(range(1, 101))
    assert percentile(values, 10) == 10 and percentile(values, 50) == 50 and percentile(values, 100) == 100
    hist = histogram([1, 2, 2, 3, 50], bins=5)
    assert sum(hist["counts"]) == 5 and hist["edges"][0] == 1 and len(hist["edges"]) == len(hist["counts"]) + 1
    summary = lengths([10, 20, 30])
    assert summary["mean"] == 20 and summary["p50"] == 20 and summary["sd"] == 10


def _record(index: int, winner: int | None) -> dict[str, object]:
    return {"index": index, "winner": winner, "truncated": False}


def test_seat_advantage_drops_draws_and_uses_wilson() -> None:
    records = [_record(i, 0) for i in range(540)] + [_record(i, 1) for i in range(460)] + [_record(0, None)] * 7
    seat = seat_advantage(records)
    assert seat["decided_games"] == 1000 and seat["first_seat_win_rate"] == 0.54
    assert seat["ci95"] == [pytest.approx(0.509, abs=5e-4), pytest.approx(0.571, abs=5e-4)]
    assert seat["p_value_vs_half"] < 0.02


def test_agent_results_follow_the_seat_swap() -> None:
    # agent 0 sits in seat 0 on even games: it wins games 0 (seat 0) and 1 (seat 1)
    records = [_record(0, 0), _record(1, 1), _record(2, 1), _record(3, None)]
    a, b = per_agent(records, ["x", "y"])
    assert (a["wins"], b["wins"], a["draws"], a["losses"]) == (2, 1, 1, 1)
