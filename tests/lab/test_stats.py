"""Each game's ``stats`` role: the designer's tables from the events of real games."""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import pytest

import dicefront
from dicefront.core.registry import game_class
from dicefront.core.roles import ROLES, role_module
from dicefront.core.stats import Tally, merge_counts, table
from dicefront.lab.backends import run_tasks
from dicefront.lab.metrics import summarise
from dicefront.lab.tasks import make_tasks

SRC = Path(dicefront.__file__).parent
EXPECTED = {
    "ditch": ["Action choices", "Modified die results in combat", "Who beats whom: attacker wins"],
    "army_backgammon": ["Weapons", "Saving throws by stance", "Stances taken", "Orders"],
    "hells_ditch": ["Order counters", "Orders", "Fight results", "Fight dice"],
    "trench_checkers": ["Card plays", "Stack battles", "Pieces lost in battle"],
    "die_fighting": ["Unit types: exchange", "Terrain use"],
}


@pytest.mark.parametrize("name", dicefront.names())
def test_every_game_has_a_stats_role(name: str) -> None:
    assert "stats" in ROLES
    module = role_module(game_class(name), "stats")
    assert module is not None, f"{name} has no stats role module"
    assert len(inspect.signature(module.summarise).parameters) == 2
    assert callable(module.Collector)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_stats_tables_fill_from_real_games(name: str) -> None:
    game = dicefront.load(name)
    records = run_tasks(make_tasks(game, ("greedy", "random"), 5, 0, 3), "local", 1)
    summary = summarise(game, ("greedy", "random"), 5, records)
    json.dumps(summary)
    titles = [t["title"] for t in summary["tables"]]
    for title in EXPECTED[name]:
        assert title in titles, f"{name}: no table {title!r} in {titles}"
    filled = [t for t in summary["tables"] if t["rows"] and any(any(v for v in row[1:]) for row in t["rows"])]
    assert len(filled) >= 2, f"{name}: tables stay empty over 3 games"
    assert all(r["turns"] for r in records), f"{name}: no turns counted"
    for t in summary["tables"]:
        assert all(len(row) == len(t["columns"]) + 1 for row in t["rows"])


def test_ditch_who_beats_whom_adds_up() -> None:
    game = dicefront.load("ditch")
    records = run_tasks(make_tasks(game, ("greedy", "greedy"), 2, 0, 4), "local", 1)
    counts: dict[str, dict[str, dict[str, float]]] = {}
    for r in records:
        merge_counts(counts, r["stats"])
    combats = sum(sum(row.values()) for row in counts["fights"].values())
    totals = counts["totals"]
    assert combats > 0
    assert sum(cells.get("attacker", 0) for cells in totals.values()) == combats
    decided = sum(sum(row.values()) for key in ("attacker_wins", "defender_wins") for row in counts.get(key, {}).values())
    assert decided <= combats
    # a modified result is a die (1-6) plus a modifier of -1/0/+2 at most
    assert all(0 <= int(k) <= 8 for k in totals)


def test_round_limit_draws_are_counted_as_limit_games() -> None:
    game = dicefront.load("trench_checkers", round_limit=1)
    records = run_tasks(make_tasks(game, ("random", "random"), 0, 0, 4), "local", 1)
    summary = summarise(game, ("random", "random"), 0, records)
    draws = [r for r in records if r["winner"] is None]
    assert draws and all(r["limit_draw"] for r in draws)
    assert summary["truncated"] == len(draws) and summary["metrics"]["timeouts"] > 0
    assert summary["metrics"]["drawishness"] == 0


def test_tally_merge_and_table() -> None:
    a, b = Tally(), Tally()
    a.add("t", "x", "n")
    b.add("t", "x", "n", 2)
    b.add("t", "y", "m")
    total: dict[str, dict[str, dict[str, float]]] = {}
    merge_counts(total, a.data)
    merge_counts(total, b.data)
    assert total == {"t": {"x": {"n": 3}, "y": {"m": 1}}}
    assert table("T", total["t"])["rows"] == [["x", 3, 0], ["y", 0, 1]]


def test_lab_and_core_know_no_game() -> None:
    """Per-game statistics live in the game packages: no game names in lab/, the lab CLI or core/stats."""
    paths = [*sorted((SRC / "lab").rglob("*.py")), SRC / "cli" / "lab.py", SRC / "core" / "stats.py"]
    for path in paths:
        text = path.read_text(encoding="utf-8")
        for name in dicefront.names():
            if path.name == "bench.py":
                continue  # the one Ditch comparison line of `dicefront bench` (docs/adding-a-game.md)
            assert re.search(rf"\b{name}\b", text) is None, f"{path.name} names the game {name}"


@pytest.mark.parametrize("reveal", ["order", "plan"])
def test_hells_ditch_counts_the_orders_written_under_either_reveal(reveal: str) -> None:
    """With the default order-by-order reveal (rule 2.4) the reveal shows no orders; the
    orders written are still counted, the same as when the whole plan is shown."""
    game = dicefront.load("hells_ditch", reveal=reveal)
    records = run_tasks(make_tasks(game, ("random", "random"), 0, 0, 3), "local", 1)
    counts: dict[str, dict[str, dict[str, float]]] = {}
    for r in records:
        merge_counts(counts, r["stats"])
    written = sum(row.get("written", 0) for row in counts["orders"].values())
    carried = sum(row.get("orders", 0) for row in counts["counters"].values())
    assert written > 0 and written == carried, f"reveal={reveal}: {written} orders written, {carried} on counters"
    skipped = sum(row.get("not carried out", 0) for row in counts["orders"].values())
    assert skipped <= written
    for counter, row in counts["counters"].items():
        assert row.get("orders", 0) <= int(counter) * row["revealed"], f"counter {counter}: more orders than it allows"
