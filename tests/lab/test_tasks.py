"""The task model: per-game seeds, compact records, and identical results on any
backend and worker count."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

import dicefront
from dicefront.lab.backends import LabError, batches, run_tasks, runtime_env
from dicefront.lab.tasks import GameTask, deciles, decisive_at, dice_swings, lead_changes, make_tasks, run_task, task_seed

GAMES = ("ditch", "army_backgammon", "hells_ditch", "trench_checkers", "die_fighting")


def _tasks(game: str = "ditch", n: int = 6, seed: int = 11) -> list[GameTask]:
    return make_tasks(dicefront.load(game), ("random", "random"), seed, 0, n)


def test_task_seeds_are_stable_and_distinct() -> None:
    assert task_seed(1, 0) == task_seed(1, 0)
    seeds = {task_seed(s, i) for s in range(5) for i in range(200)}
    assert len(seeds) == 1000
    # fixed value: a change here changes every published figure
    assert task_seed(0, 0) == int.from_bytes(__import__("hashlib").sha256(b"dicefront-lab:0:0").digest()[:8], "big")


def test_seats_alternate_between_games() -> None:
    tasks = make_tasks(dicefront.load("ditch"), ("random", "greedy"), 0, 0, 3)
    assert [t.seats for t in tasks] == [("random", "greedy"), ("greedy", "random"), ("random", "greedy")]


@pytest.mark.parametrize("game", GAMES)
def test_compact_record_of_every_game(game: str) -> None:
    record = run_task(_tasks(game, 1)[0])
    assert record == run_task(_tasks(game, 1)[0]), "same task, same record"
    json.dumps(record)
    assert record["steps"] > 0 and record["decisions"] > 0 and record["branching"] >= 1
    assert record["winner"] in (0, 1, None)
    assert 0 <= record["dice_swings"] <= record["dice_counted"]
    assert len(record["branching_deciles"]) == 10
    assert isinstance(record["stats"], dict)


def test_one_and_two_local_workers_give_identical_records() -> None:
    tasks = _tasks(n=8)
    one = run_tasks(tasks, "local", 1)
    two = run_tasks(tasks, "local", 2)
    assert [r["index"] for r in one] == list(range(8))
    assert json.dumps(one) == json.dumps(two)


def test_ray_and_local_give_identical_records(local_ray: Any, caplog: pytest.LogCaptureFixture) -> None:
    tasks = _tasks(n=8)
    with caplog.at_level(logging.INFO, logger="dicefront.lab.backends"):
        assert json.dumps(run_tasks(tasks, "ray", 2)) == json.dumps(run_tasks(tasks, "local", 1))
    assert [r.getMessage().split(":")[0] for r in caplog.records] == ["8 games on 1 Ray nodes"]


def test_only_a_joined_cluster_gets_the_package_shipped() -> None:
    assert runtime_env(None) is None  # a local instance reads this machine's files
    (shipped,) = runtime_env("head:6379")["py_modules"]  # type: ignore[index]
    assert Path(shipped) == Path(dicefront.__file__).parent


def test_the_shipped_package_leaves_out_compiled_modules_and_databases() -> None:
    """A mypyc-compiled module needs its runtime library from outside the package (and
    this machine's Python): shipped alone it fails to import on another node. Byte code
    and databases are not code to ship."""
    env = runtime_env("head:6379")
    assert env is not None
    assert {"*.so", "*.pyd", "__pycache__", "*.sqlite3", "*.sqlite", "*.db"} <= set(env["excludes"])


def test_progress_counts_every_game() -> None:
    seen: list[int] = []
    run_tasks(_tasks(n=5), "local", 1, progress=seen.append)
    assert sum(seen) == 5


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"backend": "spark"}, "unknown backend"),
    ({"workers": 0}, "workers must be"),
    ({"workers": 10_000}, "workers must be"),
    ({"address": "127.0.0.1:6379"}, "--address"),
])
def test_bad_run_settings_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(LabError, match=message):
        run_tasks(_tasks(n=1), **kwargs)


def test_batches_keep_order_and_cover_every_task() -> None:
    tasks = _tasks(n=7)
    parts = batches(tasks, 2)
    assert [t for p in parts for t in p] == tasks


def test_lead_changes_skip_level_positions() -> None:
    assert lead_changes([0.0, 0.5, 0.01, 0.4, -0.3, -0.5, 0.2]) == 2
    assert lead_changes([0.0, 0.0]) == 0


def test_dice_swings_count_rolls_with_a_favoured_side() -> None:
    values = [0.5, -0.5, 0.0, 0.3, 0.3, 0.01]
    # chance before positions 0 (favoured 0 -> 1: swing), 2 (nobody favoured), 3 (stays), 4 (level after)
    assert dice_swings(values, [0, 2, 3, 4]) == (3, 1)


def test_decisive_at_is_where_the_winner_passes_the_losers_best() -> None:
    values = [0.0, -0.4, 0.2, 0.5, 0.3, 1.0]  # seat 0 wins; seat 1's best is 0.4 (at index 1)
    assert decisive_at(values, 0) == pytest.approx(3 / 5)
    assert decisive_at(values, None) is None
    assert decisive_at([0.0, 0.0, -1.0], 1) == 1.0


def test_deciles_average_each_tenth() -> None:
    assert deciles(list(range(20))) == [0.5 + 2 * i for i in range(10)]
    assert deciles([3]) == [3.0] * 10
    assert deciles([]) == []
