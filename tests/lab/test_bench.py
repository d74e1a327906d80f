"""`dicefront.lab.bench`'s arithmetic on injected timings: both clocks over the same
playouts, and each ratio as the median of per-round ratios. No speed is asserted."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from dicefront.lab.bench import round_ratios, timed_playouts


def ticking(*steps: float) -> Callable[[], float]:
    """A fake clock: 0, then the running sums of ``steps``, one per call."""
    times = [0.0]
    for s in steps:
        times.append(times[-1] + s)
    calls = iter(times)
    return lambda: next(calls)


def test_timed_playouts_times_the_same_games_with_both_clocks() -> None:
    # the wall clock is read at the start and after each game; the CPU clock at the start and the end
    wall = ticking(0.5, 0.5, 1.0)  # 3 games: 0.5, 1.0, 2.0 s (stops at >= 2 s)
    cpu = ticking(0.5)  # the process got 0.5 s of CPU over those 2 s
    row = timed_playouts(lambda: 10, 2.0, wall=wall, cpu=cpu)
    assert row == {"games_per_s": 1.5, "actions_per_s": 15.0, "cpu_actions_per_s": 60.0}


def test_timed_playouts_leaves_out_a_cpu_rate_it_cannot_take() -> None:
    row = timed_playouts(lambda: 4, 1.0, wall=ticking(1.0), cpu=ticking(0.0))
    assert row == {"games_per_s": 1.0, "actions_per_s": 4.0}


def rates(wall: float, cpu: float) -> dict[str, float]:
    return {"actions_per_s": wall, "cpu_actions_per_s": cpu}


def test_each_ratio_is_the_median_of_the_rounds_ratios() -> None:
    pairs = [
        (rates(100, 50), rates(100, 100)),   # wall 1.0, cpu 0.5
        (rates(300, 90), rates(100, 200)),   # wall 3.0, cpu 0.45
        (rates(100, 120), rates(50, 200)),   # wall 2.0, cpu 0.6
    ]
    out = round_ratios(pairs)
    assert out["ratio_to_openspiel_backgammon"] == pytest.approx(2.0)
    assert out["cpu_ratio_to_openspiel_backgammon"] == pytest.approx(0.5)
    # not the ratio of the medians: 100/100 (wall) and 90/200 (cpu)
    assert round_ratios(pairs[:2])["cpu_ratio_to_openspiel_backgammon"] == pytest.approx(0.475)


def test_a_ratio_needs_a_round_with_both_rates() -> None:
    out = round_ratios([(rates(100, 50), {"actions_per_s": 200.0})])
    assert out == {"ratio_to_openspiel_backgammon": 0.5}
    assert round_ratios([]) == {}
